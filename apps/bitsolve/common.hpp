#pragma once
// Options and error handling shared by every subcommand. Every function that adds options to a
// command is in common.cpp, job_options.cpp, sliding_pdb.cpp or a command's own file, so that no
// other file compiles CLI11 (its header alone costs seconds a file); headers declare CLI::App only.
#include <functional>
#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::cli {

// Exit codes, grouped by meaning so that scripts can tell them apart: 0 answered (including
// "no solution"), 1 a time or memory limit was hit, the run was interrupted or the output could
// not be written, 2 usage error, 3 bad input, 4 internal error.
enum class Exit : int { Ok = 0, Limit = 1, Usage = 2, BadInput = 3, Internal = 4 };

constexpr int to_int(Exit e) { return static_cast<int>(e); }

// --threads, --timeout, --max-memory, --stats: the same meaning in every subcommand.
struct CommonOptions {
    unsigned threads = 0;  // 0 = all cores
    double timeout = 0;    // seconds, 0 = none
    std::string max_memory;
    bool stats = false;
};

// Makes a repeated flag a usage error (exit code 2) in `app` and every subcommand, as a repeated
// option that takes a value already is.
void forbid_repeated_flags(CLI::App& app);

void add_common_options(CLI::App* cmd, CommonOptions& opts, bool with_threads = true);

// --timeout and --max-memory alone, for subcommands where threads and statistics mean nothing
// (boj, bench, queens merge, sliding build-pdb); apply_common_options applies them the same way.
void add_limit_options(CLI::App* cmd, CommonOptions& opts);

// Arms the timeout and the memory budget; throws UsageError for a bad size.
void apply_common_options(const CommonOptions& opts);

// Runs body and turns exceptions into one line on stderr and the exit code by meaning:
// InputError 3, UsageError 2, LimitError / bad_alloc 1, anything else 4.
int guarded(const std::string& command, const std::function<int()>& body);

// The exception being handled (call it in a catch block): its message given to `print` and its
// exit code by the meaning above. guarded and bitsolve-mpi share it.
int report_current_exception(const std::function<void(const std::string&)>& print);

// A word as a POSIX shell reads it back: bare when it holds only safe characters, else quoted.
std::string shell_word(const std::string& word);

// What an interrupted --checkpoint run adds to its one error line: where the checkpoint is and
// the command that resumes (`resume` is the command without the program's name, its words
// shell-quoted).
std::string resume_hint(const std::string& checkpoint, const std::string& resume,
                        const std::string& program = "bitsolve");

// Prints "bitsolve <command>: <message>" on stderr ("bitsolve: <message>" for an empty command).
void print_error(const std::string& command, const std::string& message);

// Flushes stdout; false when what was written could not be delivered (a full disk, a closed pipe:
// the command's end then reports it as `cannot write output`), so that no summary follows output
// that never arrived.
bool stdout_delivered();

// The system error the last failing stdout_delivered saw (0: none), for the command's end to name.
int stdout_error();

}  // namespace bitsolve::cli

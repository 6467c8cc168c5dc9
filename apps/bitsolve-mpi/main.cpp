// bitsolve-mpi: the jobs of bitsolve that outgrow one machine, on MPI ranks (mpirun, srun, or
// alone as one rank). This file starts MPI, parses the command line on every rank (the same
// argv everywhere, so the same outcome; rank 0 alone prints), runs the chosen subcommand and
// reports a failed write of the answer.
#include <mpi.h>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <iostream>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/core/version.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "farm.hpp"
#include "mpi_env.hpp"
#include "progress.hpp"
#include "size.hpp"
#include "stop.hpp"

namespace bitsolve::mpi {

void print_error(const std::string& command, const std::string& message) {
    std::cout.flush();
    std::cerr << "bitsolve-mpi" << (command.empty() ? "" : " " + command) << ": " << message << std::endl;
}

struct ProgressReport::Impl {
    cli::ProgressDisplay display{cli::ProgressDisplay::Style{.delay = 1.0, .interval = 0.5, .erase = true}};
    double next_line = 10;
};
ProgressReport::ProgressReport() : impl_(std::make_unique<Impl>()) {}
ProgressReport::~ProgressReport() = default;
double ProgressReport::seconds() const { return impl_->display.seconds(); }
void ProgressReport::update(const std::function<std::string()>& text) {
    if (impl_->display.on_terminal()) return impl_->display.status(text);
    if (impl_->display.seconds() < impl_->next_line) return;
    impl_->display.line(text());
    impl_->next_line = impl_->display.seconds() + 10;
}
void ProgressReport::finish() { impl_->display.finish(); }

namespace {

using cli::Exit;
using cli::to_int;

// body's exit code, or the code of its exception by meaning (its line printed); `threw` says which.
int code_of(const std::string& command, const std::function<int()>& body, bool* threw = nullptr) {
    if (threw) *threw = true;
    try {
        const int code = body();
        if (threw) *threw = false;
        return code;
    } catch (...) {
        return cli::report_current_exception([&](const std::string& message) { print_error(command, message); });
    }
}

constexpr const char* kFooter =
    R"(Run under mpirun or srun (alone it is one rank); the answers are the bytes bitsolve prints.
Exit codes as bitsolve: 0 answered, 1 limit or stopped, 2 usage, 3 bad input, 4 internal.

Examples:
  mpirun -np 4 bitsolve-mpi queens 18 --checkpoint q18.journal
  mpirun -np 4 bitsolve-mpi sliding --batch korf100.txt --heuristic pdb663
  mpirun -np 4 bitsolve-mpi rush enumerate --size 6 -o db6.txt)";

int run(int argc, char** argv) {
    CLI::App app{"bitsolve-mpi: bitsolve's long jobs on MPI ranks; rank 0 hands out the work units."};
    app.require_subcommand(0, 1);
    bool show_version = false;
    app.add_flag("--version,-V", show_version, "Print the version and git revision");
    std::vector<Command> commands{add_queens(app), add_sliding(app)};
    auto* rush = app.add_subcommand("rush", "Rush Hour jobs (enumerate)");
    rush->require_subcommand(1);
    commands.push_back(add_rush_enumerate(*rush));
    app.footer(kFooter);
    cli::forbid_repeated_flags(app);
    const bool root = rank() == 0;
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return root ? app.exit(e) : 0;
    } catch (const CLI::CallForAllHelp& e) {
        return root ? app.exit(e) : 0;
    } catch (const CLI::ExtrasError& e) {
        // A word where a subcommand belongs: a command bitsolve-mpi does not run (boj, bench, ...).
        std::string first;
        for (int i = 1; i < argc && first.empty(); ++i)
            if (argv[i][0] != '-') first = argv[i];
        const bool no_command = std::none_of(commands.begin(), commands.end(), [](const Command& c) {
            for (const CLI::App* a = c.app; a != nullptr; a = a->get_parent())
                if (a->parsed() && a->get_parent() != nullptr) return true;
            return false;
        });
        if (root) {
            if (no_command && !first.empty())
                print_error("", "unsupported command '" + quote(first, 100) +
                                    "': bitsolve-mpi runs queens, sliding --batch and rush enumerate (see "
                                    "bitsolve-mpi --help)");
            else print_error("", quote(e.what(), 300) + " (see bitsolve-mpi --help)");
        }
        return to_int(Exit::Usage);
    } catch (const CLI::ParseError& e) {
        if (root) {
            // "rush merge", "rush pick": a word after rush that names no job of bitsolve-mpi.
            std::string word;
            for (int i = 1; i + 1 < argc && word.empty(); ++i)
                if (std::string_view(argv[i]) == "rush" && argv[i + 1][0] != '-') word = argv[i + 1];
            if (rush->parsed() && rush->get_subcommands().empty() && !word.empty())
                print_error("", "unsupported command 'rush " + quote(word, 100) +
                                    "': bitsolve-mpi runs queens, sliding --batch and rush enumerate (see "
                                    "bitsolve-mpi --help)");
            else print_error("", quote(e.what(), 300) + " (see bitsolve-mpi --help)");
        }
        return to_int(Exit::Usage);
    }
    if (show_version) {
        if (root) std::cout << "bitsolve-mpi " << version() << " (git " << git_revision() << ")\n";
        return 0;
    }
    for (const Command& c : commands)
        if (c.app->parsed()) return c.run();
    if (root) print_error("", "no subcommand given (see bitsolve-mpi --help)");
    return to_int(Exit::Usage);
}

}  // namespace

int checked_on_rank0(const std::string& command, const std::function<int()>& body) {
    const int code = rank() == 0 ? code_of(command, body) : 0;
    return share_verdict(code);
}

void apply_limits(const cli::CommonOptions& o) {
    if (rank() == 0) return cli::apply_common_options(o);
    if (!o.max_memory.empty()) set_memory_budget(cli::parse_size(o.max_memory));
}

std::string stop_report(std::uint64_t done, std::uint64_t total, const std::string& checkpoint,
                        const std::string& resume) {
    std::string line = fmt::format("{}: {} of {} units done", stop_message(), done, total);
    if (checkpoint.empty()) return line + " (--checkpoint FILE keeps finished units for a rerun)";
    return line + cli::resume_hint(checkpoint, resume + " --checkpoint " + cli::shell_word(checkpoint),
                                   "mpirun ... bitsolve-mpi");
}

int run_or_abort(const std::string& command, const std::function<int()>& body) {
    bool threw = false;
    const int code = code_of(command, body, &threw);
    // Other ranks wait in the farm for rank 0 unless it has ended there (then they wait for the verdict).
    if (threw && ranks() > 1 && !(rank() == 0 && farm_completed())) abort_all(code);
    return share_verdict(code);
}

}  // namespace bitsolve::mpi

int main(int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    // SIGINT/SIGTERM on any rank (mpirun forwards them) stop the job cleanly (farm.hpp).
    bitsolve::cli::install_signal_handlers();
    int code = 0;
    try {
        code = bitsolve::mpi::run(argc, argv);
        // The answer reaches its destination or the run fails (as in bitsolve).
        errno = 0;
        std::cout.flush();
        const bool flushed = std::fflush(stdout) == 0;
        if (!flushed || !std::cout.good() || std::ferror(stdout) != 0) {
            bitsolve::mpi::print_error(
                "", std::string("cannot write output: ") + (errno != 0 ? bitsolve::errno_text(errno) : "write error"));
            if (code == 0) code = 1;
        }
    } catch (...) {
        // The commands report their own errors (run_or_abort); this is what escapes the parsing
        // around them or the report itself. The other ranks may be waiting for this one: abort all.
        std::fputs("bitsolve-mpi: internal error: unexpected exception\n", stderr);
        MPI_Abort(MPI_COMM_WORLD, bitsolve::cli::to_int(bitsolve::cli::Exit::Internal));
        return bitsolve::cli::to_int(bitsolve::cli::Exit::Internal);
    }
    MPI_Finalize();
    return code;
}

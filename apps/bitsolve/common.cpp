#include "common.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <new>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "json_out.hpp"
#include "picture.hpp"
#include "size.hpp"
#include "stop.hpp"
#include "terminal.hpp"

namespace bitsolve::cli {

void add_common_options(CLI::App* cmd, CommonOptions& opts, bool with_threads) {
    if (with_threads)
        cmd->add_option("--threads,-j", opts.threads, "Worker threads (default 0: all cores)")
            ->check(CLI::Range(0u, 1024u));
    add_limit_options(cmd, opts);
    cmd->add_flag("--stats", opts.stats, "Print search statistics as `Key: value` lines on stderr");
}

void add_limit_options(CLI::App* cmd, CommonOptions& opts) {
    // NaN passes every comparison, so CLI::Range alone would let "nan" through as "no limit".
    const CLI::Validator not_nan(
        [](std::string& text) -> std::string {
            double v = 0;
            if (CLI::detail::lexical_cast(text, v) && std::isnan(v)) return "SECONDS must be a number, not " + text;
            return {};
        },
        "");
    cmd->add_option("--timeout", opts.timeout, "Stop after SECONDS of wall time (exit code 1; default 0: no limit)")
        ->check(not_nan)
        ->check(CLI::Range(0.0, 1e9))
        ->type_name("SECONDS");
    cmd->add_option("--max-memory", opts.max_memory, "Memory budget, e.g. 512M or 8G (exit code 1 when exceeded)")
        ->type_name("SIZE");
}

void add_color_option(CLI::App* cmd, std::string& mode) {
    cmd->add_option("--color", mode,
                    "Colour the boards drawn by --show: auto (default: on a terminal, unless NO_COLOR is set or "
                    "TERM=dumb), always, never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
}

void add_format_option(CLI::App* cmd, std::string& format) {
    cmd->add_option("--format", format, "text (default) or json: one JSON object per answer (docs/json.md)")
        ->check(CLI::IsMember({"text", "json"}));
}

void add_picture_options(CLI::App* cmd, PictureFiles& files) {
    cmd->add_option("--svg", files.svg, "Write the solution as an animated SVG picture to FILE")->type_name("FILE");
    cmd->add_option("--html", files.html, "Write an offline HTML page with the animated solution and step/play buttons")
        ->type_name("FILE");
}

void apply_common_options(const CommonOptions& opts) {
    if (!opts.max_memory.empty()) set_memory_budget(parse_size(opts.max_memory));
    if (opts.timeout > 0) arm_timeout(opts.timeout);
}

std::string shell_word(const std::string& word) {
    const bool safe = !word.empty() && word.find_first_not_of(
                                           "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                           "0123456789_-+=./,:@%") == std::string::npos;
    if (safe) return word;
    std::string quoted = "'";
    for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

std::string resume_hint(const std::string& checkpoint, const std::string& resume, const std::string& program) {
    return "; the checkpoint " + shell_word(checkpoint) + " keeps the finished work, resume with: " + program + " " +
           resume;
}

void print_error(const std::string& command, const std::string& message) {
    std::cout.flush();
    // One write per line (stderr is unbuffered): a batch of a million bad lines stays fast, and
    // lines from different sources never interleave mid-line.
    const std::string line = "bitsolve" + (command.empty() ? "" : " " + command) + ": " + message + "\n";
    std::cerr.write(line.data(), static_cast<std::streamsize>(line.size()));
}

namespace {
int g_stdout_error = 0;
}  // namespace

bool stdout_delivered() {
    // errno as the failing write left it (the writer clears it first: write_db_file does).
    std::cout.flush();
    const bool ok = std::cout.good() && std::fflush(stdout) == 0 && std::ferror(stdout) == 0;
    if (!ok) g_stdout_error = errno;
    return ok;
}

int stdout_error() { return g_stdout_error; }

int report_current_exception(const std::function<void(const std::string&)>& print) {
    try {
        throw;
    } catch (const InputError& e) {
        print(e.what());
        return to_int(Exit::BadInput);
    } catch (const UsageError& e) {
        print(e.what());
        return to_int(Exit::Usage);
    } catch (const LimitError& e) {
        print(e.what());
        return to_int(Exit::Limit);
    } catch (const std::bad_alloc&) {
        print("out of memory");
        return to_int(Exit::Limit);
    } catch (const std::exception& e) {
        print(std::string("internal error: ") + e.what());
        return to_int(Exit::Internal);
    }
}

int guarded(const std::string& command, const std::function<int()>& body) {
    try {
        return body();
    } catch (...) {
        return report_current_exception([&](const std::string& message) { print_error(command, message); });
    }
}

// CLI11 refuses a repeated option that takes a value but lets a repeated flag through (the last
// one wins), which would hide a mistake in a script.
void forbid_repeated_flags(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        if (opt == app.get_help_ptr() || opt == app.get_help_all_ptr()) continue;
        if (opt->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeLast && opt->get_items_expected_max() <= 1)
            opt->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) forbid_repeated_flags(*sub);
}

}  // namespace bitsolve::cli

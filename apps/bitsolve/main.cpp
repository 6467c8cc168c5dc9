// bitsolve: dispatch only. Each subcommand lives in its own file and registers itself
// (command.hpp); this file builds the CLI11 app, parses, and runs the chosen subcommand.
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/core/version.hpp"
#include "command.hpp"
#include "common.hpp"
#include "stop.hpp"

namespace {

constexpr const char* kFooter = R"(Exit codes:
  0  answered (including "no solution", printed as -1)
  1  a time or memory limit was hit, the run was interrupted, or the output could not be written
  2  usage error
  3  bad input
  4  internal error

Examples:
  bitsolve sliding board.txt              fewest moves for a board (blank-last goal)
  bitsolve sliding --path --show board.txt
  bitsolve rush --metric steps --path puzzle.txt
  bitsolve queens 12 --unique
  bitsolve boj 1525 < input.txt           exactly the judge's output
  bitsolve bench                          fixed workload; prints "Nodes searched : N")";

// An option given twice is a usage error (exit code 2). CLI11 already refuses a repeated option
// that takes a value, but lets a repeated flag through (the last one wins), which would hide a
// mistake in a script; this makes flags strict too, in every subcommand.
void forbid_repeated_flags(CLI::App& app) {
    for (CLI::Option* opt : app.get_options()) {
        if (opt == app.get_help_ptr() || opt == app.get_help_all_ptr()) continue;
        if (opt->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeLast && opt->get_items_expected_max() <= 1)
            opt->multi_option_policy(CLI::MultiOptionPolicy::Throw);
    }
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) forbid_repeated_flags(*sub);
}

// "rush enumerate", "queens merge", ...: the deepest subcommand the command line chose, or "" for
// none.
std::string chosen_path(const CLI::App& app) {
    std::string path;
    const CLI::App* at = &app;
    for (bool deeper = true; deeper;) {
        deeper = false;
        for (const CLI::App* sub : at->get_subcommands()) {
            path += (path.empty() ? "" : " ") + sub->get_name();
            at = sub;
            deeper = true;
            break;
        }
    }
    return path;
}

// Everything on stdout reaches its destination or the run fails: a full disk or a closed pipe
// must not look like an answer. Flushes, and on a write error says so on stderr and turns exit
// code 0 into 1 (like a limit: the work was done but could not be delivered).
int finish_output(const std::string& command, int code) {
    errno = 0;  // what the first failing write or flush leaves (stdio keeps only ferror)
    std::cout.flush();
    const bool flushed = std::fflush(stdout) == 0;
    const int error = errno;
    if (flushed && std::cout.good() && std::ferror(stdout) == 0) return code;
    const std::string why = error != 0 ? std::strerror(error) : "write error";
    bitsolve::cli::print_error(command, "cannot write output: " + why);
    return code == 0 ? bitsolve::cli::to_int(bitsolve::cli::Exit::Limit) : code;
}

int run(CLI::App& app, int argc, char** argv);

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{
        "bitsolve: exact solvers for sliding-tile puzzles, Rush Hour and N-Queens, by search over bit-packed states."};
    const int code = run(app, argc, argv);
    return finish_output(chosen_path(app), code);
}

namespace {

int run(CLI::App& app, int argc, char** argv) {
    using namespace bitsolve;
    app.footer(kFooter);
    app.require_subcommand(0, 1);
    app.set_help_all_flag("--help-all", "Help for every subcommand");
    bool show_version = false;
    app.add_flag("--version,-V", show_version, "Print the version and git revision");

    std::vector<cli::Runner> runners;
    for (const auto& [name, setup] : cli::registered_commands()) runners.push_back(setup(app));
    forbid_repeated_flags(app);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // One line, exit code 2, whatever CLI11 would have used. CLI11 echoes the offending
        // argument whole: quoted, so that a 100 KB or control-byte argument stays one short line.
        std::cerr << "bitsolve: " << quote(e.what(), 300) << " (see bitsolve --help)\n";
        return cli::to_int(cli::Exit::Usage);
    }
    if (show_version) {
        std::cout << "bitsolve " << version() << " (git " << git_revision() << ")\n";
        return 0;
    }
    cli::install_signal_handlers();
    // The deepest parsed command wins: `rush enumerate` is registered apart from `rush`.
    const cli::Runner* chosen = nullptr;
    int chosen_depth = -1;
    for (const auto& r : runners) {
        if (!r.command->parsed()) continue;
        int depth = 0;
        for (const CLI::App* a = r.command; a->get_parent() != nullptr; a = a->get_parent()) ++depth;
        if (depth > chosen_depth) chosen = &r, chosen_depth = depth;
    }
    if (chosen) return chosen->run();
    std::cerr << "bitsolve: no subcommand given (see bitsolve --help)\n";
    return cli::to_int(cli::Exit::Usage);
}

}  // namespace

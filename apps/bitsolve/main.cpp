// bitsolve: dispatch only. Each subcommand lives in its own file and registers itself
// (command.hpp); this file builds the CLI11 app, parses, and runs the chosen subcommand.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/core/version.hpp"
#include "command.hpp"
#include "common.hpp"
#include "hints.hpp"
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
    const int error = errno != 0 ? errno : bitsolve::cli::stdout_error();  // a flush before may have seen it
    if (flushed && std::cout.good() && std::ferror(stdout) == 0) return code;
    const std::string why = error != 0 ? bitsolve::errno_text(error) : "write error";
    bitsolve::cli::print_error(command, "cannot write output: " + why);
    return code == 0 ? bitsolve::cli::to_int(bitsolve::cli::Exit::Limit) : code;
}

// Whether arg looks like an option (not "-", not a negative number).
bool looks_like_option(const std::string& arg) {
    if (arg.size() < 2 || arg[0] != '-') return false;
    return !(std::isdigit(static_cast<unsigned char>(arg[1])) || arg[1] == '.');
}

// The option arg names in cmd or a command above it (options of the app apply everywhere).
const CLI::Option* known_option(const CLI::App* cmd, const std::string& arg) {
    std::string name = arg.substr(0, arg.find('='));
    if (name.size() > 2 && name[1] != '-') name.resize(2);  // -j2: the short option -j with its value
    for (; cmd != nullptr; cmd = cmd->get_parent())
        if (const CLI::Option* opt = cmd->get_option_no_throw(name)) return opt;
    return nullptr;
}

// "; did you mean --path?" for a mistyped option of cmd (or of a command above it), or "".
std::string option_hint(const CLI::App* cmd, const std::string& arg) {
    std::vector<std::string> names;
    for (; cmd != nullptr; cmd = cmd->get_parent())
        for (const CLI::Option* opt : cmd->get_options())
            for (const std::string& n : opt->get_lnames()) names.push_back("--" + n);
    const std::string best = bitsolve::cli::closest(arg.substr(0, arg.find('=')), names);
    return best.empty() ? "" : "; did you mean " + best + "?";
}

// The same for a mistyped command name.
std::string command_hint(const CLI::App& app, const std::string& word) {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; }))
        names.push_back(sub->get_name());
    const std::string best = bitsolve::cli::closest(word, names);
    return best.empty() ? "" : "; did you mean " + best + "?";
}

// CLI11's "arguments were not expected" lists them in reverse order and blames the last
// positional when an unknown option made its value take that place (`rush --show --color never
// r.txt` blamed r.txt). This names the unknown options in command-line order, or else the extra
// arguments in order.
std::string unexpected_message(const CLI::App& app, int argc, char** argv) {
    const CLI::App* cmd = &app;
    while (!cmd->get_subcommands().empty()) cmd = cmd->get_subcommands().front();
    std::vector<std::string> unknown;
    bool options_end = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--") options_end = true;
        if (options_end || !looks_like_option(arg)) continue;
        const CLI::Option* opt = known_option(cmd, arg);
        if (opt == nullptr) {
            unknown.push_back(arg);
        } else if (arg.find('=') == std::string::npos && !(arg[1] != '-' && arg.size() > 2) &&
                   opt->get_items_expected_min() > 0) {
            ++i;  // its value, whatever it looks like
        }
    }
    const std::string where = cmd == &app ? std::string("bitsolve") : "bitsolve " + chosen_path(app);
    auto listed = [](const std::vector<std::string>& args) {
        std::string s;
        for (const std::string& a : args) s += (s.empty() ? "'" : ", '") + bitsolve::quote(a, 100) + "'";
        return s;
    };
    if (!unknown.empty())
        return (unknown.size() == 1 ? "unknown option " : "unknown options ") + listed(unknown) +
               option_hint(cmd, unknown.front()) + " (see " + where + " --help)";
    // No unknown option: too many positional arguments. CLI11 keeps them last first.
    std::vector<std::string> extra;
    for (const CLI::App* a = cmd; a != nullptr; a = a->get_parent()) {
        std::vector<std::string> r = a->remaining();
        for (std::string& x : r)
            if (x != "--") extra.push_back(std::move(x));
    }
    std::vector<std::string> ordered;
    for (int i = argc - 1; i >= 1; --i) {
        const auto it = std::find(extra.begin(), extra.end(), std::string(argv[i]));
        if (it == extra.end()) continue;
        ordered.insert(ordered.begin(), *it);
        extra.erase(it);
    }
    ordered.insert(ordered.end(), extra.begin(), extra.end());
    if (cmd == &app && !ordered.empty())
        return "unknown command '" + bitsolve::quote(ordered.front(), 100) + "'" + command_hint(app, ordered.front()) +
               " (see bitsolve --help)";
    return (ordered.size() == 1 ? "unexpected argument " : "unexpected arguments ") + listed(ordered) + " (see " +
           where + " --help)";
}

int run(CLI::App& app, int argc, char** argv);

// BITSOLVE_KERNEL=scalar|avx2|avx512 forces the kernel of the searches (tests, benchmarks); an
// unknown name or one this CPU lacks is a usage error. False after printing the error.
bool apply_kernel_variable(const std::string& command) {
    const char* value = std::getenv("BITSOLVE_KERNEL");  // NOLINT(concurrency-mt-unsafe): before any thread
    if (value == nullptr || *value == '\0') return true;
    const auto k = bitsolve::parse_kernel(value);
    if (!k) {
        bitsolve::cli::print_error(
            command, "BITSOLVE_KERNEL='" + bitsolve::quote(value, 100) + "' is not a kernel (scalar, avx2 or avx512)");
        return false;
    }
    try {
        bitsolve::set_kernel(*k);
    } catch (const bitsolve::UsageError& e) {
        bitsolve::cli::print_error(command, std::string("BITSOLVE_KERNEL: ") + e.what());
        return false;
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    // The commands report their own errors (cli::guarded); this catches what escapes the parsing
    // and the set-up around them, so that nothing ends the process without its line and code.
    try {
        CLI::App app{
            "bitsolve: exact solvers for sliding-tile puzzles, Rush Hour and N-Queens, by search over "
            "bit-packed states."};
        const int code = run(app, argc, argv);
        return finish_output(chosen_path(app), code);
    } catch (const std::exception&) {
        return bitsolve::cli::report_current_exception(
            [](const std::string& message) { bitsolve::cli::print_error("", message); });
    } catch (...) {
        std::fputs("bitsolve: internal error: unknown exception\n", stderr);
        return bitsolve::cli::to_int(bitsolve::cli::Exit::Internal);
    }
}

namespace {

int run(CLI::App& app, int argc, char** argv) {
    using namespace bitsolve;
    app.require_subcommand(0, 1);
    app.set_help_all_flag("--help-all", "Help for every subcommand");
    bool show_version = false;
    app.add_flag("--version,-V", show_version, "Print the version and git revision");

    std::vector<cli::Runner> runners;
    for (const auto& [name, setup] : cli::registered_commands()) runners.push_back(setup(app));
    cli::forbid_repeated_flags(app);
    app.footer(kFooter);  // after the subcommands: CLI11 copies a parent's footer into each new one

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ExtrasError&) {
        cli::print_error(chosen_path(app), unexpected_message(app, argc, argv));
        return cli::to_int(cli::Exit::Usage);
    } catch (const CLI::ParseError& e) {
        // One line, exit code 2, whatever CLI11 would have used. CLI11 echoes the offending
        // argument whole: quoted, so that a 100 KB or control-byte argument stays one short line.
        const std::string command = chosen_path(app);
        cli::print_error(command,
                         quote(e.what(), 300) + " (see bitsolve " + (command.empty() ? "" : command + " ") + "--help)");
        return cli::to_int(cli::Exit::Usage);
    }
    if (!apply_kernel_variable(chosen_path(app))) return cli::to_int(cli::Exit::Usage);
    if (show_version) {
        std::cout << "bitsolve " << version() << " (git " << git_revision() << ")\n"
                  << "kernel " << kernel_name(active_kernel()) << " (this CPU: " << kernel_name(detected_kernel())
                  << ")\n";
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

#pragma once
// Subcommand registry of the bitsolve tool. Each subcommand lives in its own file and registers
// itself with a static `Registration`, so adding a puzzle family touches no shared file:
//
//   static const bitsolve::cli::Registration reg{"sliding", [](CLI::App& app) {
//       auto* cmd = app.add_subcommand("sliding", "...");
//       auto opts = std::make_shared<Options>();
//       ... add options to cmd ...
//       return bitsolve::cli::Runner{cmd, [opts] { return run(*opts); }};
//   }};
//
// `boj` and `bench` are shared subcommands; families plug their judge problem and their bench
// workload into them the same way (BojProblem, BenchWorkload).
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::cli {

struct Runner {
    CLI::App* command;         // the subcommand added to the app
    std::function<int()> run;  // called when it was selected; returns the exit code
};

using Setup = std::function<Runner(CLI::App&)>;

struct Registration {
    Registration(std::string name, Setup setup);
};
const std::vector<std::pair<std::string, Setup>>& registered_commands();

// `bitsolve boj N`: reads the judge's input from `in`, writes exactly the judge's output.
using BojSolver = std::function<int(std::istream& in, std::ostream& out)>;
struct BojProblem {
    BojProblem(int number, std::string title, BojSolver solve);
};
struct BojEntry {
    int number;
    std::string title;
    BojSolver solve;
};
const std::vector<BojEntry>& boj_problems();

// `bitsolve bench`: a fixed single-threaded workload; returns the nodes it searched. Its
// output (one line per position, if any) goes to `log` (stderr).
using BenchFn = std::function<std::uint64_t(std::ostream& log)>;
struct BenchWorkload {
    BenchWorkload(std::string name, BenchFn fn);
};
struct BenchEntry {
    std::string name;
    BenchFn fn;
};
const std::vector<BenchEntry>& bench_workloads();

}  // namespace bitsolve::cli

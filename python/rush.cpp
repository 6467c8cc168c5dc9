// bitsolve.rush: solve a board or a batch, analyse a cluster (GIL released).
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "common.hpp"

namespace bitsolve::python {
namespace {

using namespace bitsolve::rush;

struct RushResult {
    int length = -1;
    std::optional<std::string> path;
    std::uint64_t states = 0;
};

struct ClusterResult {
    std::uint64_t states = 0, goal_states = 0;
    int start_distance = -1, hardest_distance = -1;
    std::uint64_t hardest_count = 0;
    std::optional<std::string> hardest;
    std::vector<std::uint64_t> histogram;
};

Metric metric_of(const std::string& name) {
    if (name == "moves") return Metric::Moves;
    if (name == "steps") return Metric::Steps;
    throw py::value_error("metric must be moves or steps, not '" + name + "'");
}

RushResult result_of(const Board& board, const Solution& s, bool path) {
    RushResult r;
    r.length = s.length;
    if (path && s.length >= 0) r.path = format_path(board, s.path);
    r.states = s.states;
    return r;
}

RushResult solve_one(const std::string& board, const std::string& metric, bool path, std::optional<double> timeout) {
    const Metric m = metric_of(metric);
    const double limit = timeout_arg(timeout);
    const Board b = parse_board(board);
    // Watched even without a time limit: a large board can search for seconds, and Ctrl-C stops it.
    RushResult r;
    run_watched([&] { r = result_of(b, solve(b, m, path), path); }, limit);
    return r;
}

std::vector<RushResult> solve_many(const std::vector<std::string>& boards, const std::string& metric, bool path,
                                   long long threads_value, std::optional<double> timeout) {
    const Metric m = metric_of(metric);
    const unsigned threads = threads_arg(threads_value);
    const double limit = timeout_arg(timeout);
    std::vector<Board> parsed;
    parsed.reserve(boards.size());
    for (const std::string& text : boards) {
        try {
            parsed.push_back(parse_batch_line(text));
        } catch (const InputError& e) {
            throw py::value_error("board " + std::to_string(parsed.size()) + ": " + e.message());
        }
    }
    std::vector<RushResult> results(parsed.size());
    run_watched(
        [&] {
            parallel_for(parsed.size(), threads, [&](std::size_t i) {
                Solver solver;
                results[i] = result_of(parsed[i], solver.solve(parsed[i], m, path), path);
            });
            check_stop();
        },
        limit);
    return results;
}

ClusterResult cluster(const std::string& board, const std::string& metric, std::optional<double> timeout) {
    const Metric m = metric_of(metric);
    const double limit = timeout_arg(timeout);
    const Board b = parse_board(board);
    ClusterResult r;
    auto work = [&] {
        const ClusterReport c = analyze_cluster(b, m);
        r.states = c.states;
        r.goal_states = c.goal_states;
        r.start_distance = c.start_distance;
        r.hardest_distance = c.hardest_distance;
        r.hardest_count = c.hardest_count;
        if (c.hardest_distance >= 0) r.hardest = c.hardest.to_string();
        r.histogram = c.histogram;
    };
    run_watched(work, limit);
    return r;
}

}  // namespace

void add_rush(py::module_& parent) {
    auto m = parent.def_submodule("rush", "Rush Hour (4x4 .. 8x8): optimal solutions and cluster analysis.");
    py::class_<RushResult>(m, "Result", "An optimal solution: length -1 when the red car cannot get out.")
        .def_readonly("length", &RushResult::length, "fewest moves or steps; -1 when unsolvable")
        .def_readonly("path", &RushResult::path, "moves such as 'C-1 B+2 A+4', or None")
        .def_readonly("states", &RushResult::states, "distinct states reached")
        .def("__repr__", [](const RushResult& r) {
            return "rush.Result(length=" + std::to_string(r.length) + ", path=" + repr_of(r.path) + ")";
        });
    py::class_<ClusterResult>(m, "Cluster", "Every state reachable from a board and its distance to a goal.")
        .def_readonly("states", &ClusterResult::states, "reachable states, the board included")
        .def_readonly("goal_states", &ClusterResult::goal_states, "states with the red car at the exit")
        .def_readonly("start_distance", &ClusterResult::start_distance, "the board's distance (-1: none)")
        .def_readonly("hardest_distance", &ClusterResult::hardest_distance, "largest distance (-1: no goal)")
        .def_readonly("hardest_count", &ClusterResult::hardest_count, "states at that distance")
        .def_readonly("hardest", &ClusterResult::hardest, "a hardest state (tie-broken as Fogleman's database)")
        .def_readonly("histogram", &ClusterResult::histogram, "histogram[d] = states at distance d")
        .def("__repr__", [](const ClusterResult& c) {
            return "rush.Cluster(states=" + std::to_string(c.states) +
                   ", goal_states=" + std::to_string(c.goal_states) +
                   ", hardest_distance=" + std::to_string(c.hardest_distance) + ", hardest=" + repr_of(c.hardest) + ")";
        });
    m.def("solve", &solve_one, py::arg("board"), py::arg("metric") = "moves", py::arg("path") = true,
          py::arg("timeout") = py::none(),
          R"(Solves one board optimally. board: Fogleman's string ("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"; 'o' or
'.' empty, 'x' wall, 'A' the red car), N lines of N letters, or the judge's 6x6 grid of integers.
metric: "moves" (a slide of any length) or "steps" (one cell). timeout: seconds (None or 0: none).
Raises ValueError for a bad board or a negative or NaN timeout, TimeoutError, KeyboardInterrupt.)");
    m.def("solve_batch", &solve_many, py::arg("boards"), py::arg("metric") = "moves", py::arg("path") = true,
          py::arg("threads") = 0, py::arg("timeout") = py::none(),
          R"(Solves a list of board strings (or database rows "<moves> <board> <cluster size>") on
`threads` threads (0: all cores, up to 1024) without the GIL; results in input order.)");
    m.def("cluster", &cluster, py::arg("board"), py::arg("metric") = "moves", py::arg("timeout") = py::none(),
          "Analyses the cluster of a board: every reachable state, its distance to the nearest goal.");
}

}  // namespace bitsolve::python

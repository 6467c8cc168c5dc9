// bitsolve.sliding: solve one board or a batch (GIL released, Ctrl-C and timeouts watched).
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/select.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "common.hpp"

namespace bitsolve::python {
namespace {

using namespace bitsolve::sliding;

struct SlidingResult {
    int length = -1;
    std::optional<std::string> path;
    std::string algorithm;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
};

struct Settings {
    SolveOptions opt;
    std::string goal;
    std::string heuristic;
    std::string pdb_dir;
    std::optional<int> prune_depth;  // None: pdb::choose_prune_depth's default
};

// A tile number of a board or goal given as a list: an int (TypeError otherwise); the parser
// judges its range.
std::string tile_text(const py::handle& v) {
    if (py::isinstance<py::bool_>(v) || PyIndex_Check(v.ptr()) == 0)
        throw py::type_error("a tile must be an int, not " + std::string(py::str(v.get_type().attr("__name__"))) +
                             " (" + std::string(py::repr(v)) + ")");
    PyObject* index = PyNumber_Index(v.ptr());  // a Python int, for any type with __index__
    if (index == nullptr) throw py::error_already_set();
    return std::string(py::str(py::reinterpret_steal<py::object>(index))) + ' ';
}

// Text as given: str, or bytes read as UTF-8; a leading byte-order mark dropped (as the CLI does).
std::string text_of(const py::handle& obj) {
    const std::string text =
        py::isinstance<py::bytes>(obj) ? std::string(obj.cast<py::bytes>()) : obj.cast<std::string>();
    return std::string(strip_bom(text));
}

// A board given with a size= that it contradicts is refused, not solved at its own size.
Board check_size(Board b, const std::optional<Geometry>& size) {
    if (size && (size->rows != b.geo.rows || size->cols != b.geo.cols))
        throw InputError("the board is " + std::to_string(b.geo.rows) + "x" + std::to_string(b.geo.cols) +
                         ", not the size given, " + std::to_string(size->rows) + "x" + std::to_string(size->cols));
    return b;
}

// A board from a string or bytes (rows on lines, or one line of numbers) or from a list of
// numbers or of rows of numbers.
Board to_board(const py::handle& obj, const std::optional<Geometry>& size, std::size_t line) {
    if (py::isinstance<py::str>(obj) || py::isinstance<py::bytes>(obj)) {
        const std::string text = text_of(obj);
        if (text.find('\n') != std::string::npos) return check_size(parse_board(text), size);
        return parse_board_line(text, line, size);
    }
    if (!py::isinstance<py::sequence>(obj)) throw py::type_error("a board is a str or a list of numbers or of rows");
    std::string text;
    bool rows = false;
    for (const py::handle item : obj) {
        if (py::isinstance<py::sequence>(item) && !py::isinstance<py::str>(item)) {
            rows = true;
            for (const py::handle v : item) text += tile_text(v);
            text += '\n';
        } else {
            text += tile_text(item);
        }
    }
    return rows ? check_size(parse_board(text), size) : parse_board_line(text, line, size);
}

std::string goal_spec(const py::handle& goal) {
    if (py::isinstance<py::str>(goal) || py::isinstance<py::bytes>(goal)) return text_of(goal);
    if (!py::isinstance<py::sequence>(goal)) throw py::type_error("a goal is a str or a list of numbers");
    std::string text;
    for (const py::handle v : goal) text += tile_text(v);
    return text;
}

// The CLI's cache by default, so that tables built once serve later processes (and the CLI);
// memory only when neither XDG_CACHE_HOME nor HOME is set. Read once per process.
const std::string& default_pdb_dir() {
    static const std::string dir = [] {
        try {
            return pdb::default_cache_dir(std::getenv("XDG_CACHE_HOME"), std::getenv("HOME")).string();
        } catch (const UsageError&) {
            return std::string();
        }
    }();
    return dir;
}

Settings settings(const py::handle& goal, const std::string& heuristic, bool path, const std::string& algorithm,
                  unsigned threads, const std::optional<std::string>& pdb_dir, std::optional<long long> prune_depth) {
    Settings s;
    s.goal = goal_spec(goal);
    static const std::map<std::string, Algorithm> algorithms{
        {"auto", Algorithm::Auto}, {"bfs", Algorithm::Bfs}, {"bidir", Algorithm::Bidir}, {"ida", Algorithm::Ida}};
    const auto a = algorithms.find(algorithm);
    if (a == algorithms.end())
        throw py::value_error("algorithm must be auto, bfs, bidir or ida, not '" + algorithm + "'");
    // A pattern database name may end in -dual (the same tables with dual lookups) or join
    // several partitions with '+' (the maximum over them).
    std::vector<std::string> names{"auto", "best", "lc", "md"};
    const auto& pdbs = pdb::partition_names();
    names.insert(names.end(), pdbs.begin(), pdbs.end());
    const std::string problem = pdb::partition_name_problem(heuristic);
    if (heuristic.find(pdb::kPartitionJoin) != std::string::npos && !problem.empty())
        throw py::value_error("heuristic: " + problem);
    if (std::find(names.begin(), names.end(), heuristic) == names.end() && !problem.empty()) {
        std::string list;
        for (std::size_t i = 0; i < names.size(); ++i)
            list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
        throw py::value_error("heuristic must be " + list +
                              " (a pdb name also with -dual, several joined by '+', or catalogue:FILE), not '" +
                              heuristic + "'");
    }
    s.opt.algorithm = a->second;
    s.opt.heuristic = heuristic == "md" ? Heuristic::Manhattan : Heuristic::ManhattanLinearConflict;
    s.opt.want_path = path;
    s.opt.threads = threads;
    s.heuristic = heuristic;
    s.pdb_dir = pdb_dir ? *pdb_dir : default_pdb_dir();
    if (prune_depth) {
        s.prune_depth = static_cast<int>(int_arg(*prune_depth, "prune_depth", 2, MoveFsm::kMaxDepth));
    }
    return s;
}

// Pattern databases, kept for the life of the process per (name, goal, cache directory).
std::shared_ptr<const pdb::PdbHeuristic> pattern_db(const Settings& s, const Board& goal) {
    if (s.heuristic == "lc" || s.heuristic == "md") return nullptr;
    if (s.heuristic != "auto" && s.heuristic != "best" && !pdb::partition_fits(s.heuristic, goal.geo))
        throw UsageError(s.heuristic + " does not fit a " + std::to_string(goal.geo.rows) + "x" +
                         std::to_string(goal.geo.cols) + " board");
    static std::mutex mutex;
    static std::map<std::string, std::shared_ptr<const pdb::PdbHeuristic>> tables;
    const std::string key =
        s.heuristic + '|' + format_board_line(goal) + '|' + s.pdb_dir + '|' + algorithm_name(s.opt.algorithm);
    const std::lock_guard lock(mutex);
    auto it = tables.find(key);
    if (it == tables.end())
        it = tables.emplace(key, pdb::select_pdb(s.heuristic, goal, s.opt.algorithm, {s.pdb_dir, 0, {}})).first;
    return it->second;
}

// The options of a search towards `goal`: its pattern databases and the pruning depth that goes
// with them.
SolveOptions options_for(const Settings& s, const Board& goal) {
    SolveOptions opt = s.opt;
    opt.pattern_db = pattern_db(s, goal);
    opt.prune_depth = pdb::choose_prune_depth(s.heuristic, opt.pattern_db.get(), s.prune_depth);
    return opt;
}

SlidingResult result_of(const Solution& sol, bool path) {
    SlidingResult r;
    r.length = sol.length;
    if (path && sol.length >= 0) r.path = path_letters(sol.path);
    r.algorithm = sol.length < 0 && sol.used == Algorithm::Auto ? "parity" : algorithm_name(sol.used);
    r.expanded = sol.stats.expanded;
    r.generated = sol.stats.generated;
    return r;
}

std::optional<Geometry> size_of(const std::optional<std::string>& size) {
    if (!size) return std::nullopt;
    return parse_geometry(*size);
}

SlidingResult solve_one(const py::object& board, const py::object& goal, const std::string& heuristic, bool path,
                        const std::string& algorithm, const std::optional<std::string>& size, long long threads,
                        const std::optional<std::string>& pdb_dir, std::optional<double> timeout,
                        std::optional<long long> prune_depth) {
    const double limit = timeout_arg(timeout);
    Settings s = settings(goal, heuristic, path, algorithm, threads_arg(threads), pdb_dir, prune_depth);
    const Board start = to_board(board, size_of(size), 1);
    const Board target = parse_goal(s.goal, start.geo);
    auto work = [&] { return result_of(solve(start, target, options_for(s, target)), path); };
    // Small boards answer in microseconds: no watcher thread for them.
    if (start.geo.cells() <= 9 && limit == 0) return run_released(work);
    SlidingResult r;
    run_watched([&] { r = work(); }, limit);
    return r;
}

std::vector<SlidingResult> solve_many(const py::iterable& boards, const py::object& goal, const std::string& heuristic,
                                      bool path, const std::string& algorithm, const std::optional<std::string>& size,
                                      long long threads_value, const std::optional<std::string>& pdb_dir,
                                      std::optional<double> timeout, std::optional<long long> prune_depth) {
    const unsigned threads = threads_arg(threads_value);
    const double limit = timeout_arg(timeout);
    const Settings s = settings(goal, heuristic, path, algorithm, 1, pdb_dir, prune_depth);
    std::vector<Board> starts;
    const auto geo = size_of(size);
    for (const py::handle b : boards) {
        try {
            starts.push_back(to_board(b, geo, starts.size() + 1));
        } catch (const InputError& e) {
            throw py::value_error("board " + std::to_string(starts.size()) + ": " + e.message());
        }
    }
    std::map<std::pair<int, int>, Board> goals;
    for (const Board& b : starts)
        if (!goals.count({b.geo.rows, b.geo.cols}))
            goals.emplace(std::pair{b.geo.rows, b.geo.cols}, parse_goal(s.goal, b.geo));
    std::vector<SlidingResult> results(starts.size());
    run_watched(
        [&] {
            std::map<std::pair<int, int>, SolveOptions> options;
            for (const auto& [g, target] : goals) options.emplace(g, options_for(s, target));
            parallel_for(starts.size(), threads, [&](std::size_t i) {
                const auto key = std::pair{starts[i].geo.rows, starts[i].geo.cols};
                results[i] = result_of(solve(starts[i], goals.at(key), options.at(key)), path);
            });
            check_stop();  // parallel_for hands out no more work after a stop
        },
        limit);
    return results;
}

}  // namespace

void add_sliding(py::module_& parent) {
    auto m = parent.def_submodule("sliding", "Sliding-tile puzzles (2x2 .. 5x5): optimal solutions.");
    py::class_<SlidingResult>(m, "Result", "An optimal solution: length -1 when the goal is unreachable.")
        .def_readonly("length", &SlidingResult::length, "fewest moves; -1 when unreachable")
        .def_readonly("path", &SlidingResult::path, "blank moves as letters U L R D, or None")
        .def_readonly("algorithm", &SlidingResult::algorithm, "the algorithm that answered")
        .def_readonly("expanded", &SlidingResult::expanded, "nodes expanded")
        .def_readonly("generated", &SlidingResult::generated, "nodes generated")
        .def("__repr__", [](const SlidingResult& r) {
            return "sliding.Result(length=" + std::to_string(r.length) + ", path=" + repr_of(r.path) +
                   ", algorithm=" + repr_of(r.algorithm) + ")";
        });
    m.def("solve", &solve_one, py::arg("board"), py::arg("goal") = "blank-last", py::arg("heuristic") = "auto",
          py::arg("path") = true, py::arg("algorithm") = "auto", py::arg("size") = py::none(), py::arg("threads") = 1,
          py::arg("pdb_dir") = py::none(), py::arg("timeout") = py::none(), py::arg("prune_depth") = py::none(),
          R"(Solves one board optimally.

board: "1 0 3 4 2 5 7 8 6" (one line, row-major; square unless size="RxC"), a text grid with one
row per line, or a list of numbers or of rows. goal: "blank-last", "blank-first" or the goal's
numbers. heuristic: auto, best, lc, md, or a pattern database (pdb555, pdb663, pdb78 on 4x4; pdb6666,
zpdb6666 (zero-aware), pdb7773 on 5x5; each but zpdb6666 also with -dual: dual lookups in the same tables; best: pdb78 on 4x4, zpdb6666 with
prune_depth 12 on 5x5, lc elsewhere; auto: the same tables, pdb663 on 4x4 until pdb78 is cached), read from or built into the cache pdb_dir (None: the CLI's, $XDG_CACHE_HOME/bitsolve or
~/.cache/bitsolve; "": memory only), kept for the process. algorithm: auto, bfs, bidir, ida. threads: threads of
pattern-database IDA* on this board (0: all cores, up to 1024). timeout: seconds (None or 0: none). prune_depth: 2..16, duplicate-move pruning of
pattern-database IDA* by move strings of up to that many moves (None: 12 with best on 5x5, else 2).
Raises ValueError (bad board, goal or option; a size= the board contradicts), TypeError (a tile
that is not an int), TimeoutError, KeyboardInterrupt (Ctrl-C),
MemoryError (the search would exceed the memory budget).)");
    m.def("solve_batch", &solve_many, py::arg("boards"), py::arg("goal") = "blank-last", py::arg("heuristic") = "auto",
          py::arg("path") = true, py::arg("algorithm") = "auto", py::arg("size") = py::none(), py::arg("threads") = 0,
          py::arg("pdb_dir") = py::none(), py::arg("timeout") = py::none(), py::arg("prune_depth") = py::none(),
          R"(Solves a list of boards on `threads` threads (0: all cores) without the GIL; results in
input order. Arguments as for solve(); a bad board raises ValueError naming its index.)");
}

}  // namespace bitsolve::python

// `bitsolve sliding [options] [FILE]`: fewest moves of a sliding-tile board (2x2 .. 5x5), with
// the path, the boards along it, batches, and the distance distribution of small boards; and
// `bitsolve boj 1525`. Parsing and solving live in the library (sliding/parse.hpp, solver.hpp,
// batch.hpp, pdb/select.hpp); this file maps options to them, prints, and adds the hints that
// name options to the library's errors.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/stats.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/bench.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/rank.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "command.hpp"
#include "common.hpp"
#include "json_out.hpp"
#include "picture.hpp"
#include "sliding_batch.hpp"
#include "sliding_hints.hpp"
#include "sliding_pdb.hpp"
#include "terminal.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::sliding;

struct SlidingOptions {
    CommonOptions common;
    std::string file;                 // empty: stdin
    std::string goal = "blank-last";  // blank-last | blank-first | explicit board
    std::string algo = "auto";        // auto | bfs | bidir | ida
    std::string size;                 // RxC for --batch and --count
    bool path = false;
    bool show = false;
    bool batch = false;
    bool count = false;
    std::string format = "text";  // text | json
    PictureFiles pictures;        // --svg FILE, --html FILE: the solution drawn
    bool progress = false;        // --progress: a line per IDA* iteration on stderr
    PdbCliOptions pdb;            // --heuristic, --pdb-dir, --no-cache, build-pdb
};

Algorithm algorithm_of(const std::string& name) {
    if (name == "bfs") return Algorithm::Bfs;
    if (name == "bidir") return Algorithm::Bidir;
    if (name == "ida") return Algorithm::Ida;
    return Algorithm::Auto;
}

// The solver settings from the options: the one place where the algorithm and the IDA*
// heuristic are chosen.
SolveOptions solve_options(const SlidingOptions& o) {
    SolveOptions s;
    s.algorithm = algorithm_of(o.algo);
    s.heuristic = classic_heuristic(o.pdb);
    s.want_path = o.path || o.show || o.pictures.any();
    return s;
}

// A bad --goal is a bad option value: a usage error (exit code 2), like every other one.
Board goal_for(const SlidingOptions& o, Geometry g) { return goal_option(o.goal, g); }

// The hint for a board the algorithm refuses by size.
constexpr const char* kIdaHint = "; use --algo ida";

Solution solve_with_hints(const Board& start, const Board& goal, const SolveOptions& opt) {
    try {
        return solve(start, goal, opt);
    } catch (const LimitError& e) {
        if (refusal(opt.algorithm, start.geo).empty()) throw;
        throw LimitError(e.what() + std::string(kIdaHint));
    }
}

// A bad batch line's message, with the hint the library leaves to the command.
bool json(const SlidingOptions& o) { return o.format == "json"; }

// The solution as a picture: every tile a piece, placed in each board along the path.
Scene scene_of(const Board& start, const Solution& s) {
    Scene sc;
    sc.rows = start.geo.rows;
    sc.cols = start.geo.cols;
    sc.title = fmt::format("{}x{} sliding puzzle, {} moves", sc.rows, sc.cols, s.length);
    const std::size_t tiles = static_cast<std::size_t>(start.cells() - 1);
    for (std::size_t t = 1; t <= tiles; ++t) sc.pieces.push_back({std::to_string(t), piece_colour(t - 1, tiles), {}});
    auto add_frame = [&](const Board& b, std::string caption) {
        for (int cell = 0; cell < b.cells(); ++cell) {
            const int tile = static_cast<int>(b.tiles[static_cast<std::size_t>(cell)]);
            if (tile > 0)
                sc.pieces[static_cast<std::size_t>(tile - 1)].places.push_back(
                    {cell / b.geo.cols, cell % b.geo.cols, 1, 1});
        }
        sc.captions.push_back(std::move(caption));
    };
    Board b = start;
    add_frame(b, s.length < 0 ? "start: the goal cannot be reached" : "start");
    const std::size_t n = s.length > 0 ? s.path.size() : 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!replay(b, std::span<const Dir>(&s.path[i], 1))) throw std::logic_error("the solution does not replay");
        add_frame(b, fmt::format("move {}/{}: {}", i + 1, n, dir_letter(s.path[i])));
    }
    return sc;
}

// One board's answer as JSON: the fields of docs/json.md, the path only with --path.
Json solution_json(const SlidingOptions& o, const Solution& s, const std::string& algo) {
    Json j;
    j["length"] = s.length;
    if (o.path)
        j["path"] = path_array(s.length > 0 ? format_answer(s, true).substr(format_answer(s, false).size()) : "", true);
    add_search_fields(j, s.stats, o.common.stats, algo);
    return j;
}

// The --stats name of the algorithm that answered.
std::string algorithm_of(const Solution& s, const std::string& table) {
    if (!table.empty()) return s.length < 0 ? "parity" : "ida-" + table;
    return s.length < 0 && s.used == Algorithm::Auto ? "parity" : algorithm_name(s.used);
}

void print_solution(const SlidingOptions& o, const Board& start, const Solution& s) {
    std::cout << format_answer(s, o.path) << '\n';
    if (o.show && s.length >= 0) std::cout << format_walk(start, s.path) << '\n';
}

void print_stats(const SlidingOptions& o, const SearchStats& st, const std::string& algo) {
    if (!o.common.stats) return;
    std::cerr << "Algorithm: " << algo << '\n' << format_stats(st);
}

int run_single(const SlidingOptions& o) {
    const Board start = parse_single_board(read_input(o.file));
    const Board goal = goal_for(o, start.geo);
    check_pictures_writable(o.pictures);
    SolveOptions opt = solve_options(o);
    std::string table;  // the database --heuristic chose, "pdb663" for auto on 4x4, say
    // No table is loaded or built for a board that parity already answers (-1 at once).
    if (solvable(start, goal)) {
        opt.pattern_db = pattern_db(o.pdb, goal, opt.algorithm, o.common.threads, &table);
        apply_prune_depth(o.pdb, opt);
    } else {
        check_pdb_options(o.pdb, goal, opt.algorithm);
    }
    opt.threads = o.common.threads;
    // A line per IDA* iteration on stderr: every one with --progress; on a terminal, those that
    // end after the first second (a quick solve stays quiet).
    const auto t0 = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    int iteration = 0;
    if (want_progress(o.progress)) {
        opt.on_iteration = [&, all = o.progress](const IterationStats& it) {
            ++iteration;
            nodes += it.expanded;
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (!all && s < 1.0) return;
            std::cerr << fmt::format("bitsolve sliding: iteration {}: threshold {}, nodes {} (total {}), {:.2f} s\n",
                                     iteration, it.threshold, it.expanded, nodes, s);
        };
    }
    const Solution s = solve_with_hints(start, goal, opt);
    if (o.pictures.any()) write_pictures(scene_of(start, s), o.pictures);
    if (s.length < 0) {
        if (const std::string hint = other_goal_hint(o.goal, start); !hint.empty()) {
            std::cout.flush();
            std::cerr << "bitsolve sliding: hint: " << hint << '\n';
        }
    }
    if (json(o)) {
        Json j = solution_json(o, s, algorithm_of(s, opt.pattern_db ? table : std::string()));
        if (o.common.stats && opt.pattern_db) {
            j["prune_depth"] = opt.prune_depth;
            j["iterations"] = Json::array();
            for (const IterationStats& it : s.iterations)
                j["iterations"].push_back({{"threshold", it.threshold},
                                           {"nodes", it.expanded},
                                           {"generated", it.generated},
                                           {"lookups", it.lookups},
                                           {"seconds", it.seconds}});
        }
        print_json(j);
        return 0;
    }
    print_solution(o, start, s);
    if (opt.pattern_db) {
        if (o.common.stats) print_iterations(s.iterations);
        print_stats(o, s.stats, s.length < 0 ? "parity" : "ida-" + table);
        if (o.common.stats && opt.prune_depth > 2)
            std::cerr << "Move pruning: depth " << opt.prune_depth << " (move strings of up to " << opt.prune_depth
                      << " moves)\n";
        return 0;
    }
    print_stats(o, s.stats, s.length < 0 && s.used == Algorithm::Auto ? "parity" : algorithm_name(s.used));
    return 0;
}

int run_batch(const SlidingOptions& o) {
    BatchOptions b = batch_settings(o.size, o.goal, solve_options(o));
    b.threads = o.common.threads;
    std::string table;  // the database chosen, for the JSON objects' `algorithm`
    b.solve.pattern_db = batch_pattern_db(o.pdb, b, o.common.threads, &table);
    apply_prune_depth(o.pdb, b.solve);
    SearchStats total;
    std::size_t boards = 0;
    bool bad = false, limited = false;
    BatchHints hints;            // printed once at the end
    std::set<std::string> used;  // the algorithms that answered, for --stats
    // Boards are printed in input order as their chunk finishes, up to the first one a stop cut
    // short.
    auto emit = [&](const BatchItem& item) {
        ++boards;
        if (!item.ok) {
            const std::string error = batch_error(item, b);
            print_error("sliding", error);
            if (json(o)) print_json(error_object(item.line, error));
            (item.limited ? limited : bad) = true;
            return;
        }
        hints.add(item.line, item.expected, item.solution.length, BatchHints::reaches_other_goal(item, b, o.goal));
        if (json(o)) {
            Json j;
            j["line"] = item.line;
            j.update(solution_json(o, item.solution, algorithm_of(item.solution, b.solve.pattern_db ? table : "")));
            print_json(j);
        } else {
            print_solution(o, item.board, item.solution);
        }
        total += item.solution.stats;
        used.insert(algorithm_of(item.solution, b.solve.pattern_db ? table : std::string()));
    };
    solve_batch(read_input(o.file), b, emit);
    std::cout.flush();
    for (const std::string& hint : hints.messages(b.blank_first)) print_error("sliding", hint);
    if (o.common.stats && !json(o)) {
        std::cerr << "Boards: " << boards << '\n';
        std::string names;
        for (const std::string& a : used) names += (names.empty() ? "" : ", ") + a;
        print_stats(o, total, names.empty() ? o.algo : names);
    }
    check_stop();  // a timeout or signal: one line, exit code 1, after the finished boards
    if (limited) return to_int(Exit::Limit);
    return bad ? to_int(Exit::BadInput) : 0;
}

int run_count(const SlidingOptions& o) {
    const Geometry g = o.size.empty() ? Geometry{3, 3} : parse_geometry(o.size);
    const Board goal = goal_for(o, g);
    SearchStats st;
    std::vector<std::uint64_t> layers;
    try {
        layers = distance_layers(goal, &st);
    } catch (const LimitError& e) {
        if (g.cells() <= kMaxRankedCells) throw;  // a stop, not the size
        throw LimitError(std::string("--count: ") + e.what());
    }
    std::uint64_t total = 0;
    for (auto x : layers) total += x;
    if (json(o)) {
        Json j;
        j["size"] = std::to_string(g.rows) + "x" + std::to_string(g.cols);
        j["goal"] = format_board_line(goal);
        j["boards"] = total;
        j["largest_distance"] = layers.size() - 1;
        j["layers"] = layers;
        add_search_fields(j, st, o.common.stats, "bfs");
        print_json(j);
        return 0;
    }
    std::cout << fmt::format("# {}x{} goal {}: {} boards, largest distance {}\n", g.rows, g.cols,
                             format_board_line(goal), total, layers.size() - 1);
    std::cout << "# distance boards\n";
    for (std::size_t d = 0; d < layers.size(); ++d) std::cout << d << ' ' << layers[d] << '\n';
    print_stats(o, st, "bfs");
    return 0;
}

const Registration reg{
    "sliding", [](CLI::App& app) {
        auto* cmd = app.add_subcommand("sliding", "Fewest moves of a sliding-tile puzzle (2x2 .. 5x5)");
        auto o = std::make_shared<SlidingOptions>();
        cmd->add_option("FILE", o->file, "Board file (default: stdin): one row per line, 0 = blank");
        cmd->add_option("--goal", o->goal,
                        "blank-last (1 2 .. 0, default), blank-first (0 1 2 ..), or the goal's numbers, e.g. \"1 2 3 8 "
                        "0 4 7 6 5\"");
        cmd->add_option("--algo", o->algo, "auto (default), bfs, bidir or ida")
            ->check(CLI::IsMember({"auto", "bfs", "bidir", "ida"}));
        cmd->add_flag("--path", o->path,
                      "Print the moves after the length, as the directions the blank moves (U D L R)");
        cmd->add_flag("--show", o->show, "Draw the board after each move");
        cmd->add_flag("--batch", o->batch,
                      "One board per line (rows*cols numbers); solved in parallel, answers in input order");
        cmd->add_option("--size", o->size, "RxC for --batch and --count (default: square / 3x3)");
        cmd->add_flag("--count", o->count,
                      "Distance distribution of the whole space (BFS from the goal; up to 12 cells)");
        add_common_options(cmd, o->common);
        add_format_option(cmd, o->format);
        cmd->add_flag("--progress", o->progress,
                      "A line per IDA* iteration on stderr (threshold, nodes, time); on a terminal after the first "
                      "second without it");
        add_picture_options(cmd, o->pictures);
        add_pdb_options(cmd, o->pdb);
        auto* build_pdb = add_build_pdb_command(cmd, o->pdb);
        cmd->footer(R"(Output: the fewest moves, or -1 when the goal cannot be reached (decided by parity, at once).
Examples:
  printf '1 0 3\n4 2 5\n7 8 6\n' | bitsolve sliding --path      prints "3 DRD"
  bitsolve sliding --goal blank-first --algo ida board.txt
  bitsolve sliding --batch --size 3x3 --threads 2 boards.txt
  bitsolve sliding --count --size 2x4
  bitsolve sliding --goal blank-first --heuristic pdb78 --stats board.txt
  bitsolve sliding build-pdb pdb78 --goal blank-first)");
        return Runner{
            cmd, [o, build_pdb] {
                if (build_pdb->parsed()) return run_build_pdb(o->pdb);
                return guarded("sliding", [&] {
                    apply_common_options(o->common);
                    if (o->count && o->batch) throw UsageError("--count and --batch cannot be combined");
                    if (o->count && !o->file.empty())
                        throw UsageError(
                            "--count reads no board: it counts the whole space of --size "
                            "(default 3x3); drop FILE '" +
                            quote(o->file, 200) + "'");
                    if (json(*o) && o->show)
                        throw UsageError("--show draws text; it cannot be combined with --format json");
                    if ((o->count || o->batch) && o->pictures.any())
                        throw UsageError("--svg and --html draw one board's solution; not with --batch or --count");
                    if (o->count) return run_count(*o);
                    if (o->batch) return run_batch(*o);
                    if (!o->size.empty()) throw UsageError("--size applies to --batch and --count");
                    return run_single(*o);
                });
            }};
    }};

const BojProblem boj1525{1525, "Puzzle (3x3 sliding puzzle, fewest moves or -1)",
                         [](std::istream& in, std::ostream& out) {
                             return guarded("boj", [&] {
                                 const Board start = parse_board(read_stream(in, "stdin"));
                                 if (!(start.geo == Geometry{3, 3})) throw InputError("BOJ 1525 takes a 3x3 board");
                                 SolveOptions opt;
                                 opt.want_path = false;
                                 out << solve(start, blank_last_goal(start.geo), opt).length << '\n';
                                 return 0;
                             });
                         }};

const BenchWorkload bench{"sliding", [](std::ostream& log) { return run_bench(log); }};

}  // namespace
}  // namespace bitsolve::cli

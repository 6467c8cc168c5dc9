// `bitsolve rush`: optimal Rush Hour solutions, batches and cluster analysis; also the judge
// problem BOJ 18139 and the `rush` bench workload.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "bitsolve/core/batch_stream.hpp"
#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "command.hpp"
#include "common.hpp"
#include "json_out.hpp"
#include "picture.hpp"
#include "rush_progress.hpp"
#include "terminal.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::rush;

struct Options {
    CommonOptions common;
    std::string file;
    std::string metric = "moves";
    bool path = false, show = false, batch = false, cluster = false;
    bool progress = false;        // --progress: a line per BFS layer on stderr
    std::string format = "text";  // text | json
    PictureFiles pictures;        // --svg FILE, --html FILE: the solution drawn
    std::string color = "auto";   // --color auto|always|never for --show
};

bool json(const Options& o) { return o.format == "json"; }

Metric metric_of(const Options& o) { return o.metric == "steps" ? Metric::Steps : Metric::Moves; }

std::string answer_line(const Board& b, const Solution& s, bool with_path) {
    std::string line = std::to_string(s.length);
    if (with_path && s.length > 0) line += ' ' + format_path(b, s.path);
    return line;
}

// The multi-line report of one board's cluster.
std::string cluster_report(const ClusterReport& r) {
    std::string s = fmt::format("States: {}\nGoal states: {}\nStart distance: {}\nHardest distance: {}\n", r.states,
                                r.goal_states, r.start_distance, r.hardest_distance);
    s += fmt::format("Hardest states: {}\nHardest: {}\nHistogram:", r.hardest_count,
                     r.hardest_distance >= 0 ? r.hardest.to_string() : "-");
    for (std::size_t d = 0; d < r.histogram.size(); ++d) s += fmt::format(" {}:{}", d, r.histogram[d]);
    return s + "\n";
}

// The one-line form used in batch mode.
std::string cluster_line(const ClusterReport& r) {
    return fmt::format("{} {} {} {} {}", r.start_distance, r.states, r.goal_states, r.hardest_distance,
                       r.hardest_distance >= 0 ? r.hardest.to_string() : "-");
}

// The JSON forms (docs/json.md): a solution, and a cluster report.
Json solution_json(const Options& o, const Board& b, const Solution& s) {
    Json j;
    j["length"] = s.length;
    if (o.path) j["path"] = path_array(s.length > 0 ? format_path(b, s.path) : "", false);
    add_search_fields(j, s.stats, o.common.stats, "bfs");
    return j;
}

Json cluster_json(const Options& o, const ClusterReport& r) {
    Json j;
    j["states"] = r.states;
    j["goal_states"] = r.goal_states;
    j["start_distance"] = r.start_distance;
    j["hardest_distance"] = r.hardest_distance;
    j["hardest_states"] = r.hardest_count;
    j["hardest"] = r.hardest_distance >= 0 ? Json(r.hardest.to_string()) : Json(nullptr);
    j["histogram"] = r.histogram;
    add_search_fields(j, r.stats, o.common.stats, "cluster");
    return j;
}

// The solution as a picture: every piece placed in each board along the path, the primary car red,
// walls dark, the exit marked.
Scene scene_of(const Board& start, const Solution& s) {
    Scene sc;
    sc.rows = sc.cols = start.size;
    sc.title = fmt::format("Rush Hour {}x{}, {} moves", start.size, start.size, s.length);
    for (int r = 0; r < start.size; ++r)
        for (int c = 0; c < start.size; ++c)
            if (start.walls & cell_bit(r, c)) sc.walls.emplace_back(r, c);
    const std::size_t n = start.pieces.size();
    sc.exit_row = start.pieces[static_cast<std::size_t>(start.primary)].line;
    for (std::size_t i = 0; i < n; ++i)
        sc.pieces.push_back(
            {start.name(i), static_cast<int>(i) == start.primary ? kPrimaryColour : piece_colour(i, n), {}});
    auto add_frame = [&](const Board& b, std::string caption) {
        for (std::size_t i = 0; i < n; ++i) {
            const Piece& p = b.pieces[i];
            sc.pieces[i].places.push_back(p.vertical ? PiecePlace{p.pos, p.line, p.len, 1}
                                                     : PiecePlace{p.line, p.pos, 1, p.len});
        }
        sc.captions.push_back(std::move(caption));
    };
    Board b = start;
    add_frame(b, s.length < 0 ? "start: the car can never get out" : "start");
    const std::size_t moves = s.length > 0 ? s.path.size() : 0;
    for (std::size_t i = 0; i < moves; ++i) {
        if (!apply_move(b, s.path[i])) throw std::logic_error("the solution does not replay");
        add_frame(b, fmt::format("move {}/{}: {}", i + 1, moves, format_move(b, s.path[i])));
    }
    return sc;
}

void show_solution(const Board& start, const std::vector<Move>& path, const std::string& color) {
    const bool colour = use_colour(color, STDOUT_FILENO);
    Board b = start;
    std::cout << "start\n" << draw(b, colour) << '\n';
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (!apply_move(b, path[i])) throw std::logic_error("the solution does not replay");
        std::cout << '\n' << i + 1 << ". " << format_move(b, path[i]) << '\n' << draw(b, colour) << '\n';
    }
}

// The whitespace-separated fields of a line (the first eight).
std::vector<std::string_view> fields_of(std::string_view line) {
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (fields.size() < 8) {
        i = line.find_first_not_of(" \t\r", i);
        if (i == std::string_view::npos) break;
        const std::size_t end = std::min(line.find_first_of(" \t\r", i), line.size());
        fields.push_back(line.substr(i, end - i));
        i = end;
    }
    return fields;
}

bool is_number(std::string_view s) {
    return !s.empty() && s.size() < 12 && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// A row of Fogleman's database: `moves board cluster_size`.
bool looks_like_database_row(std::string_view line) {
    const auto f = fields_of(line);
    if (f.size() != 3 || !is_number(f[0]) || !is_number(f[2])) return false;
    for (std::size_t n = 4; n <= 8; ++n)
        if (f[1].size() == n * n) return true;
    return false;
}

// A row of the judge's grid: six vehicle ids.
bool looks_like_grid_row(std::string_view line) {
    const auto f = fields_of(line);
    return f.size() == 6 && std::all_of(f.begin(), f.end(), is_number);
}

// parse_board, with the hints for several boards given where one is expected, and for a database
// row given without --batch.
Board parse_one_board(const std::string& text) {
    try {
        return parse_board(text);
    } catch (const SeveralBoardsError& e) {
        throw InputError(e.message() + " (--batch reads one board per line)", e.line(), e.column());
    } catch (const InputError& e) {
        std::size_t lines = 0;
        bool row = false;
        for (const Line& line : lines_of(text)) {
            const std::size_t first = line.text.find_first_not_of(" \t\r");
            if (first == std::string_view::npos || line.text[first] == '#') continue;
            if (++lines > 1) break;
            row = looks_like_database_row(line.text);
        }
        if (lines == 1 && row)
            throw InputError(std::string(e.what()) +
                             " (this is a database row `moves board size`: --batch reads its board field)");
        throw;
    }
}

// The `Algorithm` line of --stats, as the other families print it: both metrics are solved by
// breadth-first search, and --cluster explores everything reachable.
std::string algorithm_line(const Options& o) {
    return std::string("Algorithm: ") + (o.cluster ? "cluster" : "bfs") + "\n";
}

// The kernel line of --stats, when the moves search (the one with kernels) ran.
std::string kernel_line(const Options& o) {
    if (o.cluster || metric_of(o) != Metric::Moves) return "";
    return std::string("Kernel: ") + kernel_name(active_kernel()) + "\n";
}

int run_single(const Options& o) {
    const Board board = parse_one_board(read_input(o.file));
    check_pictures_writable(o.pictures);
    SearchStats stats;
    if (o.cluster) {
        ClusterAnalyzer analyzer;
        analyzer.set_on_layer(rush_layer_lines(o.progress));
        const ClusterReport r = analyzer.analyze(board, metric_of(o));
        if (json(o)) {
            print_json(cluster_json(o, r));
            return 0;
        }
        std::cout << cluster_report(r);
        stats = r.stats;
    } else {
        Solver solver;
        solver.set_on_layer(rush_layer_lines(o.progress));
        const Solution s = solver.solve(board, metric_of(o), o.path || o.show || o.pictures.any());
        if (o.pictures.any()) write_pictures(scene_of(board, s), o.pictures);
        if (json(o)) {
            print_json(solution_json(o, board, s));
            return 0;
        }
        std::cout << answer_line(board, s, o.path) << '\n';
        if (o.show && s.length >= 0) show_solution(board, s.path, o.color);
        stats = s.stats;
    }
    if (o.common.stats) std::cerr << algorithm_line(o) << format_stats(stats) << kernel_line(o);
    return 0;
}

int run_batch(const Options& o) {
    struct Result {
        std::size_t line = 0;
        std::string_view text;
        std::string out, error;
        SearchStats stats;
        bool done = false, limited = false;
    };
    bool bad = false, limited = false;
    SearchStats total;
    std::size_t boards = 0, grid_rows = 0;  // bad lines that look like rows of a judge grid
    const std::string text = read_input(o.file);
    // Streamed in chunks (core/batch_stream.hpp): answers in input order as each chunk finishes,
    // up to the first board a stop cut short; memory stays at one chunk whatever the batch.
    stream_batch<Result>(
        text, o.common.threads, [](const Line& l) { return Result{l.number, l.text, {}, {}, {}, false, false}; },
        [&](Result& r) {
            thread_local Solver solver;
            thread_local ClusterAnalyzer analyzer;
            std::string limit;
            r.done = run_batch_item(
                [&] {
                    try {
                        const Board board = parse_batch_line(r.text);
                        if (o.cluster) {
                            const ClusterReport c = analyzer.analyze(board, metric_of(o));
                            r.out = json(o) ? cluster_json(o, c).dump() : cluster_line(c);
                            r.stats = c.stats;
                        } else {
                            const Solution s = solver.solve(board, metric_of(o), o.path);
                            r.out = json(o) ? solution_json(o, board, s).dump() : answer_line(board, s, o.path);
                            r.stats = s.stats;
                        }
                    } catch (const InputError& e) {
                        r.error = e.at_line(r.line).what();
                    }
                },
                limit);
            if (!limit.empty()) r.error = "line " + std::to_string(r.line) + ": " + limit, r.limited = true;
        },
        [&](const Result& r) {
            ++boards;
            if (!r.error.empty()) {
                print_error("rush", r.error);
                if (!r.limited && looks_like_grid_row(r.text)) ++grid_rows;
                if (json(o)) print_json(error_object(r.line, r.error));
                (r.limited ? limited : bad) = true;
            } else if (json(o)) {
                Json j;
                j["line"] = r.line;
                j.update(Json::parse(r.out));
                print_json(j);
            } else {
                std::cout << r.out << '\n';
            }
            total += r.stats;
        });
    std::cout.flush();
    if (grid_rows > 0)
        print_error("rush", fmt::format("hint: {} bad line(s) look like rows of a judge grid (6 vehicle ids); a "
                                        "judge grid is one board: drop --batch",
                                        grid_rows));
    if (o.common.stats && !json(o))
        std::cerr << "Boards: " << boards << '\n' << algorithm_line(o) << format_stats(total) << kernel_line(o);
    check_stop();  // a timeout or signal: one line, exit code 1, after the finished boards
    if (limited) return to_int(Exit::Limit);
    return bad ? to_int(Exit::BadInput) : 0;
}

const Registration reg{
    "rush", [](CLI::App& app) {
        auto* cmd = app.add_subcommand("rush", "Solve Rush Hour boards optimally; analyse their clusters");
        auto o = std::make_shared<Options>();
        cmd->add_option("FILE", o->file, "Board file (default: standard input)");
        cmd->add_option("--metric", o->metric, "moves: slide any distance (default); steps: one cell at a time")
            ->check(CLI::IsMember({"moves", "steps"}));
        cmd->add_flag("--path", o->path, "Print the moves after the length: `3 C-1 B+2 A+4`");
        cmd->add_flag("--show", o->show, "Draw the board after each move (colour on a terminal)");
        cmd->add_flag("--batch", o->batch,
                      "One board string per line ('#' lines skipped; database lines `moves board size` accepted), "
                      "one answer line each");
        cmd->add_flag("--cluster", o->cluster, "Analyse everything reachable: states, goals, histogram, hardest state");
        add_common_options(cmd, o->common);
        add_format_option(cmd, o->format);
        add_color_option(cmd, o->color);
        cmd->add_flag("--progress", o->progress,
                      "A line per BFS layer on stderr (depth, states, time; --cluster: both passes); on a terminal "
                      "after the first second without it");
        add_picture_options(cmd, o->pictures);
        cmd->footer(R"(Input (recognised automatically):
  the judge's grid: 6 lines of 6 integers, 0 empty, vehicle 1 the red car in row 3;
  Fogleman's string: N*N characters (N = 4..8) on one line, or N lines of N;
    'o' or '.' empty, 'x' wall, 'A' the primary car (exit at the right end of its row), 'B'..'Z'.
The length counts up to the primary car touching the exit edge; -1 when it never can.
Examples:
  echo IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM | bitsolve rush --path
  bitsolve rush --metric steps --show data/rush/examples/level1.txt
  bitsolve rush --batch --threads 2 data/rush/fogleman-db-sample.txt
  echo BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG | bitsolve rush --cluster)");
        return Runner{
            cmd, [o] {
                return guarded("rush", [&] {
                    if (o->cluster && (o->path || o->show))
                        throw UsageError("--cluster cannot be combined with --path or --show");
                    if (json(*o) && o->show)
                        throw UsageError("--show draws text; it cannot be combined with --format json");
                    if ((o->batch || o->cluster) && o->pictures.any())
                        throw UsageError("--svg and --html draw one board's solution; not with --batch or --cluster");
                    if (o->batch && (o->show || o->progress))
                        throw UsageError(std::string(o->show ? "--show" : "--progress") +
                                         " cannot be combined with --batch");
                    apply_common_options(o->common);
                    return o->batch ? run_batch(*o) : run_single(*o);
                });
            }};
    }};

// BOJ 18139 counts unit steps and the red car's steps through the exit (its length: 2 for the
// judge's car), and answers only when the total is at most 10.
const BojProblem boj18139{18139, "Rush Hour Puzzle", [](std::istream& in, std::ostream& out) {
                              const std::string text = read_stream(in, "stdin");
                              const Board board = parse_judge_grid(text);
                              const int exit_steps = board.pieces[static_cast<std::size_t>(board.primary)].len;
                              constexpr int kLimit = 10;
                              Solver solver;
                              const Solution s = solver.solve(board, Metric::Steps, false, kLimit - exit_steps);
                              out << (s.length >= 0 ? s.length + exit_steps : -1) << '\n';
                              return 0;
                          }};

// `bitsolve bench rush`: the hardest rows of Fogleman's database sample, solved in both metrics,
// and the full analysis of the 24,132-state cluster; single-threaded, fixed node count.
const BenchWorkload bench_rush{"rush", [](std::ostream& log) {
                                   static constexpr const char* kBoards[] = {
                                       "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",  // 60 moves
                                       "BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN",  // 58
                                       "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",  // 51
                                       "xCCoLMooJoLMAAJoLNHIDDDNHIoKEExooKGG",  // 51
                                       "BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG",  // 49, the 24,132-state cluster
                                       "HIoxLxHIDDLoHAAKoooooKEEooJFFMGGJooM",  // 48, the largest cluster of the sample
                                   };
                                   std::uint64_t nodes = 0;
                                   Solver solver;
                                   for (const char* s : kBoards) {
                                       const Board b = parse_board(s);
                                       const Solution moves = solver.solve(b, Metric::Moves, true);
                                       const Solution steps = solver.solve(b, Metric::Steps, true);
                                       log << fmt::format("rush {} moves {} steps {}\n", s, moves.length, steps.length);
                                       nodes += moves.stats.expanded + steps.stats.expanded;
                                   }
                                   const ClusterReport r = analyze_cluster(parse_board(kBoards[4]), Metric::Moves);
                                   log << fmt::format("rush cluster states {} hardest {}\n", r.states,
                                                      r.hardest_distance);
                                   return nodes + r.stats.expanded;
                               }};

}  // namespace
}  // namespace bitsolve::cli

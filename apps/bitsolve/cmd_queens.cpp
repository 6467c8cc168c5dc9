// `bitsolve queens N`: counting N-Queens solutions (totals, unique, per symmetry class),
// listing the first solutions, checkpoints and shards; `bitsolve queens merge` adds shards;
// `bitsolve boj 9663` and the `queens` bench workload.
#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <vector>

#include <fmt/format.h>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/file.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/queens/count.hpp"
#include "bitsolve/queens/list.hpp"
#include "bitsolve/queens/merge.hpp"
#include "bitsolve/queens/summary.hpp"
#include "command.hpp"
#include "common.hpp"
#include "job_options.hpp"
#include "json_out.hpp"
#include "picture.hpp"
#include "progress.hpp"
#include "size.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::queens;
using Clock = std::chrono::steady_clock;

struct Options {
    std::string n_text;
    bool unique = false;
    std::uint64_t list = 0;
    bool list_given = false;
    bool show = false;
    std::string checkpoint;
    std::string shard;
    CommonOptions common;
    std::vector<std::string> merge_files;
    bool merge_unique = false;
    bool merge_stats = false;
    CommonOptions merge_limits;         // merge --timeout, --max-memory
    std::string format = "text";        // text | json, for counts and lists
    std::string merge_format = "text";  // the same for merge
    std::string svg;                    // --svg FILE: the listed boards drawn
};

// A count as a JSON number, or as a decimal string past 2^64 - 1 (N >= 29; docs/json.md).
Json count_json(Count c) {
    if (c <= std::numeric_limits<std::uint64_t>::max()) return Json(static_cast<std::uint64_t>(c));
    return Json(to_string(c));
}

// The JSON object of a whole count (queens N, queens merge); the classes with --stats.
Json summary_json(int n, const Summary& s, bool stats) {
    Json j;
    j["n"] = n;
    j["solutions"] = count_json(s.total);
    j["unique"] = count_json(s.unique);
    if (!stats) return j;
    j["unique_asymmetric"] = count_json(s.asymmetric);
    j["unique_rot180"] = count_json(s.rot180);
    j["unique_rot90"] = count_json(s.rot90);
    j["unique_full"] = count_json(s.full);
    return j;
}

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// A status line on a terminal once the count has lasted a second, redrawn twice a second and
// erased at the end, so that results and errors start on a clean line.
ProgressFn show_progress(ProgressDisplay& display, int n) {
    return [&display, n](const Progress& p) {
        display.status([&] {
            const double frac = p.total ? static_cast<double>(p.done) / static_cast<double>(p.total) : 1.0;
            const Pace pace = pace_of(p.done, p.total, p.resumed, display.seconds());
            return fmt::format("queens {}: {:5.1f}% of {} sub-problems, {:.0f}/s, {:.3g} solutions so far, ETA {}   ",
                               n, 100 * frac, p.total, pace.rate, static_cast<double>(p.solutions),
                               human_duration(pace.eta));
        });
    };
}

int run_list(int n, const Options& o) {
    const std::uint64_t k = o.list_given ? o.list : 1;
    std::uint64_t listed = 0;
    const bool json = o.format == "json";
    Json boards = Json::array();
    if (!o.svg.empty()) check_writable(o.svg);  // before the list, which may be long
    std::vector<std::vector<int>> drawn;        // for --svg
    // With --svg the text waits for the picture, so that a picture that cannot be written leaves
    // nothing on stdout.
    std::ostringstream held;
    std::ostream& out = o.svg.empty() ? std::cout : held;
    list_solutions(n, k, [&](const std::uint8_t* cols) {
        ++listed;
        if (!o.svg.empty()) {
            drawn.emplace_back(cols, cols + n);
            for (int& c : drawn.back()) ++c;
        }
        if (json) {
            std::vector<int> row(cols, cols + n);  // 1-based columns, as the text prints them
            for (int& c : row) ++c;
            boards.push_back(row);
            return;
        }
        if (o.show) out << format_solution(n, cols) << "\n" << draw_solution(n, cols) << "\n";
        else out << format_solution(n, cols) << "\n";
    });
    // Nothing to list is an answer too (exit 0), but an empty output alone would not say so.
    if (listed == 0)
        print_error("queens", fmt::format("no solution: {} queens cannot be placed on a {}x{} board", n, n, n));
    if (!o.svg.empty()) {
        write_file_atomic(o.svg, {queens_svg(n, drawn)});
        std::cout << held.str();
    }
    if (json) print_json(Json{{"n", n}, {"list", boards}});
    return 0;
}

int run_count(int n, const Options& o) {
    const bool sharded = !o.shard.empty();
    ShardSpec shard;
    if (sharded) {
        try {
            shard = parse_shard(o.shard);
        } catch (const InputError& e) {
            throw UsageError("--shard '" + quote(o.shard) + "': " + e.message());
        }
    }
    if (sharded && o.unique)
        throw UsageError("--unique needs the whole board; merge the shards with 'bitsolve queens merge --unique'");
    const auto t0 = Clock::now();
    const Split split = make_split(n);
    RunState state = start_state(split, shard, o.checkpoint);
    const std::uint64_t done_at_start = state.done_count;
    try {
        ProgressDisplay display({.delay = 1.0, .interval = 0.5, .erase = true});
        run_checkpointed(
            split, state,
            {.threads = o.common.threads, .checkpoint = o.checkpoint, .progress = show_progress(display, n)});
    } catch (const LimitError& e) {
        if (o.checkpoint.empty()) throw;
        std::string resume = "queens " + std::to_string(n);
        if (o.unique) resume += " --unique";
        if (sharded) resume += " --shard " + shell_word(o.shard);
        throw LimitError(e.what() + resume_hint(o.checkpoint, resume + " --checkpoint " + shell_word(o.checkpoint)));
    }
    const double seconds = seconds_since(t0);
    if (o.format == "json") {
        Json j;
        if (sharded) {
            j["n"] = n;
            j["shard"] = std::to_string(shard.index) + "/" + std::to_string(shard.count);
            j["solutions"] = count_json(state.counts.total);
            j["rot180"] = count_json(state.counts.rot180);
            j["rot90"] = count_json(state.counts.rot90);
        } else {
            j = summary_json(n, summarise(n, state.counts), o.common.stats);
        }
        j["time_s"] = seconds;
        if (o.common.stats) {
            j["sub_problems"] = state.items;
            j["sub_problems_resumed"] = done_at_start;
            j["threads"] = resolve_threads(o.common.threads);
        }
        print_json(j);
        return 0;
    }
    if (sharded) {
        std::cout << format_partial(Partial{n, shard, state.counts});
    } else {
        const Summary s = summarise(n, state.counts);
        std::cout << to_string(o.unique ? s.unique : s.total) << "\n";
        if (o.common.stats) print_queens_stats(s);
    }
    if (o.common.stats) {
        std::cerr << "Sub-problems: " << state.items << "\nSub-problems resumed: " << done_at_start
                  << "\nThreads: " << resolve_threads(o.common.threads) << "\nKernel: " << kernel_name(active_kernel())
                  << "\n"
                  << fmt::format("Time: {:.3f} s\n", seconds);
    }
    return 0;
}

int run_merge(const Options& o) {
    PartialMerge merge;
    for (const std::string& file : o.merge_files) {
        const std::string text = read_input(file, 1 << 20);  // its errors name the file
        Partial p;
        try {
            p = parse_partial(text);
        } catch (const InputError& e) {
            throw InputError("'" + quote(file, 200) + "': " + e.what());
        }
        merge.add(p, file);
    }
    if (merge.empty()) throw UsageError("merge needs the partial-result files of all shards");
    const Partial whole = merge.result();
    const Summary s = summarise(whole.n, whole.counts);
    if (o.merge_format == "json") {
        print_json(summary_json(whole.n, s, o.merge_stats));
        return 0;
    }
    std::cout << to_string(o.merge_unique ? s.unique : s.total) << "\n";
    if (o.merge_stats) print_queens_stats(s);
    return 0;
}

constexpr const char* kFooter =
    R"(Checkpoint: FILE is rewritten atomically at most once a second and when the run ends or
is stopped (--timeout, SIGINT, SIGTERM: exit code 1). Running the same command again resumes.

Examples:
  bitsolve queens 8                          92
  bitsolve queens 8 --unique                 12
  bitsolve queens 12 --stats                 totals and counts per symmetry class on stderr
  bitsolve queens 8 --list 3 --show          the first 3 solutions, drawn
  bitsolve queens 20 --checkpoint q20.ckpt   resumable
  bitsolve queens 21 --shard 3/16 > part3    one of 16 independent parts
  bitsolve queens merge part*                adds them up (all 16 must be there))";

const Registration reg{
    "queens", [](CLI::App& app) {
        auto o = std::make_shared<Options>();
        auto* cmd = app.add_subcommand("queens", "Count (or list) the solutions of the N-Queens problem, N = 1..32");
        add_queens_count_options(cmd, o->n_text, o->unique);
        cmd->add_option("--list", o->list, "Print the first K solutions in lexicographic order (1-based columns)")
            ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
            ->type_name("K");
        cmd->add_flag("--show", o->show, "Draw the listed solutions as boards (default K = 1)");
        cmd->add_option("--checkpoint", o->checkpoint, "Record finished sub-problems in FILE; resume from it")
            ->type_name("FILE");
        cmd->add_option("--shard", o->shard, "Count only part i of K (prints a partial result line)")->type_name("i/K");
        add_common_options(cmd, o->common);
        add_format_option(cmd, o->format);
        cmd->add_option("--svg", o->svg, "Draw the listed solutions (--list K, default 1) as an SVG picture in FILE")
            ->type_name("FILE");
        cmd->footer(kFooter);
        auto* merge = cmd->add_subcommand("merge", "Add up the partial results of all K shards");
        merge->footer(R"(Example:
  bitsolve queens 21 --shard 1/2 > part1; bitsolve queens 21 --shard 2/2 > part2
  bitsolve queens merge part1 part2          the count for N = 21)");
        merge->add_option("FILE", o->merge_files, "Partial-result files, one per shard")->required()->type_name("FILE");
        merge->add_flag("--unique", o->merge_unique, "Print the unique count");
        merge->add_flag("--stats", o->merge_stats, "Counts per symmetry class on stderr");
        add_limit_options(merge, o->merge_limits);
        add_format_option(merge, o->merge_format);
        return Runner{
            cmd, [o, cmd, merge] {
                if (merge->parsed()) {
                    return guarded("queens merge", [&] {
                        apply_common_options(o->merge_limits);
                        return run_merge(*o);
                    });
                }
                return guarded("queens", [&] {
                    if (o->n_text.empty()) throw UsageError("missing N (see bitsolve queens --help)");
                    const int n = parse_board_size(o->n_text, "bitsolve");
                    apply_common_options(o->common);
                    o->list_given = cmd->count("--list") > 0;
                    if (o->show && o->format == "json")
                        throw UsageError("--show draws text; it cannot be combined with --format json");
                    if (o->list_given || o->show || !o->svg.empty()) {
                        if (o->unique || !o->checkpoint.empty() || !o->shard.empty())
                            throw UsageError(
                                "--list/--show/--svg cannot be combined with --unique, --checkpoint or --shard");
                        return run_list(n, *o);
                    }
                    return run_count(n, *o);
                });
            }};
    }};

// BOJ 9663 "N-Queen": one integer N (1 <= N < 15 on the judge), print the number of ways.
const BojProblem boj9663{9663, "N-Queen (count the placements of N queens)", [](std::istream& in, std::ostream& out) {
                             const std::string text = read_stream(in, "stdin");
                             // Two tokens at most: one more than N is enough to refuse the input.
                             std::vector<Token> tokens;
                             for (const Line& l : lines_of(text)) {
                                 for (const Token& t : tokenize(l, 1)) tokens.push_back(t);
                                 if (tokens.size() > 1) break;
                             }
                             if (tokens.empty()) throw InputError("expected N, found no input", 1, 1);
                             if (tokens.size() > 1)
                                 throw InputError("expected only N, found '" + quote(tokens[1].text) + "'",
                                                  tokens[1].line, tokens[1].column);
                             const int n = static_cast<int>(parse_int(tokens[0], 1, kMaxN, "N"));
                             const Split split = make_split(n);
                             RunState state = fresh_state(split, ShardSpec{});
                             run(split, state, 0);
                             out << to_string(state.counts.total) << "\n";
                             return 0;
                         }};

// Bench: the whole count for N = 15 on one thread; nodes = queens placed on inner rows.
const BenchWorkload bench{"queens", [](std::ostream& log) {
                              const Split split = make_split(15);
                              std::uint64_t nodes = 0;
                              Counts sum;
                              for (std::size_t i = 0; i < split.items.size(); ++i) sum += solve(split, i, &nodes);
                              log << "queens   N=15 solutions " << to_string(sum.total) << "\n";
                              return nodes;
                          }};

}  // namespace
}  // namespace bitsolve::cli

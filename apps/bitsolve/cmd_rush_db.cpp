// `bitsolve rush enumerate | merge`: Fogleman's database of interesting Rush Hour puzzles, built
// from scratch (whole, sharded, resumable) and merged from shards (`rush pick`: cmd_rush_pick.cpp).
#include <CLI/CLI.hpp>

#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"
#include "bitsolve/rush/parse.hpp"
#include "command.hpp"
#include "common.hpp"
#include "job_options.hpp"
#include "json_out.hpp"
#include "progress.hpp"
#include "terminal.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::rush;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Progress on stderr through the CLI's display: a status line redrawn at most twice a second on
// a terminal (after the first second), else one line at the start.
class Progress {
public:
    Progress() : display_(ProgressDisplay::Style{1.0, 0.5, true}) {}
    // `checkpoint`: whether one was given (only then does the line say how much it held).
    void start(const std::string& what, const DbProgress& p, bool checkpoint) {
        what_ = what;
        resumed_layouts_ = p.counts.layouts;
        if (display_.on_terminal()) return;
        if (checkpoint)
            display_.line(fmt::format("rush enumerate: {}: {} slices, {} resumed from the checkpoint", what,
                                      p.slices_total, p.resumed));
        else display_.line(fmt::format("rush enumerate: {}: {} slices", what, p.slices_total));
    }
    void update(const DbProgress& p) {
        display_.status([&] {
            const double s = display_.seconds();
            const Pace pace = pace_of(p.slices_done, p.slices_total, p.resumed, s);
            const double rate = s > 0 ? static_cast<double>(p.counts.layouts - resumed_layouts_) / s : 0;
            return fmt::format("rush enumerate {}: {}/{} slices, {:.3g} layouts/s, {} rows, ETA {}", what_,
                               p.slices_done, p.slices_total, rate, p.counts.rows, human_duration(pace.eta));
        });
    }
    void finish() { display_.finish(); }

private:
    ProgressDisplay display_;
    std::string what_;
    std::uint64_t resumed_layouts_ = 0;
};

struct EnumOptions {
    int size = 6, walls = 0;
    std::string shard, checkpoint, output;
    CommonOptions common;
};

// Peak resident memory of the process so far (Linux reports ru_maxrss in KiB).
std::size_t peak_memory() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return static_cast<std::size_t>(u.ru_maxrss) * 1024;
}

std::string histogram(const std::vector<std::uint64_t>& by_moves) {
    std::string s;
    for (std::size_t m = by_moves.size(); m-- > 0;)
        if (by_moves[m]) s += fmt::format("{}{}:{}", s.empty() ? "" : " ", m, by_moves[m]);
    return s.empty() ? "-" : s;
}

// The counts of a run as `Key: value` lines.
std::string count_lines(const DbCounts& c, const std::vector<std::uint64_t>& by_moves) {
    return fmt::format(
        "Layouts: {}\nCanonical layouts: {}\nClusters: {}\nSolvable clusters: {}\nRows: {}\nRows by moves: {}\n"
        "States: {}\n",
        c.layouts, c.canonical, c.canonical, c.solvable, c.rows, histogram(by_moves), c.states);
}

void print_summary(const DbCounts& c, const std::vector<std::uint64_t>& by_moves, double seconds, bool stats,
                   const std::string& extra) {
    if (stats) {
        std::cerr << count_lines(c, by_moves) << extra
                  << fmt::format("Time: {:.3f} s\nLayouts/second: {:.0f}\nStates/second: {:.0f}\nPeak memory: {}\n",
                                 seconds, seconds > 0 ? static_cast<double>(c.layouts) / seconds : 0,
                                 seconds > 0 ? static_cast<double>(c.states) / seconds : 0, format_size(peak_memory()));
        return;
    }
    std::cerr << fmt::format(
        "rush: {} layouts enumerated, {} canonical (clusters), {} solvable, {} rows written, {} states explored, "
        "{:.1f} s\nrush: rows by moves: {}\n",
        c.layouts, c.canonical, c.solvable, c.rows, c.states, seconds, histogram(by_moves));
}

DbShard shard_option(const std::string& text) {
    if (text.empty()) return DbShard{};
    try {
        return parse_shard(text);
    } catch (const InputError& e) {
        throw UsageError("--shard: " + e.message());
    }
}

// The command that resumes an interrupted run: the options that define the output.
std::string resume_command(const EnumOptions& o) {
    std::string c = fmt::format("rush enumerate --size {} --walls {}", o.size, o.walls);
    if (!o.shard.empty()) c += " --shard " + shell_word(o.shard);
    c += " --checkpoint " + shell_word(o.checkpoint);
    if (!o.output.empty()) c += " -o " + shell_word(o.output);
    return c;
}

int run_enumerate(const EnumOptions& o) {
    const DbParams params{o.size, o.walls};
    try {
        check_params(params);
    } catch (const UsageError& e) {
        throw UsageError(std::string(e.what()) + " (see bitsolve rush enumerate --help)");
    }
    const DbShard shard = shard_option(o.shard);
    const bool shard_file = !o.shard.empty();  // --shard 1/1 too: a shard file that merges alone
    apply_common_options(o.common);
    check_db_output(o.output);  // now, not after the run
    const auto t0 = Clock::now();
    const DbEnumeration e(params);
    Progress progress;
    DbRunOptions ro;
    ro.threads = o.common.threads;
    ro.shard = shard;
    ro.checkpoint = o.checkpoint;
    bool started = false;
    const std::string what = fmt::format("{}x{}, at most {} wall{}{}", o.size, o.size, o.walls, o.walls == 1 ? "" : "s",
                                         shard_file ? ", shard " + to_string(shard) : "");
    ro.progress = [&](const DbProgress& p) {
        if (!started) progress.start(what, p, !o.checkpoint.empty()), started = true;
        else progress.update(p);
    };
    DbRunResult r;
    try {
        r = run_database(e, ro);
    } catch (const LimitError&) {
        progress.finish();
        if (!o.checkpoint.empty())
            std::cerr << "bitsolve rush enumerate: finished slices are saved in " << shell_word(o.checkpoint)
                      << "; resume with: bitsolve " << resume_command(o) << "\n";
        throw;
    }
    progress.finish();
    std::string text = shard_file ? format_shard_header(ShardHeader{params, shard, e.slice_count(), r.counts}) : "";
    text += format_rows(r.rows);
    write_db_file(o.output.empty() ? "-" : o.output, text);
    if (!stdout_delivered()) return 0;  // the end of the command says so (exit code 1), no summary
    const std::string extra = fmt::format("Slices: {}\nSlices resumed: {}\nThreads: {}\n", r.slices, r.resumed,
                                          resolve_threads(o.common.threads));
    print_summary(r.counts, r.rows_by_moves, seconds_since(t0), o.common.stats, extra);
    return 0;
}

struct MergeOptions {
    std::vector<std::string> files;
    std::string output;
    CommonOptions limits;
    bool stats = false;
};

int run_merge(const MergeOptions& o) {
    const auto t0 = Clock::now();
    apply_common_options(o.limits);
    check_db_output(o.output);
    std::optional<ShardHeader> first;
    std::map<std::uint64_t, std::string> seen;
    std::vector<DbRow> rows;
    DbCounts sum;
    for (const std::string& file : o.files) {
        const std::string text = read_db_file(file);
        const std::string name = "'" + quote(file, 200) + "'";
        ShardHeader h;
        try {
            h = parse_shard_header(text);
            std::vector<DbRow> part = parse_rows(text, h.params.size);
            if (part.size() != h.counts.rows)
                throw InputError("holds " + std::to_string(part.size()) + " rows, its header says " +
                                 std::to_string(h.counts.rows));
            for (DbRow& r : part) rows.push_back(std::move(r));
        } catch (const NotShardFileError& e) {
            throw InputError(name + ": " + e.what() + "; merge takes the files of rush enumerate --shard");
        } catch (const InputError& e) {
            throw InputError(name + ": " + e.what());
        }
        if (!first) first = h;
        if (h.params.size != first->params.size || h.params.max_walls != first->params.max_walls ||
            h.shard.count != first->shard.count || h.slices != first->slices)
            throw InputError(fmt::format(
                "{} is shard {} of size {}, walls {} ({} slices), but '{}' is of size {}, "
                "walls {} in {} shards ({} slices)",
                name, to_string(h.shard), h.params.size, h.params.max_walls, h.slices, quote(o.files.front(), 200),
                first->params.size, first->params.max_walls, first->shard.count, first->slices));
        if (auto it = seen.find(h.shard.index); it != seen.end())
            throw InputError("shard " + to_string(h.shard) + " given twice: '" + quote(it->second, 200) + "' and " +
                             name);
        seen.emplace(h.shard.index, file);
        sum += h.counts;
    }
    if (!first) throw UsageError("merge needs the shard files");
    if (seen.size() != first->shard.count) {
        std::string missing;
        int listed = 0;
        for (std::uint64_t i = 0; i < first->shard.count && listed < 10; ++i)
            if (!seen.count(i)) missing += (listed++ ? ", " : "") + std::to_string(i + 1);  // numbered 1..K
        throw InputError(fmt::format("missing {} of {} shards ({}{})", first->shard.count - seen.size(),
                                     first->shard.count, missing,
                                     first->shard.count - seen.size() > 10 ? ", ..." : ""));
    }
    std::sort(rows.begin(), rows.end(), row_before);
    write_db_file(o.output.empty() ? "-" : o.output, format_rows(rows));
    if (!stdout_delivered()) return 0;  // the end of the command says so (exit code 1), no summary
    if (o.stats) {
        std::vector<std::uint64_t> by_moves;
        for (const DbRow& r : rows) {
            if (by_moves.size() <= static_cast<std::size_t>(r.moves))
                by_moves.resize(static_cast<std::size_t>(r.moves) + 1);
            ++by_moves[static_cast<std::size_t>(r.moves)];
        }
        std::cerr << count_lines(sum, by_moves)
                  << fmt::format("Shards: {}\nTime: {:.3f} s\nPeak memory: {}\n", first->shard.count, seconds_since(t0),
                                 format_size(peak_memory()));
    }
    return 0;
}

constexpr const char* kEnumerateFooter =
    R"(Output: one row per interesting cluster, `moves board cluster_size` (Fogleman's format),
hardest first, then by board string; a summary on stderr at the end (--stats: `Key: value`).
Shards: --shard i/K (1 <= i <= K) does the slices s with s mod K == i - 1 and writes a shard
file (two `#` header lines, then its rows) for `bitsolve rush merge`.
Checkpoint: FILE is an append-only journal of finished slices, each with a checksum; a stop
(--timeout, SIGINT, SIGTERM: exit code 1) keeps them; the same command again resumes.

Examples:
  bitsolve rush enumerate --size 4                    the 4x4 database on stdout
  bitsolve rush enumerate --size 5 --walls 1 -o db5.txt.zst --stats
  bitsolve rush enumerate -o db6.txt --checkpoint db6.ckpt --threads 2
  bitsolve rush enumerate --shard 3/16 -o part3.txt   one of 16 independent parts
  bitsolve rush merge part*.txt -o db6.txt            all 16 must be there)";

const Registration reg_enumerate{
    "rush-enumerate", [](CLI::App& app) {
        auto* rush = app.get_subcommand("rush");
        auto o = std::make_shared<EnumOptions>();
        auto* cmd = rush->add_subcommand("enumerate", "Build the database of interesting puzzles of a board size");
        add_rush_db_options(cmd, o->size, o->walls, o->shard);
        cmd->add_option("--checkpoint", o->checkpoint, "Journal finished slices in FILE; resume from it")
            ->type_name("FILE");
        add_rows_output_option(cmd, o->output);
        add_common_options(cmd, o->common);
        cmd->footer(kEnumerateFooter);
        return Runner{cmd, [o] { return guarded("rush enumerate", [&] { return run_enumerate(*o); }); }};
    }};

const Registration reg_merge{
    "rush-merge", [](CLI::App& app) {
        auto* rush = app.get_subcommand("rush");
        auto o = std::make_shared<MergeOptions>();
        auto* cmd =
            rush->add_subcommand("merge", "Merge the shard files of `rush enumerate --shard` into one database");
        cmd->add_option("FILE", o->files, "Shard files, one per shard")->required()->type_name("FILE");
        cmd->add_option("-o,--output", o->output, "Write the rows to FILE (.zst: compressed), not stdout")
            ->type_name("FILE");
        cmd->add_flag("--stats", o->stats, "Counts of the whole run as `Key: value` lines on stderr");
        add_limit_options(cmd, o->limits);
        cmd->footer(R"(The shards must all be there, once each, of the same size and walls; the result is the
same bytes as the unsharded run.

Examples:
  bitsolve rush merge part1.txt part2.txt part3.txt -o db6.txt
  bitsolve rush merge part*.txt.zst -o db6.txt.zst --stats)");
        return Runner{cmd, [o] { return guarded("rush merge", [&] { return run_merge(*o); }); }};
    }};

}  // namespace
}  // namespace bitsolve::cli

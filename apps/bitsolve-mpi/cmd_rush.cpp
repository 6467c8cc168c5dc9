// `bitsolve-mpi rush enumerate`: the Rush Hour database of bitsolve rush enumerate, one work
// unit per enumeration slice (rush/database.hpp: the same slicing on every rank), the largest
// slices (by layouts) handed out first; rank 0 sorts the rows of all slices and writes the same
// bytes as the single-process run.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "commands.hpp"
#include "farm.hpp"
#include "job_options.hpp"
#include "journal.hpp"
#include "mpi_env.hpp"
#include "progress.hpp"

namespace bitsolve::mpi {
namespace {

using namespace bitsolve::rush;

struct Options {
    int size = 6, walls = 0;
    std::string shard, checkpoint, output;
    cli::CommonOptions common;
};

// A slice's result: "layouts canonical solvable rows states\n" and its rows as database lines.
std::string pack_slice(const DbSlice& s) {
    const DbCounts& c = s.counts;
    return fmt::format("{} {} {} {} {}\n", c.layouts, c.canonical, c.solvable, c.rows, c.states) + format_rows(s.rows);
}

DbSlice unpack_slice(const std::string& bytes) {
    DbSlice s;
    const std::size_t eol = bytes.find('\n');
    if (eol == std::string::npos) throw InputError("a damaged slice result");
    DbCounts& c = s.counts;
    const char* p = bytes.data();
    const char* const end = bytes.data() + eol;
    for (std::uint64_t* field : {&c.layouts, &c.canonical, &c.solvable, &c.rows, &c.states}) {
        if (field != &c.layouts && (p == end || *p++ != ' ')) throw InputError("a damaged slice result");
        const auto [next, ec] = std::from_chars(p, end, *field);
        if (ec != std::errc{}) throw InputError("a damaged slice result");
        p = next;
    }
    if (p != end) throw InputError("a damaged slice result");
    s.rows = parse_rows(std::string_view(bytes).substr(eol + 1));
    if (s.rows.size() != c.rows) throw InputError("a damaged slice result");
    return s;
}

std::string histogram(const std::vector<std::uint64_t>& by_moves) {
    std::string s;
    for (std::size_t m = by_moves.size(); m-- > 0;)
        if (by_moves[m]) s += fmt::format("{}{}:{}", s.empty() ? "" : " ", m, by_moves[m]);
    return s.empty() ? "-" : s;
}

int run(const Options& o) {
    const DbParams params{o.size, o.walls};
    std::unique_ptr<Journal> journal;
    DbShard shard;
    int code = checked_on_rank0("rush enumerate", [&] {
        apply_limits(o.common);
        if (!o.shard.empty()) {
            try {
                shard = parse_shard(o.shard);
            } catch (const InputError& e) {
                throw UsageError("--shard: " + e.message());
            }
        }
        try {
            check_params(params);
        } catch (const UsageError& e) {
            throw UsageError(std::string(e.what()) + " (see bitsolve-mpi rush enumerate --help)");
        }
        check_db_output(o.output.empty() ? "-" : o.output);
        if (!o.checkpoint.empty()) {
            const DbEnumeration e(params);
            journal = std::make_unique<Journal>(o.checkpoint,
                                                fmt::format("rush enumerate size={} walls={}{}", o.size, o.walls,
                                                            shard.whole() ? "" : " shard=" + to_string(shard)),
                                                e.slice_count());
            for (const auto& [unit, bytes] : journal->recovered()) {
                try {
                    unpack_slice(bytes);
                } catch (const InputError&) {
                    throw InputError("checkpoint '" + quote(o.checkpoint, 200) + "': the record of slice " +
                                     std::to_string(unit) + " is damaged");
                }
            }
        }
        return 0;
    });
    if (code != 0) return code;
    if (rank() != 0) apply_limits(o.common);
    return run_or_abort("rush enumerate", [&] {
        const auto t0 = std::chrono::steady_clock::now();
        const DbEnumeration e(params);
        std::vector<DbRow> rows;
        DbCounts counts;
        std::uint64_t finished = 0, resumed = 0;
        // The slices of this run: all, or those s with s mod K == i for --shard i/K.
        const std::uint64_t in_shard = (e.slice_count() + shard.count - 1 - shard.index) / shard.count;
        Job job;
        job.units = e.slice_count();
        job.compute = [&e](std::uint64_t slice) {
            thread_local std::unique_ptr<DbWorker> worker;
            if (!worker) worker = std::make_unique<DbWorker>(e);
            return pack_slice(worker->run(slice));
        };
        auto add = [&](const std::string& bytes) {
            DbSlice s = unpack_slice(bytes);
            counts += s.counts;
            for (DbRow& r : s.rows) rows.push_back(std::move(r));
            ++finished;
        };
        std::unique_ptr<ProgressReport> display;
        if (rank() == 0) {
            std::vector<std::uint8_t> done(job.units, 0);
            if (journal)
                for (const auto& [unit, bytes] : journal->recovered()) add(bytes), done[unit] = 1, ++resumed;
            // Biggest first: slices by their layouts (the fast counting pass), largest first.
            std::vector<std::pair<std::uint64_t, std::uint64_t>> sized;
            for (std::uint64_t s = shard.index; s < job.units; s += shard.count)
                if (!done[s]) sized.emplace_back(e.count_layouts(s), s);
            std::stable_sort(sized.begin(), sized.end(), [](auto& a, auto& b) { return a.first > b.first; });
            for (auto& [layouts, s] : sized) job.order.push_back(s);
            job.on_result = [&](std::uint64_t unit, const std::string& bytes) {
                if (journal) journal->append(unit, bytes);
                add(bytes);
                return true;
            };
            display = std::make_unique<ProgressReport>();
            job.tick = [&] {
                display->update([&] {
                    const cli::Pace pace = cli::pace_of(finished, in_shard, resumed, display->seconds());
                    return fmt::format("rush enumerate {}x{}: {}/{} slices on {} ranks, {} rows, ETA {}   ", o.size,
                                       o.size, finished, in_shard, ranks(), counts.rows, cli::human_duration(pace.eta));
                });
            };
        }
        const std::vector<RankStats> stats = run_farm(job, o.common.threads);
        if (rank() != 0) return 0;
        display->finish();
        if (journal) journal->sync();
        if (stop_requested())
            throw LimitError(stop_report(finished, in_shard, o.checkpoint,
                                         fmt::format("rush enumerate --size {} --walls {}{} -o {}", o.size, o.walls,
                                                     o.shard.empty() ? "" : " --shard " + cli::shell_word(o.shard),
                                                     cli::shell_word(o.output.empty() ? "-" : o.output))));
        std::sort(rows.begin(), rows.end(), row_before);
        // An explicit --shard (1/1 too) writes a shard file, as bitsolve does.
        std::string text =
            o.shard.empty() ? "" : format_shard_header(ShardHeader{params, shard, e.slice_count(), counts});
        write_db_file(o.output.empty() ? "-" : o.output, text + format_rows(rows));
        std::vector<std::uint64_t> by_moves;
        for (const DbRow& r : rows) {
            const auto m = static_cast<std::size_t>(r.moves);
            if (by_moves.size() <= m) by_moves.resize(m + 1);
            ++by_moves[m];
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (o.common.stats) {
            std::cerr << fmt::format(
                             "Layouts: {}\nCanonical layouts: {}\nClusters: {}\nSolvable clusters: {}\nRows: {}\n"
                             "Rows by moves: {}\nStates: {}\n",
                             counts.layouts, counts.canonical, counts.canonical, counts.solvable, counts.rows,
                             histogram(by_moves), counts.states)
                      << fmt::format("Slices: {}\nSlices resumed: {}\nRanks: {}\n", in_shard, resumed, ranks())
                      << format_rank_stats(stats) << fmt::format("Time: {:.3f} s\n", seconds);
        } else {
            std::cerr << fmt::format(
                "rush: {} layouts enumerated, {} canonical (clusters), {} solvable, {} rows written, {} states "
                "explored, {:.1f} s\nrush: rows by moves: {}\n",
                counts.layouts, counts.canonical, counts.solvable, counts.rows, counts.states, seconds,
                histogram(by_moves));
        }
        return 0;
    });
}

}  // namespace

Command add_rush_enumerate(CLI::App& rush) {
    auto o = std::make_shared<Options>();
    auto* cmd = rush.add_subcommand("enumerate", "Build the database of interesting puzzles, one slice per work unit");
    cli::add_rush_db_options(cmd, o->size, o->walls, o->shard);
    cmd->add_option("--checkpoint", o->checkpoint, "Journal of finished slices (rank 0); the same command resumes")
        ->type_name("FILE");
    cli::add_rows_output_option(cmd, o->output);
    cli::add_common_options(cmd, o->common);
    return Command{cmd, [o] { return run(*o); }};
}

}  // namespace bitsolve::mpi

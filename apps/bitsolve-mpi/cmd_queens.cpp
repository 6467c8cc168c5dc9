// `bitsolve-mpi queens N [--unique]`: the count of bitsolve queens, one work unit per queens
// sub-problem (queens/split.hpp: the same list on every rank), the weighted counts added up on
// rank 0 as they come back and journaled first when --checkpoint is given.
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/queens/split.hpp"
#include "bitsolve/queens/summary.hpp"
#include "commands.hpp"
#include "common.hpp"
#include "farm.hpp"
#include "job_options.hpp"
#include "journal.hpp"
#include "mpi_env.hpp"
#include "progress.hpp"
#include "size.hpp"

namespace bitsolve::mpi {
namespace {

using namespace bitsolve::queens;

struct Options {
    std::string n_text;
    bool unique = false;
    std::string checkpoint;
    std::uint64_t max_units = 0;
    cli::CommonOptions common;
};

std::string pack_counts(const Counts& c) {
    return to_string(c.total) + " " + to_string(c.rot180) + " " + to_string(c.rot90);
}

std::optional<Counts> unpack_counts(const std::string& text) {
    Counts c;
    Count* fields[3] = {&c.total, &c.rot180, &c.rot90};
    std::size_t at = 0;
    for (int f = 0; f < 3; ++f) {
        if (f > 0 && (at >= text.size() || text[at++] != ' ')) return std::nullopt;
        const std::size_t start = at;
        Count v = 0;
        for (; at < text.size() && text[at] >= '0' && text[at] <= '9'; ++at) {
            if (v > (~Count{0} - 9) / 10) return std::nullopt;
            v = v * 10 + static_cast<unsigned>(text[at] - '0');
        }
        if (at == start) return std::nullopt;
        *fields[f] = v;
    }
    if (at != text.size()) return std::nullopt;
    return c;
}

int run(const Options& o) {
    int n = 0;
    std::unique_ptr<Journal> journal;
    Counts sum;
    std::uint64_t resumed = 0;
    std::vector<std::uint8_t> done;
    // Checks once, on rank 0: N, then the journal (its parameters, its records).
    int code = checked_on_rank0("queens", [&] {
        n = cli::parse_board_size(o.n_text, "bitsolve-mpi");
        apply_limits(o.common);
        const Split split = make_split(n);
        done.assign(split.items.size(), 0);
        if (!o.checkpoint.empty()) {
            journal = std::make_unique<Journal>(o.checkpoint, fmt::format("queens N={} depth={}", n, split.depth),
                                                split.items.size());
            for (const auto& [unit, bytes] : journal->recovered()) {
                const std::optional<Counts> c = unpack_counts(bytes);
                if (!c)
                    throw InputError("checkpoint '" + quote(o.checkpoint, 200) + "': the record of unit " +
                                     std::to_string(unit) + " is damaged");
                sum += *c;
                done[unit] = 1;
                ++resumed;
            }
        }
        return 0;
    });
    if (code != 0) return code;
    if (rank() != 0) apply_limits(o.common);
    return run_or_abort("queens", [&] {
        const auto t0 = std::chrono::steady_clock::now();
        if (rank() != 0) n = cli::parse_board_size(o.n_text, "bitsolve-mpi");
        const Split split = make_split(n);
        Job job;
        job.units = split.items.size();
        job.compute = [&split](std::uint64_t unit) { return pack_counts(solve(split, unit)); };
        std::uint64_t finished = resumed, this_run = 0;
        std::unique_ptr<ProgressReport> display;
        if (rank() == 0) {
            // Sub-problem sizes are not known ahead: the split's own order (borders in turn).
            for (std::uint64_t u = 0; u < job.units; ++u)
                if (!done[u]) job.order.push_back(u);
            job.on_result = [&](std::uint64_t unit, const std::string& bytes) {
                // Units still in flight at the limit are dropped, not recorded: a resumed run
                // computes them, and this one stops after exactly K.
                if (o.max_units != 0 && this_run >= o.max_units) return false;
                if (journal) journal->append(unit, bytes);
                const std::optional<Counts> c = unpack_counts(bytes);
                if (!c) throw std::runtime_error("a malformed result of unit " + std::to_string(unit));
                sum += *c;
                ++finished, ++this_run;
                return o.max_units == 0 || this_run < o.max_units;
            };
            display = std::make_unique<ProgressReport>();
            job.tick = [&] {
                display->update([&] {
                    const cli::Pace pace = cli::pace_of(finished, job.units, resumed, display->seconds());
                    return fmt::format("queens {}: {}/{} units on {} ranks, {:.0f}/s, ETA {}   ", n, finished,
                                       job.units, ranks(), pace.rate, cli::human_duration(pace.eta));
                });
            };
        }
        const std::vector<RankStats> stats = run_farm(job, o.common.threads);
        if (rank() != 0) return 0;
        display->finish();
        if (journal) journal->sync();
        const std::string resume = "queens " + std::to_string(n) + (o.unique ? " --unique" : "");
        if (stop_requested()) throw LimitError(stop_report(finished, job.units, o.checkpoint, resume));
        if (finished < job.units) {
            if (!journal) throw LimitError(fmt::format("stopped after {} units (--max-units)", this_run));
            throw LimitError(
                fmt::format("stopped after {} units (--max-units); {} of {} units are in the checkpoint "
                            "{}, the same command resumes",
                            this_run, finished, job.units, cli::shell_word(o.checkpoint)));
        }
        const Summary s = summarise(n, sum);
        std::cout << to_string(o.unique ? s.unique : s.total) << "\n";
        if (o.common.stats) {
            cli::print_queens_stats(s);
            std::cerr << "Units: " << job.units << "\nUnits resumed: " << resumed << "\nRanks: " << ranks() << "\n"
                      << format_rank_stats(stats)
                      << fmt::format("Time: {:.3f} s\n",
                                     std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
        return 0;
    });
}

}  // namespace

Command add_queens(CLI::App& app) {
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("queens", "Count the solutions of the N-Queens problem, N = 1..32, on MPI ranks");
    cli::add_queens_count_options(cmd, o->n_text, o->unique);
    cmd->add_option("--checkpoint", o->checkpoint, "Journal of finished units (rank 0); the same command resumes")
        ->type_name("FILE");
    cmd->add_option("--max-units", o->max_units,
                    "Stop after K units finished in this run (exit code 1; resume with --checkpoint)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
        ->type_name("K");
    cli::add_common_options(cmd, o->common);
    cmd->footer(R"(Examples:
  mpirun -np 4 bitsolve-mpi queens 17                      95815104
  mpirun -np 4 bitsolve-mpi queens 20 --checkpoint q20.j   killed and started again: resumes)");
    return Command{cmd, [o] {
                       if (o->n_text.empty()) {
                           return checked_on_rank0("queens", []() -> int {
                               throw UsageError("missing N (see bitsolve-mpi queens --help)");
                           });
                       }
                       return run(*o);
                   }};
}

}  // namespace bitsolve::mpi

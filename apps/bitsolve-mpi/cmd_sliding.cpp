// `bitsolve-mpi sliding --batch FILE`: the boards of a batch, one work unit per board (a line of
// the file: rank 0 reads it and shares it), answers printed in input order with the bytes of
// `bitsolve sliding --batch`; bad lines reported as bitsolve does. Pattern databases are loaded
// (or built into the cache) by rank 0 first, then loaded once per rank. With --checkpoint, each
// finished board's result is journaled before it counts; a rerun solves only the others.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/stats.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "commands.hpp"
#include "farm.hpp"
#include "journal.hpp"
#include "mpi_env.hpp"
#include "progress.hpp"
#include "sliding_batch.hpp"
#include "sliding_pdb.hpp"

namespace bitsolve::mpi {
namespace {

using namespace bitsolve::sliding;

struct Options {
    std::string file;
    bool batch = false;
    std::string goal = "blank-last";
    std::string algo = "auto";
    std::string size;
    bool path = false;
    bool show = false;
    std::string checkpoint;
    cli::CommonOptions common;
    cli::PdbCliOptions pdb;
};

// The batch's settings, as bitsolve sliding --batch makes them (without the pattern databases).
BatchOptions batch_options(const Options& o) {
    SolveOptions solve;
    solve.algorithm = o.algo == "bfs"     ? Algorithm::Bfs
                      : o.algo == "bidir" ? Algorithm::Bidir
                      : o.algo == "ida"   ? Algorithm::Ida
                                          : Algorithm::Auto;
    solve.heuristic = cli::classic_heuristic(o.pdb);
    solve.want_path = o.path || o.show;
    return cli::batch_settings(o.size, o.goal, solve);
}

// One board's result: a kind ('o' answered, 'b' bad line, 'l' a limit of this board), the node
// counts, what the batch's hints need (a length column and its value, the length found, whether
// a -1 reaches the other goal), then the bytes bitsolve prints for it (stdout for 'o', the error
// message otherwise).
std::string solve_line(const Line& line, const BatchOptions& b, const Options& o) {
    std::optional<Geometry> size = b.size;
    if (!size && b.goal) size = b.goal->geo;
    SolveOptions solve_opt = b.solve;
    if (solve_opt.pattern_db) size = solve_opt.pattern_db->geometry(), solve_opt.threads = 1;
    else solve_opt.threads = 1;
    BatchItem item = parse_batch_item(line, size, b.length_column);
    if (item.ok) {
        solve_batch_item(item, [&](BatchItem& it) {
            const Board goal =
                b.goal ? *b.goal : (b.blank_first ? blank_first_goal(it.board.geo) : blank_last_goal(it.board.geo));
            it.solution = solve(it.board, goal, solve_opt);
        });
    }
    if (!item.done) throw LimitError(stop_message());  // a stop: the board is abandoned
    if (!item.ok) return fmt::format("{} 0 0 0 0 0 0 0\n{}", item.limited ? 'l' : 'b', cli::batch_error(item, b));
    std::string out = format_answer(item.solution, o.path) + "\n";
    if (o.show && item.solution.length >= 0) out += format_walk(item.board, item.solution.path) + "\n";
    const SearchStats& st = item.solution.stats;
    return fmt::format("o {} {} {} {} {} {} {}\n{}", st.expanded, st.generated, st.seconds, item.expected ? 1 : 0,
                       item.expected.value_or(0), item.solution.length,
                       cli::BatchHints::reaches_other_goal(item, b, o.goal) ? 1 : 0, out);
}

std::vector<Line> boards_of(const std::string& text) {
    std::vector<Line> lines;
    for (const Line& line : lines_of(text))
        if (!is_blank_or_comment(line.text)) lines.push_back(line);
    return lines;
}

// The options that shape the answers, as a command line (the journal's parameters, the resume hint).
std::string answer_options(const Options& o) {
    std::string s = "sliding --batch --goal " + cli::shell_word(o.goal) + " --algo " + o.algo + " --heuristic " +
                    cli::shell_word(o.pdb.heuristic);
    if (!o.size.empty()) s += " --size " + cli::shell_word(o.size);
    if (o.pdb.prune_depth != 0) s += " --prune-depth " + std::to_string(o.pdb.prune_depth);
    if (o.path) s += " --path";
    if (o.show) s += " --show";
    return s;
}

// The first line of a result (solve_line), read back; nothing for bytes that are not one.
struct ResultHead {
    char kind = 0;
    SearchStats stats;
    int has_expected = 0, length = 0, other_goal = 0;
    long long expected = 0;
};
std::optional<ResultHead> read_head(const std::string& bytes) {
    const std::size_t eol = bytes.find('\n');
    if (bytes.size() < 2 || eol == std::string::npos || bytes[1] != ' ') return std::nullopt;
    ResultHead h;
    h.kind = bytes[0];
    if (h.kind != 'o' && h.kind != 'b' && h.kind != 'l') return std::nullopt;
    const char* p = bytes.data() + 2;
    const char* const end = bytes.data() + eol;
    bool ok = true;
    auto field = [&](auto& value, bool last = false) {
        if (!ok) return;
        const auto [next, ec] = std::from_chars(p, end, value);
        ok = ec == std::errc{} && (last ? next == end : next != end && *next == ' ');
        p = next + (ok && !last ? 1 : 0);
    };
    field(h.stats.expanded);
    field(h.stats.generated);
    field(h.stats.seconds);
    field(h.has_expected);
    field(h.expected);
    field(h.length);
    field(h.other_goal, true);
    if (!ok) return std::nullopt;
    return h;
}

int run(const Options& o) {
    std::string text;
    BatchOptions b;
    std::unique_ptr<Journal> journal;
    int code = checked_on_rank0("sliding", [&] {
        apply_limits(o.common);
        if (!o.batch)
            throw UsageError(
                "--batch is required: one board per line, one board per work unit (see bitsolve-mpi sliding --help)");
        text = read_input(o.file);
        if (!o.checkpoint.empty()) {
            // The batch by its bytes and the options that shape its answers.
            journal = std::make_unique<Journal>(o.checkpoint,
                                                fmt::format("{} input={:016x}", answer_options(o), content_hash(text)),
                                                boards_of(text).size());
            for (const auto& [unit, bytes] : journal->recovered())
                if (!read_head(bytes))
                    throw InputError("checkpoint '" + quote(o.checkpoint, 200) + "': the record of board " +
                                     std::to_string(unit) + " is damaged");
        }
        b = batch_options(o);
        b.solve.pattern_db = cli::batch_pattern_db(o.pdb, b, o.common.threads);  // built into the cache once
        cli::apply_prune_depth(o.pdb, b.solve);
        return 0;
    });
    if (code != 0) return code;
    if (rank() != 0) apply_limits(o.common);
    text = share_text(text);
    return run_or_abort("sliding", [&] {
        if (rank() != 0) {
            b = batch_options(o);
            b.solve.pattern_db = cli::batch_pattern_db(o.pdb, b, o.common.threads);
            cli::apply_prune_depth(o.pdb, b.solve);
        }
        const std::vector<Line> lines = boards_of(text);
        std::vector<std::string> results(rank() == 0 ? lines.size() : 0);
        Job job;
        job.units = lines.size();
        std::uint64_t finished = 0, resumed = 0;
        std::unique_ptr<ProgressReport> display;
        job.compute = [&](std::uint64_t unit) { return solve_line(lines[unit], b, o); };
        if (rank() == 0) {
            if (journal)
                for (const auto& [unit, bytes] : journal->recovered()) results[unit] = bytes, ++finished, ++resumed;
            for (std::uint64_t u = 0; u < job.units; ++u)
                if (results[u].empty()) job.order.push_back(u);
            job.on_result = [&](std::uint64_t unit, const std::string& bytes) {
                if (journal) journal->append(unit, bytes);
                results[unit] = bytes;
                ++finished;
                return true;
            };
            display = std::make_unique<ProgressReport>();
            job.tick = [&] {
                display->update([&] {
                    const cli::Pace pace = cli::pace_of(finished, job.units, resumed, display->seconds());
                    return fmt::format("sliding: {}/{} boards on {} ranks, ETA {}   ", finished, job.units, ranks(),
                                       cli::human_duration(pace.eta));
                });
            };
        }
        const std::vector<RankStats> stats = run_farm(job, o.common.threads);
        if (rank() != 0) return 0;
        display->finish();
        if (journal) journal->sync();
        if (stop_requested())
            throw LimitError(stop_report(finished, job.units, o.checkpoint,
                                         answer_options(o) + (o.file.empty() ? "" : " " + cli::shell_word(o.file))));
        SearchStats total;
        cli::BatchHints hints;
        bool bad = false, limited = false;
        for (std::size_t i = 0; i < results.size(); ++i) {
            const std::string& r = results[i];
            const std::size_t eol = r.find('\n');
            const std::string body = r.substr(eol + 1);
            if (r[0] != 'o') {
                print_error("sliding", body);
                (r[0] == 'l' ? limited : bad) = true;
                continue;
            }
            std::cout << body;
            const std::optional<ResultHead> h = read_head(r);  // checked when it was recovered or received
            if (!h) throw std::logic_error("a damaged result of board " + std::to_string(i + 1));
            total += h->stats;
            hints.add(lines[i].number, h->has_expected ? std::optional<long long>(h->expected) : std::nullopt,
                      h->length, h->other_goal != 0);
        }
        for (const std::string& hint : hints.messages(b.blank_first)) print_error("sliding", hint);
        if (o.common.stats) {
            std::cerr << "Boards: " << results.size() << "\nBoards resumed: " << resumed << "\nAlgorithm: " << o.algo
                      << '\n'
                      << format_stats(total) << "Ranks: " << ranks() << '\n'
                      << format_rank_stats(stats);
        }
        if (limited) return cli::to_int(cli::Exit::Limit);
        return bad ? cli::to_int(cli::Exit::BadInput) : 0;
    });
}

}  // namespace

Command add_sliding(CLI::App& app) {
    auto o = std::make_shared<Options>();
    auto* cmd = app.add_subcommand("sliding", "Fewest moves of every board of a batch, one board per work unit");
    cmd->add_option("FILE", o->file, "Batch file (default: stdin), one board per line");
    cmd->add_flag("--batch", o->batch, "One board per line (required)");
    cmd->add_option("--goal", o->goal, "blank-last (default), blank-first, or the goal's numbers");
    cmd->add_option("--algo", o->algo, "auto (default), bfs, bidir or ida")
        ->check(CLI::IsMember({"auto", "bfs", "bidir", "ida"}));
    cmd->add_option("--size", o->size, "RxC of the boards (default: square)");
    cmd->add_flag("--path", o->path, "Print the moves after the length (U D L R)");
    cmd->add_flag("--show", o->show, "Print the boards along the path");
    cli::add_pdb_options(cmd, o->pdb);
    cmd->add_option("--checkpoint", o->checkpoint, "Journal of finished boards (rank 0); the same command resumes")
        ->type_name("FILE");
    cli::add_common_options(cmd, o->common);
    return Command{cmd, [o] { return run(*o); }};
}

}  // namespace bitsolve::mpi

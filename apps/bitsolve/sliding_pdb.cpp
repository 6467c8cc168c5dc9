#include "sliding_pdb.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/pdb/builder.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/select.hpp"
#include "common.hpp"
#include "pdb_tables.hpp"
#include "progress.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::sliding;

// --pdb-dir, else the default cache directory; the library's refusal gets the options as a hint
// (`hint`: the options of the command at hand).
// A --pdb-dir that does not exist yet is created, but only as the last component: a typo in a
// parent (`--pdb-dir ~/cahce/bitsolve`) is refused rather than creating a tree and starting a
// build of minutes in it.
std::filesystem::path pdb_dir(const PdbCliOptions& o, const char* hint) {
    if (o.dir.empty()) return default_pdb_dir(hint);
    std::filesystem::path dir(o.dir);  // not const: returned by move
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec)) return dir;
    if (std::filesystem::exists(dir, ec))
        throw UsageError("--pdb-dir '" + quote(o.dir, 200) + "' exists and is not a directory");
    std::filesystem::path last = dir.lexically_normal();
    if (!last.has_filename()) last = last.parent_path();  // "dir/"
    std::filesystem::path parent = last.parent_path();
    if (parent.empty()) parent = ".";
    if (!std::filesystem::is_directory(parent, ec))
        throw UsageError("--pdb-dir '" + quote(o.dir, 200) + "': its parent '" + quote(parent.string(), 200) +
                         "' is not a directory (only the last component is created)");
    return dir;
}

std::filesystem::path cache_dir(const PdbCliOptions& o) {
    return o.no_cache ? std::filesystem::path{} : pdb_dir(o, "--pdb-dir or --no-cache");
}

bool computed(const std::string& name) { return name == "md" || name == "lc"; }

std::string duration(double seconds) { return seconds < 0.5 ? "under 1 s" : human_duration(seconds); }

// build-pdb's line before the work: what the tables still to build need (disk, memory, time,
// estimated from the table sizes); nothing when all are cached. Refuses a cache directory
// without the disk space for them.
void announce_build(const std::string& name, Geometry g, const std::string& goal,
                    const std::vector<pdb::PatternSpec>& specs, const std::vector<std::uint8_t>& cached,
                    const std::filesystem::path& dir, unsigned threads) {
    std::size_t missing = 0;
    std::uint64_t entries = 0, disk = 0, memory = 0, peak = 0;
    double cpu = 0;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (cached[i]) continue;
        const pdb::BuildEstimate e = pdb::estimate_build(specs[i]);
        ++missing;
        entries += e.entries;
        disk += e.entries + pdb::kPdbHeaderSize;
        // A zero-aware table's lookup form is cached beside it (pdb::cache_form).
        if (specs[i].zero_aware && pdb::kFormFiles) disk += e.memory_bytes + pdb::kPdbHeaderSize;
        memory += e.memory_bytes;
        peak = std::max(peak, e.peak_bytes);  // one table at a time
        cpu += e.cpu_seconds;
    }
    if (missing == 0) return;  // stdout says "(cached)" for each
    const std::string what = fmt::format("{} for {}x{} {}: {} table{}", name, g.rows, g.cols, goal, specs.size(),
                                         specs.size() == 1 ? "" : "s");
    // A directory the build will create is on the file system of its nearest existing parent.
    std::filesystem::path existing = dir.empty() ? std::filesystem::path{"."} : dir;
    std::error_code ec;
    while (!std::filesystem::exists(existing, ec) && existing.has_relative_path()) existing = existing.parent_path();
    if (existing.empty()) existing = ".";
    const std::filesystem::space_info space = std::filesystem::space(existing, ec);
    if (!ec && space.available < disk)
        throw LimitError(fmt::format("{} needs {} of disk for {}, and '{}' has {} free", name, format_size(disk),
                                     missing == specs.size() ? "its tables" : "the tables not cached",
                                     quote(dir.string(), 200), format_size(space.available)));
    // Zero-aware tables take less memory than disk once loaded (their lookup form, table.hpp), and
    // the disk holds the form too.
    const std::string sizes = memory == entries ? format_size(disk) + " on disk and in memory once loaded"
                                                : format_size(disk) + " on disk (with the lookup forms), " +
                                                      format_size(memory) + " in memory once loaded at most";
    print_note(
        fmt::format("{}, {} to build: {:.1f} M entries, {}, up to {} while building; "
                    "about {} of CPU, {} on {} thread{} (an estimate)",
                    what, missing, static_cast<double>(entries) / 1e6, sizes, format_size(peak), duration(cpu),
                    duration(cpu / std::max(1u, threads)), threads, threads == 1 ? "" : "s"));
}

// A check of the pattern database names the commands accept: the words `extra`, every shipped
// partition (also with -dual), partitions joined by '+', and catalogue:FILE (pattern.hpp; the
// file itself is read when the command runs).
CLI::Validator pdb_name_check(std::initializer_list<const char*> extra) {
    std::vector<std::string> words(extra.begin(), extra.end());
    return CLI::Validator(
        [words](std::string& value) -> std::string {
            if (std::find(words.begin(), words.end(), value) != words.end()) return {};
            const std::string problem = pdb::partition_name_problem(value);
            if (problem.empty()) return {};
            std::string names;
            for (const auto& w : words) names += w + ", ";
            for (const auto& n : pdb::partition_names()) names += n + ", ";
            return problem + " (one of " + names +
                   "a pattern database with -dual, several joined by '+', or catalogue:FILE)";
        },
        "NAME");
}

}  // namespace

void add_pdb_options(CLI::App* cmd, PdbCliOptions& o) {
    cmd->add_option("--heuristic", o.heuristic,
                    "IDA* heuristic: md, lc (default), pdb555, pdb663, pdb78 (4x4), pdb6666, zpdb6666 (zero-aware), "
                    "pdb7773 (5x5), best (the strongest shipped for the size: pdb78 on 4x4, zpdb6666 with "
                    "--prune-depth 12 on 5x5, lc elsewhere) or auto (the same tables without the deeper pruning, and "
                    "pdb663 on 4x4 until the pdb78 tables are cached); a pattern database name with -dual "
                    "(e.g. pdb6666-dual) adds dual lookups in the same tables; names joined by + (e.g. "
                    "pdb6666+pdb7773) take the maximum over those partitions, catalogue:FILE over the partitions "
                    "listed in FILE (README: catalogues)")
        ->check(pdb_name_check({"md", "lc", "auto", "best"}));
    cmd->add_option("--pdb-dir", o.dir,
                    "Pattern database cache (default: $XDG_CACHE_HOME/bitsolve or ~/.cache/bitsolve)");
    cmd->add_flag("--no-cache", o.no_cache, "Build pattern databases in memory only; never read or write the cache");
    cmd->add_option("--prune-depth", o.prune_depth,
                    "IDA* with pattern databases: never play a move string of up to N moves that a shorter or "
                    "earlier one does the same as (Taylor & Korf's finite-state machine; default 12 with --heuristic "
                    "best on 5x5, where it is fastest, else 2: never undo the last move; the machine takes "
                    "about a second to build at 12, more deeper)")
        ->check(CLI::Range(2, 16));
}

namespace {

[[noreturn]] void prune_depth_needs_tables() {
    throw UsageError(
        "--prune-depth applies to IDA* with pattern databases: choose them with --heuristic "
        "(pdb555, pdb663, pdb78, pdb6666, zpdb6666, pdb7773 or best on 4x4 and 5x5)");
}

}  // namespace

void apply_prune_depth(const PdbCliOptions& o, SolveOptions& opt) {
    if (o.prune_depth > 2 && !opt.pattern_db) prune_depth_needs_tables();
    opt.prune_depth = pdb::choose_prune_depth(o.heuristic, opt.pattern_db.get(),
                                              o.prune_depth ? std::optional<int>(o.prune_depth) : std::nullopt);
}

CLI::App* add_build_pdb_command(CLI::App* sliding, PdbCliOptions& o) {
    auto* b = sliding->add_subcommand("build-pdb", "Build a pattern database ahead of time and store it in the cache");
    b->add_option("NAME", o.build_name,
                  "pdb555, pdb663, pdb78 (4x4), pdb6666, zpdb6666, pdb7773 (5x5), or best (with --size: the tables of "
                  "--heuristic best); a -dual name builds the same tables, names joined by + or catalogue:FILE "
                  "those of each partition")
        ->required()
        ->check(pdb_name_check({"best"}));
    b->add_option("--size", o.build_size, "RxC: the board size (needed by best; else checked against NAME)");
    b->add_option("--pdb-dir", o.dir, "Cache directory (default: $XDG_CACHE_HOME/bitsolve or ~/.cache/bitsolve)");
    b->add_option("--goal", o.build_goal, "blank-first or blank-last (default): the goal the tables are for")
        ->check(CLI::IsMember({"blank-first", "blank-last"}));
    b->add_option("--threads,-j", o.build_threads, "Threads (default 0: all cores)")->check(CLI::Range(0u, 1024u));
    add_limit_options(b, o.build_limits);
    b->footer(
        "Examples:\n  bitsolve sliding build-pdb pdb78 --goal blank-first\n"
        "  bitsolve sliding build-pdb best --size 5x5 --goal blank-first --pdb-dir DIR");
    return b;
}

int run_build_pdb(const PdbCliOptions& o) {
    return guarded("sliding build-pdb", [&] {
        apply_common_options(o.build_limits);
        std::string name = o.build_name;
        Geometry g;
        if (name == "best") {
            if (o.build_size.empty())
                throw UsageError("build-pdb best needs --size (4x4 or 5x5): the board size it is best for");
            g = parse_geometry(o.build_size);
            name = std::string(pdb::best_partition(g));
            if (name.empty())
                throw UsageError(fmt::format(
                    "no pattern database is shipped for {}x{} boards: --heuristic best is lc there, which needs "
                    "no table",
                    g.rows, g.cols));
        } else {
            g = pdb::partition_geometry(name);
            if (!o.build_size.empty() && parse_geometry(o.build_size) != g)
                throw UsageError(fmt::format("{} is for {}x{} boards, not --size {}", name, g.rows, g.cols,
                                             quote(o.build_size, 40)));
        }
        const unsigned blank = o.build_goal == "blank-first" ? 0 : static_cast<unsigned>(g.cells() - 1);
        const pdb::TableSource src{pdb_dir(o, "--pdb-dir"), o.build_threads, show_table_events()};
        const std::vector<pdb::PatternSpec> specs = pdb::named_partition(name, g, blank);
        // Checking the cached tables reads each whole (43 GB for the 5x5 catalogue): a terminal
        // shows how far, erased when done.
        std::vector<std::uint8_t> cached;
        cached.reserve(specs.size());
        {
            std::uint64_t to_check = 0, checked = 0;
            for (const auto& spec : specs) to_check += pdb::payload_bytes(pdb::table_path(src.dir, spec));
            ProgressDisplay shown(ProgressDisplay::Style{0, 0.1, true});
            for (std::size_t i = 0; i < specs.size(); ++i) {
                const pdb::ReadProgress progress = [&](std::uint64_t bytes) {
                    checked += bytes;
                    shown.status(
                        [&] { return checking_status(i + 1, specs.size(), checked, to_check, shown.seconds()); });
                };
                cached.push_back(pdb::check_table(pdb::table_path(src.dir, specs[i]), specs[i], progress).status ==
                                 pdb::LoadStatus::Ok);
            }
        }
        announce_build(name, g, o.build_goal, specs, cached, src.dir, resolve_threads(o.build_threads));
        // Making or checking a lookup form takes up to a minute or two for a 7-tile table: a
        // terminal says which, erased when done.
        auto cache_form_shown = [&](const pdb::PatternSpec& spec, const pdb::PdbTable* built) {
            std::optional<ProgressDisplay> shown;
            const std::uint64_t to_read = built ? 0 : pdb::expected_read_bytes(src.dir, spec);
            std::uint64_t read = 0;
            auto show = [&] {
                shown->status([&] {
                    return std::string(built ? "making" : "checking (or making)") + " the lookup form " +
                           pdb::form_path(src.dir, spec).string() + bytes_read(read, to_read);
                });
            };
            pdb::ReadProgress progress;
            if (spec.zero_aware && pdb::kFormFiles && !src.dir.empty()) {
                shown.emplace(ProgressDisplay::Style{0, 0.1, true});
                show();
                progress = [&](std::uint64_t bytes) {
                    read += bytes;
                    show();
                };
            }
            return pdb::cache_form(spec, src, built, progress);
        };
        // Stdout: the files in the cache, a zero-aware table's lookup form after the table.
        for (std::size_t i = 0; i < specs.size(); ++i) {
            const auto file = pdb::table_path(src.dir, specs[i]);
            pdb::FormCache form = pdb::FormCache::None;
            if (cached[i]) {
                std::cout << file.string() << " (cached)\n";
                form = cache_form_shown(specs[i], nullptr);
            } else {
                const pdb::PdbTable table = pdb::obtain_table(specs[i], src);
                std::cout << file.string() << '\n';
                form = cache_form_shown(specs[i], &table);
            }
            if (form == pdb::FormCache::Cached || form == pdb::FormCache::Written)
                std::cout << pdb::form_path(src.dir, specs[i]).string()
                          << (form == pdb::FormCache::Cached ? " (cached)\n" : "\n");
        }
        return 0;
    });
}

Heuristic classic_heuristic(const PdbCliOptions& o) {
    return o.heuristic == "md" ? Heuristic::Manhattan : Heuristic::ManhattanLinearConflict;
}

namespace {

// The usage errors of a named database: one for another size, or with bfs/bidir.
void check_named(const PdbCliOptions& o, const Board& goal, Algorithm algo) {
    if (computed(o.heuristic) || o.heuristic == "auto" || o.heuristic == "best") return;
    // The library refuses these too; here the refusal names the options.
    if (algo == Algorithm::Bfs || algo == Algorithm::Bidir)
        throw UsageError("--heuristic " + o.heuristic + " needs --algo ida or auto");
    if (!pdb::partition_fits(o.heuristic, goal.geo))
        throw UsageError(
            fmt::format("--heuristic {} does not fit a {}x{} board", o.heuristic, goal.geo.rows, goal.geo.cols));
}

// Whether the options select tables for this goal; auto and best select none on other sizes or
// with bfs/bidir, so they need no cache directory there.
bool selects_tables(const PdbCliOptions& o, const Board& goal, Algorithm algo) {
    if (computed(o.heuristic)) return false;
    if (o.heuristic == "auto" || o.heuristic == "best")
        return !pdb::choose_partition(o.heuristic, goal, algo, {}).empty();
    return true;
}

}  // namespace

void check_pdb_options(const PdbCliOptions& o, const Board& goal, Algorithm algo) {
    check_named(o, goal, algo);
    if (o.prune_depth > 2 && !selects_tables(o, goal, algo)) prune_depth_needs_tables();
}

std::shared_ptr<const pdb::PdbHeuristic> pattern_db(const PdbCliOptions& o, const Board& goal, Algorithm algo,
                                                    unsigned threads, std::string* chosen) {
    if (chosen) chosen->clear();
    check_named(o, goal, algo);
    if (!selects_tables(o, goal, algo)) return nullptr;
    const std::filesystem::path dir = cache_dir(o);
    if (chosen) *chosen = pdb::choose_partition(o.heuristic, goal, algo, dir);  // before a build changes the cache
    return pdb::select_pdb(o.heuristic, goal, algo, pdb::TableSource{dir, threads, show_table_events()});
}

std::shared_ptr<const pdb::PdbHeuristic> batch_pattern_db(const PdbCliOptions& o, const BatchOptions& b,
                                                          unsigned threads, std::string* chosen) {
    const auto goal = pdb::batch_goal(o.heuristic, b);
    return goal ? pattern_db(o, *goal, b.solve.algorithm, threads, chosen) : nullptr;
}

void print_iterations(const std::vector<IterationStats>& iterations) {
    for (std::size_t i = 0; i < iterations.size(); ++i)
        std::cerr << fmt::format(
            "Iteration {}: threshold {}, expanded {}, generated {}, lookups {} ({:.2f} per node), {:.3f} s\n", i + 1,
            iterations[i].threshold, iterations[i].expanded, iterations[i].generated, iterations[i].lookups,
            iterations[i].generated
                ? static_cast<double>(iterations[i].lookups) / static_cast<double>(iterations[i].generated)
                : 0.0,
            iterations[i].seconds);
}

}  // namespace bitsolve::cli

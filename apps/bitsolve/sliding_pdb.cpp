#include "sliding_pdb.hpp"

#include <iostream>

#include <fmt/format.h>

#include "bitsolve/core/batch_stream.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "common.hpp"
#include "pdb_tables.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::sliding;

std::filesystem::path cache_dir(const PdbCliOptions& o) {
    if (o.no_cache) return {};
    return o.dir.empty() ? default_pdb_dir() : std::filesystem::path(o.dir);
}

bool all_cached(const std::filesystem::path& dir, const std::vector<pdb::PatternSpec>& specs) {
    if (dir.empty()) return false;
    for (const auto& s : specs)
        if (!std::filesystem::exists(pdb::table_path(dir, s))) return false;
    return true;
}

std::vector<std::uint8_t> cells_of(const Board& b) {
    return std::vector<std::uint8_t>(b.tiles.begin(), b.tiles.begin() + b.cells());
}

}  // namespace

void add_pdb_options(CLI::App* cmd, PdbCliOptions& o) {
    cmd->add_option("--heuristic", o.heuristic,
                    "IDA* heuristic: md, lc (default), pdb555, pdb663, pdb78 (4x4), pdb6666 (5x5), or auto "
                    "(the strongest pattern database for the size)")
        ->check(CLI::IsMember({"md", "lc", "pdb555", "pdb663", "pdb78", "pdb6666", "auto"}));
    cmd->add_option("--pdb-dir", o.dir,
                    "Pattern database cache (default: $XDG_CACHE_HOME/bitsolve or ~/.cache/bitsolve)");
    cmd->add_flag("--no-cache", o.no_cache, "Build pattern databases in memory only; never read or write the cache");
}

CLI::App* add_build_pdb_command(CLI::App* sliding, PdbCliOptions& o) {
    auto* b = sliding->add_subcommand("build-pdb", "Build a pattern database ahead of time and store it in the cache");
    b->add_option("NAME", o.build_name, "pdb555, pdb663, pdb78 (4x4) or pdb6666 (5x5)")
        ->required()
        ->check(CLI::IsMember({"pdb555", "pdb663", "pdb78", "pdb6666"}));
    b->add_option("--pdb-dir", o.dir, "Cache directory (default: $XDG_CACHE_HOME/bitsolve or ~/.cache/bitsolve)");
    b->add_option("--goal", o.build_goal, "blank-first or blank-last (default): the goal the tables are for")
        ->check(CLI::IsMember({"blank-first", "blank-last"}));
    b->add_option("--threads,-j", o.build_threads, "Threads (default: all cores)")->check(CLI::Range(0u, 1024u));
    add_limit_options(b, o.build_limits);
    b->footer("Example:\n  bitsolve sliding build-pdb pdb78 --goal blank-first");
    return b;
}

int run_build_pdb(const PdbCliOptions& o) {
    return guarded("sliding build-pdb", [&] {
        apply_common_options(o.build_limits);
        const unsigned side = o.build_name == "pdb6666" ? 5 : 4, n = side * side;
        const unsigned blank = o.build_goal == "blank-first" ? 0 : n - 1;
        const pdb::TableSource src{o.dir.empty() ? default_pdb_dir() : std::filesystem::path(o.dir), o.build_threads,
                                   show_table_events()};
        for (const auto& spec : pdb::named_partition(o.build_name, side, side, blank)) {
            const auto file = pdb::table_path(src.dir, spec);
            if (pdb::load_table(file, spec).status == pdb::LoadStatus::Ok) {
                std::cout << file.string() << " (cached)\n";
                continue;
            }
            pdb::obtain_table(spec, src);
            std::cout << file.string() << '\n';
        }
        return 0;
    });
}

Heuristic classic_heuristic(const PdbCliOptions& o) {
    return o.heuristic == "md" ? Heuristic::Manhattan : Heuristic::ManhattanLinearConflict;
}

std::shared_ptr<const pdb::PdbHeuristic> select_pdb(const PdbCliOptions& o, const Board& goal, const std::string& algo,
                                                    unsigned threads) {
    if (o.heuristic == "md" || o.heuristic == "lc") return nullptr;
    const unsigned rows = static_cast<unsigned>(goal.geo.rows), cols = static_cast<unsigned>(goal.geo.cols);
    const unsigned n = rows * cols, blank = static_cast<unsigned>(goal.blank());
    const auto dir = cache_dir(o);
    std::string name = o.heuristic;
    if (name == "auto") {
        // The strongest database for the size: 7-8 once cached (its first build takes minutes),
        // else 6-6-3 (seconds); 6-6-6-6 on 5x5. Other sizes and goals keep linear conflict.
        if (blank != 0 && blank != n - 1) return nullptr;
        if (rows == 4 && cols == 4)
            name = all_cached(dir, pdb::named_partition("pdb78", 4, 4, blank)) ? "pdb78" : "pdb663";
        else if (rows == 5 && cols == 5) name = "pdb6666";
        else return nullptr;
        if (algo != "auto" && algo != "ida") return nullptr;
    } else if (algo != "auto" && algo != "ida") {
        throw UsageError("--heuristic " + name + " needs --algo ida or auto");
    }
    if (!pdb::partition_fits(name, rows, cols))
        throw UsageError(fmt::format("--heuristic {} does not fit a {}x{} board", name, rows, cols));
    const pdb::TableSource src{dir, threads, show_table_events()};
    pdb::PdbSet set;
    for (const auto& spec : pdb::named_partition(name, rows, cols, blank))
        set.tables.push_back(std::make_shared<const pdb::PdbTable>(pdb::obtain_table(spec, src)));
    return std::make_shared<const pdb::PdbHeuristic>(rows, cols, cells_of(goal), std::move(set));
}

std::optional<Board> pdb_batch_goal(const PdbCliOptions& o, const BatchOptions& b) {
    if (o.heuristic == "md" || o.heuristic == "lc") return std::nullopt;
    if (b.goal) return *b.goal;
    Geometry g;
    if (b.size) g = *b.size;
    else if (o.heuristic == "auto") return std::nullopt;  // mixed sizes: auto keeps the classic solver
    else g = o.heuristic == "pdb6666" ? Geometry{5, 5} : Geometry{4, 4};
    return b.blank_first ? blank_first_goal(g) : blank_last_goal(g);
}

Solution solve_with_pdb(const pdb::PdbHeuristic& h, const Board& start, unsigned threads,
                        std::vector<pdb::IterationStats>* iterations) {
    const pdb::PdbSolution p = pdb::solve_pdb(h, cells_of(start), threads);
    Solution s;
    s.length = p.length;
    s.used = p.length < 0 ? Algorithm::Auto : Algorithm::Ida;
    for (char c : p.path)
        s.path.push_back(c == 'U' ? Dir::Up : c == 'L' ? Dir::Left : c == 'R' ? Dir::Right : Dir::Down);
    s.stats = p.totals;
    if (iterations) *iterations = p.iterations;
    return s;
}

bool solve_batch_pdb(std::string_view text, const BatchOptions& opt, const pdb::PdbHeuristic& h,
                     const std::function<void(const BatchItem&)>& emit) {
    const Geometry g{static_cast<int>(h.rows()), static_cast<int>(h.cols())};
    return stream_batch<BatchItem>(
        text, opt.threads, [&](const Line& line) { return parse_batch_item(line, g); },
        [&](BatchItem& item) {
            solve_batch_item(item, [&](BatchItem& it) { it.solution = solve_with_pdb(h, it.board, 1); });
        },
        emit);
}

void print_iterations(const std::vector<pdb::IterationStats>& iterations) {
    for (std::size_t i = 0; i < iterations.size(); ++i)
        std::cerr << fmt::format("Iteration {}: threshold {}, expanded {}, generated {}\n", i + 1,
                                 iterations[i].threshold, iterations[i].expanded, iterations[i].generated);
}

}  // namespace bitsolve::cli

#include "bitsolve/sliding/solver.hpp"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/search/bidir.hpp"
#include "bitsolve/core/search/idastar.hpp"
#include "bitsolve/core/visited.hpp"
#include "bitsolve/core/visited_bits.hpp"
#include "bitsolve/sliding/domain.hpp"
#include "bitsolve/sliding/heuristics.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "bitsolve/sliding/rank.hpp"

namespace bitsolve::sliding {

namespace {

// Bidirectional BFS visits a small part of the space, so clearing two dense tables over all of it
// costs more than hashing beyond the smallest boards (measured with BM_Algo: hashed stores were
// several times faster on 3x3 and over ten times on 2x5).
constexpr int kMaxDenseBidirCells = 6;
constexpr int kMaxHashedCells = 16;  // packed key in 64 bits

std::string size_name(Geometry g) { return std::to_string(g.rows) + "x" + std::to_string(g.cols); }

// The whole reachable space, for refusal messages (25!/2 does not fit 64 bits).
std::string space_text(Geometry g, std::size_t bytes_per_board) {
    const double boards = std::tgamma(g.cells() + 1.0) / 2;
    return fmt::format("{:.3g} boards, {:.3g} GB of visited table", boards,
                       boards * static_cast<double>(bytes_per_board) / 1e9);
}

std::string refusal_text(const char* algo, Geometry g, const std::string& why) {
    return std::string(algo) + " cannot solve a " + size_name(g) + " board: " + why;
}

void refuse_if_too_large(Algorithm a, Geometry g) {
    if (std::string why = refusal(a, g); !why.empty()) throw LimitError(why);
}

template <class Result>
Solution from_result(const Result& r, Algorithm used) {
    Solution s;
    s.length = r.depth;
    s.path = r.path;
    s.stats = r.stats;
    s.used = used;
    return s;
}

Solution solve_bfs(const Board& start, const Board& goal, bool want_path) {
    const Geometry g = start.geo;
    using Store = DenseParentMap<Dir>;
    refuse_if_too_large(Algorithm::Bfs, g);
    const Ranked<Pack16> dom(g, goal);
    Store store(reachable_count(g.cells()));
    BfsOptions opt;
    opt.want_path = want_path;
    return from_result(bfs(dom, pack<Pack16>(start), store, opt), Algorithm::Bfs);
}

Solution solve_bidir(const Board& start, const Board& goal, bool want_path) {
    const Geometry g = start.geo;
    if (g.cells() <= kMaxDenseBidirCells) {
        const Ranked<Pack16> dom(g, goal);
        DenseParentMap<Dir> fwd(reachable_count(g.cells())), bwd(reachable_count(g.cells()));
        return from_result(bidirectional_bfs(dom, pack<Pack16>(start), pack<Pack16>(goal), fwd, bwd, want_path),
                           Algorithm::Bidir);
    }
    if (g.cells() <= kMaxHashedCells) {
        const SlidingDomain<Pack16> dom(g, goal);
        ParentMap<std::uint64_t, Dir> fwd(1 << 10), bwd(1 << 10);
        return from_result(bidirectional_bfs(dom, pack<Pack16>(start), pack<Pack16>(goal), fwd, bwd, want_path),
                           Algorithm::Bidir);
    }
    refuse_if_too_large(Algorithm::Bidir, g);
    throw std::logic_error("bidir: a board size without a visited set");
}

template <class P, class H>
Solution run_ida(const Board& start, const Board& goal, const SolveOptions& opt) {
    const SlidingDomain<P> dom(start.geo, goal);
    const H h(start.geo, goal);
    IdaOptions ida;
    if (opt.on_iteration) {
        ida.on_iteration = [&opt, before = SearchStats{}](int bound, const SearchStats& so_far) mutable {
            opt.on_iteration(
                IterationStats{bound, so_far.expanded - before.expanded, so_far.generated - before.generated});
            before = so_far;
        };
    }
    return from_result(ida_star(dom, pack<P>(start), h, ida), Algorithm::Ida);
}

// The one place where IDA*'s heuristic is chosen.
template <class P>
Solution solve_ida(const Board& start, const Board& goal, const SolveOptions& opt) {
    switch (opt.heuristic) {
        case Heuristic::Manhattan: return run_ida<P, Manhattan<P>>(start, goal, opt);
        case Heuristic::ManhattanLinearConflict: break;
    }
    return run_ida<P, ManhattanLinearConflict<P>>(start, goal, opt);
}

}  // namespace

const char* algorithm_name(Algorithm a) {
    switch (a) {
        case Algorithm::Auto: return "auto";
        case Algorithm::Bfs: return "bfs";
        case Algorithm::Bidir: return "bidir";
        case Algorithm::Ida: return "ida";
    }
    return "?";
}

// Measured per geometry (bench/sliding_bench.cpp, BM_Algo; docs/benchmarks.md): on boards two
// cells wide and at least four long, Manhattan + linear conflicts is a weak bound (tiles pass
// each other only around the long side) and bidirectional BFS over at most 10!/2 boards is faster;
// everywhere else IDA* wins by far.
Algorithm choose_algorithm(Geometry g) {
    const bool narrow = (g.rows == 2 || g.cols == 2) && g.cells() >= 8;
    return narrow ? Algorithm::Bidir : Algorithm::Ida;
}

std::string refusal(Algorithm algorithm, Geometry g) {
    switch (algorithm) {
        case Algorithm::Bfs:
            if (g.cells() > kMaxRankedCells)
                return refusal_text(
                    "bfs", g,
                    "its space is too large to index (" + space_text(g, sizeof(DenseParentMap<Dir>::Key) + 4) + ")");
            break;
        case Algorithm::Bidir:
            if (g.cells() > kMaxHashedCells)
                return refusal_text("bidir", g, "its boards do not fit the 64-bit keys of the visited sets");
            break;
        case Algorithm::Auto:
        case Algorithm::Ida: break;
    }
    return {};
}

Solution solve(const Board& start, const Board& goal, const SolveOptions& opt) {
    if (!(start.geo == goal.geo) || !is_valid(start) || !is_valid(goal))
        throw InputError("the board and the goal must be valid boards of the same size");
    if (opt.pattern_db) {
        if (opt.algorithm == Algorithm::Bfs || opt.algorithm == Algorithm::Bidir)
            throw UsageError(std::string("pattern databases are a heuristic of IDA*, not of ") +
                             algorithm_name(opt.algorithm));
        if (!(goal == opt.pattern_db->goal())) throw UsageError("the pattern databases were made for another goal");
    }
    if (opt.prune_depth != 2) {
        MoveFsm::check_depth(opt.prune_depth);  // before the parity answer; the machine is built by the search
        if (!opt.pattern_db) throw UsageError("move pruning deeper than 2 is a feature of IDA* with pattern databases");
    }
    if (!solvable(start, goal)) return Solution{};
    if (opt.pattern_db) {
        Solution s = pdb::solve_pdb(*opt.pattern_db, start, opt.threads, std::numeric_limits<int>::max(),
                                    opt.on_iteration, opt.prune_depth);
        if (!opt.want_path) s.path.clear();
        return s;
    }
    Algorithm algo = opt.algorithm == Algorithm::Auto ? choose_algorithm(start.geo) : opt.algorithm;
    Solution s;
    switch (algo) {
        case Algorithm::Bfs: s = solve_bfs(start, goal, opt.want_path); break;
        case Algorithm::Bidir: s = solve_bidir(start, goal, opt.want_path); break;
        case Algorithm::Auto:
        case Algorithm::Ida:
            s = start.cells() <= Pack16::kCells ? solve_ida<Pack16>(start, goal, opt)
                                                : solve_ida<Pack25>(start, goal, opt);
            break;
    }
    if (!opt.want_path) s.path.clear();
    return s;
}

std::string format_answer(const Solution& s, bool with_path) {
    std::string out = std::to_string(s.length);
    if (with_path && s.length > 0) out += ' ' + path_letters(s.path);
    return out;
}

std::vector<std::uint64_t> distance_layers(const Board& goal, SearchStats* stats) {
    const Geometry g = goal.geo;
    if (g.cells() > kMaxRankedCells)
        throw LimitError("distance layers cover boards of at most 12 cells; a " + size_name(g) + " board has " +
                         space_text(g, 8));
    const Ranked<Pack16> dom(g, goal);
    VisitedBits<Dir> store(reachable_count(g.cells()));  // counting only: one bit per board
    BfsOptions opt;
    opt.stop_at_goal = false;
    opt.want_path = false;
    auto r = bfs(dom, pack<Pack16>(goal), store, opt);
    if (stats) *stats = r.stats;
    return r.layers;
}

}  // namespace bitsolve::sliding

#include "bitsolve/sliding/pdb/solver.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "ida_worker.hpp"

namespace bitsolve::sliding::pdb {
namespace {

using detail::Context;
using detail::FrontierNode;
using detail::kMaxDepth;
using detail::kSplitDepth;

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

Path path_of(const Dir* moves, int n) { return Path(moves, moves + n); }

// The search, with or without dual lookups, over S sides, reflected or not, with or without
// zero-aware tables (Worker<Dual, S, Reflect, Zero>).
template <bool Dual, unsigned S, bool Reflect, bool Zero>
PdbSolution search(const Context& ctx, const MoveFsm& fsm, const PdbHeuristic& heuristic, const Board& board,
                   unsigned threads, int max_threshold, const std::function<void(const IterationStats&)>& on_iteration,
                   std::chrono::steady_clock::time_point t0) {
    using Worker = detail::Worker<Dual, S, Reflect, Zero>;
    PdbSolution sol;
    Worker root(ctx, board);
    // The dual sums of the start raise the first threshold too (evaluate takes all the sums),
    // rounded up to the parity of the solutions as every f is with dual lookups (ida_worker.hpp).
    sol.initial_h = root.heuristic();
    if (heuristic.dual()) {
        sol.initial_h = heuristic.evaluate(board);
        sol.initial_h += (sol.initial_h ^ root.parity) & 1;
    }
    auto finish = [&] {
        sol.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return sol;
    };
    if (!solvable(board, heuristic.goal())) return finish();
    sol.used = Algorithm::Ida;
    if (root.at_goal()) {
        sol.length = 0;
        return finish();
    }
    std::vector<FrontierNode> frontier;
    std::vector<IterationStats> subtree;  // per frontier node: its subtree's counts
    for (int bound = sol.initial_h;;) {
        if (bound > kMaxDepth) throw LimitError("no solution within " + std::to_string(kMaxDepth) + " moves");
        if (bound > max_threshold) {
            sol.cut_off = true;
            return finish();
        }
        IterationStats it;
        it.threshold = bound;
        const auto started = std::chrono::steady_clock::now();
        int next = std::numeric_limits<int>::max();
        Worker w = root;
        w.bound = bound;
        bool found = false;
        if (threads <= 1) {
            found = w.search(0, MoveFsm::kStart);
            if (found) sol.path = path_of(w.path, bound);
        } else {
            frontier.clear();
            found = w.enumerate(0, MoveFsm::kStart, std::min(kSplitDepth, bound), frontier);
            if (found) sol.path = path_of(w.path, bound);
        }
        it.expanded = w.expanded;
        it.generated = w.generated;
        it.lookups = w.lookups;
        next = w.next_bound;
        if (!found && threads > 1 && !frontier.empty()) {
            const int split = std::min(kSplitDepth, bound);
            std::atomic<std::size_t> winner{kNone};
            std::mutex mu;
            subtree.assign(frontier.size(), IterationStats{});
            parallel_for(frontier.size(), threads, [&](std::size_t i) {
                if (winner.load(std::memory_order_relaxed) < i) return;
                Worker sub = root;
                sub.bound = bound;
                sub.winner = &winner;
                sub.index = i;
                const auto& moves = frontier[i].moves;
                std::int32_t state = MoveFsm::kStart;
                for (int j = 0; j < split; ++j) {
                    const Dir d = moves[static_cast<std::size_t>(j)];
                    sub.step(d);
                    sub.path[j] = d;
                    state = fsm.next(state, d);
                }
                const bool hit = sub.search(split, state);
                subtree[i].expanded = sub.expanded;
                subtree[i].generated = sub.generated;
                subtree[i].lookups = sub.lookups;
                std::lock_guard lock(mu);
                next = std::min(next, sub.next_bound);
                if (hit && i < winner.load()) {
                    winner.store(i);
                    sol.path = path_of(sub.path, bound);
                }
            });
            check_stop();
            // The counts are those of a single DFS stopping at its first solution, whatever the
            // thread count. A subtree before the winner is never cut short (a worker stops only
            // when a solution lies in an earlier subtree) and the winner's own search stops at
            // its first solution in DFS order; subtrees after it, partly searched or skipped
            // depending on scheduling, are not counted, nor is the enumeration past the winner.
            const std::size_t win = winner.load();
            found = win != kNone;
            const std::size_t counted = found ? win + 1 : frontier.size();
            if (found) {
                it.expanded = frontier[win].expanded;
                it.generated = frontier[win].generated;
                it.lookups = frontier[win].lookups;
            }
            for (std::size_t i = 0; i < counted; ++i) {
                it.expanded += subtree[i].expanded;
                it.generated += subtree[i].generated;
                it.lookups += subtree[i].lookups;
            }
        }
        it.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        sol.iterations.push_back(it);
        if (on_iteration) on_iteration(it);
        sol.stats.expanded += it.expanded;
        sol.stats.generated += it.generated;
        if (found) {
            sol.length = bound;
            return finish();
        }
        if (next == std::numeric_limits<int>::max())
            throw std::logic_error("IDA* ran out of nodes on a solvable board");
        bound = next;
    }
}

using SearchFn = PdbSolution (*)(const Context&, const MoveFsm&, const PdbHeuristic&, const Board&, unsigned, int,
                                 const std::function<void(const IterationStats&)>&,
                                 std::chrono::steady_clock::time_point);

// The search for a context's sides (1 to kMaxSides, every odd one mirrored with reflection; dual
// lookups take one partition of tables of minima, PdbHeuristic), or null.
template <bool Zero>
SearchFn pick_search(unsigned sides, bool reflect) {
    if (reflect)
        return sides == 2   ? &search<false, 2, true, Zero>
               : sides == 4 ? &search<false, 4, true, Zero>
               : sides == 6 ? &search<false, 6, true, Zero>
                            : nullptr;
    return sides == 1   ? &search<false, 1, false, Zero>
           : sides == 2 ? &search<false, 2, false, Zero>
           : sides == 3 ? &search<false, 3, false, Zero>
                        : nullptr;
}

SearchFn pick_search(unsigned sides, bool reflect, bool dual, bool zero_aware) {
    if (dual)
        return sides == 1 && !reflect  ? &search<true, 1, false, false>
               : sides == 2 && reflect ? &search<true, 2, true, false>
                                       : nullptr;
    return zero_aware ? pick_search<true>(sides, reflect) : pick_search<false>(sides, reflect);
}

}  // namespace

PdbSolution solve_pdb(const PdbHeuristic& heuristic, const Board& board, unsigned threads, int max_threshold,
                      const std::function<void(const IterationStats&)>& on_iteration, int prune_depth) {
    const auto t0 = std::chrono::steady_clock::now();
    const MoveFsm& fsm = move_fsm(prune_depth, heuristic.geometry());
    const Context ctx(heuristic, fsm);
    if (!(board.geo == heuristic.geometry()) || !is_valid(board))
        throw UsageError("the board is not a valid board of the pattern databases' size");
    threads = resolve_threads(threads);
    const SearchFn run = pick_search(ctx.sides, ctx.reflect, ctx.dual, ctx.zero_aware);
    if (!run) throw std::logic_error("solve_pdb: no search for " + std::to_string(ctx.sides) + " sides");
    return run(ctx, fsm, heuristic, board, threads, max_threshold, on_iteration, t0);
}

}  // namespace bitsolve::sliding::pdb

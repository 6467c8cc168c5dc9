#pragma once
// Bidirectional breadth-first search between one start and one goal state, over any Domain whose
// moves can be reversed (`d.inverse(m)` undoes m), with one parent store per direction
// (ParentMap for hashed keys, DenseParentMap for perfect-hash ranks).
//
// Each round expands one whole layer of the smaller frontier. The first generated state found in
// the other direction's store closes an optimal path: before the round the two stores are
// complete up to depths kf and kb and disjoint, so the optimum L > kf + kb; the round generates
// every state at depth k+1 of its side, and any hit at depth j of the other side proves
// L <= k + 1 + j <= kf + kb + 1, hence L = k + 1 + j exactly. When a frontier empties first,
// the goal is unreachable.
//
// The path is rebuilt from both stores: forward parents up to the meeting state, then the
// backward store's moves, inverted, from the meeting state down to the goal.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/search/domain.hpp"
#include "bitsolve/core/search/expand.hpp"
#include "bitsolve/core/stats.hpp"

namespace bitsolve {

template <class D>
concept InvertibleDomain = Domain<D> && requires(const D& d, typename D::Move m) {
    { d.inverse(m) } -> std::convertible_to<typename D::Move>;
};

template <class Move>
struct BidirResult {
    int depth = -1;            // length of an optimal path, -1 when the goal is unreachable
    std::vector<Move> path;    // start -> goal (when requested)
    std::uint64_t states = 0;  // states stored in both directions
    SearchStats stats;
};

// Path start -> goal through the meeting state m (key km): the forward store describes
// start -> m, the backward store goal -> m.
template <class D, class Store>
std::vector<typename D::Move> join_paths(const D& d, typename D::State m, typename Store::Key km, const Store& fwd,
                                         const Store& bwd) {
    using Move = typename D::Move;
    using SKey = typename Store::Key;
    std::vector<Move> path = rebuild_path<Store, SKey, Move>(fwd, km);
    // Walk from m to the goal: each backward parent link was made by a move from the parent to
    // the current state, so its inverse leads one step closer to the goal.
    Move mv{};
    for (SKey k = km;;) {
        const auto p = bwd.parent(k, mv);
        if (p == Store::kEmpty) break;
        const Move back = d.inverse(mv);
        path.push_back(back);
        m = d.apply(m, back);
        k = static_cast<SKey>(d.key(m));
    }
    return path;
}

template <InvertibleDomain D, class Store>
BidirResult<typename D::Move> bidirectional_bfs(const D& d, const typename D::State& start,
                                                const typename D::State& goal, Store& fwd, Store& bwd,
                                                bool want_path = true) {
    using State = typename D::State;
    using Move = typename D::Move;
    using SKey = typename Store::Key;
    const auto t0 = std::chrono::steady_clock::now();
    BidirResult<Move> r;
    auto finish = [&] {
        r.states = fwd.size() + bwd.size();
        r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return r;
    };
    const auto kstart = static_cast<SKey>(d.key(start)), kgoal = static_cast<SKey>(d.key(goal));
    fwd.insert_root(kstart);
    bwd.insert_root(kgoal);
    if (kstart == kgoal) {
        r.depth = 0;
        return finish();
    }
    std::vector<State> front[2] = {{start}, {goal}}, next;
    MemoryHold held;  // for the three lists
    auto fronts_bytes = [&front] { return (front[0].capacity() + front[1].capacity()) * sizeof(State); };
    int depth[2] = {0, 0};
    Store* store[2] = {&fwd, &bwd};
    while (!front[0].empty() && !front[1].empty()) {
        const int side = front[0].size() <= front[1].size() ? 0 : 1;
        const Store& other = *store[1 - side];
        next.clear();
        const bool met = expand_layer(d, front[side], *store[side], r.stats, [&](const State& t, SKey k) {
            if (!other.contains(k)) {
                push_frontier(next, t, held, fronts_bytes);
                return false;
            }
            // Depth of t on the other side: count its parent chain.
            r.depth = depth[side] + 1 + static_cast<int>(rebuild_path<Store, SKey, Move>(other, k).size());
            if (want_path) r.path = join_paths(d, t, k, fwd, bwd);
            return true;
        });
        if (met) return finish();
        ++depth[side];
        front[side].swap(next);
    }
    return finish();
}

}  // namespace bitsolve

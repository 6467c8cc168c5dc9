#pragma once
// Breadth-first search, written once over any Domain and any parent store (ParentMap for hashed
// keys, DenseParentMap for perfect-hash ranks).
//
// The frontier is two vectors of states swapped per layer (amortised, no per-node allocation).
// With `stop_at_goal` the search returns at the first goal found while generating a layer, so
// the distance is optimal; without it, it runs to exhaustion and records every layer's size —
// the perft-style distance distribution used as a regression test.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/search/domain.hpp"
#include "bitsolve/core/search/expand.hpp"
#include "bitsolve/core/stats.hpp"

namespace bitsolve {

template <class Move>
struct BfsResult {
    int depth = -1;                     // distance of the goal found, -1 when none is reachable
    std::vector<Move> path;             // moves from start to that goal (when requested)
    std::vector<std::uint64_t> layers;  // layers[d] = states at distance d (exhaustive runs)
    std::uint64_t states = 0;           // states reached
    SearchStats stats;
};

struct BfsOptions {
    bool stop_at_goal = true;
    bool want_path = true;
    int max_depth = 1 << 30;
};

// Rebuilds the move sequence ending at `key` from a parent store.
template <class Store, class Key, class Move>
std::vector<Move> rebuild_path(const Store& store, Key key) {
    std::vector<Move> path;
    Move m{};
    for (Key k = key;;) {
        const auto p = store.parent(k, m);
        if (p == Store::kEmpty) break;
        path.push_back(m);
        k = static_cast<Key>(p);
    }
    std::reverse(path.begin(), path.end());
    return path;
}

template <Domain D, class Store>
BfsResult<typename D::Move> bfs(const D& d, const typename D::State& start, Store& store, const BfsOptions& opt = {}) {
    using State = typename D::State;
    using Move = typename D::Move;
    using SKey = typename Store::Key;
    const auto t0 = std::chrono::steady_clock::now();
    BfsResult<Move> r;
    auto finish = [&] {
        r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return r;
    };
    std::vector<State> frontier{start}, next;
    MemoryHold held;  // for the two lists
    auto frontier_bytes = [&frontier] { return frontier.capacity() * sizeof(State); };
    store.insert_root(static_cast<SKey>(d.key(start)));
    r.states = 1;
    r.layers.push_back(1);
    if (opt.stop_at_goal && d.is_goal(start)) {
        r.depth = 0;
        return finish();
    }
    for (int depth = 1; !frontier.empty() && depth <= opt.max_depth; ++depth) {
        next.clear();
        const bool found = expand_layer(d, frontier, store, r.stats, [&](const State& t, SKey k) {
            push_frontier(next, t, held, frontier_bytes);
            if (!opt.stop_at_goal || !d.is_goal(t)) return false;
            r.depth = depth;
            if (opt.want_path) r.path = rebuild_path<Store, SKey, Move>(store, k);
            return true;
        });
        if (found) {
            r.states = store.size();
            return finish();
        }
        if (next.empty()) break;
        r.layers.push_back(next.size());
        frontier.swap(next);
    }
    r.states = store.size();
    if (!opt.stop_at_goal) r.depth = static_cast<int>(r.layers.size()) - 1;  // eccentricity of start
    return finish();
}

}  // namespace bitsolve

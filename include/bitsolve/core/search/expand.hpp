#pragma once
// The layer expansion shared by breadth-first search (bfs.hpp) and bidirectional BFS
// (bidir.hpp): every state of a frontier is counted, its successors generated and each child
// offered to the parent store. Written once so that both searches poll the stop flag, count
// nodes and record parents the same way. A template over the callback, forced inline into each
// search (left out of line, bidirectional BFS measured slower), so the loop is the hand-written
// one: no per-node call through a pointer, no allocation.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/search/domain.hpp"
#include "bitsolve/core/stats.hpp"

namespace bitsolve {

// Expands every state of `frontier` in order: polls the stop flag every 4096 expansions
// (check_stop), counts expanded and generated nodes in `stats`, and inserts each child into
// `store` with its parent's key and the move. on_new(child, key) is called for each child seen
// for the first time; when it returns true the expansion ends at once and this returns true
// (the goal, or the other side of a bidirectional search, was reached). Returns false after the
// whole layer.
template <Domain D, class Store, class OnNew>
[[gnu::always_inline]] inline bool expand_layer(const D& d, const std::vector<typename D::State>& frontier,
                                                Store& store, SearchStats& stats, OnNew&& on_new) {
    using State = typename D::State;
    using SKey = typename Store::Key;
    typename D::Move moves[D::kMaxMoves];
    // Counted in locals (registers), written back when the layer ends or the search does: the
    // store's out-of-line paths (growth) cannot force them through memory on every node.
    std::uint64_t expanded = stats.expanded, generated = stats.generated;
    auto write_back = [&] {
        stats.expanded = expanded;
        stats.generated = generated;
    };
    for (const State& s : frontier) {
        if ((expanded & 0xFFF) == 0) check_stop();
        ++expanded;
        const auto parent = static_cast<SKey>(d.key(s));
        const std::size_t n = d.successors(s, moves);
        generated += n;
        for (std::size_t i = 0; i < n; ++i) {
            const State t = d.apply(s, moves[i]);
            const auto k = static_cast<SKey>(d.key(t));
            if (!store.try_insert(k, parent, moves[i])) continue;
            if (on_new(t, k)) {
                write_back();
                return true;
            }
        }
    }
    write_back();
    return false;
}

// Appends `t` to the next layer. When the list must grow, its new size is held first (its old
// storage beside the new while it is copied), with `others()` bytes of the search's other frontier
// lists: `hold` follows the capacities of all of them (a swap of two lists keeps their sum).
template <class State, class Others>
[[gnu::always_inline]] inline void push_frontier(std::vector<State>& next, const State& t, MemoryHold& hold,
                                                 Others&& others) {
    if (next.size() == next.capacity()) [[unlikely]] {
        const std::size_t rest = others(), grown = std::max<std::size_t>(2 * next.capacity(), 64);
        hold.hold(rest + (next.capacity() + grown) * sizeof(State), "the search frontier");
        next.reserve(grown);
        hold.hold(rest + next.capacity() * sizeof(State), "the search frontier");
    }
    next.push_back(t);
}

}  // namespace bitsolve

#pragma once
// Cluster analysis: everything reachable from a board, and how far each state is from a goal.
//
// Two passes over the component. A forward BFS from the board, over the chosen metric's moves,
// numbers every reachable state (index = BFS order) in a KeyIndex and records each state's
// neighbours as indices; then a multi-source BFS from all goal states, in index order, walks
// those neighbour lists (moves are reversible) and gives every state's distance to its nearest
// goal, with no hashing and no move generation.
//
// The hardest state is the one furthest from a goal. Ties are broken the way Fogleman's
// database breaks them, so that for each of its rows the hardest state printed is the row
// itself: the smallest (H, V) pair, H and V the cells of the horizontal and of the vertical
// pieces as integers with cell (r, c) at bit r*N + c. A test checks this on every bundled row.

#include <cstdint>
#include <utility>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/stats.hpp"
#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/key_table.hpp"
#include "bitsolve/rush/layer_progress.hpp"
#include "bitsolve/rush/path.hpp"

namespace bitsolve::rush {

struct ClusterReport {
    std::uint64_t states = 0;              // reachable states, the board included
    std::uint64_t goal_states = 0;         // of which the primary piece touches the exit edge
    int start_distance = -1;               // the board's own distance to a goal (-1: none)
    int hardest_distance = -1;             // the largest distance to a goal (-1: no goal reachable)
    std::uint64_t hardest_count = 0;       // states at that distance
    Board hardest;                         // the tie-broken hardest state (when hardest_distance >= 0)
    std::vector<std::uint64_t> histogram;  // histogram[d] = states at distance d from a goal
    SearchStats stats;
};

class ClusterAnalyzer {
public:
    ClusterReport analyze(const Board& board, Metric metric);

    // Called once per layer of the next analyses (layer_progress.hpp): the forward numbering's
    // layers, then the distance pass's; none by default.
    void set_on_layer(LayerFn f) { on_layer_ = std::move(f); }

private:
    MemoryHold hold_;                     // for the arrays below (the index holds its own)
    KeyIndex index_;                      // key -> index in keys_
    std::vector<Key> keys_;               // states in forward BFS order
    std::vector<std::uint32_t> offsets_;  // state i's neighbours are edges_[offsets_[i], offsets_[i+1])
    std::vector<std::uint32_t> edges_;    // neighbour indices, in the metric's moves
    std::vector<std::uint16_t> dist_;     // distance to a goal, kUnset before it is known
    std::vector<std::uint32_t> queue_;
    std::size_t size_hint_ = 0;  // states of the previous cluster: the next table starts there
    LayerFn on_layer_;
};

ClusterReport analyze_cluster(const Board& board, Metric metric);

}  // namespace bitsolve::rush

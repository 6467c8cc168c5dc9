#pragma once
// Optimal Rush Hour solving: breadth-first search from the start in either metric.
//
// Moves metric (one slide of any distance is one move): SlideSearch (slide_search.hpp), which
// expands eight nodes at a time and prunes the slides that commute with the last move.
//
// Steps metric (one cell is one step): the frontier is one array of nodes in BFS order (key,
// parent index, the piece that moved), so layers are index ranges, the path is rebuilt by
// following parent indices, and nothing is allocated per node. The goal is tested on
// generation, and every node of a layer is generated before the next, so the first goal found
// is optimal.
//
// A Solver keeps its arrays between calls: a batch reuses one per thread with no allocation
// once warm.
#include <climits>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/stats.hpp"
#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/key_table.hpp"
#include "bitsolve/rush/layer_progress.hpp"
#include "bitsolve/rush/path.hpp"
#include "bitsolve/rush/slide_search.hpp"

namespace bitsolve::rush {

struct Solution {
    int length = -1;           // optimal length in the metric, -1 when the goal is unreachable
    std::vector<Move> path;    // an optimal path (when requested and length >= 0)
    std::uint64_t states = 0;  // distinct states reached
    SearchStats stats;
};

class Solver {
public:
    // max_length: give up (length -1) beyond this many moves/steps; the judge needs 8.
    Solution solve(const Board& board, Metric metric, bool want_path = true, int max_length = INT_MAX);

    // The moves search's kernel (SlideSearch::set_kernel): tests and benches compare kernels.
    void set_kernel(std::optional<Kernel> k) { slides_.set_kernel(k); }

    // Called once per BFS layer of the next solves, either metric (layer_progress.hpp); none by
    // default.
    void set_on_layer(const LayerFn& f) {
        on_layer_ = f;
        slides_.set_on_layer(f);
    }

private:
    struct Node {
        Key key;
        std::uint32_t parent;  // index in nodes_; the root points to itself
        std::uint8_t piece;    // the piece whose step reached this node; kNone at the root
    };
    static_assert(sizeof(Node) == 16);
    static constexpr std::uint8_t kNone = 0xFF;

    Solution run_steps(const CompiledBoard& space, bool want_path, int max_length);

    SlideSearch slides_;
    KeySet seen_;
    MemoryHold hold_;  // for nodes_, once they outgrow their first 1,024
    std::vector<Node> nodes_;
    std::size_t size_hint_ = 0;  // states of the previous search: the next table starts there
    LayerFn on_layer_;
};

// One-off convenience over a temporary Solver.
Solution solve(const Board& board, Metric metric, bool want_path = true);

}  // namespace bitsolve::rush

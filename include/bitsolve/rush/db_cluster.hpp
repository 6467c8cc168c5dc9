#pragma once
// The database's analysis of one cluster, from any of its packed layouts or goal layouts: its
// size, whether it is solvable, and whether its hardest state makes a row.
//
// Both searches below are the moves search's breadth-first engine (slide_search.hpp: eight
// nodes a batch, the pruned slides, the bucketed visited set), run to exhaustion from a set of
// sources (SlideSearch::explore).
//
// The cluster. The search from the layout reaches every state of the cluster; one pass over
// them (SlideSearch::classify, eight keys at a time) lists the packed states (no piece can move
// up or left) and the goals. The packed states are the cluster's other layouts, which the
// caller marks so that the cluster is never analysed again. The canonical member, the smallest
// state in Fogleman's order, is one of them (a smaller state would have a piece that can move
// up or left), so which member the analysis starts from changes nothing.
//
// Solvable clusters. The same search from all the goals at once (depth 0) gives every state's
// distance to its nearest goal as its layer; the last layer holds the farthest states. From a
// goal layout (analyze_goal) the cluster is not searched first: the goals are found from the
// layout's own (see there), and the search from them reaches every state, so its states, packed
// states and goals are the cluster's as above. The
// hardest state is the smallest of them in Fogleman's order: the cells of the horizontal pieces,
// then of the vertical ones, as integers. Cell (r, c) is bit r*8 + c here and bit r*N + c in his
// code; both number the cells in row-major order, so the two comparisons agree. It is minimal
// when removing any one piece other than the primary car, or any one wall, lowers its optimal
// length. Its parents in the search lead to a goal, one move closer at every step: an optimal
// solution. A piece it moves passes the test; each other piece or wall is removed in turn and the
// board solved by the moves search, bounded to one move less.
//
// Buffers (the searches' arrays and visited set, the packed states and goals) are kept between
// layouts.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/slide_search.hpp"
#include "bitsolve/rush/solver.hpp"

namespace bitsolve::rush {

struct DbClusterResult {
    bool solvable = false;           // a goal is reachable
    bool row = false;                // solvable and the hardest state is minimal
    int moves = 0;                   // the hardest state's optimal length (solvable)
    std::string board;               // the hardest state's string (row)
    std::uint64_t cluster_size = 0;  // states of the cluster
    // States visited by this analysis: every search's, so a state met by two searches counts
    // twice (the searches from the layout and from the goals, the goal sets' closures and the
    // distance searches given up for a larger set of sources), the minimality re-solves included.
    std::uint64_t states = 0;
    DbStateSplit split;  // the same states by search (database.hpp); split.total() == states
};

// A packed layout's identity: the cells of its horizontal pieces, of its vertical pieces, and the
// first cell of every piece with the walls. The first cells make the three exact: cells alone can
// be shared by two states (a column's five cells: a car above a truck, or a truck above a car).
// The walls tell apart layouts that differ in them alone, which one slice can hold when it does
// not fix every row (up to two walls); a wall is never a piece's cell, so the union stays exact.
struct LayoutKey {
    u64 horizontal = 0, vertical = 0, firsts = 0;  // firsts: the pieces' first cells and the walls
    auto operator<=>(const LayoutKey&) const = default;
};

inline LayoutKey layout_key(const Board& b) {
    LayoutKey k;
    k.firsts = b.walls;
    for (const Piece& p : b.pieces) {
        const u64 cells = p.cells();
        (p.vertical ? k.vertical : k.horizontal) |= cells;
        k.firsts |= cells & (~cells + 1);
    }
    return k;
}

class DbClusterAnalyzer {
public:
    // `layout`: a packed layout as DbLayouts produces it (pieces[0] the primary car, piece ids
    // its letters). Polls the stop flag; throws LimitError when stopped.
    void analyze(const Board& layout, DbClusterResult& out);
    // The same from a goal layout (DbLayouts::for_each_goal), without the search from the layout:
    // the goals that slides of the other pieces reach from it (a search with the primary car
    // excluded) are the sources of the distance search, which stops when it meets another goal;
    // that goal's own such goals join the sources and the search starts again. A search that ends
    // without meeting one has every goal of the cluster at depth 0: it is the distance search.
    void analyze_goal(const Board& goal_layout, DbClusterResult& out);

    // Calls f(horizontal cells, vertical cells, first cells) for every packed state of the last
    // cluster: the parts of its LayoutKey.
    template <class F>
    void for_each_packed(F&& f) const {
        for (std::size_t i = 0; i < packed_n_; ++i) {
            const LayoutKey l = layout_key(*space_, packed_[i]);
            f(l.horizontal, l.vertical, l.firsts);
        }
    }
    // The same for every goal of the last cluster (solvable) whose pieces other than the primary
    // car are packed: the goal layouts of the cluster.
    template <class F>
    void for_each_goal_layout(F&& f) const {
        for (std::size_t i = 0; i < goals_n_; ++i) {
            if (!packed_but_primary(goals_[i])) continue;
            const LayoutKey l = layout_key(*space_, goals_[i]);
            f(l.horizontal, l.vertical, l.firsts);
        }
    }

    // For measurements (bench/rush_cluster_shape_bench.cpp): calls f(board) for every state of
    // the last cluster, decoded.
    template <class F>
    void for_each_state(F&& f) const {
        for (std::size_t i = 0; i < search_.states(); ++i) f(space_->decode(search_.keys()[i]));
    }

private:
    void grow(std::size_t states);  // room for the packed states and goals of a cluster
    // From the finished distance search: the hardest state, its optimal length and minimality.
    void finish(DbClusterResult& out);
    bool minimal(Key hardest, int moves, const std::array<bool, kMaxPieces>& moved, DbClusterResult& out);
    // Whether no piece of state k but the primary car can move up or left.
    bool packed_but_primary(Key k) const;

    // State k's LayoutKey: the cells of its horizontal and of its vertical pieces, the first cell
    // of every piece and the walls (layout_key of the decoded board, from the key).
    static LayoutKey layout_key(const CompiledBoard& space, Key k);

    std::optional<CompiledBoard> space_;  // the last cluster's
    SlideSearch search_;
    MemoryHold hold_;                  // for packed_ and goals_
    std::vector<Key> packed_, goals_;  // the last cluster's packed states and goals: the first packed_n_, goals_n_
    std::size_t packed_n_ = 0, goals_n_ = 0;
    Solver solver_;
};

}  // namespace bitsolve::rush

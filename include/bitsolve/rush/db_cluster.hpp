#pragma once
// The database's analysis of clusters, one from any of its packed layouts, or all the solvable
// clusters of a class from its goal layouts: their sizes, whether they are solvable, and whether
// their hardest states make rows.
//
// The searches below are the moves search's breadth-first engine (slide_search.hpp: eight nodes
// a batch, the pruned slides, the bucketed visited set), run to exhaustion from a set of sources
// (SlideSearch::explore).
//
// The cluster. The search from the layout reaches every state of the cluster; one pass over
// them (SlideSearch::classify, eight keys at a time) lists the packed states (no piece can move
// up or left) and the goals. The packed states are the cluster's other layouts, which the
// caller marks so that the cluster is never analysed again. The canonical member, the smallest
// state in Fogleman's order, is one of them (a smaller state would have a piece that can move
// up or left), so which member the analysis starts from changes nothing.
//
// Solvable clusters. The same search from all the goals at once (depth 0) gives every state's
// distance to its nearest goal as its layer; the last layer holds the farthest states. From goal
// layouts (analyze_goals) no cluster is searched first. A class is the set of states with the same
// walls and, along every row and column, the same sequence of piece lengths and of the wall-free
// runs the pieces are in; moves keep all of it, so a class is a union of whole clusters. The
// search starts from all the goal layouts of a class and closes them under the slides of the other
// pieces: every goal state reaches a goal layout by pushing those pieces up or left, which keeps
// it a goal, so depth 0 then holds every goal of the class's solvable clusters. It goes on with
// the primary car's slides; its states are those of the solvable clusters, each at its distance to
// its nearest goal. Each goal layout has a label that the states found from it carry, and two
// labels are joined when their states meet: the joined labels are the clusters. A cluster's
// hardest state is the smallest of its farthest states in Fogleman's order: the cells of the
// horizontal pieces, then of the vertical ones, as integers. Cell (r, c) is bit r*8 + c here and
// bit r*N + c in his code; both number the cells in row-major order, so the two comparisons agree.
// It is minimal when removing any one piece other than the primary car, or any one wall, lowers
// its optimal length. Its parents in the search lead to depth 0, one move closer to a goal at
// every step: an optimal solution. A piece it moves passes the test; each other piece or wall is
// removed in turn and the board solved by the moves search, bounded to one move less.
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
    // twice (the searches from the layout and from the goals), the minimality re-solves included.
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
    // Every solvable cluster of a class from its goal layouts (DbLayouts::for_each_goal, in
    // `space`'s keys; `space` is compiled from any of them: the layouts of a class list the same
    // pieces in the same order, and so share their key layout). One result per cluster in `out`,
    // in the order of their first goal layouts; each counts its own states (the search's states
    // are the clusters' sizes) and re-solves.
    void analyze_goals(CompiledBoard space, const Key* goal_layouts, std::size_t count,
                       std::vector<DbClusterResult>& out);

    // Calls f(horizontal cells, vertical cells, first cells) for every packed state of the last
    // analysis (its cluster, or its class's solvable clusters): the parts of its LayoutKey.
    template <class F>
    void for_each_packed(F&& f) const {
        for (std::size_t i = 0; i < packed_n_; ++i) {
            const LayoutKey l = layout_key(*space_, packed_[i]);
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
    // From the finished distance search: whether the hardest state (node `best`, out.moves > 0
    // from a goal) is minimal, and its row.
    void finish(DbClusterResult& out, std::size_t best);
    bool minimal(Key hardest, int moves, const std::array<bool, kMaxPieces>& moved, DbClusterResult& out);
    // Fogleman's order of states: the cells of the horizontal pieces, then of the vertical ones.
    std::pair<u64, u64> order(Key k) const;
    // When the search holds one cluster: its depth, and finish() from the smallest state of its
    // last layer in that order.
    void finish_whole(DbClusterResult& out);

    // State k's LayoutKey: the cells of its horizontal and of its vertical pieces, the first cell
    // of every piece and the walls (layout_key of the decoded board, from the key).
    static LayoutKey layout_key(const CompiledBoard& space, Key k);

    std::optional<CompiledBoard> space_;  // the last cluster's
    SlideSearch search_;
    MemoryHold hold_;                  // for packed_ and goals_
    std::vector<Key> packed_, goals_;  // the last cluster's packed states and goals: the first packed_n_, goals_n_
    std::size_t packed_n_ = 0, goals_n_ = 0;
    std::vector<std::uint32_t> cluster_of_, hardest_;  // analyze_goals: per label, per cluster
    std::vector<int> depth_;                           // analyze_goals: per cluster
    Solver solver_;
};

}  // namespace bitsolve::rush

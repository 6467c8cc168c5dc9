#pragma once
// The database's analysis of one cluster, from any of its packed layouts: its size, whether it
// is solvable, and whether its hardest state makes a row.
//
// Forward. A breadth-first search from the layout over slides (CompiledBoard's child
// generation) numbers the whole cluster and keeps, for every state, the cells of its horizontal
// and of its vertical pieces (a child's from its parent's, by the one piece that moved), and
// lists the packed states (no piece can move up or left): these are the cluster's other
// layouts, which the caller marks so that the cluster is never analysed again. The canonical
// member, the smallest state in Fogleman's order, is one of them (a smaller state would have a
// piece that can move up or left), so which member the analysis starts from changes nothing.
//
// Solvable clusters. A multi-source BFS from the goals (in index order, over the neighbour
// indices the forward search recorded: no move generation, no hashing) gives every state's
// distance. The hardest state is the farthest, ties to the
// smallest in Fogleman's order: the cells of the horizontal pieces, then of the vertical ones,
// as integers. Cell (r, c) is bit r*8 + c here and bit r*N + c in his code; both number the
// cells in row-major order, so the two comparisons agree. It is minimal when removing any one
// piece other than the primary car, or any one wall, lowers its optimal length. An optimal
// solution is read off the distances (a neighbour one closer, at every step); a piece it moves
// passes the test, and each other piece or wall is removed in turn and the board solved by the
// moves search, bounded to one move less.
//
// Buffers (states, masks, distances, the visited index) are kept between layouts; the index is
// cleared in time proportional to what the last cluster put in it.
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/solver.hpp"

namespace bitsolve::rush {

struct DbClusterResult {
    bool canonical = false;
    bool solvable = false;           // canonical and a goal is reachable
    bool row = false;                // solvable and the hardest state is minimal
    int moves = 0;                   // the hardest state's optimal length (solvable)
    std::string board;               // the hardest state's string (row)
    std::uint64_t cluster_size = 0;  // states of the cluster (canonical)
    std::uint64_t states = 0;        // states visited by this analysis, re-solves included
};

// A packed layout's identity: the cells of its horizontal pieces, of its vertical pieces, and the
// first cell of every piece. The first cells make the three exact: cells alone can be shared by
// two states (a column's five cells: a car above a truck, or a truck above a car).
struct LayoutKey {
    u64 horizontal = 0, vertical = 0, firsts = 0;
    auto operator<=>(const LayoutKey&) const = default;
};

inline LayoutKey layout_key(const Board& b) {
    LayoutKey k;
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

    // Calls f(horizontal cells, vertical cells, first cells) for every packed state of the last
    // cluster: the parts of its LayoutKey.
    template <class F>
    void for_each_packed(F&& f) const {
        for (std::size_t i : packed_) {
            const auto [h, v] = cells(*space_, keys_[i]);
            f(h, v, firsts(*space_, keys_[i]));
        }
    }

    // For measurements (bench/rush_cluster_shape_bench.cpp): calls f(board) for every state of
    // the last cluster, decoded; and the moves its forward search recorded (each move once from
    // each of its two states).
    template <class F>
    void for_each_state(F&& f) const {
        for (Key k : keys_) f(space_->decode(k));
    }
    std::size_t moves() const { return edges_.size(); }

private:
    // Key -> state index. Each cluster starts on a small table (kFirstSlots) that doubles as
    // the cluster grows, so the clusters of a few hundred states, most of them, probe a table
    // that stays in the first-level cache whatever the largest cluster before them needed. The
    // slots stay allocated; clearing resets only the slots the last cluster used. At most a
    // quarter of the slots are filled: at a half, the longer probe runs cost more than the
    // larger table (A/B in docs/benchmarks.md).
    class Index {
    public:
        static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
        void clear();                                               // empty, back to the small table
        void reserve(std::size_t n, const std::vector<Key>& keys);  // room for n keys; holds keys[i] -> i
        std::uint32_t insert(Key k, std::uint32_t v);               // kAbsent when new, else its value
        std::uint32_t find(Key k) const;

    private:
        static constexpr std::size_t kFirstSlots = 4096;
        struct Slot {
            Key key;
            std::uint32_t value;
        };
        void resize(std::size_t slots, const std::vector<Key>& keys);  // `slots` slots in use
        std::size_t slot(Key k) const { return static_cast<std::size_t>((k * 0x9E3779B97F4A7C15ULL) >> shift_); }
        std::vector<Slot> slots_;          // allocated; the first mask_ + 1 are in use
        std::vector<std::uint32_t> used_;  // slots filled since the last clear
        std::size_t mask_ = 0;
        int shift_ = 64;
    };

    void forward(const CompiledBoard& space, bool& goal);
    void distances(const CompiledBoard& space);
    bool minimal(const CompiledBoard& space, std::size_t hardest, int moves, std::uint64_t& states);

    // The cells of the horizontal and of the vertical pieces of state k (Fogleman's order).
    std::pair<u64, u64> cells(const CompiledBoard& space, Key k) const;
    u64 firsts(const CompiledBoard& space, Key k) const;  // the first cell of every piece

    std::optional<CompiledBoard> space_;  // the last cluster's
    Index index_;
    std::vector<Key> keys_;                               // states in BFS order
    std::vector<std::uint16_t> dist_;                     // distance to a goal
    std::vector<std::uint32_t> queue_;                    // backward BFS order
    std::vector<std::uint32_t> offsets_;                  // state i's neighbours: edges_[offsets_[i], offsets_[i+1])
    std::vector<std::uint32_t> edges_;                    // neighbour indices
    std::vector<std::size_t> packed_;                     // indices of the packed states
    std::array<std::array<u64, 8>, kMaxPieces> cells_{};  // [piece][pos]: its cells
    std::array<bool, kMaxPieces> vertical_{};
    Solver solver_;
};

}  // namespace bitsolve::rush

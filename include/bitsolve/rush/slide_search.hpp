#pragma once
// The moves-metric search: breadth-first from the start, a move being one slide of one piece
// any distance, expanding the nodes of a layer eight at a time.
//
// Nodes. One array of keys and one of 64-bit records in BFS order: the parent's index (bits
// 0..31), the piece whose slide reached the node (bits 32..39, n = the piece count at the
// root), that piece's field value before (40..47) and after (48..55) the slide. Layers are
// index ranges; the path is rebuilt from the parent indices. The goal is tested on generation.
//
// A batch. Up to eight nodes of one layer (a batch never spans two layers) go through three
// steps:
//  1. the kernel takes each node's occupancy (AVX-512 and AVX2: rebuilt from the keys, one
//     permute per piece for all eight nodes; scalar: kept per node in two more arrays, updated
//     by the move that made it, which measured faster there than rebuilding) and computes, for
//     every piece and node (scalar: every piece not pruned, from a table), a slide mask: bit d-1 of the low byte for a slide of d cells left or up, of the
//     high byte for d cells right or down, pruned as below. Pieces with slides are listed in
//     piece order, nodes in ascending order within a piece;
//  2. each listed (piece, node) writes its child keys: the node's key plus the piece's slide
//     offsets (d << the piece's key shift), kept where the mask has a bit (AVX-512: one
//     compress per direction);
//  3. each child is looked up in the visited set (bucket_set.hpp) and written at the end of
//     the node array; the node count advances by 1 when it was new, so no branch depends on
//     that answer. A new child whose car has a clear way out ends the search after the batch.
// Steps 1 and 2 are the kernel's (slide_kernel.hpp), step 3 this driver's, compiled once per
// kernel. The scalar kernel (any CPU) and the AVX2 and AVX-512 kernels (chosen at run time
// where the CPU has them, core/cpu.hpp) produce the same masks in the same order, hence the
// same children, nodes, counts and paths; tests run all that the CPU has.
//
// Pruned slides. A node n at depth d, reached from its parent p by sliding piece W, does not
// generate
//  (a) slides of W: n + (W slides again) is p + (one slide of W), or p itself: depth <= d;
//  (b) slides of a piece Y < W that keep clear of the cells W swept: such a slide commutes
//      with W's, so c = n + Y = (p + Y) + W, and p + Y has depth <= d.
// No state is lost and none is found later. Take c pruned at n. In case (a) c has depth <= d,
// so it is already in the visited set (layer d is complete before any layer-d node expands).
// In case (b), if p + Y has depth < d then again c has depth <= d. Otherwise p + Y is a node
// of layer d, expanded in this same pass, and it generates c by sliding W unless pruned there
// too: by (a), which again puts c at depth <= d, or by (b), with W < W' for its own recorded
// move W', which repeats the argument one step up with a strictly larger piece index. Piece
// indices are bounded, so some layer-d node generates c, or c was seen before layer d + 1.
// The layers are therefore exactly those of the unpruned BFS (a test compares their state
// counts per depth with a naive search). In mask terms: for piece i below W the slide runs
// are measured twice, on the node's occupancy and on it plus W's sweep, and only the slides
// beyond the second are kept; a piece whose line misses the sweep keeps none.
//
// Stopping early: a state whose primary piece has a clear way out is one move from the goal,
// so the search stops when it generates one, a layer before the goal itself. That is still
// optimal: a goal at depth d has a parent at depth d-1 with a clear way (the move into the
// goal slid the primary piece), found one layer earlier.
//
// Within a bound (max_length): a state needs at least one move more than the cells its way out
// holds (one move clears at most one of them; a wall or a piece of its own row never clears), so
// a child that could only be solved beyond the bound is dropped unseen (children of the primary
// piece, whose way moves with it, are all kept). A move changes that count by at most one, so the
// states on every shortest path to a kept state are kept too, and the argument above holds among
// them: the answer within the bound is exact, and `states` counts the states kept.
//
// A SlideSearch keeps its arrays between calls: a batch of boards reuses one per thread with no
// allocation once warm.
#include <climits>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/bucket_set.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/layer_progress.hpp"
#include "bitsolve/rush/slide_kernel.hpp"

namespace bitsolve::rush {

struct Solution;

class SlideSearch {
public:
    // Fills sol (length, path when want_path, states, stats.expanded / generated). max_length:
    // give up (length -1) beyond this many moves.
    void run(const CompiledBoard& space, bool want_path, int max_length, Solution& sol);

    // The kernel of the next runs: k, or the process's active kernel (core/cpu.hpp) when none
    // is given (the default). Tests and benches compare kernels with it. Throws UsageError
    // when the CPU lacks k.
    void set_kernel(std::optional<Kernel> k);

    // Called once per layer of the next runs (layer_progress.hpp); none by default.
    void set_on_layer(LayerFn f) { on_layer_ = std::move(f); }

    // Breadth-first over everything reachable from `sources` (distinct keys, all at depth 0),
    // with the same pruned slides, no goal test and no stop: the component's states by their
    // distance to the nearest source (rush/db_cluster.hpp). Afterwards states() of them are in
    // keys() in BFS order, their records in records() (the sources' piece is the piece count),
    // and layer_ends()[d] is the end of depth d's range; the last entry is states().
    // Options: only >= 0 says that a slide of any other piece from a source is a source (the
    // sources are goals, `only` their primary piece), so that only that piece's slides are
    // generated from depth 0. With `close` (and only >= 0) the sources are first closed under
    // those other slides (every state they reach is at depth 0, recorded with the slide that
    // reached it): from some goals, all the goals of their clusters. `labelled`: source i has
    // label i, every other state the label of the state it was found from, and two labels whose
    // states meet (a state found from both) are joined. Afterwards label_root(l) is the same for
    // two source labels exactly when their sources are in one component; when there are two
    // components or more, label_root(labels()[j]) is the root of state j's component (with one,
    // labels() may be incomplete: the search goes on without labels once all are joined). The
    // board's slide tables are kept from the last run or explore on the same CompiledBoard
    // (CompiledBoard::id).
    struct Options {
        int only = -1;
        bool close = false;
        bool labelled = false;
    };
    void explore(const CompiledBoard& space, const Key* sources, std::size_t count, Options options);
    void explore(const CompiledBoard& space, const Key* sources, std::size_t count, int only = -1) {
        explore(space, sources, count, Options{.only = only});
    }
    const std::uint32_t* labels() const { return node_labels_.data(); }
    // The smallest source label joined with label l (after a labelled explore; halves the paths
    // it walks).
    std::uint32_t label_root(std::uint32_t l) {
        while (label_parent_[l] != l) l = label_parent_[l] = label_parent_[label_parent_[l]];
        return l;
    }
    std::size_t states() const { return states_; }
    const Key* keys() const { return keys_.data(); }
    const std::uint64_t* records() const { return records_.data(); }
    const std::vector<std::size_t>& layer_ends() const { return layer_ends_; }
    // After explore: writes the states found that are packed (no piece can move up or left) to
    // packed[] and the goals to goals[], in BFS order, each with room for states() keys; returns
    // how many of each (slide_kernel.hpp's classify).
    std::pair<std::size_t, std::size_t> classify(Key* packed, Key* goals) const;

private:
    // The driver for kernel K (src/rush/slide_driver.hpp), and its entries compiled for AVX2
    // and AVX-512 (called only where the CPU has them).
    template <Kernel K>
    void run_with(const CompiledBoard& space, bool want_path, int max_length, Solution& sol);
    void run_avx2(const CompiledBoard& space, bool want_path, int max_length, Solution& sol);
    void run_avx512(const CompiledBoard& space, bool want_path, int max_length, Solution& sol);
    template <Kernel K, bool Labelled>
    void explore_with(const CompiledBoard& space, const Key* sources, std::size_t count, Options options);
    void explore_avx2(const CompiledBoard& space, const Key* sources, std::size_t count, Options options);
    void explore_avx512(const CompiledBoard& space, const Key* sources, std::size_t count, Options options);

    // Shared by both drivers: steps 1 and 2 of a batch, room for `extra` more nodes, and step 3.
    template <Kernel K>
    std::size_t expand(std::size_t head, std::size_t lanes, SlideBatch& b) const;
    template <Kernel K, bool Labelled = false>
    void make_room(std::size_t count, std::size_t extra);
    template <Kernel K, bool Labelled = false, class OnKid>
    std::size_t write_children(const CompiledBoard& space, const SlideBatch& b, std::size_t head, std::size_t m,
                               std::size_t count, OnKid&& on_kid);

    BucketSet seen_;
    MemoryHold hold_;  // for keys_, records_, the occupancies and node_labels_
    std::vector<Key> keys_;
    std::vector<std::uint64_t> records_;
    std::vector<u64> occ_, occT_;  // nodes' occupancy, kept for the scalar kernel
    SlideTables tables_;           // the board's, built for the board of id tables_of_
    std::uint64_t tables_of_ = 0;  // 0: none yet (ids start at 1)
    bool tables_scalar_ = false;   // built with the scalar kernel's extra tables
    // Builds the tables for board s (with the scalar kernel's extras when `scalar`) unless the
    // last ones built are for the same board and have them.
    void tables_for(const CompiledBoard& s, bool scalar);
    // Labels (Options::labelled): per node, and the union-find forest of the source labels,
    // each joined under the smaller root.
    std::vector<std::uint32_t> node_labels_, label_parent_;
    std::size_t roots_ = 0;  // labels not joined to a smaller one
    void unite(std::uint32_t a, std::uint32_t b) {
        a = label_root(a);
        b = label_root(b);
        roots_ -= a != b;
        label_parent_[std::max(a, b)] = std::min(a, b);
    }
    std::size_t size_hint_ = 0;
    std::size_t states_ = 0;
    std::vector<std::size_t> layer_ends_;
    std::optional<Kernel> kernel_;
    LayerFn on_layer_;
};

}  // namespace bitsolve::rush

#pragma once
// The drivers of the moves search (SlideSearch::run) and of the exhaustive BFS
// (SlideSearch::explore), see slide_search.hpp, as templates over the kernel, always inlined
// into one entry per kernel: the scalar entries (slide_search.cpp, the build's instruction set)
// and the AVX2 and AVX-512 entries (in slide_kernel_avx2.cpp and slide_kernel_avx512.cpp,
// compiled for those), so that the visited set's compare (step 3) is the kernel's too. Private
// to src/rush.
#include <algorithm>
#include <bit>
#include <cassert>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/slide_search.hpp"
#include "bitsolve/rush/solver.hpp"

namespace bitsolve::rush {

// Steps 1 and 2 (slide_kernel.hpp) for the nodes [head, head + lanes) with kernel K: their
// children into `b`; returns how many. The node arrays may have moved since the last batch.
template <Kernel K>
__attribute__((always_inline)) inline std::size_t SlideSearch::expand(std::size_t head, std::size_t lanes,
                                                                      SlideBatch& b) const {
    const SlideNodes nodes{keys_.data(), records_.data(), occ_.data(), occT_.data()};
    if constexpr (K == Kernel::Avx512) return expand_avx512(tables_, nodes, head, lanes, b);
    else if constexpr (K == Kernel::Avx2) return expand_avx2(tables_, nodes, head, lanes, b);
    else return expand_scalar(tables_, nodes, head, lanes, b);
}

// Room for `extra` nodes after the first `count`: the visited set regrown (the nodes
// re-inserted, with their labels when Labelled) when it would be too full, the node arrays
// doubled when too short, and a label per node when Labelled.
template <Kernel K, bool Labelled>
__attribute__((always_inline)) inline void SlideSearch::make_room(std::size_t count, std::size_t extra) {
    constexpr bool from_keys = K != Kernel::Scalar;  // the vector kernels rebuild occupancy from the keys
    if (seen_.needs_room(count + extra)) [[unlikely]] {
        seen_.reset(2 * (count + extra), Labelled);
        std::uint32_t other = 0;
        for (std::size_t j = 0; j < count; ++j)
            if constexpr (Labelled) seen_.template insert_labelled<K>(keys_[j], node_labels_[j], other);
            else seen_.template insert<K>(keys_[j]);
    }
    // Key and record, both occupancies for the scalar kernel and a label once labelled (each
    // kept once made).
    const std::size_t per_node = sizeof(Key) + sizeof(std::uint64_t) +
                                 (from_keys && occ_.empty() ? 0 : 2 * sizeof(u64)) +
                                 (Labelled || !node_labels_.empty() ? sizeof(std::uint32_t) : 0);
    if (count + extra > keys_.size()) [[unlikely]] {
        const std::size_t want = std::max<std::size_t>(4096, 2 * (count + extra));
        if (want > kMaxSearchNodes) throw LimitError("searches of more than 2^32 states are not supported");
        hold_.hold((keys_.size() + want) * per_node, "the search frontier");  // the old arrays beside the new
        keys_.resize(want);
        records_.resize(want);
        hold_.hold(want * per_node, "the search frontier");
    }
    if (!from_keys && occ_.size() < keys_.size()) occ_.resize(keys_.size()), occT_.resize(keys_.size());
    if (Labelled && node_labels_.size() < keys_.size()) [[unlikely]] {  // the first labels after unlabelled runs
        hold_.hold(keys_.size() * per_node, "the search frontier");
        node_labels_.resize(keys_.size());
    }
}

// A child's occupancy in the layout of `cells` (SlideTables::cells or cellsT): its parent's, with
// the cells of the slid piece u at field values f0 (before) and f1 (after) swapped.
__attribute__((always_inline)) inline u64 child_occupancy(const decltype(SlideTables::cells)& cells, u64 parent,
                                                          std::size_t u, int f0, int f1) {
    return parent ^ cells[u][static_cast<std::size_t>(f0)] ^ cells[u][static_cast<std::size_t>(f1)];
}

// Keeps the batch's first m children for which keep(child, its kid_info) holds, in their order,
// with no branch on the answer; returns how many.
template <class Keep>
__attribute__((always_inline)) inline std::size_t keep_children(SlideBatch& b, std::size_t m, Keep&& keep) {
    std::size_t kept = 0;
    for (std::size_t j = 0; j < m; ++j) {
        const Key kid = b.kids[j];
        const std::uint16_t item = b.kid_info[j];
        b.kids[kept] = kid;
        b.kid_info[kept] = item;
        kept += keep(kid, item) ? 1 : 0;
    }
    return kept;
}

// Step 3 (slide_search.hpp) for the m children of the batch of nodes [head, head + 8): each
// is looked up and written after the first `count` nodes with its record (and its occupancy
// for the scalar kernel, its parent's label when Labelled); the count moves on only for a new
// one. Calls on_kid(index, occupancy, lane, fresh) for each. Returns the new count.
template <Kernel K, bool Labelled, class OnKid>
__attribute__((always_inline)) inline std::size_t SlideSearch::write_children(const CompiledBoard& s,
                                                                              const SlideBatch& b, std::size_t head,
                                                                              std::size_t m, std::size_t count,
                                                                              OnKid&& on_kid) {
    constexpr bool from_keys = K != Kernel::Scalar;
    Key* const out_keys = keys_.data();
    std::uint64_t* const out_records = records_.data();
    for (std::size_t j = 0; j < m; ++j) {
        const Key kid = b.kids[j];
        const std::uint32_t item = b.kid_info[j];
        const std::size_t l = item & 7;
        const int i = static_cast<int>(item >> 3);
        std::size_t fresh = 0;
        if constexpr (Labelled) {
            const std::uint32_t mine = node_labels_[head + l];
            std::uint32_t other = 0;
            fresh = seen_.template insert_labelled<K>(kid, mine, other);
            node_labels_[count] = mine;
            if (other != mine) [[unlikely]]
                unite(mine, other);
        } else {
            fresh = seen_.template insert<K>(kid);
        }
        assert(s.valid(kid));
        const int f0 = s.field(b.keys[l], i), f1 = s.field(kid, i);
        out_keys[count] = kid;
        out_records[count] = make_record(head + l, i, f0, f1);
        const auto u = static_cast<std::size_t>(i);
        const u64 occ = child_occupancy(tables_.cells, b.occ[l], u, f0, f1);
        if (!from_keys) {
            occ_[count] = occ;
            occT_[count] = child_occupancy(tables_.cellsT, b.occT[l], u, f0, f1);
        }
        on_kid(count, occ, l, fresh);
        count += fresh;
    }
    return count;
}

template <Kernel K>
__attribute__((always_inline)) inline void SlideSearch::run_with(const CompiledBoard& s, bool want_path, int max_length,
                                                                 Solution& sol) {
    const int n = static_cast<int>(s.board().pieces.size());
    constexpr bool from_keys = K != Kernel::Scalar;  // the vector kernels rebuild occupancy from the keys
    tables_for(s, K == Kernel::Scalar);
    SlideBatch b;
    seen_.reset(size_hint_);
    const Key start = s.start();
    const CompiledBoard::Occupancy start_occ = s.occupancy(start);
    make_room<K>(0, 1);
    seen_.template insert<K>(start);
    if (!from_keys) {  // the scalar kernel reads each node's occupancy instead of rebuilding it
        occ_[0] = start_occ.occ;
        occT_[0] = start_occ.occT;
    }
    keys_[0] = start;
    records_[0] = make_record(0, n, 0, 0);  // the root: piece n, an empty sweep
    std::size_t count = 1;
    std::size_t found = 0;
    int last = s.near_goal(start, start_occ.occ);  // 0 or 1 once found
    int depth = 0;                                 // depth of the batch being expanded
    std::size_t layer_end = 1;
    std::uint64_t expanded = 0, generated = 0;
    bool done = last < 2 && last <= max_length;
    if (done) sol.length = last;
    // Layer progress (layer_progress.hpp): at layer ends only, never per node or batch.
    auto report = [&](int d, std::uint64_t layer, std::uint64_t states) {
        if (on_layer_) [[unlikely]]
            on_layer_(LayerProgress{LayerProgress::Pass::Solve, d, layer, states});
    };
    report(0, 1, 1);
    for (std::size_t head = 0, lanes = 0, batches = 0; !done && head < count; head += lanes) {
        if (head == layer_end) {
            report(depth + 1, count - layer_end, count);
            ++depth;
            layer_end = count;
        }
        // A child of this layer is clear at the earliest, a solution of depth + 2 moves: none
        // within max_length from here on.
        if (depth + 1 >= max_length) break;
        if ((++batches & 0xFF) == 0) check_stop();
        lanes = std::min<std::size_t>(kSlideLanes, layer_end - head);
        std::size_t m = expand<K>(head, lanes, b);
        expanded += lanes;
        // Within the bound, children that could only be solved beyond it are dropped unseen
        // (slide_search.hpp). A child of any piece but the primary keeps its parent's way, so
        // its blocked cells are its occupancy there. A way has fewer cells than the board's
        // size: only the layers where a child can fail are checked.
        if (depth + 2 + s.board().size > max_length) {
            const int a = s.primary();
            m = keep_children(b, m, [&](Key kid, std::uint16_t item) {
                const std::size_t l = item & 7;
                const int i = item >> 3;
                const u64 occ = child_occupancy(tables_.cells, b.occ[l], static_cast<std::size_t>(i),
                                                s.field(b.keys[l], i), s.field(kid, i));
                return i == a || depth + 2 + std::popcount(occ & b.way[l]) <= max_length;
            });
        }
        generated += m;
        // Step 3. Every expanded node's way out is blocked (else the search had stopped), so
        // no child is a goal, and a child's way is clear exactly when its parent's way cells
        // are free in it: a slide of the primary piece never clears its own way (the blocker
        // stays ahead of it) and a slide of another leaves the way where it was.
        make_room<K>(count, m);
        count = write_children<K>(s, b, head, m, count, [&](std::size_t at, u64 occ, std::size_t l, std::size_t fresh) {
            const bool clear = (occ & b.way[l]) == 0;
            assert((clear ? 1 : 2) == s.near_goal(keys_[at], occ));
            if (fresh && clear && !done) [[unlikely]] {
                done = true;
                found = at;
                last = 1;
                sol.length = depth + 2;
            }
        });
    }
    if (sol.length > 0) {  // the way-clear state's layer, as far as it went, then the goal
        if (sol.length > 1) report(sol.length - 1, count - layer_end, count);
        report(sol.length, 1, count + 1);
    }
    sol.stats.expanded = expanded;
    sol.stats.generated = generated;
    sol.states = count;
    // The next table starts near this search's size, decaying slowly: in a batch of mixed
    // sizes, a table sized to the last search alone kept growing (rehashing) in the next.
    size_hint_ = std::max(count, size_hint_ / 2);
    if (want_path && sol.length > 0) {
        for (std::size_t i = found; i != 0; i = record_parent(records_[i])) {
            const std::size_t parent = record_parent(records_[i]);
            const int piece = record_piece(records_[i]);
            const int delta = s.pos(keys_[i], piece) - s.pos(keys_[parent], piece);
            sol.path.push_back(Move{static_cast<std::uint8_t>(piece), static_cast<std::int8_t>(delta)});
        }
        std::reverse(sol.path.begin(), sol.path.end());
        if (last == 1) {  // the final slide out of the way-clear state
            const int a = s.primary();
            sol.path.push_back(Move{static_cast<std::uint8_t>(a),
                                    static_cast<std::int8_t>(s.board().goal_pos() - s.pos(keys_[found], a))});
        }
    }
}

// The exhaustive BFS (SlideSearch::explore): run_with's steps without the goal test, the path
// or a length bound; with Options::close the sources are first closed under the slides of every
// piece but `only`, all at depth 0.
template <Kernel K, bool Labelled>
__attribute__((always_inline)) inline void SlideSearch::explore_with(const CompiledBoard& s, const Key* sources,
                                                                     std::size_t sources_n, Options options) {
    const int n = static_cast<int>(s.board().pieces.size());
    const int only = options.only;
    constexpr bool from_keys = K != Kernel::Scalar;
    tables_for(s, K == Kernel::Scalar);
    SlideBatch b;
    seen_.reset(std::max(size_hint_, sources_n), Labelled);
    if constexpr (Labelled) {
        if (sources_n > 0xFFFFFFFFu) throw LimitError("searches of more than 2^32 sources are not supported");
        label_parent_.resize(sources_n);
        for (std::size_t i = 0; i < sources_n; ++i) label_parent_[i] = static_cast<std::uint32_t>(i);
        roots_ = sources_n;
    }
    std::size_t count = 0;
    // The steps below with labels (L) or without: a labelled search goes on without them once its
    // sources' closure has joined all its labels (one component: nothing left to tell apart).
    // Writes node `key` (new or not) with its record and label; the count moves on when it was
    // new.
    auto add = [&]<bool L>(Key key, std::uint64_t record, std::uint32_t label) __attribute__((always_inline)) {
        std::size_t fresh = 0;
        if constexpr (L) {
            std::uint32_t other = 0;
            fresh = seen_.template insert_labelled<K>(key, label, other);
            node_labels_[count] = label;
            if (other != label) unite(label, other);
        } else {
            fresh = seen_.template insert<K>(key);
        }
        keys_[count] = key;
        records_[count] = record;
        if (!from_keys) {
            const CompiledBoard::Occupancy o = s.occupancy(key);
            occ_[count] = o.occ;
            occT_[count] = o.occT;
        }
        count += fresh;
    };
    make_room<K, Labelled>(count, sources_n);
    for (std::size_t i = 0; i < sources_n; ++i)  // roots: piece n, an empty sweep
        add.template operator()<Labelled>(sources[i], make_record(0, n, 0, 0), static_cast<std::uint32_t>(i));
    // One batch of the nodes [head, head + lanes) of a layer: their children but those of piece
    // `exclude`, looked up and written.
    auto batch = [&]<bool L>(std::size_t head, std::size_t lanes, int exclude) __attribute__((always_inline)) {
        if constexpr (L)  // the children get their parents' roots: fewer stale labels to join
            for (std::size_t l = 0; l < lanes; ++l) node_labels_[head + l] = label_root(node_labels_[head + l]);
        std::size_t m = expand<K>(head, lanes, b);
        if (exclude >= 0)  // drop the excluded piece's slides, keeping the others' order
            m = keep_children(b, m, [&](Key, std::uint16_t item) { return (item >> 3) != exclude; });
        make_room<K, L>(count, m);
        // The visited set of a large cluster is out of the caches: start every child's bucket
        // load before the first look-up.
        for (std::size_t j = 0; j < m; ++j)
            if constexpr (L) seen_.prefetch_labelled(b.kids[j]);
            else seen_.prefetch(b.kids[j]);
        count = write_children<K, L>(s, b, head, m, count, [](std::size_t, u64, std::size_t, std::size_t) {});
    };
    std::size_t batches = 0;
    // Layer after layer from `head` (the start of the layer that ends at `layer_end`) until none is
    // left, the ends of all but the last appended to `ends`. With labels, from a layer on where
    // they are all joined, the rest goes on without them.
    auto layers = [&]<bool L>(std::size_t head, std::size_t layer_end, int exclude, std::vector<std::size_t>* ends)
        __attribute__((always_inline)) {
        for (std::size_t lanes = 0; head < count; head += lanes) {
            if (head == layer_end) {
                if (ends) ends->push_back(layer_end);
                layer_end = count;
                if (L && roots_ == 1) return std::pair{head, layer_end};
            }
            if ((++batches & 0xFF) == 0) check_stop();
            lanes = std::min<std::size_t>(kSlideLanes, layer_end - head);
            batch.template operator()<L>(head, lanes, exclude);
        }
        return std::pair{head, layer_end};
    };
    // The same, going on without labels from where they are all joined.
    auto all_layers = [&]<bool L>(std::size_t head, std::size_t layer_end, int exclude, std::vector<std::size_t>* ends)
        __attribute__((always_inline)) {
        const auto [at, end] = layers.template operator()<L>(head, layer_end, exclude, ends);
        if (L && at < count) layers.template operator()<false>(at, end, exclude, ends);
    };
    // After depth 0: the sources' layer by `only`'s slides alone, then the layers.
    auto rest = [&]<bool L>() __attribute__((always_inline)) {
        std::size_t head = 0, layer_end = count;
        if (only >= 0) {
            const auto u = static_cast<std::size_t>(only);
            for (std::size_t i = 0; i < layer_end; ++i) {
                const Key g = keys_[i];
                const auto [back, ahead] = s.reach(g, only);
                make_room<K, L>(count, static_cast<std::size_t>(back + ahead));
                const int f0 = s.field(g, only);
                const std::uint32_t label = L ? label_root(node_labels_[i]) : 0;
                for (int d = -back; d <= ahead; ++d) {
                    if (d == 0) continue;
                    const Key kid =
                        g + (d < 0 ? tables_.back[u][-d - 1] : tables_.ahead[u][d - 1]);  // back: negative offsets
                    add.template operator()<L>(kid, make_record(i, only, f0, f0 + d), label);
                }
            }
            head = layer_end;
            if (count > layer_end) layer_ends_.push_back(layer_end), layer_end = count;
        }
        all_layers.template operator()<L>(head, layer_end, -1, &layer_ends_);
    };
    layer_ends_.clear();
    if (options.close) all_layers.template operator()<Labelled>(0, count, only, nullptr);  // all at depth 0
    if (Labelled && roots_ > 1) rest.template operator()<Labelled>();
    else rest.template operator()<false>();
    layer_ends_.push_back(count);
    states_ = count;
    size_hint_ = std::max(count, size_hint_ / 2);
}

}  // namespace bitsolve::rush

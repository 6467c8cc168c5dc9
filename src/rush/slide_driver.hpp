#pragma once
// The drivers of the moves search (SlideSearch::run) and of the exhaustive BFS
// (SlideSearch::explore), see slide_search.hpp, as templates over the kernel, always inlined
// into one entry per kernel: the scalar entries (slide_search.cpp, the build's instruction set)
// and the AVX2 and AVX-512 entries (in slide_kernel_avx2.cpp and slide_kernel_avx512.cpp,
// compiled for those), so that the visited set's compare (step 3) is the kernel's too. Private
// to src/rush.
#include <algorithm>
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
// re-inserted) when it would be too full, the node arrays doubled when too short.
template <Kernel K>
__attribute__((always_inline)) inline void SlideSearch::make_room(std::size_t count, std::size_t extra) {
    constexpr bool from_keys = K != Kernel::Scalar;  // the vector kernels rebuild occupancy from the keys
    if (seen_.needs_room(count + extra)) [[unlikely]] {
        seen_.reset(2 * (count + extra));
        for (std::size_t j = 0; j < count; ++j) seen_.template insert<K>(keys_[j]);
    }
    if (count + extra > keys_.size()) [[unlikely]] {
        const std::size_t want = std::max<std::size_t>(4096, 2 * (count + extra));
        if (want > kMaxSearchNodes) throw LimitError("searches of more than 2^32 states are not supported");
        // Key and record, and both occupancies for the scalar kernel (kept once made); the old
        // arrays beside the new while they are copied.
        const std::size_t per_node =
            sizeof(Key) + sizeof(std::uint64_t) + (from_keys && occ_.empty() ? 0 : 2 * sizeof(u64));
        hold_.hold((keys_.size() + want) * per_node, "the search frontier");
        keys_.resize(want);
        records_.resize(want);
        hold_.hold(want * per_node, "the search frontier");
    }
    if (!from_keys && occ_.size() < keys_.size()) occ_.resize(keys_.size()), occT_.resize(keys_.size());
}

// Step 3 (slide_search.hpp) for the m children of the batch of nodes [head, head + 8): each
// is looked up and written after the first `count` nodes with its record (and its occupancy
// for the scalar kernel); the count moves on only for a new one. Calls
// on_kid(index, occupancy, lane, fresh) for each. Returns the new count.
template <Kernel K, class OnKid>
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
        const std::size_t fresh = seen_.template insert<K>(kid);
        assert(s.valid(kid));
        const int f0 = s.field(b.keys[l], i), f1 = s.field(kid, i);
        out_keys[count] = kid;
        out_records[count] = make_record(head + l, i, f0, f1);
        const auto u = static_cast<std::size_t>(i);
        const u64 occ =
            b.occ[l] ^ tables_.cells[u][static_cast<std::size_t>(f0)] ^ tables_.cells[u][static_cast<std::size_t>(f1)];
        if (!from_keys) {
            occ_[count] = occ;
            occT_[count] = b.occT[l] ^ tables_.cellsT[u][static_cast<std::size_t>(f0)] ^
                           tables_.cellsT[u][static_cast<std::size_t>(f1)];
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
    bool done = last < 2;
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
        if (depth >= max_length) break;
        if ((++batches & 0xFF) == 0) check_stop();
        lanes = std::min<std::size_t>(kSlideLanes, layer_end - head);
        const std::size_t m = expand<K>(head, lanes, b);
        expanded += lanes;
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
// or a length bound; with Options::stop_at_goal it stops after the batch that makes a new goal
// (the sources' layer of `only` is not checked: from goals it makes none).
template <Kernel K>
__attribute__((always_inline)) inline bool SlideSearch::explore_with(const CompiledBoard& s, const Key* sources,
                                                                     std::size_t sources_n, Options options) {
    const int n = static_cast<int>(s.board().pieces.size());
    const int only = options.only;
    constexpr bool from_keys = K != Kernel::Scalar;
    tables_for(s, K == Kernel::Scalar);
    SlideBatch b;
    seen_.reset(std::max(size_hint_, sources_n));
    std::size_t count = 0;
    // Writes node `key` (new or not) with its record; the count moves on when it was new.
    auto add = [&](Key key, std::uint64_t record, std::size_t fresh) {
        keys_[count] = key;
        records_[count] = record;
        if (!from_keys) {
            const CompiledBoard::Occupancy o = s.occupancy(key);
            occ_[count] = o.occ;
            occT_[count] = o.occT;
        }
        count += fresh;
    };
    make_room<K>(count, sources_n);
    for (std::size_t i = 0; i < sources_n; ++i) {
        seen_.template insert<K>(sources[i]);
        add(sources[i], make_record(0, n, 0, 0), 1);  // a root: piece n, an empty sweep
    }
    std::size_t head = 0, layer_end = sources_n;
    layer_ends_.clear();
    if (only >= 0) {  // the sources' layer by `only`'s slides alone
        const auto u = static_cast<std::size_t>(only);
        for (std::size_t i = 0; i < sources_n; ++i) {
            const Key g = keys_[i];
            const auto [back, ahead] = s.reach(g, only);
            make_room<K>(count, static_cast<std::size_t>(back + ahead));
            const int f0 = s.field(g, only);
            for (int d = -back; d <= ahead; ++d) {
                if (d == 0) continue;
                const Key kid =
                    g + (d < 0 ? tables_.back[u][-d - 1] : tables_.ahead[u][d - 1]);  // back: negative offsets
                add(kid, make_record(i, only, f0, f0 + d), seen_.template insert<K>(kid));
            }
        }
        head = sources_n;
        if (count > sources_n) layer_ends_.push_back(sources_n), layer_end = count;
    }
    for (std::size_t lanes = 0, batches = 0; head < count; head += lanes) {
        if (head == layer_end) {
            layer_ends_.push_back(layer_end);
            layer_end = count;
        }
        if ((++batches & 0xFF) == 0) check_stop();
        lanes = std::min<std::size_t>(kSlideLanes, layer_end - head);
        std::size_t m = expand<K>(head, lanes, b);
        if (options.exclude >= 0) {  // drop the excluded piece's slides, keeping the others' order
            std::size_t kept = 0;
            for (std::size_t j = 0; j < m; ++j) {
                b.kids[kept] = b.kids[j];
                b.kid_info[kept] = b.kid_info[j];
                kept += static_cast<int>(b.kid_info[j] >> 3) != options.exclude;
            }
            m = kept;
        }
        make_room<K>(count, m);
        // The visited set of a large cluster is out of the caches: start every child's bucket
        // load before the first look-up (6% less time on the database's sample).
        for (std::size_t j = 0; j < m; ++j) seen_.prefetch(b.kids[j]);
        const std::size_t before = count;
        count = write_children<K>(s, b, head, m, count, [](std::size_t, u64, std::size_t, std::size_t) {});
        if (options.stop_at_goal)
            for (std::size_t j = before; j < count; ++j)
                if (s.is_goal(keys_[j])) [[unlikely]] {
                    found_goal_ = keys_[j];
                    states_ = count;
                    return true;
                }
    }
    layer_ends_.push_back(count);
    states_ = count;
    size_hint_ = std::max(count, size_hint_ / 2);
    return false;
}

}  // namespace bitsolve::rush

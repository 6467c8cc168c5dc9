#include "bitsolve/sliding/pdb/builder.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <chrono>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {
namespace {

constexpr std::uint64_t kChunk = 1u << 15;  // placements per work item of a layer scan

// Slots on huge pages too: successors land anywhere in them, so with 4 KB pages nearly every
// successor would also miss the TLB.
template <class Slot>
using Slots = std::vector<Slot, HugePageAllocator<Slot>>;

// A slot's fields (builder.hpp) name a placement's blank regions in one of two ways:
//   by region: the regions numbered in the order of their lowest cells (as many fields as any
//     placement can leave regions);
//   by free cell: the rank of the region's lowest cell among the free cells (one field per free
//     cell, but no flood fills of other regions to find the number).
// The field of the region whose lowest cell is `canon`. By region: how many regions start below
// it (0 without a flood fill when it holds the lowest free cell, the usual case).
template <bool kByRegion>
unsigned field_of(const CellMasks& geo, std::uint32_t free_cells, unsigned canon) {
    std::uint32_t below = free_cells & ((1u << canon) - 1u);
    if constexpr (!kByRegion) return static_cast<unsigned>(std::popcount(below));
    unsigned ordinal = 0;
    for (; below; ++ordinal) below &= ~geo.flood(below & (~below + 1u), free_cells);
    return ordinal;
}

// The region of field j.
template <bool kByRegion>
std::uint32_t region_of(const CellMasks& geo, std::uint32_t free_cells, unsigned j) {
    if constexpr (!kByRegion) return geo.flood(1u << select_bit(free_cells, j), free_cells);
    std::uint32_t rest = free_cells;
    for (;; --j) {
        const std::uint32_t region = geo.flood(rest & (~rest + 1u), free_cells);
        if (j == 0) return region;
        rest &= ~region;
    }
}

template <class Slot>
Slot repeat_field(unsigned value, unsigned fields) {
    Slot s = 0;
    for (unsigned i = 0; i < fields; ++i) s = static_cast<Slot>(s | (static_cast<Slot>(value) << (2 * i)));
    return s;
}

// One layer: expands every state of the frontier, marks unreached successors as the next frontier
// and records `depth` as the table entry of placements reached for the first time (zero-aware: of
// every state reached for the first time, at the placement's fields() entries and its region's
// ordinal). Field values:
// 3 not reached, 0 expanded, and 1 / 2 the frontier of even / odd layers (the other one is the next
// layer's). Both transitions (3 -> next, frontier -> 0) only clear bits, so an atomic AND does them
// even while other threads mark other fields of the same slot. Returns the number of new states.
template <class Slot, bool kByRegion>
std::uint64_t expand_layer(const PatternSpec& spec, const CellMasks& geo, unsigned fields, Slots<Slot>& slots,
                           TableBytes& out, unsigned depth, unsigned threads, std::uint64_t& placements_done) {
    const unsigned n = spec.size(), k = spec.k(), zf = spec.zero_aware ? spec.fields() : 0;
    const Slot field_mask = repeat_field<Slot>(1, fields);  // low bit of every used field
    const unsigned cur = depth % 2 == 0 ? 1u : 2u;
    const Slot want = repeat_field<Slot>(cur, fields);
    const std::uint64_t total = slots.size();
    const std::size_t chunks = static_cast<std::size_t>((total + kChunk - 1) / kChunk);
    std::atomic<std::uint64_t> fresh{0}, placed{0};
    std::uint64_t weight[kMaxPatternTiles];  // digit weights of rank_kperm: (n-i-1)...(n-k+1)
    for (unsigned i = 0; i < k; ++i) {
        weight[i] = 1;
        for (unsigned j = i + 1; j < k; ++j) weight[i] *= n - j;
    }

    parallel_for(chunks, threads, [&](std::size_t chunk) {
        std::uint64_t my_fresh = 0, my_placed = 0;
        const std::uint64_t lo = chunk * kChunk, hi = std::min<std::uint64_t>(total, lo + kChunk);
        std::uint8_t pos[kMaxPatternTiles], slot_at[32];
        [[maybe_unused]] std::uint8_t npos[kMaxPatternTiles];
        // Successors wait in a small ring after their slot was prefetched, so a thread keeps
        // several cache misses in flight instead of stalling on each (the slots are far larger
        // than the caches and successors land anywhere in them).
        struct Pending {
            std::uint64_t index;
            unsigned field;
        };
        constexpr unsigned kRing = 16;
        Pending ring[kRing];
        unsigned head = 0, pending = 0;
        auto pop = [&] {
            const Pending& p = ring[head];
            head = (head + 1) % kRing;
            --pending;
            std::atomic_ref<Slot> a(slots[p.index]);
            if (((a.load(std::memory_order_relaxed) >> (2 * p.field)) & 3u) != 3u) return;
            const Slot clear = static_cast<Slot>(~(static_cast<Slot>(cur) << (2 * p.field)));
            const Slot old = a.fetch_and(clear, std::memory_order_relaxed);
            if (((old >> (2 * p.field)) & 3u) == 3u) ++my_fresh;
        };
        auto push = [&](std::uint64_t index, unsigned field) {
            __builtin_prefetch(&slots[index], 1);
            if (pending == kRing) pop();
            ring[(head + pending) % kRing] = {index, field};
            ++pending;
        };
        for (std::uint64_t r = lo; r < hi; ++r) {
            const Slot s = std::atomic_ref<Slot>(slots[r]).load(std::memory_order_relaxed);
            const Slot x = static_cast<Slot>(s ^ want);
            Slot frontier = static_cast<Slot>(~(x | (x >> 1)) & field_mask);
            if (!frontier) continue;
            std::atomic_ref<Slot>(slots[r]).fetch_and(static_cast<Slot>(~(frontier * 3u)), std::memory_order_relaxed);
            if (zf == 0 && out[r] == 0xFF) {  // first layer that reaches this placement: its minimum
                out[r] = static_cast<std::uint8_t>(depth);
                ++my_placed;
            } else if (zf != 0 &&
                       std::all_of(&out[r * zf], &out[r * zf] + zf, [](std::uint8_t v) { return v == 0xFF; })) {
                ++my_placed;
            }
            unrank_kperm(r, k, n, pos);
            std::uint32_t occupied = 0;
            for (unsigned i = 0; i < k; ++i) {
                occupied |= 1u << pos[i];
                slot_at[pos[i]] = static_cast<std::uint8_t>(i);
            }
            const std::uint32_t free_cells = geo.all & ~occupied;
            while (frontier) {
                const unsigned j = static_cast<unsigned>(std::countr_zero(frontier)) / 2;
                frontier = static_cast<Slot>(frontier & (frontier - 1));
                const std::uint32_t region = region_of<kByRegion>(geo, free_cells, j);
                if (zf != 0)
                    out[r * zf + (kByRegion ? j
                                            : field_of<true>(geo, free_cells,
                                                             static_cast<unsigned>(std::countr_zero(region))))] =
                        static_cast<std::uint8_t>(depth);
                for (unsigned i = 0; i < k; ++i) {
                    // Tile i slides into a neighbouring cell of the blank's region; the blank
                    // ends where the tile was.
                    std::uint32_t targets = geo.neighbours(pos[i]) & region;
                    while (targets) {
                        const unsigned q = static_cast<unsigned>(std::countr_zero(targets));
                        targets &= targets - 1;
                        const unsigned a = pos[i];
                        const std::uint32_t nfree = free_cells ^ (1u << q) ^ (1u << a);
                        const std::uint32_t nregion = geo.flood(1u << a, nfree);
                        const unsigned fj =
                            field_of<kByRegion>(geo, nfree, static_cast<unsigned>(std::countr_zero(nregion)));
                        // The successor's rank from this one's (see ida_worker.hpp): digit i
                        // changes by the cells moved minus the earlier tiles passed over, and
                        // every later tile passed over changes its digit by one.
                        const unsigned lo_c = std::min(a, q), hi_c = std::max(a, q);
                        std::uint64_t delta = weight[i] * (hi_c - lo_c);
                        std::uint32_t over = occupied & ((1u << hi_c) - 1u) & ~((2u << lo_c) - 1u);
                        while (over) {
                            const unsigned jj = slot_at[std::countr_zero(over)];
                            over &= over - 1;
                            delta += jj < i ? -weight[i] : weight[jj];
                        }
                        const std::uint64_t next = q > a ? r + delta : r - delta;
                        assert(next == [&] {
                            std::copy(pos, pos + k, npos);
                            npos[i] = static_cast<std::uint8_t>(q);
                            return rank_kperm(npos, k, n);
                        }());
                        push(next, fj);
                    }
                }
            }
        }
        // pop() lowers `pending` (a capture the loop check cannot see through).
        while (pending) pop();  // NOLINT(bugprone-infinite-loop)
        fresh.fetch_add(my_fresh, std::memory_order_relaxed);
        placed.fetch_add(my_placed, std::memory_order_relaxed);
    });
    check_stop();
    placements_done += placed.load();
    return fresh.load();
}

// The bytes of a placement's slot: 2 bits per field (builder.hpp), rounded up to 1, 2, 4 or 8.
unsigned slot_bytes(unsigned fields) { return fields <= 4 ? 1 : fields <= 8 ? 2 : fields <= 16 ? 4 : 8; }

// Fields by region where that makes the slots smaller (6 or 7 tiles on 5x5: 2 bytes instead of
// 8), else by free cell, which builds faster where placements often leave several regions (8
// tiles on 4x4: 18% less CPU time, docs/benchmarks.md).
struct SlotLayout {
    bool by_region;
    unsigned fields, bytes;
};

SlotLayout slot_layout(const PatternSpec& spec, const CellMasks& geo) {
    const unsigned regions = max_blank_regions(spec.geometry(), spec.k()), free_n = geo.n - spec.k();
    if (slot_bytes(regions) < slot_bytes(free_n)) return {true, regions, slot_bytes(regions)};
    return {false, free_n, slot_bytes(free_n)};
}

void check_spec(const PatternSpec& spec) {
    if (auto problem = spec_problem(spec); !problem.empty()) throw UsageError("pattern " + spec.key() + ": " + problem);
}

// A zero-aware table's unreached states, once the search is over: 0 for a region the placement has,
// 0xFF past its last one.
void settle_zero_aware(const PatternSpec& spec, const CellMasks& geo, TableBytes& out, unsigned threads) {
    const unsigned n = spec.size(), k = spec.k(), zf = spec.fields();
    const std::uint64_t total = spec.entries();
    const std::size_t chunks = static_cast<std::size_t>((total + kChunk - 1) / kChunk);
    parallel_for(chunks, threads, [&](std::size_t chunk) {
        const std::uint64_t lo = chunk * kChunk, hi = std::min<std::uint64_t>(total, lo + kChunk);
        for (std::uint64_t r = lo; r < hi; ++r) {
            std::uint8_t* e = &out[r * zf];
            if (std::none_of(e, e + zf, [](std::uint8_t v) { return v == 0xFF; })) continue;
            const unsigned regions = geo.regions(geo.all & ~placement_mask(r, k, n));
            for (unsigned j = 0; j < regions; ++j)
                if (e[j] == 0xFF) e[j] = 0;
        }
    });
    check_stop();
}

template <class Slot, bool kByRegion>
PdbTable build_with(const PatternSpec& spec, const CellMasks& geo, unsigned fields, unsigned threads,
                    const ProgressFn& progress, BuildInfo* info) {
    const auto t0 = std::chrono::steady_clock::now();
    const unsigned n = spec.size(), k = spec.k();
    const std::uint64_t total = spec.entries();
    require_memory(static_cast<std::size_t>(total * sizeof(Slot) + spec.table_entries()),
                   "building pattern database " + spec.key());

    Slots<Slot> slots(static_cast<std::size_t>(total), static_cast<Slot>(~Slot{0}));
    PdbTable table{spec, TableBytes(static_cast<std::size_t>(spec.table_entries()), 0xFF)};

    // The goal: pattern tiles on their cells, the blank's region is the one holding its goal cell.
    std::uint32_t occupied = 0;
    for (auto c : spec.cells) occupied |= 1u << c;
    const std::uint32_t free_cells = geo.all & ~occupied;
    const std::uint32_t region = geo.flood(1u << spec.blank_goal, free_cells);
    const unsigned fj = field_of<kByRegion>(geo, free_cells, static_cast<unsigned>(std::countr_zero(region)));
    const std::uint64_t goal = rank_kperm(spec.cells.data(), k, n);
    slots[goal] = static_cast<Slot>(slots[goal] & ~(static_cast<Slot>(2u) << (2 * fj)));  // frontier of layer 0

    std::uint64_t states = 1, placements = 0;
    unsigned depth = 0;
    for (;; ++depth) {
        const std::uint64_t fresh =
            expand_layer<Slot, kByRegion>(spec, geo, fields, slots, table.data, depth, threads, placements);
        if (progress) progress({depth, states, placements, total});
        if (fresh == 0) break;
        states += fresh;
        if (depth >= 254) throw std::logic_error("pattern database distance does not fit a byte");
    }
    // Placements the goal cannot reach (on 2x2 the cyclic order of the tiles is fixed) never occur
    // on a board that reaches the goal; 0 keeps them harmless. Zero-aware: the same for every
    // region a placement has; its fields past its last region stay 0xFF (table.hpp).
    if (spec.zero_aware) settle_zero_aware(spec, geo, table.data, threads);
    else if (placements != total)
        for (auto& v : table.data)
            if (v == 0xFF) v = 0;
    if (info) {
        info->max_depth = depth;
        info->states = states;
        info->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    return table;
}

}  // namespace

BuildEstimate estimate_build(const PatternSpec& spec) {
    check_spec(spec);
    const std::uint64_t entries = spec.entries();
    const bool large = entries > kLargeBuildEntries;
    const double rate = spec.zero_aware
                            ? (large ? kLargeZeroAwareBuildEntriesPerCpuSecond : kZeroAwareBuildEntriesPerCpuSecond)
                        : large ? kLargeBuildEntriesPerCpuSecond
                                : kBuildEntriesPerCpuSecond;
    const SlotLayout l = slot_layout(spec, CellMasks(spec.geometry()));
    return {spec.table_entries(), entries * l.bytes + spec.table_entries(), static_cast<double>(entries) / rate,
            l.by_region, spec.zero_aware ? zero_aware_lookup_bytes_at_most(spec) : spec.table_entries()};
}

PdbTable build_table(const PatternSpec& spec, unsigned threads, const ProgressFn& progress, BuildInfo* info) {
    check_spec(spec);
    const CellMasks geo(spec.geometry());
    const SlotLayout l = slot_layout(spec, geo);
    if (l.by_region) {
        switch (l.bytes) {  // fewer fields than free cells: never 8 bytes
            case 1: return build_with<std::uint8_t, true>(spec, geo, l.fields, threads, progress, info);
            case 2: return build_with<std::uint16_t, true>(spec, geo, l.fields, threads, progress, info);
            default: return build_with<std::uint32_t, true>(spec, geo, l.fields, threads, progress, info);
        }
    }
    switch (l.bytes) {
        case 1: return build_with<std::uint8_t, false>(spec, geo, l.fields, threads, progress, info);
        case 2: return build_with<std::uint16_t, false>(spec, geo, l.fields, threads, progress, info);
        case 4: return build_with<std::uint32_t, false>(spec, geo, l.fields, threads, progress, info);
        default: return build_with<std::uint64_t, false>(spec, geo, l.fields, threads, progress, info);
    }
}

}  // namespace bitsolve::sliding::pdb

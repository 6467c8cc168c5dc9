#pragma once
// Builds a pattern database table by breadth-first search backwards from the goal over the
// pattern space, where only moves of pattern tiles cost 1.
//
// The blank matters: a pattern tile can only move into the blank, and the blank travels freely
// through the cells no pattern tile occupies -- but only inside its connected region. A state of
// the search is therefore (placement of the pattern tiles, region of the blank), the region named
// canonically by its lowest cell. This "blank-region canonicalisation" was chosen over a 0-1 BFS
// on (placement, blank cell): each state is expanded once with a flood fill (a few shifts on a
// 32-bit mask) instead of once per blank cell, and almost every placement has a single region, so
// there are about as many states as placements rather than (free cells) times more.
//
// Storage: per placement a slot of 2-bit fields, one per blank region: not reached, frontier, next
// layer or expanded (four values, so no extra pass per layer is needed to tell the layers apart).
// A region's field is the rank of its lowest cell among the free cells, or, where that makes the
// slots smaller, the rank of the region among the placement's regions in the order of their lowest
// cells: then a slot has as many fields as any placement of the pattern's tiles can leave regions
// (counted once per build over every set of occupied cells: 6 for 7 tiles on 5x5, 2-byte slots
// instead of 8). The table entry of a placement is the distance of its first-reached state, i.e.
// the minimum over blank regions, so a lookup needs no blank; a zero-aware table (pattern.hpp)
// keeps every state's distance instead, one entry per region. Each layer is a scan of all slots split among threads
// (core/parallel.hpp); successors are set with atomic AND on their slot, so threads never lock.
// Memory: entries * (1, 2, 4 or 8 bytes of slots + 1 byte of table, fields() bytes zero-aware):
// 8 tiles on 4x4 about 1.6 GB, 6 tiles on 5x5 0.38 GB (zero-aware 0.89 GB), 7 tiles on 5x5 7.3 GB.
#include <cstdint>
#include <functional>

#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/table.hpp"

namespace bitsolve::sliding::pdb {

struct BuildProgress {
    unsigned depth;            // layer just finished
    std::uint64_t states;      // states reached so far
    std::uint64_t placements;  // placements with a distance so far
    std::uint64_t total;       // all placements (spec.entries())
};
using ProgressFn = std::function<void(const BuildProgress&)>;

struct BuildInfo {
    unsigned max_depth = 0;
    std::uint64_t states = 0;  // (placement, blank region) states reached
    double seconds = 0;
};

// What a build takes, known before it starts: the table's entries (spec.table_entries(), one byte
// each, in memory and in the cache file after its 64-byte header), the builder's peak memory (the table and its
// slots), and its CPU time estimated at kBuildEntriesPerCpuSecond (kLargeBuildEntriesPerCpuSecond
// above kLargeBuildEntries, kZeroAwareBuildEntriesPerCpuSecond for a zero-aware table).
// memory_bytes: what the table takes once loaded for a search (entries, or for a zero-aware
// table the most its lookup form can take, zero_aware_lookup_bytes_at_most).
struct BuildEstimate {
    std::uint64_t entries = 0;
    std::uint64_t peak_bytes = 0;
    double cpu_seconds = 0;
    bool fields_by_region = false;  // the build's 2-bit slot fields: one per blank region, else one per free cell
    std::uint64_t memory_bytes = 0;
};
// Entries a build settles per CPU-second, measured with `bitsolve sliding build-pdb` on the
// 4x4 7-8 (577 M entries, 311 CPU-s) and 5x5 6-6-6-6 tables (510 M, 290 CPU-s) on a 2-core AMD
// EPYC (Zen 4) (docs/benchmarks.md, "Building the tables"); small tables build faster.
inline constexpr double kBuildEntriesPerCpuSecond = 1.8e6;
// Larger tables settle fewer: the 7-tile 5x5 tables (2.4 G entries each) took 1,940 CPU-s each,
// 1.25 M entries per CPU-second, on the same machine (docs/benchmarks.md, "The 7-7-7-3 partition").
inline constexpr std::uint64_t kLargeBuildEntries = 1'000'000'000;
inline constexpr double kLargeBuildEntriesPerCpuSecond = 1.25e6;
// A zero-aware build keeps every (placement, region) distance and settles them in a last pass:
// the 5x5 zpdb6666 tables (510 M placements) took 415 CPU-s on the same machine, 1.23 M
// placements per CPU-second (docs/benchmarks.md, "Zero-aware 6-6-6-6").
inline constexpr double kZeroAwareBuildEntriesPerCpuSecond = 1.2e6;
// And large ones fewer still: the three zero-aware 7-tile 5x5 tables of 7-7-7-3 (2.42 G
// placements each) took 7,531 CPU-s together, 0.965 M placements per CPU-second
// (docs/benchmarks.md, "Zero-aware 7-7-7-3 beside zpdb6666").
inline constexpr double kLargeZeroAwareBuildEntriesPerCpuSecond = 0.96e6;
// Throws UsageError for a malformed spec.
BuildEstimate estimate_build(const PatternSpec& spec);

// Throws UsageError for a malformed spec, LimitError when the memory budget is too small or a stop
// was requested. threads: 0 = all cores. Deterministic: the table does not depend on threads.
PdbTable build_table(const PatternSpec& spec, unsigned threads, const ProgressFn& progress = {},
                     BuildInfo* info = nullptr);

}  // namespace bitsolve::sliding::pdb

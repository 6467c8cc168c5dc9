#pragma once
// A pattern database table: for every placement of the pattern's tiles, the fewest moves *of
// those tiles* that bring them to their goal cells (the other tiles are indistinguishable and
// their moves are free, which is what makes disjoint patterns additive).
//
// Layout: one byte per entry, entry i = distance of the placement with rank_kperm(...) == i
// (rank.hpp). Zero-aware (pattern.hpp): spec.fields() bytes per placement, entry i * fields + j =
// the distance with the blank in the placement's region j (RegionLabels), 0xFF past its last region
// (so a placement with one region has 0xFF in its second byte). Bytes rather than nibbles because the distances of 6-, 7- and 8-tile patterns
// exceed 15; a byte lookup is also one load with no shift. Sizes: 5 tiles on 16 cells 524,160 B,
// 6 tiles 5.8 MB, 7 tiles 57.7 MB, 8 tiles 519 MB; 6 tiles on 25 cells 127.5 MB. Large tables
// live on transparent huge pages (huge_alloc.hpp): the search's random lookups then rarely miss
// the TLB.
#include <cstdint>
#include <vector>

#include "bitsolve/sliding/pdb/huge_alloc.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"

namespace bitsolve::sliding::pdb {

// Entry format codes as written in the cache file header.
enum class EntryFormat : std::uint8_t { Byte = 1, ZeroAwareBytes = 2 };

using TableBytes = std::vector<std::uint8_t, HugePageAllocator<std::uint8_t>>;

struct PdbTable {
    PatternSpec spec;
    TableBytes data;  // spec.table_entries() bytes

    std::uint8_t at(std::uint64_t index) const { return data[index]; }
};

}  // namespace bitsolve::sliding::pdb

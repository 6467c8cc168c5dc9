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
#include <array>
#include <bit>
#include <cstdint>
#include <functional>
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

// The search's form of a zero-aware table: one byte a placement, as a table of minima, so that a
// cache line holds as many placements. A placement whose regions all have the same entry (one
// region, or several alike: 84% of the 6-6-6-6 placements) keeps it there; any other keeps the
// entry of its largest region (RegionLabels::largest) with the high bit set, and all its entries
// in `rest`, found by its rank among such placements (a bit per placement, a count per 64). With
// the blank in the largest region a lookup reads the one byte and the region row. 6-6-6-6 takes
// 220-223 MB a table instead of 637.6 MB.
//
// `rest` holds a flagged placement's entries as nibbles, two a byte (region j in byte j / 2, the
// low nibble for even j): (entry - the largest region's entry) / 2 as a signed 4-bit number, 8
// (-8) past the last region. That needs the entries of a placement to be of one parity, which
// they are on every board: a move of a pattern tile changes the parity of the sum of its tiles'
// checkerboard colours and no other move does, so a placement fixes the parity of its count. It
// also needs them within 14 of each other: the 5x5 6- and 7-tile tables measured lie within 8
// (docs/benchmarks.md). A table with entries further apart keeps whole bytes (`nibbles` false;
// 0xFF past the last region). 5x5 7-tile forms then take 4.7-4.8 GB instead of 6.4-6.5.
struct ZeroAwareLookup {
    static constexpr std::uint8_t kSeveral = 0x80;
    static constexpr unsigned kNoRegion = 8;  // the nibble past a placement's last region
    // 64 placements. No member initialisers: the blocks' buffer is left unset when it is read
    // from a file (huge_alloc.hpp); Block{} is all zero.
    struct Block {
        std::uint64_t several;  // bit i: placement 64 * block + i has several entries in `rest`
        std::uint32_t before;   // placements with entries in `rest` in earlier blocks
        std::uint32_t unused;
    };
    unsigned fields = 0;
    bool nibbles = false;
    unsigned stride = 0;  // bytes of `rest` a flagged placement: (fields + 1) / 2 with nibbles, else fields
    TableBytes first;     // a byte per placement
    std::vector<Block, HugePageAllocator<Block>> blocks;
    TableBytes rest;   // `stride` bytes per placement whose regions' entries differ
    PatternSpec spec;  // the table's

    // The entry of placement r for the blank on `cell`; `row` is the placement's RegionLabels row.
    std::uint8_t at(std::uint64_t r, const std::array<std::uint8_t, 16>& row, unsigned cell) const {
        const std::uint8_t v = first[r];
        return v < kSeveral ? v : flagged(r, v, row, cell);
    }
    // The same for a placement whose byte `v` = first[r] is flagged (kSeveral set).
    std::uint8_t flagged(std::uint64_t r, std::uint8_t v, const std::array<std::uint8_t, 16>& row,
                         unsigned cell) const {
        const unsigned region = RegionLabels::region(row, cell);
        const auto largest = static_cast<std::uint8_t>(v & (kSeveral - 1));
        if (region == RegionLabels::largest(row)) return largest;
        const Block& block = blocks[r / 64];
        const std::uint64_t below = block.several & ((std::uint64_t{1} << (r % 64)) - 1);
        const std::uint64_t index = block.before + static_cast<std::uint64_t>(std::popcount(below));
        if (!nibbles) return rest[index * stride + region];
        return static_cast<std::uint8_t>(largest + difference(&rest[index * stride], region));
    }
    // With nibbles: region j's entry minus the largest region's, from a flagged placement's
    // `stride` bytes of `rest` (kNoRegionDifference past its last region).
    static int difference(const std::uint8_t* bytes, unsigned j) {
        const unsigned code = (bytes[j / 2] >> (4 * (j & 1))) & 15u;
        return 2 * (static_cast<int>(code ^ kNoRegion) - 8);
    }
    static constexpr int kNoRegionDifference = -16;
    std::uint64_t bytes() const { return first.size() + blocks.size() * sizeof(Block) + rest.size(); }
};

// The lookup form of zero-aware `table` (labels: its pattern size's RegionLabels). Throws
// std::logic_error for an entry of 0x80 or more (no table of 8 tiles or fewer on 25 cells has one).
ZeroAwareLookup make_zero_aware_lookup(const PdbTable& table, const RegionLabels& labels);
// The same from a table that comes in pieces: pieces(f) calls f(first placement, placements,
// their entries) for consecutive runs of placements, from the first to the last; it is called
// twice (a scan to count, a scan to fill). std::logic_error also for pieces out of order.
using EntryPiece = std::function<void(std::uint64_t from, std::uint64_t size, const std::uint8_t* entries)>;
using EntryPieces = std::function<void(const EntryPiece&)>;
ZeroAwareLookup make_zero_aware_lookup(const PatternSpec& spec, const RegionLabels& labels, const EntryPieces& pieces);
// The most bytes that form can take for zero-aware `spec` (every placement that leaves several
// regions with entries in `rest`, as nibbles), known before the table is built. A table whose
// entries lie too far apart for nibbles takes up to fields / 2 more bytes per flagged placement.
std::uint64_t zero_aware_lookup_bytes_at_most(const PatternSpec& spec);
// The least: a byte and a sixty-fourth of a block per placement, nothing in `rest`.
std::uint64_t zero_aware_lookup_bytes_at_least(const PatternSpec& spec);

}  // namespace bitsolve::sliding::pdb

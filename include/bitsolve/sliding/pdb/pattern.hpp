#pragma once
// What a pattern database is about: the board shape, the goal cell of the blank, and the goal
// cells of the pattern's tiles (in rank order). A table depends on nothing else, so one table
// serves every goal board that puts the blank on the same cell: the tiles of a pattern are "the
// tiles whose goal cell is cells[i]", whatever their numbers.
//
// Named partitions (Korf & Felner 2002 style, disjoint, together covering every tile):
//   pdb555, pdb663, pdb78 on 4x4; pdb6666, zpdb6666 (zero-aware, below) and pdb7773 on 5x5,
//   alone or several joined by '+' (the maximum over them). They are written for the blank's goal in cell 0
//   (blank first); for the blank's goal in the last cell (blank last) every cell is turned by 180
//   degrees, which keeps the main diagonal on itself, so the reflection still applies.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding::pdb {

struct PatternSpec {
    std::uint8_t rows = 0, cols = 0;  // 2..5 each
    std::uint8_t blank_goal = 0;      // goal cell of the blank, 0 .. rows*cols-1
    std::vector<std::uint8_t> cells;  // goal cells of the pattern tiles, 1..8 of them, distinct, not the blank's
    // Zero-aware (Clausecker & Reinefeld's ZPDB): an entry for every blank region of a placement
    // (the regions the pattern's tiles leave free, numbered in the order of their lowest cells)
    // instead of the minimum over them; fields() entries a placement, table.hpp.
    bool zero_aware = false;

    Geometry geometry() const { return Geometry{rows, cols}; }
    unsigned size() const { return static_cast<unsigned>(rows) * cols; }
    unsigned k() const { return static_cast<unsigned>(cells.size()); }
    // Placements of the pattern's tiles: n!/(n-k)!.
    std::uint64_t entries() const;
    // Entries a placement: the most blank regions k tiles can leave when zero-aware, else 1.
    unsigned fields() const;
    // The table's entries: entries() * fields().
    std::uint64_t table_entries() const { return entries() * fields(); }
    // File-name stem, e.g. "4x4-b0-1.2.3.4.5.6.7"; a zero-aware table's ends in "-z".
    std::string key() const;
    bool operator==(const PatternSpec&) const = default;
};

// Largest pattern the builder and the file format accept, and most patterns in a partition.
inline constexpr unsigned kMaxPatternTiles = 8;
inline constexpr unsigned kMaxPatterns = 8;

// Empty when the spec is well formed, else what is wrong (used by the header parser and the API).
std::string spec_problem(const PatternSpec& spec);

// A board's cells as bitmasks (bit c = cell c, row-major), for the builder's flood fills.
struct CellMasks {
    unsigned rows, cols, n;
    std::uint32_t all, not_first_col, not_last_col;
    explicit CellMasks(Geometry g);
    // The cells of `free_cells` connected to `seed` (seed included; seed must be in free_cells).
    std::uint32_t flood(std::uint32_t seed, std::uint32_t free_cells) const {
        // Two steps per test: the loop's exit branch is the costly part of a short fill.
        std::uint32_t r = seed, prev;
        do {
            prev = r;
            r |= ((r << 1) & not_first_col) | ((r >> 1) & not_last_col) | (r << cols) | (r >> cols);
            r &= free_cells;
            r |= ((r << 1) & not_first_col) | ((r >> 1) & not_last_col) | (r << cols) | (r >> cols);
            r &= free_cells;
        } while (r != prev);
        return r;
    }
    // How many regions the cells of `free_cells` form.
    unsigned regions(std::uint32_t free_cells) const {
        unsigned count = 0;
        for (std::uint32_t rest = free_cells; rest; ++count) rest &= ~flood(rest & (~rest + 1u), free_cells);
        return count;
    }
    // Neighbours of a cell (up to 4).
    std::uint32_t neighbours(unsigned cell) const {
        const std::uint32_t b = 1u << cell;
        return (((b << 1) & not_first_col) | ((b >> 1) & not_last_col) | (b << cols) | (b >> cols)) & all;
    }
};

// The most blank regions that k tiles on this board can leave (every set of k cells tried once per
// geometry and k, then remembered): 5 for 6 tiles on 5x5, 6 for 7.
unsigned max_blank_regions(Geometry g, unsigned k);

// The blank regions of every set of k occupied cells, for zero-aware lookups: region(occupied, c)
// is the ordinal of free cell c's region among the regions of `occupied` in the order of their
// lowest cells (the numbering of zero-aware entries). One 16-byte row of 4-bit ordinals per set,
// indexed by the set's colexicographic rank: C(25, 6) rows, 2.8 MB, for 6 tiles on 5x5. The row's
// last byte holds largest(row): the ordinal of the region with the most cells (the lowest of
// equals), where the blank is most often.
class RegionLabels {
    static_assert(kMaxCells <= 30, "a row's 4-bit ordinals end before its last byte");

public:
    RegionLabels(Geometry g, unsigned k);
    std::uint32_t rank(std::uint32_t occupied) const {
        std::uint32_t r = 0;
        for (unsigned i = 0; i < k_; ++i) {
            r += binom_[std::countr_zero(occupied)][i + 1];
            occupied &= occupied - 1;
        }
        return r;
    }
    const std::array<std::uint8_t, 16>& row(std::uint32_t occupied) const { return rows_[rank(occupied)]; }
    static unsigned region(const std::array<std::uint8_t, 16>& row, unsigned cell) {
        return (row[cell / 2] >> (4 * (cell & 1))) & 15u;
    }
    unsigned region(std::uint32_t occupied, unsigned cell) const { return region(row(occupied), cell); }
    static unsigned largest(const std::array<std::uint8_t, 16>& row) { return row[15]; }
    // How many of the sets leave more than one region.
    std::uint64_t sets_with_several_regions() const { return several_; }

private:
    unsigned k_;
    std::uint64_t several_ = 0;
    std::uint32_t binom_[32][kMaxPatternTiles + 1] = {};  // binom_[c][i] = C(c, i)
    std::vector<std::array<std::uint8_t, 16>> rows_;
};

// A catalogue: partitions of one's own, for one board size, in a text file ('#' starts a comment;
// blank lines are ignored). The first line is "size RxC"; every other line is a partition: groups of goal
// cells (numbered for the blank's goal in cell 0, as the named partitions; turned by 180 degrees
// for blank last) separated by '|', together every cell but 0 once, each group 1..8 cells and
// leaving two other cells, 1..kMaxPatterns groups; 1..kMaxPartitions lines. A line that starts
// with the word "zero-aware" is a partition of zero-aware tables (PatternSpec::zero_aware). E.g.
//   size 4x4
//   1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15
//   zero-aware 1 2 3 5 6 7 | 9 10 11 13 14 15 | 4 8 12
// The heuristic name "catalogue:FILE" takes the maximum over the file's partitions.
struct Catalogue {
    Geometry geo;
    std::vector<std::vector<std::vector<std::uint8_t>>> partitions;  // groups of goal cells
    std::vector<bool> zero_aware;                                    // per partition: its tables are zero-aware
};
inline constexpr std::string_view kCataloguePrefix = "catalogue:";
inline constexpr std::string_view kZeroAwareWord = "zero-aware";
// Throws InputError (line, column) for anything but a catalogue as above.
Catalogue parse_catalogue(std::string_view text);
bool is_catalogue_name(std::string_view name);

// The names accepted by --heuristic / build-pdb. Each also takes the suffix "-dual" (e.g.
// "pdb6666-dual"): the same tables, with dual lookups (heuristic.hpp); partition_fits and
// named_partition accept the suffixed names. Names joined by '+' (e.g. "pdb6666+pdb7773", up to
// kMaxPartitions of them, of one board size, without "-dual") take the maximum over those
// partitions, each with its reflection, as "catalogue:FILE" does over a catalogue's (read from
// FILE by the functions below that take a name: InputError when it cannot be read or parsed).
const std::vector<std::string>& partition_names();
inline constexpr std::string_view kDualSuffix = "-dual";
inline constexpr char kPartitionJoin = '+';
inline constexpr unsigned kMaxPartitions = 3;
// The name without a "-dual" suffix, and whether it had one.
std::string_view partition_base(std::string_view name);
bool is_dual_name(std::string_view name);
// Empty when `name` is a partition name as above (of any size), else what is wrong with it (a
// catalogue's file is not read here).
std::string partition_name_problem(std::string_view name);
// True when `name` is a partition name whose partitions are all defined for boards of this geometry.
bool partition_fits(std::string_view name, Geometry g);
// The board size a partition name is for. Throws UsageError for an unknown name or one that mixes
// sizes.
Geometry partition_geometry(std::string_view name);
// The patterns of each partition a name joins, for a board whose blank's goal is `blank_goal`
// (cell 0 or the last cell). Throws UsageError for a bad name, another board size or another
// blank cell.
std::vector<std::vector<PatternSpec>> named_partitions(std::string_view name, Geometry g, unsigned blank_goal);
// The same, every distinct pattern once (the tables to build), in the name's order.
std::vector<PatternSpec> named_partition(std::string_view name, Geometry g, unsigned blank_goal);
// The strongest partition shipped for boards of this geometry (what "best" names): pdb78 on
// 4x4, zpdb6666 on 5x5 (with reflection: 0.61x the nodes of pdb6666 and less search time on the
// sixteen easiest 24-puzzles, docs/benchmarks.md); empty for other sizes, where the computed
// heuristics serve.
std::string_view best_partition(Geometry g);
// The duplicate-move pruning depth (move_fsm.hpp) that goes with best_partition: 12 on 5x5, where
// it measured fastest; 2 (never undo the last move) elsewhere: on 4x4 the deeper machines cost
// more to build than they save with pdb78 (docs/benchmarks.md).
int best_prune_depth(Geometry g);

}  // namespace bitsolve::sliding::pdb

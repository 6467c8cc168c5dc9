#pragma once
// The pattern database heuristic: the sum of the disjoint patterns' table entries, maxed with the
// same sum taken on the board reflected about the main diagonal (Korf & Felner 2002). With several
// partitions (each a set of disjoint patterns covering every tile) it is the maximum of all their
// sums, plain and reflected: each sum is admissible, so their maximum is.
//
// Reflection: transposing every cell and renaming tile t to sigma(t) = the goal tile on the
// transposed goal cell of t maps the goal onto itself, and it is a symmetry of the puzzle when the
// blank maps to the blank, i.e. when the blank's goal cell lies on the diagonal -- true for both
// conventions (blank first: cell 0; blank last: the last cell) on square boards. The reflected
// board is looked up in the same tables, so reflection costs lookups, not memory. On other goals
// (or non-square boards) the reflection is simply not used.
//
// The heuristic keeps, for every pattern, the cells of its tiles on the board and on the reflected
// board; moving one tile changes one entry of each, so a move costs two ranks and two lookups
// (see solver.hpp).
//
// Dual lookups (Felner, Zahavi, Schaeffer & Holte 2005; Zahavi et al. 2008), optional. Name every
// tile by its goal cell, so a board is a permutation x of the cells (x(c): the goal cell of the
// tile on c; the blank's goal cell z for the blank). A solution moves the blank along cells
// b = c0, c1, ..., ck = z and swaps the cells' contents each time: x . t1 ... tk = identity with
// ti = (c(i-1) ci). Read backwards, the same swaps take the identity to the dual x^-1, and in
// every board along the way the object named b (the tile whose goal is b, the blank's cell now)
// sits on ci: it plays the blank. So x^-1 is exactly as far from the identity in the puzzle whose
// blank is object b as x is from the goal. In that puzzle object b is the blank and object z an
// ordinary tile, and the tables still bound the moves of a pattern's objects, since an entry
// counts moves of the pattern's tiles only, whatever the other tiles are -- with two exceptions:
//   - the pattern holding object b (the blank sits on one of its goal cells): its moves are the
//     blank's, so it gets no table entry; its other objects count their Manhattan distances;
//   - a table's goal state keeps the blank in the region of z that the pattern's goal cells leave
//     free (on 5x5 the first 6-tile pattern walls cell 0 in), so its entry holds only when b lies
//     in that region; otherwise the pattern also counts Manhattan distances.
// Object q of the dual lies on cell x(q), the goal cell of the tile on q, so the dual lookup of a
// pattern reads the tiles on the pattern's goal cells. The dual of the reflected board is the
// reflection of the dual: a second dual lookup. The dual is admissible but not consistent.
#include <cstdint>
#include <memory>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/table.hpp"

namespace bitsolve::sliding::pdb {

// Tables for one board size and blank goal cell (shared, read-only, by all searches).
struct PdbSet {
    std::vector<std::shared_ptr<const PdbTable>> tables;
    // Zero-aware tables' lookup forms built beforehand (make_zero_aware_lookup), so that a caller
    // can let go of each table's bytes as soon as its form is built: empty, or one per table, null
    // where the heuristic builds the form. A table given with its form holds only its spec.
    std::vector<std::shared_ptr<const ZeroAwareLookup>> lookups;
};

class PdbHeuristic {
public:
    // Throws UsageError when the goal is not a valid board, or the tables do not form a disjoint
    // partition of the goal's tiles with the goal's blank cell and board size.
    // dual: also the dual lookups (evaluate takes the maximum of all the sums). Zero-aware tables
    // are turned into their lookup form (table.hpp) on every core, a table per core, and their own
    // bytes released (freed unless the caller still holds them); a stop request meanwhile throws
    // LimitError. Forms given in PdbSet::lookups must be of their tables' specs; they are used as
    // they are.
    PdbHeuristic(const Board& goal, PdbSet set, bool reflect = true, bool dual = false);
    // The maximum over 1..kMaxPartitions partitions, each checked as above; dual lookups take one.
    PdbHeuristic(const Board& goal, std::vector<PdbSet> partitions, bool reflect = true, bool dual = false);

    Geometry geometry() const { return goal_.geo; }
    unsigned cells() const { return n_; }
    unsigned partitions() const { return static_cast<unsigned>(sets_.size()); }
    // The number of patterns of partition `part` (the first by default, as below).
    unsigned patterns(unsigned part = 0) const { return static_cast<unsigned>(sets_[part].tables.size()); }
    bool reflects() const { return reflect_; }
    bool dual() const { return dual_; }
    const Board& goal() const { return goal_; }

    // Per tile (1..n-1): its pattern in partition `part` and its slot in that pattern's rank order.
    std::uint8_t pattern_of(unsigned tile, unsigned part = 0) const { return pattern_[part][tile]; }
    std::uint8_t slot_of(unsigned tile, unsigned part = 0) const { return slot_[part][tile]; }
    std::uint8_t sigma(unsigned tile) const { return sigma_[tile]; }          // reflected tile name
    std::uint8_t transpose(unsigned cell) const { return transpose_[cell]; }  // reflected cell
    unsigned pattern_size(unsigned p, unsigned part = 0) const { return sets_[part].tables[p]->spec.k(); }
    // A table of minima's bytes (null for a zero-aware table: see lookup()).
    const std::uint8_t* table(unsigned p, unsigned part = 0) const { return sets_[part].tables[p]->data.data(); }
    // Zero-aware tables (pattern.hpp) hold fields() entries a placement, the blank's region (of
    // the placement's cells, labels(k)) picking one. A partition's tables are all zero-aware or
    // none is. The heuristic keeps them in their lookup form (table.hpp), built once per table;
    // lookup() is null for tables of minima.
    bool zero_aware(unsigned part) const { return sets_[part].tables[0]->spec.zero_aware; }
    unsigned fields(unsigned p, unsigned part = 0) const { return fields_[part][p]; }
    const RegionLabels* labels(unsigned k) const { return labels_[k].get(); }
    const ZeroAwareLookup* lookup(unsigned p, unsigned part = 0) const { return lookups_[part][p].get(); }
    // Goal cells of pattern p's tiles, in slot order.
    const std::uint8_t* pattern_cells(unsigned p, unsigned part = 0) const {
        return sets_[part].tables[p]->spec.cells.data();
    }
    std::uint8_t goal_cell(unsigned tile) const { return goal_cell_[tile]; }
    // Bit c set: with the blank on cell c, pattern p's table entry bounds the dual (c lies in the
    // region of the blank's goal cell that the pattern's goal cells leave free). First partition.
    std::uint32_t dual_safe(unsigned p) const { return dual_safe_[p]; }

    // Full evaluation of a board of the goal's geometry: the maximum of every partition's sum and
    // reflected sum, and of the dual sums when dual() is set. Also the sums one by one, of one
    // partition (the dual ones, of the only partition, whether dual() is set or not; not for
    // zero-aware tables, whose entries need the blank's region: UsageError).
    int evaluate(const Board& board) const;
    int plain_sum(const Board& board, unsigned part = 0) const;
    int reflected_sum(const Board& board, unsigned part = 0) const;
    int dual_sum(const Board& board) const;
    int reflected_dual_sum(const Board& board) const;

private:
    int plain_sum(const Tile* tiles, unsigned part) const;
    int dual_sum(const Tile* tiles) const;
    void reflect_board(const Board& board, Tile* out) const;

    MemoryHold hold_;  // the tables and lookup forms, against the memory budget
    Board goal_;
    unsigned n_;
    std::vector<PdbSet> sets_;
    bool reflect_, dual_;
    std::uint32_t dual_safe_[kMaxPatterns] = {};
    std::uint8_t goal_cell_[kMaxCells] = {};
    std::uint8_t pattern_[kMaxPartitions][kMaxCells] = {}, slot_[kMaxPartitions][kMaxCells] = {};
    std::uint8_t sigma_[kMaxCells], transpose_[kMaxCells];
    std::uint8_t fields_[kMaxPartitions][kMaxPatterns] = {};
    std::shared_ptr<const RegionLabels> labels_[kMaxPatternTiles + 1];  // by pattern size, zero-aware tables only
    std::shared_ptr<const ZeroAwareLookup> lookups_[kMaxPartitions][kMaxPatterns];
};

}  // namespace bitsolve::sliding::pdb

#pragma once
// The pattern database heuristic: the sum of the disjoint patterns' table entries, maxed with the
// same sum taken on the board reflected about the main diagonal (Korf & Felner 2002).
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
#include <cstdint>
#include <memory>
#include <vector>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/table.hpp"

namespace bitsolve::sliding::pdb {

inline constexpr unsigned kMaxPatterns = 8;

// Tables for one board size and blank goal cell (shared, read-only, by all searches).
struct PdbSet {
    std::vector<std::shared_ptr<const PdbTable>> tables;
};

class PdbHeuristic {
public:
    // Throws UsageError when the goal is not a valid board, or the tables do not form a disjoint
    // partition of the goal's tiles with the goal's blank cell and board size.
    PdbHeuristic(const Board& goal, PdbSet set, bool reflect = true);

    Geometry geometry() const { return goal_.geo; }
    unsigned cells() const { return n_; }
    unsigned patterns() const { return static_cast<unsigned>(set_.tables.size()); }
    bool reflects() const { return reflect_; }
    const Board& goal() const { return goal_; }

    // Per tile (1..n-1): its pattern and its slot in that pattern's rank order.
    std::uint8_t pattern_of(unsigned tile) const { return pattern_[tile]; }
    std::uint8_t slot_of(unsigned tile) const { return slot_[tile]; }
    std::uint8_t sigma(unsigned tile) const { return sigma_[tile]; }          // reflected tile name
    std::uint8_t transpose(unsigned cell) const { return transpose_[cell]; }  // reflected cell
    unsigned pattern_size(unsigned p) const { return set_.tables[p]->spec.k(); }
    const std::uint8_t* table(unsigned p) const { return set_.tables[p]->data.data(); }

    // Full evaluation of a board of the goal's geometry: max(sum, reflected sum). Also the two sums.
    int evaluate(const Board& board) const;
    int plain_sum(const Board& board) const;
    int reflected_sum(const Board& board) const;

private:
    int plain_sum(const Tile* tiles) const;

    Board goal_;
    unsigned n_;
    PdbSet set_;
    bool reflect_;
    std::uint8_t pattern_[kMaxCells], slot_[kMaxCells], sigma_[kMaxCells], transpose_[kMaxCells];
};

}  // namespace bitsolve::sliding::pdb

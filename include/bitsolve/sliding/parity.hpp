#pragma once
// Solvability by parity, for any rows x cols board (both >= 2) and any goal.
//
// A move swaps the blank with a neighbour: it flips the parity of the board read as a
// permutation of cells, and it moves the blank by one step, flipping the parity of the blank's
// taxicab distance to any fixed cell. So
//     parity(board) + parity(goal) + |blank row diff| + |blank col diff|   (mod 2)
// is invariant, and 0 at the goal. On every rectangle of at least 2x2 the converse holds as well
// (the state graph has exactly two components, Wilson 1974 for the 2-connected grid graphs), so
// this test decides reachability exactly, in O(cells), without any search.
#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

// Parity (0 or 1) of the board's tiles read row-major as a permutation of 0..cells-1.
int permutation_parity(const Board& b);

// True when `goal` can be reached from `start` (same geometry, both valid boards).
bool solvable(const Board& start, const Board& goal);

}  // namespace bitsolve::sliding

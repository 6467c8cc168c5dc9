#pragma once
// Optimal sliding-tile solving: IDA* with the pattern database heuristic.
//
// State: the board (tile on each cell) and the blank's cell, plus for every pattern the cells of
// its tiles on the board and on the reflected board and their table values. A move of the blank
// moves one tile, so it updates one slot of one pattern and one of one reflected pattern: two
// ranks, two lookups, the sums adjusted by the differences. Successors are tried in the fixed
// order U, L, R, D (the direction the blank moves), never undoing the previous move, nor with
// a prune depth above 2 completing a longer redundant move string (move_fsm.hpp); all state
// lives in a fixed-size per-thread struct, so no node allocates.
//
// Threads split one instance: per iteration, the tree is expanded to a shallow depth in DFS
// order and the subtrees below that depth are handed out in that order; the solution taken is
// the one in the earliest subtree, which is the one a single-threaded DFS meets first. So the
// length and the path are the same for any thread count, and so are the node counts: each
// subtree's counts are kept apart, and an iteration counts what a single DFS stopping at its
// first solution counts -- the enumeration up to the winning subtree's root, the subtrees before
// it (never cut short) and the winner's own search. Subtrees after the winner, which other
// threads may have started, are searched but not counted.
#include <functional>
#include <limits>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding::pdb {

// A Solution (length, path, stats.expanded/generated totals, per-iteration counts; used = Ida)
// and what only the PDB search reports.
struct PdbSolution : Solution {
    int initial_h = 0;
    bool cut_off = false;  // stopped before an iteration above max_threshold (length stays -1)
};

// The search behind sliding::solve with SolveOptions::pattern_db; benchmarks call it directly
// for max_threshold. `board`: a valid board of the heuristic's geometry, holding the goal's tiles
// (UsageError otherwise). A board that cannot reach the goal (parity) is answered at once,
// length -1. threads: 0 = all cores. Throws LimitError when a stop is requested (timeout,
// signal). max_threshold: no iteration with a larger threshold is started (cut_off is then set);
// benchmarks use it to time a fixed, deterministic amount of work.
// on_iteration: called after each iteration (a progress display). prune_depth: duplicate-move
// pruning by the forbidden move strings of up to that many moves (move_fsm.hpp; 2..16, UsageError
// otherwise); 2 only never undoes the previous move. Longer strings cut nodes, not the length.
PdbSolution solve_pdb(const PdbHeuristic& heuristic, const Board& board, unsigned threads = 1,
                      int max_threshold = std::numeric_limits<int>::max(),
                      const std::function<void(const IterationStats&)>& on_iteration = {}, int prune_depth = 2);

}  // namespace bitsolve::sliding::pdb

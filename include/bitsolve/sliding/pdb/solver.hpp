#pragma once
// Optimal sliding-tile solving: IDA* with the pattern database heuristic.
//
// State: the board (tile on each cell) and the blank's cell, plus for every pattern the cells of
// its tiles on the board and on the reflected board and their table values. A move of the blank
// moves one tile, so it updates one slot of one pattern and one of one reflected pattern: two
// ranks, two lookups, the sums adjusted by the differences. Successors are tried in the fixed
// order U, L, R, D (the direction the blank moves), never undoing the previous move; all state
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
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "bitsolve/core/stats.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"

namespace bitsolve::sliding::pdb {

struct IterationStats {
    int threshold = 0;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
};

struct PdbSolution {
    int length = -1;   // -1: the goal cannot be reached from this board
    std::string path;  // the blank's moves, U D L R
    int initial_h = 0;
    bool cut_off = false;  // stopped before an iteration above max_threshold (length stays -1)
    std::vector<IterationStats> iterations;
    SearchStats totals;
};

// board[c] = tile on cell c (0 = blank); a permutation of the goal's tiles (checked: UsageError).
// threads: 0 = all cores. Throws LimitError when a stop is requested (timeout, signal).
// max_threshold: no iteration with a larger threshold is started (cut_off is then set); benchmarks
// use it to time a fixed, deterministic amount of work.
PdbSolution solve_pdb(const PdbHeuristic& heuristic, const std::vector<std::uint8_t>& board, unsigned threads = 1,
                      int max_threshold = std::numeric_limits<int>::max());

// True when `board` reaches `goal` (same tiles): permutation parity against the blank's distance.
bool solvable(unsigned rows, unsigned cols, const std::vector<std::uint8_t>& board,
              const std::vector<std::uint8_t>& goal);

// Applies the blank moves in `path` to `board`; false when a move leaves the board or is not a
// move letter. Used to check every reported path.
bool apply_path(unsigned rows, unsigned cols, std::vector<std::uint8_t>& board, const std::string& path);

}  // namespace bitsolve::sliding::pdb

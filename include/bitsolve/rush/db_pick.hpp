#pragma once
// Drawing puzzles from a database: the rows that pass a filter, sampled without replacement and
// reproducibly by seed (SplitMix64, the same numbers on every platform).
//
// Sampling: the indices of the matching rows, in file order, are shuffled by the first `count`
// steps of a Fisher-Yates shuffle driven by SplitMix64(seed).below(); the picked rows come out
// in the order they were drawn. The same file, filter, count and seed give the same rows.
#include <cstdint>
#include <vector>

#include "bitsolve/rush/database.hpp"

namespace bitsolve::rush {

struct IntRange {
    int lo = 0;
    int hi = 1 << 30;
    bool contains(int v) const { return lo <= v && v <= hi; }
};

struct PickFilter {
    IntRange moves;
    IntRange pieces;  // pieces on the board, the primary car included (walls are not pieces)
    int walls = -1;   // exactly this many walls; -1 any
};

int row_pieces(const DbRow& row);  // distinct letters of the board
int row_walls(const DbRow& row);   // 'x' cells
bool matches(const DbRow& row, const PickFilter& filter);

// Indices into `rows` of at most `count` matching rows, as drawn.
std::vector<std::size_t> pick_rows(const std::vector<DbRow>& rows, const PickFilter& filter, std::uint64_t count,
                                   std::uint64_t seed);

}  // namespace bitsolve::rush

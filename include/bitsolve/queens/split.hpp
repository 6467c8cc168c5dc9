#pragma once
// The work split: independent sub-problems whose weighted counts add up to the answer.
//
// A sub-problem is one canonical border (border.hpp) with the inner queens of its first `depth`
// free rows placed. The list is the same for a given N on every machine and for every thread
// count, so one index names the same piece of work for the threads, the checkpoint and the
// shards. depth grows with N so that there are enough pieces to share and to checkpoint
// (thousands for N = 12, about a million for N = 20) but few enough to list in memory.
//
// Packed sub-problem (uint32):
//   bits 0-19  the border, Border::pack()
//   bits 20-24 inner column of free level 0 (when depth >= 1)
//   bits 25-29 inner column of free level 1 (when depth >= 2)
#include <cstdint>
#include <string>
#include <vector>

#include "bitsolve/queens/border.hpp"

namespace bitsolve::queens {

// The layout above: the border, then one 5-bit inner column per pre-placed free row.
inline constexpr int kColumnBits = 5;
inline constexpr int kMaxSplitDepth = 2;
static_assert((1 << kColumnBits) >= kMaxN, "a column field holds 0..kMaxN-1");
static_assert(kBorderBits + kMaxSplitDepth * kColumnBits <= 32, "a sub-problem fits its uint32");

// Totals are 128-bit: extrapolating A000170 (a(27) = 2.3e17, growing about tenfold per N), the
// count passes 2^64 at N = 29, and N goes to 32.
__extension__ typedef unsigned __int128 Count;
std::string to_string(Count c);

// Solutions counted by some sub-problems, each weighted by its border's orbit size. rot180 and
// rot90 count the solutions invariant under those rotations (rot90 ones are in rot180 too).
struct Counts {
    Count total = 0, rot180 = 0, rot90 = 0;
    Counts& operator+=(const Counts& o) {
        total += o.total;
        rot180 += o.rot180;
        rot90 += o.rot90;
        return *this;
    }
    friend bool operator==(const Counts&, const Counts&) = default;
};

struct Split {
    int n = 0;
    int depth = 0;                     // free rows pre-placed in every sub-problem
    std::vector<std::uint32_t> items;  // sub-problems in a fixed order
};

// Pre-placed free rows for n: 0 up to 10, 1 up to 18, 2 above.
int split_depth(int n);

// Lists the sub-problems of n (1..32), with split_depth(n) pre-placed rows unless `depth` (0..2)
// is given (tests split small boards deeply). Throws LimitError when the list would exceed the
// memory budget.
Split make_split(int n, int depth = -1);

// Counts one sub-problem. When `nodes` is given, the nodes searched are added to it.
Counts solve(const Split& split, std::size_t index, std::uint64_t* nodes = nullptr);

}  // namespace bitsolve::queens

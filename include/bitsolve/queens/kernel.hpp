#pragma once
// The inner search: counts the ways to fill the free rows of a frame (frame.hpp).
//
// The hot loop is unrolled by the number of levels left (a template per depth, all inlined: no
// calls, no allocation, masks in registers, one branch site per level for the predictor); the
// lowest free column is taken with x & -x; a child whose next row is already closed is not
// entered; and the last two levels are folded into one step (for each queen of the
// next-to-last row, the last row has at most one open column, so a completion is a single
// test). Subtrees deeper than kKernelLevels are entered from a recursive outer loop that polls
// the stop flag between them, so a stop request is seen quickly even for N = 32.
#include <cstdint>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/queens/frame.hpp"

namespace bitsolve::queens {

// Subtrees with at most this many levels left run without polling the stop flag.
inline constexpr int kKernelLevels = 12;

// Number of completions from level t (0..levels) whose masks are m. Throws LimitError (via
// check_stop) when a stop is requested during a long search.
std::uint64_t count_completions(const Frame& f, int t, const Masks& m);

// Completions, and how many of them give a solution invariant under the 180 and 90 degree
// rotations. `prefix` holds the inner columns chosen at levels 0..t-1. Used only for borders
// that such a rotation fixes (a small minority), so it may be slower.
struct SymmetricCounts {
    std::uint64_t total = 0, rot180 = 0, rot90 = 0;
    std::uint64_t nodes = 0;  // queens placed on inner rows
};
SymmetricCounts count_symmetric(const Frame& f, int t, const Masks& m, const std::uint8_t* prefix);

// The same count, also adding the nodes searched (queens placed on inner rows, completions
// included) to `nodes`: the bench signature. A separate instantiation, so that counting nodes
// costs nothing in the plain search.
std::uint64_t count_completions(const Frame& f, int t, const Masks& m, std::uint64_t& nodes);

// Both functions above run the process's active kernel (core/cpu.hpp): the batched search of
// kernel_simd.hpp with AVX-512, AVX2 or SSE2 lanes (plain ones off x86-64); the tree and the node count are
// those of the unrolled loop. This
// one runs kernel k, so that tests can compare them (UsageError when the CPU lacks it).
std::uint64_t count_completions_with(Kernel k, const Frame& f, int t, const Masks& m, std::uint64_t& nodes);
// The unrolled recursive loop, on any CPU: the reference the kernels are tested against.
std::uint64_t count_completions_unrolled(const Frame& f, int t, const Masks& m, std::uint64_t& nodes);

}  // namespace bitsolve::queens

#pragma once
// The inner search on 16 nodes at once (AVX-512), for builds that target such a CPU.
//
// Branches, not arithmetic, bound the scalar search: every node ends a loop or not, and the
// predictor guesses wrong about once per node. Here the nodes waiting at each level sit in a
// small buffer; a batch of 16 takes one queen each (lowest open column), computes the 16
// children with vector operations, and compress-stores the children that have room (same
// one-row look-ahead as the scalar kernel) to the next level and the parents that still have
// columns back to their own level. The next batch comes from the deepest level holding 16
// nodes (else the deepest non-empty one), which keeps the buffers at a few dozen nodes. The tree
// and the node count are exactly the scalar kernel's; only the order of the visit differs.
#include <cstdint>

#include "bitsolve/queens/frame.hpp"

namespace bitsolve::queens {

// False when the build does not target AVX-512 (then count_completions_simd must not be used).
bool simd_kernel_available();

// Completions from level t (levels - t >= 2) with masks m; adds the nodes searched to *nodes
// when given. The levels must fit in one sub-problem without stop polling (<= kKernelLevels).
std::uint64_t count_completions_simd(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);

}  // namespace bitsolve::queens

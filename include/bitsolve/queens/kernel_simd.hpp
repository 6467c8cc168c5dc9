#pragma once
// The inner search on a batch of nodes at once: two AVX-512 vectors of 16 (kernel_simd.cpp),
// four AVX2 vectors of 8 (kernel_avx2.cpp), or for the scalar kernel 128 nodes four at a time
// in 128-bit registers (kernel_lanes.hpp: kernel_ssse3.cpp where the CPU has SSSE3, else
// kernel_sse2.cpp; x86-64) or 64 one at a time (kernel_batch.cpp, other CPUs). Each
// is compiled for its instruction set only
// (core/target.hpp) and may run only where core/cpu.hpp reports it; count_completions
// (kernel.hpp) chooses.
//
// Branches, not arithmetic, bound the scalar search: every node ends a loop or not, and the
// predictor guesses wrong about once per node. Here the nodes waiting at each level sit in a
// small buffer; a batch takes one queen each (lowest open column), computes the children with
// vector operations, and compress-stores the children that have room (same one-row look-ahead
// as the unrolled loop) to the next level and the parents that still have columns back to their
// own level. The next batch comes from the deepest level holding a full batch (else the
// shallowest non-empty one), which keeps the buffers at a few dozen nodes. The tree and the node
// count are exactly the unrolled loop's; only the order of the visit differs.
#include <cstdint>

#include "bitsolve/queens/frame.hpp"

namespace bitsolve::queens {

// Completions from level t (levels - t >= 2) with masks m; adds the nodes searched to *nodes
// when given. The levels must fit in one sub-problem without stop polling (<= kKernelLevels).
// The CPU must support AVX-512 F, BW, VL (resp. AVX2 and BMI2).
std::uint64_t count_completions_avx512(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);
std::uint64_t count_completions_avx2(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);
// The same batches with the lanes as a loop (kernel_batch.cpp), on any CPU.
std::uint64_t count_completions_batch(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);
// The same on four SSE2 lanes (kernel_sse2.cpp): the scalar kernel on x86-64, whose baseline has
// SSE2; elsewhere it runs count_completions_batch.
std::uint64_t count_completions_sse2(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);
// The same with the node form chosen: packed (two 32-bit words a node, for N <= 17, the default
// there; ignored above) or four words (the form of larger N). For tests.
std::uint64_t count_completions_sse2_form(const Frame& f, int t, const Masks& m, std::uint64_t* nodes, bool packed);
// The same lanes compiled for SSSE3 (kernel_ssse3.cpp: survivors gathered by a byte shuffle, one
// store per word of four nodes): the scalar kernel where the CPU has SSSE3 (cpu_has_ssse3(),
// core/cpu.hpp). Off x86 they run count_completions_batch.
std::uint64_t count_completions_ssse3(const Frame& f, int t, const Masks& m, std::uint64_t* nodes = nullptr);
std::uint64_t count_completions_ssse3_form(const Frame& f, int t, const Masks& m, std::uint64_t* nodes, bool packed);

}  // namespace bitsolve::queens

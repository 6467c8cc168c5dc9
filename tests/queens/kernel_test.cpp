// The vector kernel (when the build has it) and the scalar kernel search the same tree: equal
// counts and equal node counts for every sub-problem, from every start level.
#include <gtest/gtest.h>

#include "bitsolve/queens/frame.hpp"
#include "bitsolve/queens/kernel.hpp"
#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {
namespace {

TEST(QueensKernel, VectorAndScalarAgree) {
    if (!simd_kernel_available()) GTEST_SKIP() << "this build does not target AVX-512";
    for (int n = 4; n <= 13; ++n) {
        for (const Border& b : canonical_borders(n)) {
            const Frame f = make_frame(b, n);
            // Start from level 0 and from every placement of level 0.
            std::uint64_t scalar_nodes = 0, simd_nodes = 0;
            if (f.levels >= 2) {
                const std::uint64_t a = count_completions_scalar(f, 0, Masks{}, scalar_nodes);
                const std::uint64_t v = count_completions_simd(f, 0, Masks{}, &simd_nodes);
                ASSERT_EQ(a, v) << "N=" << n << " border " << b.pack();
                ASSERT_EQ(scalar_nodes, simd_nodes) << "N=" << n << " border " << b.pack();
            }
            if (f.levels >= 3) {
                for (std::uint32_t c = f.allowed[0]; c; c &= c - 1) {
                    const Masks m = place(Masks{}, c & (0u - c), f.shift[1]);
                    std::uint64_t x = 0;
                    ASSERT_EQ(count_completions_scalar(f, 1, m, x), count_completions_simd(f, 1, m));
                }
            }
        }
    }
}

TEST(QueensKernel, DispatchGivesTheScalarCount) {
    const int n = 12;
    std::uint64_t total = 0, total_scalar = 0, nodes = 0, nodes_scalar = 0;
    for (const Border& b : canonical_borders(n)) {
        const Frame f = make_frame(b, n);
        total += count_completions(f, 0, Masks{}, nodes);
        total_scalar += count_completions_scalar(f, 0, Masks{}, nodes_scalar);
    }
    EXPECT_EQ(total, total_scalar);
    EXPECT_EQ(nodes, nodes_scalar);
}

}  // namespace
}  // namespace bitsolve::queens

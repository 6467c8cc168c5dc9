// Every kernel this CPU supports (scalar, AVX2, AVX-512) searches the unrolled loop's tree: equal
// counts and equal node counts for every sub-problem, from every start level.
#include <gtest/gtest.h>

#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/queens/frame.hpp"
#include "bitsolve/queens/kernel.hpp"
#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {
namespace {

std::vector<Kernel> supported_kernels() {
    std::vector<Kernel> ks;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512})
        if (kernel_supported(k)) ks.push_back(k);
    return ks;
}

TEST(QueensKernel, EveryKernelAgreesWithTheUnrolledLoop) {
    for (Kernel k : supported_kernels()) {
        SCOPED_TRACE(kernel_name(k));
        for (int n = 4; n <= 13; ++n) {
            for (const Border& b : canonical_borders(n)) {
                const Frame f = make_frame(b, n);
                // Start from level 0 and from every placement of level 0.
                std::uint64_t scalar_nodes = 0, vector_nodes = 0;
                if (f.levels >= 2) {
                    const std::uint64_t a = count_completions_unrolled(f, 0, Masks{}, scalar_nodes);
                    const std::uint64_t v = count_completions_with(k, f, 0, Masks{}, vector_nodes);
                    ASSERT_EQ(a, v) << "N=" << n << " border " << b.pack();
                    ASSERT_EQ(scalar_nodes, vector_nodes) << "N=" << n << " border " << b.pack();
                }
                if (f.levels >= 3) {
                    for (std::uint32_t c = f.allowed[0]; c; c &= c - 1) {
                        const Masks m = place(Masks{}, c & (0u - c), f.shift[1]);
                        std::uint64_t x = 0, y = 0;
                        ASSERT_EQ(count_completions_unrolled(f, 1, m, x), count_completions_with(k, f, 1, m, y));
                        ASSERT_EQ(x, y);
                    }
                }
            }
        }
    }
}

// Every form of the scalar kernel's batched search, whichever of them the scalar kernel runs on
// this CPU: the plain loop (any CPU) and the SSE2 lanes (x86-64; nodes in two or in four words),
// with and without node counts,
// from level 0 and from every placement of levels 0 and 1 (down to two levels left).
TEST(QueensKernel, ScalarBatchFormsAgreeWithTheUnrolledLoop) {
    using Fn = std::uint64_t (*)(const Frame&, int, const Masks&, std::uint64_t*);
    const Fn packed = [](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
        return count_completions_sse2_form(f, t, m, nodes, true);
    };
    const Fn wide = [](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
        return count_completions_sse2_form(f, t, m, nodes, false);
    };
    for (const Fn fn : {Fn{count_completions_batch}, Fn{count_completions_sse2}, packed, wide}) {
        for (int n = 6; n <= 14; ++n) {
            for (const Border& b : canonical_borders(n)) {
                const Frame f = make_frame(b, n);
                auto check = [&](int t, const Masks& m) {
                    if (f.levels - t < 2) return;
                    std::uint64_t want_nodes = 0, nodes = 0;
                    const std::uint64_t want = count_completions_unrolled(f, t, m, want_nodes);
                    ASSERT_EQ(fn(f, t, m, &nodes), want) << "N=" << n << " border " << b.pack() << " t=" << t;
                    ASSERT_EQ(nodes, want_nodes) << "N=" << n << " border " << b.pack() << " t=" << t;
                    ASSERT_EQ(fn(f, t, m, nullptr), want) << "N=" << n << " border " << b.pack() << " t=" << t;
                };
                check(0, Masks{});
                for (std::uint32_t c0 = f.allowed[0]; c0; c0 &= c0 - 1) {
                    const Masks m0 = place(Masks{}, c0 & (0u - c0), f.shift[1]);
                    check(1, m0);
                    if (f.levels < 3) continue;
                    for (std::uint32_t c1 = f.allowed[1] & ~m0.taken(); c1; c1 &= c1 - 1)
                        check(2, place(m0, c1 & (0u - c1), f.shift[2]));
                }
            }
        }
    }
}

// The active kernel (set_kernel) is the one count_completions runs: same totals and node counts
// whichever it is.
TEST(QueensKernel, ActiveKernelGivesTheScalarCount) {
    const int n = 12;
    const Kernel before = active_kernel();
    std::uint64_t total_scalar = 0, nodes_scalar = 0;
    for (const Border& b : canonical_borders(n))
        total_scalar += count_completions_unrolled(make_frame(b, n), 0, Masks{}, nodes_scalar);
    for (Kernel k : supported_kernels()) {
        set_kernel(k);
        std::uint64_t total = 0, nodes = 0;
        for (const Border& b : canonical_borders(n)) total += count_completions(make_frame(b, n), 0, Masks{}, nodes);
        EXPECT_EQ(total, total_scalar) << kernel_name(k);
        EXPECT_EQ(nodes, nodes_scalar) << kernel_name(k);
    }
    set_kernel(before);
}

TEST(QueensKernel, UnsupportedKernelIsRefused) {
    for (Kernel k : {Kernel::Avx2, Kernel::Avx512}) {
        if (kernel_supported(k)) continue;
        EXPECT_THROW(set_kernel(k), UsageError);
        std::uint64_t nodes = 0;
        const Frame f = make_frame(canonical_borders(8).front(), 8);
        EXPECT_THROW(count_completions_with(k, f, 0, Masks{}, nodes), UsageError);
    }
    EXPECT_EQ(parse_kernel("avx512"), Kernel::Avx512);
    EXPECT_EQ(parse_kernel("avx2"), Kernel::Avx2);
    EXPECT_EQ(parse_kernel("scalar"), Kernel::Scalar);
    EXPECT_FALSE(parse_kernel("AVX2").has_value());
    EXPECT_FALSE(parse_kernel("sse").has_value());
}

}  // namespace
}  // namespace bitsolve::queens

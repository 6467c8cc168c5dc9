// Every kernel this CPU supports (scalar, AVX2, AVX-512) searches the unrolled loop's tree: equal
// counts and equal node counts for every sub-problem, from every start level.
#include <gtest/gtest.h>

#include <string>
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

using FormFn = std::uint64_t (*)(const Frame&, int, const Masks&, std::uint64_t*);

// Every form of the scalar kernel's batched search, whichever of them the scalar kernel runs on
// this CPU: the plain loop (any CPU), the SSE2 lanes (x86-64) and the SSSE3 lanes (where the CPU
// has SSSE3), both lane forms with nodes in two or in four words.
std::vector<FormFn> scalar_forms() {
    std::vector<FormFn> fns = {
        count_completions_batch,
        count_completions_sse2,
        [](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_sse2_form(f, t, m, nodes, true);
        },
        [](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_sse2_form(f, t, m, nodes, false);
        },
    };
    if (cpu_has_ssse3()) {
        fns.push_back(count_completions_ssse3);
        fns.push_back([](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_ssse3_form(f, t, m, nodes, true);
        });
        fns.push_back([](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_ssse3_form(f, t, m, nodes, false);
        });
    }
    return fns;
}

// Each scalar form with and without node counts, from level 0 and from every placement of
// levels 0 and 1 (down to two levels left).
TEST(QueensKernel, ScalarBatchFormsAgreeWithTheUnrolledLoop) {
    const std::vector<FormFn> forms = scalar_forms();
    EXPECT_EQ(forms.size(), cpu_has_ssse3() ? 7u : 4u);
    for (std::size_t i = 0; i < forms.size(); ++i) {
        SCOPED_TRACE("form " + std::to_string(i));
        const FormFn fn = forms[i];
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

// Boards above 17, whose nodes take four words in the lane forms: the first 40 sub-problems with
// 12 levels left and at least one solution, of the first and the middle canonical border of
// N = 18 and 20.
TEST(QueensKernel, ScalarBatchFormsAgreeOnLargeBoards) {
    const std::vector<FormFn> forms = scalar_forms();
    constexpr int kLeft = kKernelLevels, kSubtrees = 40;
    for (int n : {18, 20}) {
        const std::vector<Border> borders = canonical_borders(n);
        ASSERT_GE(borders.size(), 2u);
        for (const std::size_t bi : {std::size_t{0}, borders.size() / 2}) {
            const Frame f = make_frame(borders[bi], n);
            const int t0 = f.levels - kLeft;
            ASSERT_GE(t0, 1);
            int subtrees = 0;
            std::uint64_t searched = 0;
            auto descend = [&](auto&& self, int t, const Masks& m) -> void {
                if (t == t0) {
                    std::uint64_t want_nodes = 0;
                    const std::uint64_t want = count_completions_unrolled(f, t, m, want_nodes);
                    if (want == 0) return;  // only subtrees with solutions count towards kSubtrees
                    ++subtrees, searched += want_nodes;
                    for (std::size_t i = 0; i < forms.size(); ++i) {
                        std::uint64_t nodes = 0;
                        ASSERT_EQ(forms[i](f, t, m, &nodes), want) << "N=" << n << " form " << i;
                        ASSERT_EQ(nodes, want_nodes) << "N=" << n << " form " << i;
                    }
                    return;
                }
                for (std::uint32_t c = f.allowed[t] & ~m.taken(); c && subtrees < kSubtrees; c &= c - 1)
                    self(self, t + 1, place(m, c & (0u - c), f.shift[t + 1]));
            };
            descend(descend, 0, Masks{});
            EXPECT_EQ(subtrees, kSubtrees) << "N=" << n;
            EXPECT_GT(searched, std::uint64_t{50000}) << "N=" << n;  // batches of 64 filled many times over
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

// Fuzz target: the N-Queens kernels against each other. The input picks a board size (4..18), a
// canonical border and the queens of the first free rows (each byte one of the open columns,
// counted from the lowest; the input's end stops), always leaving at most 12 free rows so that
// one input searches little. From there every kernel the CPU has and every form of the scalar
// kernel (plain loop, SSE2 and SSSE3 lanes, nodes in two or four words) count the completions,
// with and without node counts, and each must equal the unrolled loop's count and node count.
#include <cstdint>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/queens/border.hpp"
#include "bitsolve/queens/frame.hpp"
#include "bitsolve/queens/kernel.hpp"
#include "bitsolve/queens/kernel_simd.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::queens;

namespace {

constexpr int kMaxLeft = 12;  // free rows left to search at most

using FormFn = std::uint64_t (*)(const Frame&, int, const Masks&, std::uint64_t*);

std::vector<FormFn> scalar_forms(int n) {
    std::vector<FormFn> fns = {
        count_completions_batch,
        count_completions_sse2,
        [](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_sse2_form(f, t, m, nodes, false);
        },
    };
    if (n <= 17)  // inner columns within 16 bits: the two-word nodes
        fns.push_back([](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_sse2_form(f, t, m, nodes, true);
        });
    if (cpu_has_ssse3()) {
        fns.push_back(count_completions_ssse3);
        fns.push_back([](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
            return count_completions_ssse3_form(f, t, m, nodes, false);
        });
        if (n <= 17)
            fns.push_back([](const Frame& f, int t, const Masks& m, std::uint64_t* nodes) {
                return count_completions_ssse3_form(f, t, m, nodes, true);
            });
    }
    return fns;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2) return 0;
    const int n = 4 + data[0] % 15;
    const std::vector<Border> borders = canonical_borders(n);
    if (borders.empty()) return 0;
    const Frame f = make_frame(borders[data[1] % borders.size()], n);
    // The queens of the first rows: one byte each, the last ones forced down to kMaxLeft rows left.
    int t = 0;
    Masks m{};
    std::size_t at = 2;
    while (t + 2 < f.levels && (at < size || f.levels - t > kMaxLeft)) {
        const std::uint32_t open = f.allowed[t] & ~m.taken();
        if (open == 0) return 0;  // a dead end: nothing to count
        const int k = __builtin_popcount(open);
        int pick = (at < size ? data[at++] : 0) % k;
        std::uint32_t c = open;
        while (pick-- > 0) c &= c - 1;
        m = place(m, c & (0u - c), f.shift[t + 1]);
        ++t;
    }
    if (f.levels - t < 2) return 0;
    std::uint64_t want_nodes = 0;
    const std::uint64_t want = count_completions_unrolled(f, t, m, want_nodes);
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) continue;
        std::uint64_t nodes = 0;
        FUZZ_CHECK(count_completions_with(k, f, t, m, nodes) == want);
        FUZZ_CHECK(nodes == want_nodes);
    }
    for (FormFn fn : scalar_forms(n)) {
        std::uint64_t nodes = 0;
        FUZZ_CHECK(fn(f, t, m, &nodes) == want);
        FUZZ_CHECK(nodes == want_nodes);
        FUZZ_CHECK(fn(f, t, m, nullptr) == want);
    }
    return 0;
}

// The AVX-512 form of the batched search (kernel_simd.hpp), compiled for AVX-512 whatever the
// build targets; run only where the CPU has it (core/cpu.hpp).
#include "bitsolve/queens/kernel_simd.hpp"

#include <immintrin.h>
// GCC 12 warns about an uninitialised variable inside its own AVX-512 shift intrinsics (GCC
// bug 105593, a false positive in the header); our operands are all initialised.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "bitsolve/core/target.hpp"
#include "kernel_step.hpp"

namespace bitsolve::queens {

namespace {

constexpr int kLanes = 16;
constexpr int kGroups = 2;                 // a batch: two vectors, both loaded before either is stored
constexpr int kBatch = kGroups * kLanes;   // nodes per batch
constexpr int kCap = 2 * kBatch + kLanes;  // under 2 * kBatch nodes a level; + a store of 16

// Nodes waiting at one level: their masks and the columns still to try (never 0).
struct alignas(64) LevelBuffer {
    std::uint32_t free[kCap], cols[kCap], left[kCap], right[kCap];
};

BITSOLVE_TARGET_AVX512 inline __m512i shl(__m512i v, int s) { return _mm512_sll_epi32(v, _mm_cvtsi32_si128(s)); }
BITSOLVE_TARGET_AVX512 inline __m512i shr(__m512i v, int s) { return _mm512_srl_epi32(v, _mm_cvtsi32_si128(s)); }

BITSOLVE_TARGET_AVX512 inline void append(LevelBuffer& buf, int& n, __mmask16 keep, __m512i f, __m512i c, __m512i l,
                                          __m512i r) {
    _mm512_storeu_si512(buf.free + n, _mm512_maskz_compress_epi32(keep, f));
    _mm512_storeu_si512(buf.cols + n, _mm512_maskz_compress_epi32(keep, c));
    _mm512_storeu_si512(buf.left + n, _mm512_maskz_compress_epi32(keep, l));
    _mm512_storeu_si512(buf.right + n, _mm512_maskz_compress_epi32(keep, r));
    n += __builtin_popcount(keep);
}

// Up to 16 nodes of one level, loaded (a group of a batch).
struct Group {
    __m512i fr, c, l, r;
    __mmask16 lanes;
};

BITSOLVE_TARGET_AVX512 inline Group load_group(const LevelBuffer& buf, int from, int k) {
    const auto lanes = static_cast<__mmask16>((1u << k) - 1);
    return Group{_mm512_maskz_loadu_epi32(lanes, buf.free + from), _mm512_maskz_loadu_epi32(lanes, buf.cols + from),
                 _mm512_maskz_loadu_epi32(lanes, buf.left + from), _mm512_maskz_loadu_epi32(lanes, buf.right + from),
                 lanes};
}

// One queen per node of h (its lowest open column): children with room to the next level (or
// counted on the last one), parents with columns left back to their own level.
BITSOLVE_TARGET_AVX512 inline void step(const Frame& f, LevelBuffer* buffers, int* size, int level, const Group& h,
                                        std::uint64_t& count, std::uint64_t& visited) {
    const __m512i b = _mm512_and_si512(h.fr, _mm512_sub_epi32(_mm512_setzero_si512(), h.fr));
    const __m512i rest = _mm512_xor_si512(h.fr, b);
    const int s = f.shift[level + 1];
    const __m512i nc = _mm512_or_si512(h.c, b);
    const __m512i nl = shl(_mm512_or_si512(h.l, b), s);
    const __m512i nr = shr(_mm512_or_si512(h.r, b), s);
    const __m512i taken = _mm512_or_si512(nc, _mm512_or_si512(nl, nr));
    const __m512i nf = _mm512_andnot_si512(taken, _mm512_set1_epi32(static_cast<int>(f.allowed[level + 1])));
    const __mmask16 open = _mm512_mask_test_epi32_mask(h.lanes, nf, nf);
    visited += static_cast<std::uint64_t>(__builtin_popcount(h.lanes));
    if (level + 2 == f.levels) {
        count += static_cast<std::uint64_t>(__builtin_popcount(open));  // completions
        visited += static_cast<std::uint64_t>(__builtin_popcount(open));
    } else {
        // The same look-ahead as the scalar kernel: the row after the child must have room.
        const int s2 = f.shift[level + 2];
        const __m512i taken2 = _mm512_or_si512(nc, _mm512_or_si512(shl(nl, s2), shr(nr, s2)));
        const __m512i ahead = _mm512_andnot_si512(taken2, _mm512_set1_epi32(static_cast<int>(f.allowed[level + 2])));
        const __mmask16 keep = _mm512_mask_test_epi32_mask(open, ahead, ahead);
        append(buffers[level + 1], size[level + 1], keep, nf, nc, nl, nr);
    }
    append(buffers[level], size[level], _mm512_mask_test_epi32_mask(h.lanes, rest, rest), rest, h.c, h.l, h.r);
}

}  // namespace

BITSOLVE_TARGET_AVX512 std::uint64_t count_completions_avx512(const Frame& f, int t0, const Masks& m,
                                                              std::uint64_t* nodes) {
    const int last = f.levels - 1;
    thread_local LevelBuffer buffers[kMaxN];
    int size[kMaxN] = {};
    const std::uint32_t root = f.allowed[t0] & ~m.taken();
    if (root == 0) return 0;
    buffers[t0].free[0] = root;
    buffers[t0].cols[0] = m.cols;
    buffers[t0].left[0] = m.left;
    buffers[t0].right[0] = m.right;
    size[t0] = 1;
    std::uint64_t count = 0, visited = 0;
    for (;;) {
        const int level = next_level(size, t0, last - 1, kBatch);
        if (level < 0) break;
        const int k = size[level] < kBatch ? size[level] : kBatch;
        const int from = size[level] - k;
        size[level] = from;
        const int groups = (k + kLanes - 1) / kLanes;
        Group h[kGroups];
        for (int g = 0; g < groups; ++g) {
            const int kg = k - g * kLanes;
            h[g] = load_group(buffers[level], from + g * kLanes, kg < kLanes ? kg : kLanes);
        }
        for (int g = 0; g < groups; ++g) step(f, buffers, size, level, h[g], count, visited);
    }
    if (nodes) *nodes += visited;
    return count;
}

}  // namespace bitsolve::queens

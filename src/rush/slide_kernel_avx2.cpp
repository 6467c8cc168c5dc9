// The AVX2 kernel of the moves search (see slide_kernel.hpp), compiled for AVX2 and BMI2
// whatever the build targets, run only where the CPU has them (core/cpu.hpp). It follows the
// AVX-512 kernel: step 1 rebuilds the eight nodes' occupancy from their keys and computes every
// piece's slide masks for the eight at once, here in eight 32-bit lanes (a line is 8 bits, a
// position below 9), with what AVX2 lacks done otherwise: a 64-bit table of eight entries is
// looked up as two 32-bit halves (one permute each); the free run after a piece is the lowest
// set bit of the shifted line (x & -x) rather than its trailing-zero count; the free run before
// it comes from the exponent of the float conversion of the cells below it (the highest set
// bit); the work list is compressed through a table of lane lists. Step 2 is the scalar
// kernel's (slide_kernel_occ.hpp). Same children in the same order as the other kernels.
#include <immintrin.h>

#include <array>
#include <bit>

#include "bitsolve/core/target.hpp"
#include "bitsolve/rush/slide_kernel.hpp"
#include "slide_driver.hpp"
#include "slide_kernel_occ.hpp"

namespace bitsolve::rush {

namespace {

// [m]: the lanes whose bit is set in m, ascending, one per byte.
struct LaneLists {
    std::array<u64, 256> of{};
    constexpr LaneLists() {
        for (unsigned m = 0; m < 256; ++m) {
            unsigned k = 0;
            for (unsigned l = 0; l < 8; ++l)
                if ((m >> l) & 1) of[m] |= u64{l} << (8 * k++);
        }
    }
};
constexpr LaneLists kLaneLists{};

// The low (or high) 32-bit halves of the 64-bit lanes of a (nodes 0..3) and b (4..7), in order.
BITSOLVE_TARGET_AVX2 inline __m256i low_halves(__m256i a, __m256i b) {
    const __m256 s = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0x88);
    return _mm256_permute4x64_epi64(_mm256_castps_si256(s), 0xD8);
}
BITSOLVE_TARGET_AVX2 inline __m256i high_halves(__m256i a, __m256i b) {
    const __m256 s = _mm256_shuffle_ps(_mm256_castsi256_ps(a), _mm256_castsi256_ps(b), 0xDD);
    return _mm256_permute4x64_epi64(_mm256_castps_si256(s), 0xD8);
}

// Writes eight 64-bit values given as their low and high halves (out 32-byte aligned).
BITSOLVE_TARGET_AVX2 inline void store_u64(u64* out, __m256i lo, __m256i hi) {
    const __m256i a = _mm256_unpacklo_epi32(lo, hi), b = _mm256_unpackhi_epi32(lo, hi);  // nodes 0 1 4 5, 2 3 6 7
    _mm256_store_si256(reinterpret_cast<__m256i*>(out), _mm256_permute2x128_si256(a, b, 0x20));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out + 4), _mm256_permute2x128_si256(a, b, 0x31));
}

// Field values of piece u in the eight keys (low halves klo, high halves khi). A shift count
// past 31 gives zero, so the three terms cover a field below bit 32, above it or across it.
BITSOLVE_TARGET_AVX2 inline __m256i fields(const SlideTables& t, __m256i klo, __m256i khi, std::size_t u) {
    const long long s = t.shift[u];
    const __m256i v = _mm256_or_si256(
        _mm256_or_si256(_mm256_srl_epi32(klo, _mm_cvtsi64_si128(s)), _mm256_sll_epi32(khi, _mm_cvtsi64_si128(32 - s))),
        _mm256_srl_epi32(khi, _mm_cvtsi64_si128(s - 32)));
    return _mm256_and_si256(v, _mm256_set1_epi32(static_cast<int>(t.fmask[u])));
}

// 1 << (free cells below position p) for x = the occupied cells below p: p - 1 - (highest bit
// of x), or p when x is empty; the highest bit of 2x + 1 (below 2^9) is the float's exponent.
BITSOLVE_TARGET_AVX2 inline __m256i back_bit(__m256i x, __m256i p) {
    const __m256i one = _mm256_set1_epi32(1);
    const __m256 y = _mm256_cvtepi32_ps(_mm256_or_si256(_mm256_slli_epi32(x, 1), one));
    const __m256i e = _mm256_srli_epi32(_mm256_castps_si256(y), 23);  // highest bit + 127
    return _mm256_sllv_epi32(one, _mm256_sub_epi32(_mm256_add_epi32(p, _mm256_set1_epi32(127)), e));
}

// The lowest set bit of each lane (x nonzero): 1 << (trailing zeros).
BITSOLVE_TARGET_AVX2 inline __m256i low_bit(__m256i x) {
    return _mm256_and_si256(x, _mm256_sub_epi32(_mm256_setzero_si256(), x));
}

}  // namespace

BITSOLVE_TARGET_AVX2 std::size_t expand_avx2(const SlideTables& t, const SlideNodes& nodes, std::size_t head,
                                             std::size_t lanes, SlideBatch& __restrict b) {
    const int n = t.n;
    b.nwork = 0;
    // The nodes, zero in the lanes past `lanes`.
    const __m256i lane4 = _mm256_set_epi64x(3, 2, 1, 0), count = _mm256_set1_epi64x(static_cast<long long>(lanes));
    const __m256i in0 = _mm256_cmpgt_epi64(count, lane4);
    const __m256i in1 = _mm256_cmpgt_epi64(count, _mm256_add_epi64(lane4, _mm256_set1_epi64x(4)));
    const auto* kp = reinterpret_cast<const long long*>(nodes.keys + head);
    const auto* rp = reinterpret_cast<const long long*>(nodes.records + head);
    const __m256i K0 = _mm256_maskload_epi64(kp, in0), K1 = _mm256_maskload_epi64(kp + 4, in1);
    const __m256i R0 = _mm256_maskload_epi64(rp, in0), R1 = _mm256_maskload_epi64(rp + 4, in1);
    _mm256_store_si256(reinterpret_cast<__m256i*>(b.keys), K0);
    _mm256_store_si256(reinterpret_cast<__m256i*>(b.keys + 4), K1);
    const __m256i klo = low_halves(K0, K1), khi = high_halves(K0, K1);
    const __m256i valid =
        _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(lanes)), _mm256_set_epi32(7, 6, 5, 4, 3, 2, 1, 0));
    // Occupancy (occ low and high halves, occT low and high): walls, then every piece's cells.
    __m256i f[kMaxPieces];
    __m256i occ[4] = {_mm256_set1_epi32(static_cast<int>(t.walls)), _mm256_set1_epi32(static_cast<int>(t.walls >> 32)),
                      _mm256_set1_epi32(static_cast<int>(t.wallsT)),
                      _mm256_set1_epi32(static_cast<int>(t.wallsT >> 32))};
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        f[u] = fields(t, klo, khi, u);
        for (std::size_t h = 0; h < 4; ++h)
            occ[h] = _mm256_or_si256(occ[h],
                                     _mm256_permutevar8x32_epi32(
                                         _mm256_load_si256(reinterpret_cast<const __m256i*>(t.cells32[u][h])), f[u]));
    }
    store_u64(b.occ, occ[0], occ[1]);
    {
        const auto a = static_cast<std::size_t>(t.primary);
        const __m256i at = _mm256_add_epi32(f[a], _mm256_set1_epi32(t.base[a]));
        store_u64(
            b.way,
            _mm256_permutevar8x32_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(t.exit_way32[0])), at),
            _mm256_permutevar8x32_epi32(_mm256_load_si256(reinterpret_cast<const __m256i*>(t.exit_way32[1])), at));
    }
    // The sweep of each node's last move, from the table (an all-zero entry at the root), in
    // halves: entry `at` is 32-bit words 2 at and 2 at + 1.
    const __m256i ff = _mm256_set1_epi32(0xFF), rhi = high_halves(R0, R1);  // record bits 32..63
    const __m256i w = _mm256_and_si256(rhi, ff);
    const __m256i from = _mm256_and_si256(_mm256_srli_epi32(rhi, 8), ff);
    const __m256i to = _mm256_and_si256(_mm256_srli_epi32(rhi, 16), ff);
    const __m256i at2 = _mm256_slli_epi32(
        _mm256_add_epi32(_mm256_slli_epi32(_mm256_add_epi32(_mm256_slli_epi32(w, 3), from), 3), to), 1);
    const auto* sw = reinterpret_cast<const int*>(t.sweep.data());
    const auto* swT = reinterpret_cast<const int*>(t.sweep.data() + t.tsweep);
    const __m256i socc[4] = {_mm256_or_si256(occ[0], _mm256_i32gather_epi32(sw, at2, 4)),
                             _mm256_or_si256(occ[1], _mm256_i32gather_epi32(sw + 1, at2, 4)),
                             _mm256_or_si256(occ[2], _mm256_i32gather_epi32(swT, at2, 4)),
                             _mm256_or_si256(occ[3], _mm256_i32gather_epi32(swT + 1, at2, 4))};
    const __m256i zero = _mm256_setzero_si256(), one = _mm256_set1_epi32(1), sentinel = _mm256_set1_epi32(0x100);
    const __m256i root = _mm256_set1_epi32(n);
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const __m256i p = _mm256_add_epi32(f[u], _mm256_set1_epi32(t.base[u]));
        // The piece's line: byte line_id of occ or occT, in the low or high half.
        const std::size_t h = (t.vert[u] ? 2 : 0) + (t.lshift[u] >= 32 ? 1 : 0);
        const __m128i lsh = _mm_cvtsi32_si128(t.lshift[u] & 31);
        const __m256i line = _mm256_and_si256(_mm256_srl_epi32(occ[h], lsh), ff);
        const __m256i sline = _mm256_and_si256(_mm256_srl_epi32(socc[h], lsh), ff);
        const __m256i own = _mm256_sllv_epi32(_mm256_set1_epi32(static_cast<int>(t.lenmask[u])), p);
        const __m256i L = _mm256_andnot_si256(own, line), SL = _mm256_andnot_si256(own, sline);
        // 1 << free cells after the piece (bit 8 stops the run), and before it.
        const __m256i q = _mm256_add_epi32(p, _mm256_set1_epi32(t.len[u]));
        const __m256i ahead = low_bit(_mm256_srlv_epi32(_mm256_or_si256(L, sentinel), q));
        const __m256i skip_ahead = low_bit(_mm256_srlv_epi32(_mm256_or_si256(SL, sentinel), q));
        const __m256i below = _mm256_sub_epi32(_mm256_sllv_epi32(one, p), one);
        const __m256i back = back_bit(_mm256_and_si256(L, below), p);
        const __m256i skip_back = back_bit(_mm256_and_si256(SL, below), p);
        // Piece i below the moved piece keeps only the slides beyond the sweep; the moved
        // piece itself makes none; above it, every slide.
        const __m256i iv = _mm256_set1_epi32(i);
        const __m256i below_w = _mm256_and_si256(_mm256_cmpgt_epi32(w, iv), _mm256_cmpgt_epi32(root, w));
        const __m256i keep = _mm256_andnot_si256(_mm256_cmpeq_epi32(w, iv), valid);
        const __m256i sb = _mm256_blendv_epi8(one, skip_back, below_w);
        const __m256i sa = _mm256_blendv_epi8(one, skip_ahead, below_w);
        const __m256i bm = _mm256_sub_epi32(back, sb), am = _mm256_sub_epi32(ahead, sa);
        const __m256i mask = _mm256_and_si256(keep, _mm256_or_si256(bm, _mm256_slli_epi32(am, 8)));
        const __m256i m16 = _mm256_permute4x64_epi64(_mm256_packus_epi32(mask, mask), 0x08);
        _mm_store_si128(reinterpret_cast<__m128i*>(b.masks + u * kSlideLanes), _mm256_castsi256_si128(m16));
        const unsigned any =
            static_cast<unsigned>(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(mask, zero)))) ^ 0xFFu;
        const __m128i list = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(&kLaneLists.of[any]));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(b.work + b.nwork),
                            _mm256_or_si256(_mm256_cvtepu8_epi32(list), _mm256_set1_epi32(i << 3)));
        b.nwork += static_cast<std::size_t>(std::popcount(any));
    }
    return detail::write_children(t, b);
}

// The driver compiled for this kernel (slide_driver.hpp).
BITSOLVE_TARGET_AVX2 void SlideSearch::run_avx2(const CompiledBoard& s, bool want_path, int max_length, Solution& sol) {
    run_with<Kernel::Avx2>(s, want_path, max_length, sol);
}

BITSOLVE_TARGET_AVX2 void SlideSearch::explore_avx2(const CompiledBoard& s, const Key* sources, std::size_t count,
                                                    Options options) {
    if (options.labelled) explore_with<Kernel::Avx2, true>(s, sources, count, options);
    else explore_with<Kernel::Avx2, false>(s, sources, count, options);
}

}  // namespace bitsolve::rush

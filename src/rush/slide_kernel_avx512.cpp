// The AVX-512 kernel of the moves search (see slide_kernel.hpp), compiled for AVX-512 whatever
// the build targets; run only where the CPU has it (core/cpu.hpp).
// GCC 12 warns about an uninitialised variable inside its own AVX-512 intrinsics (GCC bug
// 105593: `_mm512_undefined_epi32` in the header, a false positive; our operands are all
// initialised). The warnings are located in the header, so silencing them around its include
// leaves them on for this file's own code; it must therefore be the first inclusion of
// <immintrin.h> here, before any of our headers (bucket_set.hpp includes it too).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <bit>
#include <cstring>

#include "bitsolve/core/target.hpp"
#include "bitsolve/rush/slide_kernel.hpp"
#include "slide_driver.hpp"

namespace bitsolve::rush {

namespace {

// Field values of piece u in the eight nodes K.
BITSOLVE_TARGET_AVX512 inline __m512i fields(const SlideTables& t, __m512i K, std::size_t u) {
    return _mm512_and_si512(_mm512_srl_epi64(K, _mm_cvtsi32_si128(t.shift[u])),
                            _mm512_set1_epi64(static_cast<long long>(t.fmask[u])));
}

// Trailing zeros of nonzero x, lane by lane.
BITSOLVE_TARGET_AVX512 inline __m512i tz(__m512i x) {
    return _mm512_popcnt_epi64(_mm512_andnot_si512(x, _mm512_sub_epi64(x, _mm512_set1_epi64(1))));
}

using PieceTable = decltype(SlideTables::cells);  // [piece][field value]: a set of cells

// For eight nodes K, the union over every piece of its entries in tables x and y at its field
// value: one permute per piece and table (the occupancy, and the cells it needs next to it).
BITSOLVE_TARGET_AVX512 inline void unite(const SlideTables& t, __m512i K, const PieceTable& x, const PieceTable& y,
                                         __m512i& ux, __m512i& uy) {
    for (std::size_t u = 0; u < static_cast<std::size_t>(t.n); ++u) {
        const __m512i f = fields(t, K, u);
        ux = _mm512_or_si512(ux, _mm512_permutexvar_epi64(f, _mm512_loadu_si512(x[u].data())));
        uy = _mm512_or_si512(uy, _mm512_permutexvar_epi64(f, _mm512_loadu_si512(y[u].data())));
    }
}

}  // namespace

// Step 1 rebuilds the eight nodes' occupancy from their keys (one permute per piece for all
// eight) and computes every piece's slide masks for the eight at once; step 2 writes each
// listed (piece, node)'s children with one compress per direction. The batch aliases nothing
// the kernel reads (__restrict, as in the scalar kernel).
BITSOLVE_TARGET_AVX512 std::size_t expand_avx512(const SlideTables& t, const SlideNodes& nodes, std::size_t head,
                                                 std::size_t lanes, SlideBatch& __restrict b) {
    const int n = t.n;
    b.nwork = 0;
    const auto valid = static_cast<__mmask8>((1u << lanes) - 1);
    const __m512i K = _mm512_maskz_loadu_epi64(valid, nodes.keys + head);
    const __m512i R = _mm512_maskz_loadu_epi64(valid, nodes.records + head);
    const __m512i ff = _mm512_set1_epi64(0xFF);
    __m512i occ = _mm512_set1_epi64(static_cast<long long>(t.walls));
    __m512i occT = _mm512_set1_epi64(static_cast<long long>(t.wallsT));
    unite(t, K, t.cells, t.cellsT, occ, occT);
    _mm512_store_si512(b.keys, K);
    _mm512_store_si512(b.occ, occ);
    {
        const auto a = static_cast<std::size_t>(t.primary);
        const __m512i at = _mm512_add_epi64(fields(t, K, a), _mm512_set1_epi64(t.base[a]));
        _mm512_store_si512(b.way, _mm512_permutexvar_epi64(at, _mm512_loadu_si512(t.exit_way.data())));
    }
    // The sweep of each node's last move, from the table (an all-zero entry at the root).
    const __m512i w = _mm512_and_si512(_mm512_srli_epi64(R, 32), ff);
    const __m512i from = _mm512_and_si512(_mm512_srli_epi64(R, 40), ff);
    const __m512i to = _mm512_and_si512(_mm512_srli_epi64(R, 48), ff);
    const __m512i at = _mm512_add_epi64(_mm512_slli_epi64(_mm512_add_epi64(_mm512_slli_epi64(w, 3), from), 3), to);
    const __m512i socc =
        _mm512_or_si512(occ, _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), valid, at, t.sweep.data(), 8));
    const __m512i soccT = _mm512_or_si512(
        occT, _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), valid, at, t.sweep.data() + t.tsweep, 8));
    const __m512i one = _mm512_set1_epi64(1), sentinel = _mm512_set1_epi64(0x100);
    const __m512i low_bits = _mm512_set_epi64(127, 63, 31, 15, 7, 3, 1, 0);  // [p]: bits below p
    const __m512i lane_ids = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
    const __m512i root = _mm512_set1_epi64(n);
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const __m512i p = _mm512_add_epi64(fields(t, K, u), _mm512_set1_epi64(t.base[u]));
        const __m128i lsh = _mm_cvtsi32_si128(t.lshift[u]);
        const __m512i line = _mm512_and_si512(_mm512_srl_epi64(t.vert[u] ? occT : occ, lsh), ff);
        const __m512i sline = _mm512_and_si512(_mm512_srl_epi64(t.vert[u] ? soccT : socc, lsh), ff);
        const __m512i own = _mm512_sllv_epi64(_mm512_set1_epi64(static_cast<long long>(t.lenmask[u])), p);
        const __m512i L = _mm512_andnot_si512(own, line), SL = _mm512_andnot_si512(own, sline);
        // Free cells after the piece: trailing zeros of the line from its end (bit 8 stops it).
        const __m512i q = _mm512_add_epi64(p, _mm512_set1_epi64(t.len[u]));
        const __m512i ahead = tz(_mm512_srlv_epi64(_mm512_or_si512(L, sentinel), q));
        const __m512i skip_ahead = tz(_mm512_srlv_epi64(_mm512_or_si512(SL, sentinel), q));
        // Free cells before it: p - 1 - (highest occupied bit below p), via leading zeros.
        const __m512i below = _mm512_permutexvar_epi64(p, low_bits);
        const __m512i pm = _mm512_sub_epi64(p, _mm512_set1_epi64(64));
        const __m512i back = _mm512_add_epi64(_mm512_lzcnt_epi64(_mm512_and_si512(L, below)), pm);
        const __m512i skip_back = _mm512_add_epi64(_mm512_lzcnt_epi64(_mm512_and_si512(SL, below)), pm);
        // Piece i below the moved piece keeps only the slides beyond the sweep; the moved
        // piece itself makes none; above it, every slide.
        const __m512i iv = _mm512_set1_epi64(i);
        const __mmask8 below_w = _mm512_cmpgt_epi64_mask(w, iv) & _mm512_cmplt_epi64_mask(w, root);
        const __mmask8 keep = valid & static_cast<__mmask8>(~_mm512_cmpeq_epi64_mask(w, iv));
        const __m512i sb = _mm512_maskz_mov_epi64(below_w, skip_back), sa = _mm512_maskz_mov_epi64(below_w, skip_ahead);
        const __m512i bm = _mm512_sub_epi64(_mm512_sllv_epi64(one, back), _mm512_sllv_epi64(one, sb));
        const __m512i am = _mm512_sub_epi64(_mm512_sllv_epi64(one, ahead), _mm512_sllv_epi64(one, sa));
        const __m512i mask = _mm512_maskz_or_epi64(keep, bm, _mm512_slli_epi64(am, 8));
        _mm512_mask_cvtepi64_storeu_epi16(b.masks + u * kSlideLanes, 0xFF, mask);
        const __mmask8 any = _mm512_test_epi64_mask(mask, mask);
        const __m256i items = _mm256_or_si256(_mm512_cvtepi64_epi32(lane_ids), _mm256_set1_epi32(i << 3));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(b.work + b.nwork), _mm256_maskz_compress_epi32(any, items));
        b.nwork += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(any)));
    }
    // Step 2: the children, in the work list's order, left/up slides before right/down.
    std::size_t m = 0;
    for (std::size_t j = 0; j < b.nwork; ++j) {
        const std::uint32_t item = b.work[j];
        const std::size_t l = item & 7, i = item >> 3;
        const unsigned mask = b.masks[i * kSlideLanes + l];
        const __m512i kv = _mm512_set1_epi64(static_cast<long long>(b.keys[l]));
        const u64 info4 = 0x0001000100010001ULL * item;
        const auto lo = static_cast<__mmask8>(mask & 0xFF), hi = static_cast<__mmask8>(mask >> 8);
        std::memcpy(b.kid_info + m, &info4, 8), std::memcpy(b.kid_info + m + 4, &info4, 8);
        _mm512_storeu_si512(b.kids + m,
                            _mm512_maskz_compress_epi64(lo, _mm512_add_epi64(kv, _mm512_load_si512(t.back[i]))));
        m += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(lo)));
        std::memcpy(b.kid_info + m, &info4, 8), std::memcpy(b.kid_info + m + 4, &info4, 8);
        _mm512_storeu_si512(b.kids + m,
                            _mm512_maskz_compress_epi64(hi, _mm512_add_epi64(kv, _mm512_load_si512(t.ahead[i]))));
        m += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(hi)));
    }
    return m;
}

// Eight keys at a time: the cells and the cells behind of every piece (unite), then both lists
// by a compressing store.
BITSOLVE_TARGET_AVX512 std::pair<std::size_t, std::size_t> classify_avx512(const SlideTables& t, const Key* keys,
                                                                           std::size_t count, Key* packed, Key* goals) {
    const auto a = static_cast<std::size_t>(t.primary);
    const __m512i goal = _mm512_set1_epi64(static_cast<long long>(t.goal_field));
    std::size_t np = 0, ng = 0;
    for (std::size_t j = 0; j < count; j += kSlideLanes) {
        const std::size_t lanes = std::min(kSlideLanes, count - j);
        const auto valid = static_cast<__mmask8>((1u << lanes) - 1);
        const __m512i K = _mm512_maskz_loadu_epi64(valid, keys + j);
        __m512i occ = _mm512_set1_epi64(static_cast<long long>(t.walls));
        __m512i behind = _mm512_setzero_si512();
        unite(t, K, t.cells, t.behind, occ, behind);
        const __m512i free_behind = _mm512_andnot_si512(occ, behind);
        const __mmask8 is_packed = _mm512_mask_testn_epi64_mask(valid, free_behind, free_behind);
        const __mmask8 is_goal = _mm512_mask_cmpeq_epi64_mask(valid, fields(t, K, a), goal);
        _mm512_mask_compressstoreu_epi64(packed + np, is_packed, K);
        np += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(is_packed)));
        _mm512_mask_compressstoreu_epi64(goals + ng, is_goal, K);
        ng += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(is_goal)));
    }
    return {np, ng};
}

// The driver compiled for this kernel (slide_driver.hpp).
BITSOLVE_TARGET_AVX512 void SlideSearch::run_avx512(const CompiledBoard& s, bool want_path, int max_length,
                                                    Solution& sol) {
    run_with<Kernel::Avx512>(s, want_path, max_length, sol);
}

BITSOLVE_TARGET_AVX512 void SlideSearch::explore_avx512(const CompiledBoard& s, const Key* sources, std::size_t count,
                                                        Options options) {
    if (options.labelled) explore_with<Kernel::Avx512, true>(s, sources, count, options);
    else explore_with<Kernel::Avx512, false>(s, sources, count, options);
}

}  // namespace bitsolve::rush

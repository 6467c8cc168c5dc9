#pragma once
// The scalar kernel's batched search on four 32-bit lanes of a 128-bit register (x86-64), shared
// by its two forms: kernel_sse2.cpp (baseline SSE2) and kernel_ssse3.cpp (compiled for SSSE3,
// run where the CPU has it). Private to src/queens. The including file defines
// BITSOLVE_LANES_TARGET (the function attribute of its instruction set, or nothing) and an
// output policy, which writes the survivors of four lanes at a position and says how many:
//
//   struct Out {
//       static Sel select(int mask);                      // bit i: lane i survives
//       static int total(const Sel&);
//       static void append(std::uint32_t* dst, const Sel&, __m128i v);      // room for 7 words
//       static void write_back(std::uint32_t* dst, const Sel&, __m128i v);  // dst <= the lanes read
//   };
//
// Four nodes a step in one register per mask, the same level buffers, order of batches and
// last-two-level fold as kernel_batch.cpp. Up to N = 17 a node's four masks fit in two 32-bit
// lanes (16 bits each): half the stores and twice the nodes per instruction. Everything here
// has internal linkage, so that each including file's copies keep its own instruction set.
#include <emmintrin.h>

#include <cstdint>

#include "bitsolve/queens/kernel_simd.hpp"
#include "kernel_step.hpp"

#ifndef BITSOLVE_LANES_TARGET
#error "define BITSOLVE_LANES_TARGET before including kernel_lanes.hpp"
#endif

namespace bitsolve::queens {
namespace {

constexpr int kLanes = 128;  // nodes a batch: with one store per word, 64 left the level scan at 12% of the time
constexpr int kCap = 2 * kLanes + 8;  // under 2 * kLanes nodes a level, + a 16-byte store
constexpr int kMaxPackedN = 17;       // inner columns 1..N-2 within 16 bits

struct alignas(16) LevelBuffer {
    std::uint32_t f[kCap], c[kCap], l[kCap], r[kCap];
};

BITSOLVE_LANES_TARGET inline __m128i load(const std::uint32_t* p) {
    return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}
BITSOLVE_LANES_TARGET inline __m128i zero() { return _mm_setzero_si128(); }
BITSOLVE_LANES_TARGET inline int zero_lanes(__m128i v) {
    return _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, zero())));
}

// Lanes of the last group of four that hold nodes: bit mask.
inline int live_bits(int rem) { return rem >= 4 ? 15 : (1 << rem) - 1; }

// With the fold: children with room (ahead, the last row's open squares, not empty) have two
// inner columns left, so at most two queens in nf, and the last row at most one open square.
// Adds their queens and completions to the lanes of placed and done.
template <int S2>
BITSOLVE_LANES_TARGET inline void fold(__m128i nf, __m128i ahead, __m128i live, __m128i& placed, __m128i& done) {
    const __m128i f2 = _mm_and_si128(nf, _mm_andnot_si128(_mm_cmpeq_epi32(ahead, zero()), live));
    const __m128i b1 = _mm_and_si128(f2, _mm_sub_epi32(zero(), f2)), b2 = _mm_xor_si128(f2, b1);
    for (const __m128i q : {b1, b2}) {
        const __m128i has = _mm_xor_si128(_mm_cmpeq_epi32(q, zero()), _mm_set1_epi32(-1));
        const __m128i kill = _mm_or_si128(q, _mm_or_si128(_mm_slli_epi32(q, S2), _mm_srli_epi32(q, S2)));
        const __m128i ok = _mm_andnot_si128(_mm_cmpeq_epi32(_mm_andnot_si128(kill, ahead), zero()), has);
        placed = _mm_sub_epi32(placed, has);
        done = _mm_sub_epi32(done, ok);
    }
}

BITSOLVE_LANES_TARGET inline void fold_totals(__m128i placed, __m128i done, Step& st) {
    alignas(16) std::uint32_t pl[4], dn[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(pl), placed);
    _mm_store_si128(reinterpret_cast<__m128i*>(dn), done);
    st.done = std::uint64_t{dn[0]} + dn[1] + dn[2] + dn[3];
    st.placed = std::uint64_t{pl[0]} + pl[1] + pl[2] + pl[3] + st.done;
}

// One queen (lowest open column) for each node; S, S2: distances to the next two rows. With
// Fold, the next level is the next-to-last: each child's queens and completions are counted.
template <class Out, bool Fold, int S, int S2>
BITSOLVE_LANES_TARGET void step(LevelBuffer& __restrict buf, LevelBuffer& __restrict next, Step& st) {
    const __m128i allowed = _mm_set1_epi32(static_cast<int>(st.allowed));
    const __m128i allowed2 = _mm_set1_epi32(static_cast<int>(st.allowed2));
    const __m128i lane_index = _mm_setr_epi32(0, 1, 2, 3);
    int back = st.from, n = st.n;
    __m128i placed = zero(), done = zero();
    const int end = st.from + st.k;
    for (int j = st.from; j < end; j += 4) {
        const int live = live_bits(end - j);
        const __m128i fr = load(buf.f + j), c = load(buf.c + j), l = load(buf.l + j), r = load(buf.r + j);
        const __m128i b = _mm_and_si128(fr, _mm_sub_epi32(zero(), fr));
        const __m128i rest = _mm_xor_si128(fr, b);
        const __m128i nc = _mm_or_si128(c, b);
        const __m128i nl = _mm_slli_epi32(_mm_or_si128(l, b), S), nr = _mm_srli_epi32(_mm_or_si128(r, b), S);
        const __m128i nf = _mm_andnot_si128(_mm_or_si128(nc, _mm_or_si128(nl, nr)), allowed);
        const __m128i ahead =
            _mm_andnot_si128(_mm_or_si128(nc, _mm_or_si128(_mm_slli_epi32(nl, S2), _mm_srli_epi32(nr, S2))), allowed2);
        if constexpr (Fold) {
            fold<S2>(nf, ahead, _mm_cmpgt_epi32(_mm_set1_epi32(end - j), lane_index), placed, done);
        } else {
            auto&& p = Out::select(~(zero_lanes(nf) | zero_lanes(ahead)) & live);
            Out::append(next.f + n, p, nf);
            Out::append(next.c + n, p, nc);
            Out::append(next.l + n, p, nl);
            Out::append(next.r + n, p, nr);
            n += Out::total(p);
        }
        auto&& q = Out::select(~zero_lanes(rest) & live);
        Out::write_back(buf.f + back, q, rest);
        Out::write_back(buf.c + back, q, c);
        Out::write_back(buf.l + back, q, l);
        Out::write_back(buf.r + back, q, r);
        back += Out::total(q);
    }
    st.back = back, st.n = n;
    if constexpr (Fold) fold_totals(placed, done, st);
}

// The same for boards up to N = 17, whose inner columns fit in 16 bits: a node in two words,
// open columns and column mask (low, high half) in f, left and right diagonals in l; each
// half's shifts stay within it (bits a left diagonal pushes past 15 never come back).
template <class Out, bool Fold, int S, int S2>
BITSOLVE_LANES_TARGET void step_packed(LevelBuffer& __restrict buf, LevelBuffer& __restrict next, Step& st) {
    const __m128i allowed = _mm_set1_epi32(static_cast<int>(st.allowed));
    const __m128i allowed2 = _mm_set1_epi32(static_cast<int>(st.allowed2));
    const __m128i lo = _mm_set1_epi32(0xffff), hi = _mm_set1_epi32(static_cast<int>(0xffff0000u));
    const __m128i lane_index = _mm_setr_epi32(0, 1, 2, 3);
    int back = st.from, n = st.n;
    __m128i placed = zero(), done = zero();
    const int end = st.from + st.k;
    for (int j = st.from; j < end; j += 4) {
        const int live = live_bits(end - j);
        const __m128i fc = load(buf.f + j), lr = load(buf.l + j);
        const __m128i b = _mm_and_si128(fc, _mm_sub_epi32(zero(), fc));  // in the low half
        const __m128i b_hi = _mm_slli_epi32(b, 16);
        const __m128i w = _mm_or_si128(lr, _mm_or_si128(b, b_hi));
        const __m128i nlr =
            _mm_or_si128(_mm_and_si128(_mm_slli_epi32(w, S), lo), _mm_and_si128(_mm_srli_epi32(w, S), hi));
        const __m128i nc_hi = _mm_and_si128(_mm_or_si128(fc, b_hi), hi);
        const __m128i nc = _mm_srli_epi32(nc_hi, 16);
        const __m128i nf = _mm_andnot_si128(_mm_or_si128(nc, _mm_or_si128(nlr, _mm_srli_epi32(nlr, 16))), allowed);
        const __m128i nlr2 =
            _mm_or_si128(_mm_and_si128(_mm_slli_epi32(nlr, S2), lo), _mm_and_si128(_mm_srli_epi32(nlr, S2), hi));
        const __m128i ahead =
            _mm_andnot_si128(_mm_or_si128(nc, _mm_or_si128(nlr2, _mm_srli_epi32(nlr2, 16))), allowed2);
        if constexpr (Fold) {
            fold<S2>(nf, ahead, _mm_cmpgt_epi32(_mm_set1_epi32(end - j), lane_index), placed, done);
        } else {
            auto&& p = Out::select(~(zero_lanes(nf) | zero_lanes(ahead)) & live);
            Out::append(next.f + n, p, _mm_or_si128(nf, nc_hi));
            Out::append(next.l + n, p, nlr);
            n += Out::total(p);
        }
        const __m128i rest = _mm_xor_si128(fc, b);
        auto&& q = Out::select(~zero_lanes(_mm_and_si128(rest, lo)) & live);
        Out::write_back(buf.f + back, q, rest);
        Out::write_back(buf.l + back, q, lr);
        back += Out::total(q);
    }
    st.back = back, st.n = n;
    if constexpr (Fold) fold_totals(placed, done, st);
}

using StepFn = void (*)(LevelBuffer&, LevelBuffer&, Step&);
template <class Out, bool Packed, bool Fold, int I>
constexpr StepFn step_fn() {
    if constexpr (Packed) return step_packed<Out, Fold, I / 3 + 1, I % 3 + 1>;
    return step<Out, Fold, I / 3 + 1, I % 3 + 1>;
}
template <class Out, bool Packed>
struct Steps {
    // [fold][3 * (S - 1) + (S2 - 1)]
    static constexpr StepFn fn[2][9] = {
        {step_fn<Out, Packed, false, 0>(), step_fn<Out, Packed, false, 1>(), step_fn<Out, Packed, false, 2>(),
         step_fn<Out, Packed, false, 3>(), step_fn<Out, Packed, false, 4>(), step_fn<Out, Packed, false, 5>(),
         step_fn<Out, Packed, false, 6>(), step_fn<Out, Packed, false, 7>(), step_fn<Out, Packed, false, 8>()},
        {step_fn<Out, Packed, true, 0>(), step_fn<Out, Packed, true, 1>(), step_fn<Out, Packed, true, 2>(),
         step_fn<Out, Packed, true, 3>(), step_fn<Out, Packed, true, 4>(), step_fn<Out, Packed, true, 5>(),
         step_fn<Out, Packed, true, 6>(), step_fn<Out, Packed, true, 7>(), step_fn<Out, Packed, true, 8>()},
    };
};

// Completions from level t0 with masks m (kernel_simd.hpp), nodes in two words when packed
// (and N <= 17), else in four.
template <class Out>
BITSOLVE_LANES_TARGET std::uint64_t count_lanes(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes,
                                                bool packed) {
    const int last = f.levels - 1;
    // Two levels: the plain loop's closed form.
    if (t0 + 1 == last) return count_completions_batch(f, t0, m, nodes);
    const std::uint32_t root = f.allowed[t0] & ~m.taken();
    if (root == 0) return 0;
    thread_local LevelBuffer buffers[kMaxN];
    int size[kMaxN] = {};
    packed = packed && f.n <= kMaxPackedN;
    if (packed) {
        buffers[t0].f[0] = root | m.cols << 16;
        buffers[t0].l[0] = (m.left & 0xffff) | m.right << 16;
    } else {
        buffers[t0].f[0] = root;
        buffers[t0].c[0] = m.cols;
        buffers[t0].l[0] = m.left;
        buffers[t0].r[0] = m.right;
    }
    size[t0] = 1;
    // Bit l: level l holds a full batch, resp. any node (the next-to-last level never does).
    std::uint32_t full = 0, waiting = 1u << t0;
    const auto note = [&](int l) {
        const std::uint32_t bit = 1u << l;
        full = size[l] >= kLanes ? full | bit : full & ~bit;
        waiting = size[l] > 0 ? waiting | bit : waiting & ~bit;
    };
    std::uint64_t count = 0, visited = 0;
    while (waiting != 0) {
        // The deepest level with a full batch, else the shallowest non-empty one.
        const int level = full != 0 ? 31 - __builtin_clz(full) : __builtin_ctz(waiting);
        const bool fold = level + 2 == last;
        Step st = batch_at(f, level, fold, size, kLanes);
        visited += static_cast<std::uint64_t>(st.k);
        const int which = step_variant(f, level);
        const StepFn fn = packed ? Steps<Out, true>::fn[fold][which] : Steps<Out, false>::fn[fold][which];
        fn(buffers[level], buffers[fold ? level : level + 1], st);
        size[level] = st.back;
        note(level);
        if (fold) {
            count += st.done;
            visited += st.placed;
        } else {
            size[level + 1] = st.n;
            note(level + 1);
        }
    }
    if (nodes) *nodes += visited;
    return count;
}

}  // namespace
}  // namespace bitsolve::queens

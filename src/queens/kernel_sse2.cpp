// The scalar kernel's batched search on SSE2, part of every x86-64 CPU (the baseline: no
// dispatch needed): four nodes a step in one 128-bit register per mask, the same level buffers,
// order of batches and last-two-level fold as kernel_batch.cpp. SSE2 has no compress-store, so
// the survivors of four lanes are written by four overlapping stores, each one lane further
// along the register and at a position moved by the survivors before it: a lane that does not
// survive is overwritten by the next one. Up to N = 17 a node's four masks fit in two 32-bit
// lanes (16 bits each): half the stores and twice the nodes per instruction.
#include "bitsolve/queens/kernel_simd.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>

namespace bitsolve::queens {

namespace {

constexpr int kLanes = 64;
constexpr int kCap = 2 * kLanes + 8;  // under 2 * kLanes nodes a level, + a 16-byte store
constexpr int kMaxPackedN = 17;       // inner columns 1..N-2 within 16 bits

struct alignas(16) LevelBuffer {
    std::uint32_t f[kCap], c[kCap], l[kCap], r[kCap];
};

inline __m128i load(const std::uint32_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline __m128i zero() { return _mm_setzero_si128(); }
inline int zero_lanes(__m128i v) { return _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, zero()))); }

// Offsets of the survivors of four lanes (bit i: lane i survives): before lane i, and in all.
struct Prefix {
    std::uint8_t at[4], total;
};
constexpr Prefix prefix(int m) {
    Prefix p{};
    int n = 0;
    for (int i = 0; i < 4; ++i) {
        p.at[i] = static_cast<std::uint8_t>(n);
        n += m >> i & 1;
    }
    p.total = static_cast<std::uint8_t>(n);
    return p;
}
constexpr Prefix kPrefix[16] = {prefix(0),  prefix(1),  prefix(2),  prefix(3), prefix(4),  prefix(5),
                                prefix(6),  prefix(7),  prefix(8),  prefix(9), prefix(10), prefix(11),
                                prefix(12), prefix(13), prefix(14), prefix(15)};

// Appends lanes of v with survivors p to dst (room for 3 more words): 16-byte stores.
inline void append(std::uint32_t* dst, const Prefix& p, __m128i v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[0]), v);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[1]), _mm_srli_si128(v, 4));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[2]), _mm_srli_si128(v, 8));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[3]), _mm_srli_si128(v, 12));
}
// The same in place, where the words after the four read lanes are not read yet: each store
// ends at the read lanes' end (lane i at dst + p.at[i] <= read + i).
inline void write_back(std::uint32_t* dst, const Prefix& p, __m128i v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[0]), v);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + p.at[1]), _mm_srli_si128(v, 4));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + p.at[2]), _mm_srli_si128(v, 8));
    dst[p.at[3]] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(v, 12)));
}

// A batch: nodes [from, from + k) of its level, the next two rows' open columns.
struct Step {
    std::uint32_t allowed, allowed2;
    int from, k;
    int back;                    // out: the level's new size
    int n;                       // in/out: the next level's size (not with the fold)
    std::uint64_t placed, done;  // out (fold): nodes and completions below the batch
};

// Lanes of the last group of four that hold nodes: bit mask and vector mask.
inline int live_bits(int rem) { return rem >= 4 ? 15 : (1 << rem) - 1; }

// With the fold: children with room (ahead, the last row's open squares, not empty) have two
// inner columns left, so at most two queens in nf, and the last row at most one open square.
// Adds their queens and completions to the lanes of placed and done.
template <int S2>
inline void fold(__m128i nf, __m128i ahead, __m128i live, __m128i& placed, __m128i& done) {
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

inline void fold_totals(__m128i placed, __m128i done, Step& st) {
    alignas(16) std::uint32_t pl[4], dn[4];
    _mm_store_si128(reinterpret_cast<__m128i*>(pl), placed);
    _mm_store_si128(reinterpret_cast<__m128i*>(dn), done);
    st.done = std::uint64_t{dn[0]} + dn[1] + dn[2] + dn[3];
    st.placed = std::uint64_t{pl[0]} + pl[1] + pl[2] + pl[3] + st.done;
}

// One queen (lowest open column) for each node; S, S2: distances to the next two rows. With
// Fold, the next level is the next-to-last: each child's queens and completions are counted.
template <bool Fold, int S, int S2>
void step(LevelBuffer& __restrict buf, LevelBuffer& __restrict next, Step& st) {
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
            const Prefix& p = kPrefix[~(zero_lanes(nf) | zero_lanes(ahead)) & live];
            append(next.f + n, p, nf);
            append(next.c + n, p, nc);
            append(next.l + n, p, nl);
            append(next.r + n, p, nr);
            n += p.total;
        }
        const Prefix& q = kPrefix[~zero_lanes(rest) & live];
        write_back(buf.f + back, q, rest);
        write_back(buf.c + back, q, c);
        write_back(buf.l + back, q, l);
        write_back(buf.r + back, q, r);
        back += q.total;
    }
    st.back = back, st.n = n;
    if constexpr (Fold) fold_totals(placed, done, st);
}

// The same for boards up to N = 17, whose inner columns fit in 16 bits: a node in two words,
// open columns and column mask (low, high half) in f, left and right diagonals in l; each
// half's shifts stay within it (bits a left diagonal pushes past 15 never come back).
template <bool Fold, int S, int S2>
void step_packed(LevelBuffer& __restrict buf, LevelBuffer& __restrict next, Step& st) {
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
            const Prefix& p = kPrefix[~(zero_lanes(nf) | zero_lanes(ahead)) & live];
            append(next.f + n, p, _mm_or_si128(nf, nc_hi));
            append(next.l + n, p, nlr);
            n += p.total;
        }
        const __m128i rest = _mm_xor_si128(fc, b);
        const Prefix& q = kPrefix[~zero_lanes(_mm_and_si128(rest, lo)) & live];
        write_back(buf.f + back, q, rest);
        write_back(buf.l + back, q, lr);
        back += q.total;
    }
    st.back = back, st.n = n;
    if constexpr (Fold) fold_totals(placed, done, st);
}

using StepFn = void (*)(LevelBuffer&, LevelBuffer&, Step&);
template <bool Packed, bool Fold, int I>
constexpr StepFn step_fn() {
    if constexpr (Packed) return step_packed<Fold, I / 3 + 1, I % 3 + 1>;
    return step<Fold, I / 3 + 1, I % 3 + 1>;
}
template <bool Packed>
struct Steps {
    // [fold][3 * (S - 1) + (S2 - 1)]
    static constexpr StepFn fn[2][9] = {
        {step_fn<Packed, false, 0>(), step_fn<Packed, false, 1>(), step_fn<Packed, false, 2>(),
         step_fn<Packed, false, 3>(), step_fn<Packed, false, 4>(), step_fn<Packed, false, 5>(),
         step_fn<Packed, false, 6>(), step_fn<Packed, false, 7>(), step_fn<Packed, false, 8>()},
        {step_fn<Packed, true, 0>(), step_fn<Packed, true, 1>(), step_fn<Packed, true, 2>(), step_fn<Packed, true, 3>(),
         step_fn<Packed, true, 4>(), step_fn<Packed, true, 5>(), step_fn<Packed, true, 6>(), step_fn<Packed, true, 7>(),
         step_fn<Packed, true, 8>()},
    };
};

}  // namespace

std::uint64_t count_completions_sse2(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    return count_completions_sse2_form(f, t0, m, nodes, f.n <= kMaxPackedN);
}

std::uint64_t count_completions_sse2_form(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes, bool packed) {
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
    std::uint64_t count = 0, visited = 0;
    for (;;) {
        int level = -1, shallowest = -1;
        for (int l = last - 2; l >= t0; --l) {
            if (size[l] >= kLanes) {
                level = l;
                break;
            }
            if (size[l] > 0) shallowest = l;
        }
        if (level < 0) level = shallowest;
        if (level < 0) break;
        const bool fold = level + 2 == last;
        Step st{};
        st.allowed = f.allowed[level + 1];
        st.allowed2 = f.allowed[level + 2];
        st.k = size[level] < kLanes ? size[level] : kLanes;
        st.from = size[level] - st.k;
        st.n = fold ? 0 : size[level + 1];
        visited += static_cast<std::uint64_t>(st.k);
        const int which = 3 * (f.shift[level + 1] - 1) + (f.shift[level + 2] - 1);
        const StepFn fn = packed ? Steps<true>::fn[fold][which] : Steps<false>::fn[fold][which];
        fn(buffers[level], buffers[fold ? level : level + 1], st);
        size[level] = st.back;
        if (fold) {
            count += st.done;
            visited += st.placed;
        } else {
            size[level + 1] = st.n;
        }
    }
    if (nodes) *nodes += visited;
    return count;
}

}  // namespace bitsolve::queens

#else

namespace bitsolve::queens {
std::uint64_t count_completions_sse2(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    return count_completions_batch(f, t0, m, nodes);
}
std::uint64_t count_completions_sse2_form(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes, bool) {
    return count_completions_batch(f, t0, m, nodes);
}
}  // namespace bitsolve::queens

#endif

// The scalar kernel's batched search on SSE2, part of every x86-64 CPU (the baseline: no
// dispatch needed), for CPUs without SSSE3 (kernel_ssse3.cpp has the form the others run). The
// search is kernel_lanes.hpp's; here is how survivors are written. SSE2 has no byte shuffle or
// compress-store, so the survivors of four lanes are written by four overlapping stores, each
// one lane further along the register and at a position moved by the survivors before it: a
// lane that does not survive is overwritten by the next one.
#if defined(__SSE2__)
#define BITSOLVE_LANES_TARGET
#include "kernel_lanes.hpp"

namespace bitsolve::queens {

namespace {

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

struct OverlappingStores {
    static const Prefix& select(int mask) { return kPrefix[mask]; }
    static int total(const Prefix& p) { return p.total; }
    // 16-byte stores, the last one at most 3 words past the survivors.
    static void append(std::uint32_t* dst, const Prefix& p, __m128i v) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[0]), v);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[1]), _mm_srli_si128(v, 4));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[2]), _mm_srli_si128(v, 8));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[3]), _mm_srli_si128(v, 12));
    }
    // The same in place, where the words after the four read lanes are not read yet: each store
    // ends at the read lanes' end (lane i at dst + p.at[i] <= read + i).
    static void write_back(std::uint32_t* dst, const Prefix& p, __m128i v) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + p.at[0]), v);
        _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + p.at[1]), _mm_srli_si128(v, 4));
        _mm_storel_epi64(reinterpret_cast<__m128i*>(dst + p.at[2]), _mm_srli_si128(v, 8));
        dst[p.at[3]] = static_cast<std::uint32_t>(_mm_cvtsi128_si32(_mm_srli_si128(v, 12)));
    }
};

}  // namespace

std::uint64_t count_completions_sse2(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    return count_lanes<OverlappingStores>(f, t0, m, nodes, f.n <= kMaxPackedN);
}

std::uint64_t count_completions_sse2_form(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes, bool packed) {
    return count_lanes<OverlappingStores>(f, t0, m, nodes, packed);
}

}  // namespace bitsolve::queens

#else

#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {
std::uint64_t count_completions_sse2(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    return count_completions_batch(f, t0, m, nodes);
}
std::uint64_t count_completions_sse2_form(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes, bool) {
    return count_completions_batch(f, t0, m, nodes);
}
}  // namespace bitsolve::queens

#endif

#pragma once
// Perfect ranking of k-permutations: the ordered placement of k distinct tiles on n cells
// (n <= 32, k <= n) maps to an index in 0 .. n!/(n-k)! - 1 and back.
//
// The placement pos[0..k-1] is read as a mixed-radix number whose i-th digit is pos[i] minus the
// number of earlier tiles on lower cells (so digit i lies in 0 .. n-1-i): tile 0 is the most
// significant digit, tile k-1 the least. Ranking costs k popcounts; unranking k divisions and k
// "select the d-th free cell" steps (PDEP where the CPU has BMI2). These are the only index
// functions of the pattern databases: the builder, the cache file and the heuristic all use them.
#include <bit>
#include <cassert>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace bitsolve::sliding::pdb {

// n!/(n-k)!: the number of placements, i.e. the size of a table (fits 64 bits for n <= 25, k <= 12).
constexpr std::uint64_t kperm_count(unsigned n, unsigned k) {
    std::uint64_t c = 1;
    for (unsigned i = 0; i < k; ++i) c *= n - i;
    return c;
}

// Index of the d-th (0-based) set bit of mask; mask must have more than d set bits.
inline unsigned select_bit(std::uint32_t mask, unsigned d) {
#if defined(__BMI2__)
    return static_cast<unsigned>(std::countr_zero(_pdep_u32(1u << d, mask)));
#else
    for (unsigned i = 0; i < d; ++i) mask &= mask - 1;
    return static_cast<unsigned>(std::countr_zero(mask));
#endif
}

// Rank of the placement pos[0..k-1] (distinct cells < n): 0 .. kperm_count(n, k) - 1.
inline std::uint64_t rank_kperm(const std::uint8_t* pos, unsigned k, unsigned n) {
    std::uint32_t used = 0;
    std::uint64_t r = 0;
    for (unsigned i = 0; i < k; ++i) {
        // The caller passes k set cells (the analyser cannot see that precondition).
        const unsigned p = pos[i];  // NOLINT(clang-analyzer-core.uninitialized.Assign)
        assert(p < n && !(used >> p & 1u));
        const unsigned digit = p - static_cast<unsigned>(std::popcount(used & ((1u << p) - 1u)));
        r = r * (n - i) + digit;
        used |= 1u << p;
    }
    return r;
}

// Inverse of rank_kperm: writes pos[0..k-1]. Ranks below 2^32 (every table this program builds)
// are divided in 32 bits, which is several times faster than 64-bit division on common CPUs.
inline void unrank_kperm(std::uint64_t r, unsigned k, unsigned n, std::uint8_t* pos) {
    unsigned digit[32];
    if (r <= 0xFFFFFFFFu) {
        auto r32 = static_cast<std::uint32_t>(r);
        for (unsigned i = k; i-- > 0;) {
            const unsigned radix = n - i;
            digit[i] = r32 % radix;
            r32 /= radix;
        }
    } else {
        for (unsigned i = k; i-- > 0;) {
            const unsigned radix = n - i;
            digit[i] = static_cast<unsigned>(r % radix);
            r /= radix;
        }
    }
    std::uint32_t free_cells = n >= 32 ? ~0u : (1u << n) - 1u;
    for (unsigned i = 0; i < k; ++i) {
        const unsigned p = select_bit(free_cells, digit[i]);
        pos[i] = static_cast<std::uint8_t>(p);
        free_cells &= ~(1u << p);
    }
}

// The cells of placement r (rank_kperm's order) as a mask: bit p for every tile's cell p.
inline std::uint32_t placement_mask(std::uint64_t r, unsigned k, unsigned n) {
    std::uint8_t pos[32];
    unrank_kperm(r, k, n, pos);
    std::uint32_t cells = 0;
    for (unsigned i = 0; i < k; ++i) cells |= 1u << pos[i];
    return cells;
}

}  // namespace bitsolve::sliding::pdb

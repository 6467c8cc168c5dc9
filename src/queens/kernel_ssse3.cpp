// The scalar kernel's batched search (kernel_lanes.hpp) compiled for SSSE3 (Intel CPUs since
// 2006, AMD since 2011); run only where the CPU reports it (core/cpu.hpp), kernel_sse2.cpp
// elsewhere. SSSE3's byte shuffle (pshufb) gathers the survivors of four lanes to the front of
// the register by a control from a 16-entry table, so each word of four nodes is one store
// instead of four overlapping ones.
#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>

#include "bitsolve/core/target.hpp"
#define BITSOLVE_LANES_TARGET BITSOLVE_TARGET_SSSE3
#include "kernel_lanes.hpp"

namespace bitsolve::queens {

namespace {

// [mask] (bit i: lane i survives): the byte indices that move the surviving lanes to the front,
// lowest first (the lanes after them are don't-cares), and how many survive.
struct ShuffleTable {
    alignas(16) std::uint8_t idx[16][16];
    std::uint8_t total[16];
};
constexpr ShuffleTable make_shuffle_table() {
    ShuffleTable t{};
    for (int m = 0; m < 16; ++m) {
        int k = 0;
        for (int i = 0; i < 4; ++i) {
            if ((m >> i & 1) == 0) continue;
            for (int b = 0; b < 4; ++b) t.idx[m][4 * k + b] = static_cast<std::uint8_t>(4 * i + b);
            ++k;
        }
        for (int b = 4 * k; b < 16; ++b) t.idx[m][b] = static_cast<std::uint8_t>(b);
        t.total[m] = static_cast<std::uint8_t>(k);
    }
    return t;
}
constexpr ShuffleTable kShuffle = make_shuffle_table();

struct Shuffled {
    __m128i control;
    int total;
};

struct Ssse3Shuffle {
    BITSOLVE_TARGET_SSSE3 static Shuffled select(int mask) {
        return Shuffled{_mm_load_si128(reinterpret_cast<const __m128i*>(kShuffle.idx[mask])), kShuffle.total[mask]};
    }
    static int total(const Shuffled& s) { return s.total; }
    // One 16-byte store: the survivors, then lanes that the next store overwrites or that lie
    // past the level's end. In place (write_back), dst is at most the read lanes' start, so the
    // store ends at most at their end.
    BITSOLVE_TARGET_SSSE3 static void append(std::uint32_t* dst, const Shuffled& s, __m128i v) {
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst), _mm_shuffle_epi8(v, s.control));
    }
    BITSOLVE_TARGET_SSSE3 static void write_back(std::uint32_t* dst, const Shuffled& s, __m128i v) {
        append(dst, s, v);
    }
};

}  // namespace

BITSOLVE_TARGET_SSSE3 std::uint64_t count_completions_ssse3(const Frame& f, int t0, const Masks& m,
                                                            std::uint64_t* nodes) {
    return count_lanes<Ssse3Shuffle>(f, t0, m, nodes, f.n <= kMaxPackedN);
}

BITSOLVE_TARGET_SSSE3 std::uint64_t count_completions_ssse3_form(const Frame& f, int t0, const Masks& m,
                                                                 std::uint64_t* nodes, bool packed) {
    return count_lanes<Ssse3Shuffle>(f, t0, m, nodes, packed);
}

}  // namespace bitsolve::queens

#else

#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {
std::uint64_t count_completions_ssse3(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    return count_completions_batch(f, t0, m, nodes);
}
std::uint64_t count_completions_ssse3_form(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes, bool) {
    return count_completions_batch(f, t0, m, nodes);
}
}  // namespace bitsolve::queens

#endif

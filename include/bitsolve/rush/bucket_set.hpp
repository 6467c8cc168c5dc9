#pragma once
// The visited set of the moves-metric search (slide_search.hpp): keys in buckets of eight, one
// 64-byte cache line each. A key hashes (one multiply) to a bucket; looking it up compares all
// eight slots at once (one AVX-512 compare, two AVX2 compares or a loop, by the kernel the
// caller was compiled for, core/cpu.hpp; the same result) and inserts it in the bucket's first empty slot; a
// full bucket passes on to the next. Load stays at or below 1/2, so a probe is almost always
// one cache line. insert() has no branch on whether the key was there: it writes the key to
// the slot that matched, or else to the first empty one, choosing the slot with a mask, and
// reports "new" as data, which lets the caller write every child and advance its count by
// the answer. (Most children are duplicates, but unpredictably so: written as `hit ? hit :
// free`, the compiler's branch on it was mispredicted often enough to cost about a tenth of
// the search time; docs/benchmarks.md.) The AVX-512 form writes the whole bucket back, the
// loaded line with the key blended in, as one aligned 64-byte store, which measured 1-7% less
// time on the database's samples than an 8-byte store of the key alone. The likely reason: a
// later look-up of the same bucket (a 64-byte load) can take its data from a store of the same
// width, but must wait for a narrower one to reach the cache.
// With labels (reset(..., true)) each slot also has a 32-bit label, which insert_labelled returns
// and replaces: the database's searches tell their clusters apart by them (slide_search.hpp).
// The set keeps no count of its keys; the caller has it (a count here was a load and a store
// per insert, the key stores keeping the compiler from holding it in a register).
//
// ~0 marks an empty slot (keys use at most 63 bits). Memory is checked against the budget
// before each growth and reused between searches.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <immintrin.h>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/target.hpp"
#include "bitsolve/rush/compiled_board.hpp"

namespace bitsolve::rush {

class BucketSet {
public:
    static constexpr Key kEmpty = ~Key{0};
    static constexpr std::size_t kSlots = 8;  // per bucket

    // Empties the set, sized for about `expected` keys; `labelled`: with a label per slot
    // (insert_labelled).
    void reset(std::size_t expected, bool labelled = false) {
        std::size_t buckets = 64;
        while (buckets * kSlots < expected * 2) buckets *= 2;
        const std::size_t words = buckets * kSlots + kSlots;  // + one bucket of slack to align
        if (words > store_.size()) {
            hold_.hold(words * sizeof(Key), "the visited set");
            store_ = {};  // emptied anyway: let go before the larger one is allocated
            store_.resize(words);
        }
        const auto addr = reinterpret_cast<std::uintptr_t>(store_.data());
        keys_ = store_.data() + (((addr + 63) & ~std::uintptr_t{63}) - addr) / sizeof(Key);
        std::fill(keys_, keys_ + buckets * kSlots, kEmpty);
        if (labelled && labels_.size() < buckets * kSlots) {  // written with their keys: never cleared
            hold_labels_.hold(buckets * kSlots * sizeof(std::uint32_t), "the visited set's labels");
            labels_ = {};
            labels_.resize(buckets * kSlots);
        }
        mask_ = buckets - 1;
        shift_ = 64 - std::countr_zero(buckets);
    }

    // True when holding `keys` keys would pass load 1/2: reset() larger and insert the keys
    // again. `keys` comes from the caller's count (the sum of insert()'s answers).
    bool needs_room(std::size_t keys) const { return keys * 2 > (mask_ + 1) * kSlots; }

    // Inserts key (room reserved); 1 when it was new, 0 when it was there. K: the compare of
    // insert<K> may run only in code compiled for K (core/target.hpp), where it is inlined.
    template <Kernel K = Kernel::Scalar>
    __attribute__((always_inline)) std::size_t insert(Key key) {
        std::uint32_t unused = 0;
        return insert_impl<K, false>(key, 0, unused);
    }
    // The same in a set reset() with labels: the key's slot gets `label`, and `other` is the
    // label it had (`label` when the key was new).
    template <Kernel K = Kernel::Scalar>
    __attribute__((always_inline)) std::size_t insert_labelled(Key key, std::uint32_t label, std::uint32_t& other) {
        return insert_impl<K, true>(key, label, other);
    }

    // Starts loading key's bucket into the caches (a later insert of it waits less). An
    // instruction of its own: GCC drops __builtin_prefetch from the loops it vectorizes, as it
    // did the caller's loop over a batch's children.
    void prefetch(Key key) const { touch(keys_ + bucket(key) * kSlots); }
    // The same with the bucket's labels.
    void prefetch_labelled(Key key) const {
        const std::size_t b = bucket(key);
        touch(keys_ + b * kSlots);
        touch(labels_.data() + b * kSlots);
    }

private:
    template <Kernel K, bool Labelled>
    __attribute__((always_inline)) std::size_t insert_impl(Key key, std::uint32_t label, std::uint32_t& other) {
        for (std::size_t b = bucket(key);; b = (b + 1) & mask_) {
            Key* slots = keys_ + b * kSlots;
            unsigned hit = 0, free = 0;
            if constexpr (K == Kernel::Avx512) {
                match_avx512(slots, key, hit, free);
            } else if constexpr (K == Kernel::Avx2) {
                match_avx2(slots, key, hit, free);
            } else {
                match_sse2(slots, key, hit, free);
            }
            if ((hit | free) == 0) [[unlikely]]
                continue;
            const std::size_t fresh = hit == 0;
            if constexpr (Labelled) {
                const unsigned slot = hit | (free & (0u - free) & (0u - static_cast<unsigned>(fresh)));
                const std::size_t at = b * kSlots + static_cast<std::size_t>(__builtin_ctz(slot));
                other = fresh ? label : labels_[at];
                labels_[at] = label;
            }
            if constexpr (K == Kernel::Avx512) {
                // The whole line back, the key in its first empty slot when new.
                write_avx512(slots, key, free & (0u - free) & (0u - static_cast<unsigned>(fresh)));
            } else {
                // Rewrite the key where it is, or write it in the first empty slot.
                const unsigned at = hit | (free & (0u - static_cast<unsigned>(fresh)));
                slots[__builtin_ctz(at)] = key;  // at != 0: hit or free has a bit
            }
            return fresh;
        }
    }

public:
    // The slots equal to key (hit) and the empty ones (free), a bit per slot. SSE2 (baseline
    // x86-64) has no 64-bit compare: a slot matches where both its 32-bit halves do, and is
    // empty where its high half has the sign bit (a key has bit 63 clear). Measured against
    // a loop of 64-bit compares, which the compiler wrote as sixteen compare-and-set pairs.
    static void match_sse2(const Key* slots, Key key, unsigned& hit, unsigned& free) {
#if defined(__SSE2__)
        const __m128i k2 = _mm_set1_epi64x(static_cast<long long>(key));
        const auto* p = reinterpret_cast<const __m128i*>(slots);
        const __m128 a = _mm_castsi128_ps(_mm_load_si128(p)), b = _mm_castsi128_ps(_mm_load_si128(p + 1));
        const __m128 c = _mm_castsi128_ps(_mm_load_si128(p + 2)), d = _mm_castsi128_ps(_mm_load_si128(p + 3));
        const __m128 ea = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(a), k2));
        const __m128 eb = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(b), k2));
        const __m128 ec = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(c), k2));
        const __m128 ed = _mm_castsi128_ps(_mm_cmpeq_epi32(_mm_castps_si128(d), k2));
        // Low halves of four slots (0x88) and high halves (0xDD).
        const __m128 h0 = _mm_and_ps(_mm_shuffle_ps(ea, eb, 0x88), _mm_shuffle_ps(ea, eb, 0xDD));
        const __m128 h1 = _mm_and_ps(_mm_shuffle_ps(ec, ed, 0x88), _mm_shuffle_ps(ec, ed, 0xDD));
        hit = static_cast<unsigned>(_mm_movemask_ps(h0)) | static_cast<unsigned>(_mm_movemask_ps(h1)) << 4;
        free = static_cast<unsigned>(_mm_movemask_ps(_mm_shuffle_ps(a, b, 0xDD))) |
               static_cast<unsigned>(_mm_movemask_ps(_mm_shuffle_ps(c, d, 0xDD))) << 4;
#else
        hit = free = 0;
        for (unsigned s = 0; s < kSlots; ++s) {
            hit |= static_cast<unsigned>(slots[s] == key) << s;
            free |= static_cast<unsigned>(slots[s] == kEmpty) << s;
        }
#endif
    }
    BITSOLVE_TARGET_AVX512 static void match_avx512(const Key* slots, Key key, unsigned& hit, unsigned& free) {
        const __m512i v = _mm512_load_si512(slots);
        hit = _mm512_cmpeq_epi64_mask(v, _mm512_set1_epi64(static_cast<long long>(key)));
        free = _mm512_cmpeq_epi64_mask(v, _mm512_set1_epi64(-1));
    }
    // The bucket at `slots` stored back whole, with key in the slots of `at` (none or one). Its
    // load is match_avx512's, which the compiler merges once both are inlined.
    BITSOLVE_TARGET_AVX512 static void write_avx512(Key* slots, Key key, unsigned at) {
        const __m512i v = _mm512_load_si512(slots), k8 = _mm512_set1_epi64(static_cast<long long>(key));
        _mm512_store_si512(slots, _mm512_mask_mov_epi64(v, static_cast<__mmask8>(at), k8));
    }
    BITSOLVE_TARGET_AVX2 static void match_avx2(const Key* slots, Key key, unsigned& hit, unsigned& free) {
        const __m256i k4 = _mm256_set1_epi64x(static_cast<long long>(key)), e4 = _mm256_set1_epi64x(-1);
        const __m256i a = _mm256_load_si256(reinterpret_cast<const __m256i*>(slots));
        const __m256i c = _mm256_load_si256(reinterpret_cast<const __m256i*>(slots + 4));
        hit = lanes_avx2(_mm256_cmpeq_epi64(a, k4), _mm256_cmpeq_epi64(c, k4));
        free = lanes_avx2(_mm256_cmpeq_epi64(a, e4), _mm256_cmpeq_epi64(c, e4));
    }

private:
    static void touch(const void* p) { asm volatile("prefetcht0 %0" : : "m"(*static_cast<const char*>(p))); }
    BITSOLVE_TARGET_AVX2 static unsigned lanes_avx2(__m256i x, __m256i y) {
        return static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(x))) |
               static_cast<unsigned>(_mm256_movemask_pd(_mm256_castsi256_pd(y))) << 4;
    }
    std::size_t bucket(Key key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }

    MemoryHold hold_, hold_labels_;
    std::vector<Key> store_;
    std::vector<std::uint32_t> labels_;  // per slot, when reset() with labels
    Key* keys_ = nullptr;
    std::size_t mask_ = 0;
    int shift_ = 64;
};

}  // namespace bitsolve::rush

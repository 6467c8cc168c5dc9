// Ranking of k-permutations: exhaustive round trips and bijectivity on small spaces, sampled
// round trips on the shipped sizes.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <numeric>
#include <vector>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

using namespace bitsolve::sliding::pdb;

TEST(PdbRank, Counts) {
    EXPECT_EQ(kperm_count(16, 8), 518918400u);
    EXPECT_EQ(kperm_count(16, 7), 57657600u);
    EXPECT_EQ(kperm_count(16, 5), 524160u);
    EXPECT_EQ(kperm_count(25, 6), 127512000u);
    EXPECT_EQ(kperm_count(9, 0), 1u);
}

// Every rank in 0..count-1 unranks to a valid placement that ranks back to itself, and every
// placement (enumerated independently) gets a distinct rank.
class PdbRankExhaustive : public ::testing::TestWithParam<std::pair<unsigned, unsigned>> {};

TEST_P(PdbRankExhaustive, RoundTripAndBijection) {
    const auto [n, k] = GetParam();
    const std::uint64_t count = kperm_count(n, k);
    std::vector<bool> hit(count, false);
    std::uint8_t pos[8];
    for (std::uint64_t r = 0; r < count; ++r) {
        unrank_kperm(r, k, n, pos);
        std::uint32_t used = 0;
        for (unsigned i = 0; i < k; ++i) {
            ASSERT_LT(pos[i], n);
            ASSERT_FALSE(used >> pos[i] & 1u) << "repeated cell";
            used |= 1u << pos[i];
        }
        ASSERT_EQ(rank_kperm(pos, k, n), r);
    }
    // Independent enumeration: all k-subsets in all orders via next_permutation over cells.
    // std::uint32_t, not the std::uint8_t rank_kperm reads: GCC 12 sees a 32-byte store into an
    // empty vector in next_permutation's vectorised reverse of bytes (a false -Wstringop-overflow).
    std::vector<std::uint32_t> cells(n);
    std::iota(cells.begin(), cells.end(), 0u);
    std::uint8_t first[16];
    std::uint64_t seen = 0;
    do {
        // Only the first k matter; count each placement once by requiring the rest sorted descending.
        if (!std::is_sorted(cells.begin() + k, cells.end(), std::greater<>())) continue;
        for (unsigned i = 0; i < k; ++i) first[i] = static_cast<std::uint8_t>(cells[i]);
        const std::uint64_t r = rank_kperm(first, k, n);
        ASSERT_LT(r, count);
        ASSERT_FALSE(hit[r]) << "two placements share rank " << r;
        hit[r] = true;
        ++seen;
    } while (std::next_permutation(cells.begin(), cells.end()));
    EXPECT_EQ(seen, count);
}

INSTANTIATE_TEST_SUITE_P(Small, PdbRankExhaustive,
                         ::testing::Values(std::pair{4u, 1u}, std::pair{4u, 4u}, std::pair{6u, 3u}, std::pair{8u, 2u},
                                           std::pair{8u, 5u}, std::pair{9u, 4u}, std::pair{9u, 7u}));

TEST(PdbRank, SampledRoundTripsOnShippedSizes) {
    bitsolve::SplitMix64 rng(2024);
    for (auto [n, k] : {std::pair{16u, 8u}, std::pair{16u, 7u}, std::pair{16u, 3u}, std::pair{25u, 6u}}) {
        const std::uint64_t count = kperm_count(n, k);
        std::uint8_t pos[8], again[8];
        for (int i = 0; i < 20000; ++i) {
            const std::uint64_t r = rng.below(count);
            unrank_kperm(r, k, n, pos);
            ASSERT_EQ(rank_kperm(pos, k, n), r);
            unrank_kperm(rank_kperm(pos, k, n), k, n, again);
            ASSERT_TRUE(std::equal(pos, pos + k, again));
        }
        unrank_kperm(0, k, n, pos);
        for (unsigned i = 0; i < k; ++i) EXPECT_EQ(pos[i], i);  // rank 0: tiles on the first cells
        unrank_kperm(count - 1, k, n, pos);
        for (unsigned i = 0; i < k; ++i) EXPECT_EQ(pos[i], n - 1 - i);
    }
}

// Every set of k cells is the mask of exactly k! placements (its tiles in every order), and a
// placement's mask holds the cells unrank_kperm puts its tiles on.
TEST(PdbRank, PlacementMasksCoverEverySetOfCellsOncePerOrder) {
    const unsigned n = 9, k = 4;
    std::vector<unsigned> seen(1u << n, 0);
    std::uint8_t pos[8];
    for (std::uint64_t r = 0; r < kperm_count(n, k); ++r) {
        const std::uint32_t mask = placement_mask(r, k, n);
        unrank_kperm(r, k, n, pos);
        for (unsigned i = 0; i < k; ++i) ASSERT_TRUE(mask >> pos[i] & 1u) << r;
        ASSERT_EQ(std::popcount(mask), static_cast<int>(k)) << r;
        ++seen[mask];
    }
    for (std::uint32_t m = 0; m < seen.size(); ++m)
        EXPECT_EQ(seen[m], std::popcount(m) == static_cast<int>(k) ? 24u : 0u) << m;
}

TEST(PdbRank, SelectBit) {
    EXPECT_EQ(select_bit(0b101100u, 0), 2u);
    EXPECT_EQ(select_bit(0b101100u, 1), 3u);
    EXPECT_EQ(select_bit(0b101100u, 2), 5u);
    EXPECT_EQ(select_bit(1u << 24, 0), 24u);
}

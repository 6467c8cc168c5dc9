// Totals, unique counts and symmetry classes against OEIS and an independent reference;
// determinism across thread counts and shards.
#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/queens/run.hpp"
#include "bitsolve/queens/summary.hpp"
#include "queens/reference.hpp"

namespace bitsolve::queens {
namespace {

Counts count_all(int n, unsigned threads, ShardSpec shard = {}) {
    const Split split = make_split(n);
    RunState st = fresh_state(split, shard);
    run(split, st, threads);
    EXPECT_TRUE(st.complete());
    return st.counts;
}

TEST(QueensCount, MatchesOeisUpTo15) {
    const auto published = test::published_counts();
    ASSERT_GE(published.size(), 15u);
    for (int n = 1; n <= 15; ++n) {
        const Summary s = summarise(n, count_all(n, 0));
        EXPECT_EQ(to_string(s.total), std::to_string(published.at(n).first)) << "N=" << n;
        EXPECT_EQ(to_string(s.unique), std::to_string(published.at(n).second)) << "N=" << n;
    }
}

TEST(QueensCount, SymmetryClassesMatchBruteForce) {
    for (int n = 1; n <= 10; ++n) {
        const test::ReferenceCounts ref = test::reference_counts(n);
        const Summary s = summarise(n, count_all(n, 1));
        EXPECT_EQ(s.total, Count{ref.total}) << "N=" << n;
        EXPECT_EQ(s.unique, Count{ref.unique}) << "N=" << n;
        EXPECT_EQ(s.asymmetric, Count{ref.orbit8}) << "N=" << n;
        EXPECT_EQ(s.rot180, Count{ref.orbit4}) << "N=" << n;
        EXPECT_EQ(s.rot90, Count{ref.orbit2}) << "N=" << n;
        EXPECT_EQ(s.full, Count{ref.orbit1}) << "N=" << n;
    }
}

TEST(QueensCount, SameCountsForEveryThreadCount) {
    const Counts one = count_all(13, 1);
    for (unsigned t : {2u, 3u, 5u, 8u}) EXPECT_EQ(count_all(13, t), one) << t << " threads";
}

TEST(QueensCount, ShardsAddUpToTheWhole) {
    for (int n : {6, 9, 12}) {
        const Counts whole = count_all(n, 2);
        for (std::uint32_t k : {1u, 2u, 3u, 7u, 50u}) {
            Counts sum;
            for (std::uint32_t i = 1; i <= k; ++i) sum += count_all(n, 2, ShardSpec{i, k});
            EXPECT_EQ(sum, whole) << "N=" << n << " K=" << k;
        }
    }
}

TEST(QueensCount, EverySplitDepthGivesTheSameCounts) {
    // Large boards pre-place two rows; check that split on boards small enough to count fast.
    for (int n : {6, 9, 12, 13}) {
        Counts by_depth[3];
        for (int d = 0; d <= 2; ++d) {
            const Split split = make_split(n, d);
            EXPECT_EQ(split.depth, d);
            for (std::size_t i = 0; i < split.items.size(); ++i) by_depth[d] += solve(split, i);
        }
        EXPECT_EQ(by_depth[1], by_depth[0]) << "N=" << n;
        EXPECT_EQ(by_depth[2], by_depth[0]) << "N=" << n;
    }
    EXPECT_EQ(to_string(summarise(13,
                                  [] {
                                      const Split s = make_split(13, 2);
                                      Counts c;
                                      for (std::size_t i = 0; i < s.items.size(); ++i) c += solve(s, i);
                                      return c;
                                  }())
                            .unique),
              "9233");
}

TEST(QueensCount, ShardItemsPartitionTheList) {
    for (std::uint64_t total : {0u, 1u, 7u, 100u, 101u})
        for (std::uint32_t k : {1u, 3u, 10u, 200u}) {
            std::uint64_t sum = 0;
            for (std::uint32_t i = 1; i <= k; ++i) sum += shard_items(total, ShardSpec{i, k});
            EXPECT_EQ(sum, total);
        }
}

TEST(QueensCount, StopKeepsFinishedWorkAndResumes) {
    const Split split = make_split(12);
    RunState st = fresh_state(split, {});
    reset_stop();
    EXPECT_THROW(run(split, st, 2,
                     [](const RunState& s) {
                         if (s.done_count == 100) request_stop(StopReason::Interrupted);
                     }),
                 LimitError);
    reset_stop();
    EXPECT_GE(st.done_count, 100u);
    EXPECT_LT(st.done_count, st.items);
    run(split, st, 2);
    EXPECT_EQ(to_string(st.counts.total), "14200");
}

TEST(QueensCount, SubProblemListIsStable) {
    const Split a = make_split(14), b = make_split(14);
    EXPECT_EQ(a.items, b.items);
    EXPECT_EQ(a.depth, split_depth(14));
    // Large boards: the list is built within its memory estimate.
    EXPECT_EQ(make_split(2).items.size(), 0u);
    EXPECT_EQ(make_split(1).items.size(), 1u);
}

TEST(QueensCount, SummaryRefusesInconsistentCounts) {
    EXPECT_THROW(summarise(8, Counts{93, 0, 0}), InputError);
    EXPECT_THROW(summarise(8, Counts{92, 6, 2}), InputError);  // 6 - 2 not a multiple of 4
    EXPECT_THROW(summarise(8, Counts{92, 100, 0}), InputError);
    EXPECT_NO_THROW(summarise(8, Counts{92, 4, 0}));
}

TEST(QueensCount, CountsBeyond64Bits) {
    // 128-bit totals print exactly (counts pass 2^64 around N = 29).
    const Count big = Count{~std::uint64_t{0}} * 4 + 3;
    EXPECT_EQ(to_string(big), "73786976294838206463");
    EXPECT_EQ(to_string(Count{0}), "0");
}

}  // namespace
}  // namespace bitsolve::queens

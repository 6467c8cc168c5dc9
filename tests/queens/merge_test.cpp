// Merging the partial results of shards (queens/merge.hpp): any order gives the whole board's
// counts; another count's shard, a shard twice or a missing shard is refused, naming them.
#include "bitsolve/queens/merge.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/queens/run.hpp"

namespace bitsolve::queens {
namespace {

// The partial result of shard i/K of N, counted and read back through its text form.
Partial shard_result(int n, std::uint32_t i, std::uint32_t k) {
    const Split split = make_split(n);
    RunState st = fresh_state(split, ShardSpec{i, k});
    run(split, st, 1);
    return parse_partial(format_partial(Partial{n, ShardSpec{i, k}, st.counts}));
}

Counts whole_board(int n) {
    const Split split = make_split(n);
    RunState st = fresh_state(split, {});
    run(split, st, 1);
    return st.counts;
}

std::string message_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no InputError";
    return {};
}

TEST(QueensMerge, AnyOrderGivesTheWholeBoard) {
    for (int n : {8, 11}) {
        const Counts whole = whole_board(n);
        for (std::uint32_t k : {1u, 3u, 7u}) {
            std::vector<std::uint32_t> order;
            for (std::uint32_t i = 1; i <= k; ++i) order.push_back(i);
            std::reverse(order.begin() + k / 2, order.end());  // not in index order
            PartialMerge m;
            EXPECT_TRUE(m.empty());
            for (std::uint32_t i : order) m.add(shard_result(n, i, k), "part" + std::to_string(i));
            const Partial r = m.result();
            EXPECT_EQ(r.n, n);
            EXPECT_EQ(r.shard, (ShardSpec{1, 1}));
            EXPECT_EQ(r.counts, whole) << "N=" << n << " K=" << k;
        }
    }
}

TEST(QueensMerge, RefusesAnotherCountsShard) {
    PartialMerge m;
    m.add(Partial{10, {1, 4}, {}}, "a");
    EXPECT_EQ(message_of([&] {
                  m.add(Partial{11, {2, 4}, {}}, "b");
              }),
              "'b' is shard 2/4 of N=11, but 'a' is of N=10 in 4 shards");
    EXPECT_EQ(message_of([&] {
                  m.add(Partial{10, {2, 5}, {}}, "c");
              }),
              "'c' is shard 2/5 of N=10, but 'a' is of N=10 in 4 shards");
}

TEST(QueensMerge, RefusesAShardTwice) {
    PartialMerge m;
    m.add(Partial{10, {3, 4}, {}}, "x");
    EXPECT_EQ(message_of([&] { m.add(Partial{10, {3, 4}, {}}, "y"); }), "shard 3/4 given twice: 'x' and 'y'");
}

TEST(QueensMerge, RefusesCountsWhoseSumWraps) {
    const Count top = ~Count{0} - 7;  // 2^128 - 8
    for (int field = 0; field < 3; ++field) {
        PartialMerge m;
        Counts big, more;
        (field == 0 ? big.total : field == 1 ? big.rot180 : big.rot90) = top;
        (field == 0 ? more.total : field == 1 ? more.rot180 : more.rot90) = 100;
        m.add(Partial{8, {1, 2}, big}, "one");
        EXPECT_EQ(message_of([&] {
                      m.add(Partial{8, {2, 2}, more}, "two");
                  }),
                  "'two': its counts added to the shards before it exceed 2^128 - 1");
    }
    PartialMerge m;  // up to the largest count is fine
    m.add(Partial{8, {1, 2}, Counts{top, 0, 0}}, "one");
    m.add(Partial{8, {2, 2}, Counts{7, 0, 0}}, "two");
    EXPECT_EQ(m.result().counts.total, ~Count{0});
}

TEST(QueensMerge, NamesTheMissingShards) {
    PartialMerge m;
    m.add(Partial{10, {1, 5}, {}}, "a");
    m.add(Partial{10, {3, 5}, {}}, "b");
    m.add(Partial{10, {5, 5}, {}}, "c");
    EXPECT_EQ(message_of([&] { (void)m.result(); }), "missing 2 of 5 shards (2, 4)");
    PartialMerge many;
    many.add(Partial{10, {7, 20}, {}}, "a");
    EXPECT_EQ(message_of([&] { (void)many.result(); }),
              "missing 19 of 20 shards (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, ...)");
    EXPECT_FALSE(message_of([] { (void)PartialMerge{}.result(); }).empty());
}

TEST(QueensMerge, SourcesAreQuotedInMessages) {
    PartialMerge m;
    m.add(Partial{10, {1, 2}, {}}, "a\nb");
    const std::string what = message_of([&] { m.add(Partial{10, {1, 2}, {}}, "c"); });
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
}

}  // namespace
}  // namespace bitsolve::queens

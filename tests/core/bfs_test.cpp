// The generic BFS on a toy domain whose answers are known in closed form: a ring of n states
// with moves +1 and -1, goal at state g. Both parent stores must give the same results.
#include "bitsolve/core/search/bfs.hpp"

#include <gtest/gtest.h>

#include "bitsolve/core/visited.hpp"

namespace bitsolve {
namespace {

struct Ring {
    using State = std::uint32_t;
    using Move = std::int8_t;
    using Key = std::uint64_t;
    static constexpr std::size_t kMaxMoves = 2;
    std::uint32_t n;
    std::uint32_t goal;
    Key key(const State& s) const { return s; }
    std::size_t successors(const State&, Move* out) const {
        out[0] = 1;
        out[1] = -1;
        return 2;
    }
    State apply(const State& s, Move m) const { return (s + n + static_cast<std::uint32_t>(m + 0)) % n; }
    bool is_goal(const State& s) const { return s == goal; }
};
static_assert(Domain<Ring>);

TEST(Bfs, RingDistanceAndPathHashed) {
    const Ring ring{100, 37};
    ParentMap<std::uint64_t, Ring::Move> store;
    const auto r = bfs(ring, 0u, store);
    EXPECT_EQ(r.depth, 37);
    ASSERT_EQ(r.path.size(), 37u);
    std::uint32_t s = 0;
    for (auto m : r.path) s = ring.apply(s, m);
    EXPECT_EQ(s, 37u);
}

TEST(Bfs, RingLayersDense) {
    const Ring ring{100, 1000};  // unreachable goal: exhaustive
    DenseParentMap<Ring::Move> store(100);
    BfsOptions opt;
    opt.stop_at_goal = false;
    const auto r = bfs(ring, 0u, store, opt);
    EXPECT_EQ(r.states, 100u);
    ASSERT_EQ(r.layers.size(), 51u);
    EXPECT_EQ(r.layers.front(), 1u);
    for (std::size_t d = 1; d < 50; ++d) EXPECT_EQ(r.layers[d], 2u) << d;
    EXPECT_EQ(r.layers.back(), 1u);
    EXPECT_EQ(r.depth, 50);
}

TEST(Bfs, UnreachableGoalGivesMinusOne) {
    const Ring ring{10, 99};
    ParentMap<std::uint64_t, Ring::Move> store;
    EXPECT_EQ(bfs(ring, 3u, store).depth, -1);
}

TEST(ParentMap, GrowsAndKeepsParents) {
    ParentMap<std::uint64_t, int> m(4);
    for (std::uint64_t k = 0; k < 10000; ++k) ASSERT_TRUE(m.try_insert(k * 7919, k, static_cast<int>(k % 5)));
    EXPECT_FALSE(m.try_insert(7919, 0, 0));
    int move = -1;
    EXPECT_EQ(m.parent(7919 * 123, move), 123u);
    EXPECT_EQ(move, 123 % 5);
    EXPECT_EQ(m.size(), 10000u);
}

}  // namespace
}  // namespace bitsolve

// The database engine: every row of the 4x4 databases re-checked by the cluster analysis and
// the solver, slices independent of their order, bad parameters, stopping. (5x5 and known 6x6
// rows: db_engine_slow_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_cluster.hpp"
#include "rush/db_check.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbEngine, Rows4x4) {
    test::expect_rows_right(DbParams{4, 0});
    test::expect_rows_right(DbParams{4, 2});
}

TEST(RushDbEngine, ParamsAndSlicesChecked) {
    EXPECT_THROW(check_params(DbParams{3, 0}), UsageError);
    EXPECT_THROW(check_params(DbParams{8, 0}), UsageError);
    EXPECT_THROW(check_params(DbParams{6, 3}), UsageError);
    EXPECT_THROW(check_params(DbParams{6, -1}), UsageError);
    EXPECT_NO_THROW(check_params(DbParams{7, 2}));
    const DbEnumeration e(DbParams{4, 0});
    DbWorker w(e);
    EXPECT_THROW(w.run(e.slice_count()), UsageError);
    EXPECT_THROW((void)e.count_layouts(e.slice_count()), UsageError);
}

TEST(RushDbEngine, StopRequestedThrowsAndYieldsNothing) {
    const DbEnumeration e(DbParams{5, 0});
    DbWorker w(e);
    request_stop(StopReason::Interrupted);
    EXPECT_THROW(w.run(0), LimitError);
    reset_stop();
    EXPECT_NO_THROW(w.run(0));
}

// The states figure counts what every search of an analysis visits. A board of the car `A` on
// the exit row and a vertical car `B` in the exit column: 23 states (5 x 5 places less the 2
// where both would cover the exit cell), three goals in two sets (B above or below the car,
// which it cannot cross while the car is at the exit), and the hardest state (2 moves: B out of
// the way, then the car) moves B, so there is no minimality re-solve to count.
TEST(RushDbEngine, AnalysisCountsEverySearchsStates) {
    auto board = [](int car, int b_row) {
        Board b;
        b.pieces = {Piece{2, static_cast<std::uint8_t>(car), 2, false, 'A'},
                    Piece{5, static_cast<std::uint8_t>(b_row), 2, true, 'B'}};
        return b;
    };
    DbClusterAnalyzer a;
    DbClusterResult r;
    // From a layout: the cluster, then the search from its goals, 23 states each.
    a.analyze(board(0, 0), r);
    EXPECT_TRUE(r.row);
    EXPECT_EQ(r.moves, 2);
    EXPECT_EQ(r.cluster_size, 23u);
    EXPECT_EQ(r.states, 46u);
    EXPECT_EQ(r.split.distances, 46u);  // a solvable cluster from a layout: both searches
    EXPECT_EQ(r.split.total(), r.states);
    // From the class's goal layouts, B above the car and B below it: one search over the cluster
    // (23 states), whose two goal sets (B above or below: 1 and 2 states) are one cluster.
    const CompiledBoard space(board(4, 0));
    const std::vector<Key> layouts = {space.start(), CompiledBoard(board(4, 3)).start()};
    std::vector<DbClusterResult> rs;
    a.analyze_goals(space, layouts.data(), layouts.size(), rs);
    ASSERT_EQ(rs.size(), 1u);
    EXPECT_TRUE(rs[0].row);
    EXPECT_EQ(rs[0].moves, 2);
    EXPECT_EQ(rs[0].cluster_size, 23u);
    EXPECT_EQ(rs[0].states, 23u);
    EXPECT_EQ(rs[0].split.distances, 23u);
    EXPECT_EQ(rs[0].split.resolves, 0u);
    EXPECT_EQ(rs[0].split.total(), rs[0].states);
    // Without B: one goal layout and the car's 5 places.
    Board alone = board(4, 0);
    alone.pieces.pop_back();
    const CompiledBoard lone(alone);
    const Key goal = lone.start();
    a.analyze_goals(lone, &goal, 1, rs);
    ASSERT_EQ(rs.size(), 1u);
    EXPECT_EQ(rs[0].cluster_size, 5u);
    EXPECT_EQ(rs[0].states, 5u);
    EXPECT_EQ(rs[0].split.total(), rs[0].states);
    // A wall at the exit: the car's 4 places, an unsolvable cluster.
    Board walled = board(0, 0);
    walled.pieces.pop_back();
    walled.walls = u64{1} << (2 * 8 + 5);
    a.analyze(walled, r);
    EXPECT_FALSE(r.solvable);
    EXPECT_EQ(r.states, 4u);
    EXPECT_EQ(r.split.unsolvable, 4u);
    EXPECT_EQ(r.split.total(), r.states);
    // B horizontal on the bottom row, never in the car's way: the hardest state (the car at the
    // left, 1 move) does not move B, so the board is solved again without it: a re-solve.
    Board still = board(0, 0);
    still.pieces.back() = Piece{5, 0, 2, false, 'B'};
    a.analyze(still, r);
    EXPECT_EQ(r.moves, 1);
    EXPECT_FALSE(r.row);
    EXPECT_GT(r.split.resolves, 0u);
    EXPECT_EQ(r.split.total(), r.states);
}

}  // namespace
}  // namespace bitsolve::rush

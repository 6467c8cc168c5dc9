// Every row of the bundled sample of Fogleman's database, in full: optimal moves, cluster size,
// and the row as its cluster's hardest state; plus the steps metric never below the moves one.
#include <gtest/gtest.h>

#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "rush/data.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDatabase, EveryRowMovesClusterAndHardest) {
    Solver solver;
    ClusterAnalyzer analyzer;
    const auto rows = test::db_sample();
    ASSERT_EQ(rows.size(), 408u);
    for (const auto& row : rows) {
        const Board b = parse_board(row.board);
        const Solution s = solver.solve(b, Metric::Moves);
        EXPECT_EQ(s.length, row.moves) << row.board;
        Board end = b;
        for (const Move& m : s.path) ASSERT_TRUE(apply_move(end, m)) << row.board;
        EXPECT_TRUE(end.solved()) << row.board;
        const ClusterReport r = analyzer.analyze(b, Metric::Moves);
        EXPECT_EQ(r.states, row.cluster) << row.board;
        EXPECT_EQ(r.hardest_distance, row.moves) << row.board;
        EXPECT_EQ(r.hardest.to_string(), row.board);
        const ClusterReport st = analyzer.analyze(b, Metric::Steps);
        EXPECT_EQ(st.states, row.cluster);
        EXPECT_GE(st.start_distance, row.moves) << row.board;
        EXPECT_EQ(solver.solve(b, Metric::Steps, false).length, st.start_distance) << row.board;
    }
}

}  // namespace
}  // namespace bitsolve::rush

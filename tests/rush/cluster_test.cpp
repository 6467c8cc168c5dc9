// Cluster analysis against the naive reference, its internal consistency, and the hardest
// state solved on its own.
#include "bitsolve/rush/cluster.hpp"

#include <gtest/gtest.h>

#include <numeric>

#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "rush/data.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

void expect_matches_reference(const Board& b, Metric m) {
    const ClusterReport r = analyze_cluster(b, m);
    const auto ref = test::reference(b, m);
    EXPECT_EQ(r.states, ref.dist_from_start.size()) << b.to_string();
    EXPECT_EQ(r.goal_states, ref.goals) << b.to_string();
    EXPECT_EQ(r.start_distance, ref.answer) << b.to_string();
    EXPECT_EQ(r.hardest_distance, ref.hardest) << b.to_string();
    std::vector<std::uint64_t> hist(static_cast<std::size_t>(ref.hardest + 1), 0);
    for (const auto& [s, d] : ref.dist_to_goal) ++hist[static_cast<std::size_t>(d)];
    EXPECT_EQ(r.histogram, hist) << b.to_string();
    if (r.hardest_distance >= 0) {
        const std::string h = r.hardest.to_string();
        ASSERT_TRUE(ref.dist_to_goal.count(h)) << h;
        EXPECT_EQ(ref.dist_to_goal.at(h), r.hardest_distance);
        EXPECT_EQ(r.hardest_count, hist.back());
    }
}

TEST(RushCluster, SmallBoardsMatchTheReferenceInBothMetrics) {
    const char* boards[] = {
        "ooBoAABooCCoDDoo",
        "ooBooAABoooCoDDoCEEoooooo",
        "ooBoCCooBoooAABoooDDDooEoooooEoooooE",
        "GHxCIoxGHxCIJJxBBooFFNNoEEOMAAoooOMxDDDKKLooxoooL",
        "AAooBoooMMFxBJJxxNFGSxxoxNoGSLLxDoPPPKKxDExxxxHHQEoIIIxOQxRRCCoO",
        "ooooooooooooAAoBBooooooooooooooooooo",  // no goal reachable
    };
    for (const char* s : boards)
        for (Metric m : {Metric::Moves, Metric::Steps}) expect_matches_reference(parse_board(s), m);
}

TEST(RushCluster, UnsolvableClusterHasNoHardestState) {
    const ClusterReport r = analyze_cluster(parse_board("ooooooooooooAAoBBooooooooooooooooooo"), Metric::Moves);
    EXPECT_GT(r.states, 1u);
    EXPECT_EQ(r.goal_states, 0u);
    EXPECT_EQ(r.start_distance, -1);
    EXPECT_EQ(r.hardest_distance, -1);
    EXPECT_TRUE(r.histogram.empty());
}

// Every row of the database sample whose cluster is small enough for the fast suite (the rest
// are in cluster_slow_test.cpp): size, distance, the row itself as the hardest state, and the
// hardest state solved alone.
TEST(RushCluster, DatabaseRowsUpToTenThousandStates) {
    ClusterAnalyzer analyzer;
    Solver solver;
    int checked = 0;
    for (const auto& row : test::db_sample()) {
        if (row.cluster > 10000) continue;
        const Board b = parse_board(row.board);
        const ClusterReport r = analyzer.analyze(b, Metric::Moves);
        EXPECT_EQ(r.states, row.cluster) << row.board;
        EXPECT_EQ(r.start_distance, row.moves) << row.board;
        EXPECT_EQ(r.hardest_distance, row.moves) << row.board;
        EXPECT_EQ(r.hardest.to_string(), row.board);
        EXPECT_EQ(std::accumulate(r.histogram.begin(), r.histogram.end(), std::uint64_t{0}), r.states);
        EXPECT_EQ(r.histogram[0], r.goal_states);
        EXPECT_EQ(solver.solve(r.hardest, Metric::Moves, false).length, r.hardest_distance);
        ++checked;
    }
    EXPECT_GT(checked, 300);
}

TEST(RushCluster, StepsDistancesAreNeverBelowMoves) {
    for (const char* s : {"ooBoCCooBoooAABoooDDDooEoooooEoooooE", "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"}) {
        const Board b = parse_board(s);
        const ClusterReport moves = analyze_cluster(b, Metric::Moves);
        const ClusterReport steps = analyze_cluster(b, Metric::Steps);
        EXPECT_EQ(moves.states, steps.states);
        EXPECT_EQ(moves.goal_states, steps.goal_states);
        EXPECT_GE(steps.start_distance, moves.start_distance);
        EXPECT_GE(steps.hardest_distance, moves.hardest_distance);
        EXPECT_EQ(Solver().solve(steps.hardest, Metric::Steps, false).length, steps.hardest_distance);
    }
}

}  // namespace
}  // namespace bitsolve::rush

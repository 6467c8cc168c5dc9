// (slow: about 10 minutes and 1 GB, nearly all of it the brute force) The whole 5x5 wall-free
// database against the independent brute force, row by row.
#include <gtest/gtest.h>

#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"
#include "rush/db_reference.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbRunSlow, EveryRowOf5x5MatchesTheBruteForce) {
    const test::RefDatabase ref = test::reference_database(5, 0);
    const DbEnumeration e({5, 0});
    const DbRunResult r = run_database(e, DbRunOptions{});
    ASSERT_EQ(r.rows.size(), ref.rows.size());
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        EXPECT_EQ(r.rows[i].moves, ref.rows[i].moves) << i;
        EXPECT_EQ(r.rows[i].board, ref.rows[i].board) << i;
        EXPECT_EQ(r.rows[i].cluster_size, ref.rows[i].cluster) << ref.rows[i].board;
    }
    EXPECT_EQ(r.counts.canonical, ref.clusters);
    EXPECT_EQ(r.counts.solvable, ref.solvable);
}

}  // namespace
}  // namespace bitsolve::rush

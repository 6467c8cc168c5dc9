// (slow: about a minute, nearly all of it the brute force) The whole 5x5 wall-free database
// against the independent brute force: every cluster counted, the rows of one cluster in four
// re-derived (the whole set of rows takes the brute force about five minutes:
// `BITSOLVE_REF_SAMPLE=1` runs it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"
#include "bitsolve/rush/parse.hpp"
#include "rush/db_reference.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbRunSlow, RowsOf5x5MatchTheBruteForce) {
    const char* env = std::getenv("BITSOLVE_REF_SAMPLE");
    const std::uint64_t k = env != nullptr ? std::max<std::uint64_t>(1, std::stoull(env)) : 4;
    const test::RefDatabase ref = test::reference_database(5, 0, k);
    const DbEnumeration e({5, 0});
    const DbRunResult r = run_database(e, DbRunOptions{});
    std::vector<DbRow> sampled;
    for (const DbRow& row : r.rows)
        if (test::cluster_invariant_hash(parse_board_string(row.board)) % k == 0) sampled.push_back(row);
    ASSERT_GT(sampled.size(), r.rows.size() / (2 * k));  // the sample is not empty by accident
    ASSERT_EQ(sampled.size(), ref.rows.size());
    for (std::size_t i = 0; i < sampled.size(); ++i) {
        EXPECT_EQ(sampled[i].moves, ref.rows[i].moves) << i;
        EXPECT_EQ(sampled[i].board, ref.rows[i].board) << i;
        EXPECT_EQ(sampled[i].cluster_size, ref.rows[i].cluster) << ref.rows[i].board;
    }
    EXPECT_EQ(r.counts.canonical, ref.clusters);
    EXPECT_EQ(r.counts.solvable, ref.solvable);
}

}  // namespace
}  // namespace bitsolve::rush

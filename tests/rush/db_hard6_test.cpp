// The bundled rows of the wall-free 6x6 database with 40 or more moves (data/rush/db-6x6-40.txt).
// A whole run takes most of an hour on two cores (bench/rush_db_check.sh makes and checks one),
// so the file is checked row by row: sorted, every row re-derived independently (db_check.hpp:
// moves, cluster size, the row as its cluster's hardest state, minimality), Fogleman's wall-free
// rows of 40 or more moves all in it with the same moves and cluster size, and the rows of 50 or
// more exactly his.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "rush/data.hpp"
#include "rush/db_check.hpp"

namespace bitsolve::rush {
namespace {

std::vector<DbRow> hard6_rows() {
    return parse_rows(read_db_file(std::string(BITSOLVE_DATA_DIR) + "/rush/db-6x6-40.txt"));
}

TEST(RushDbHard6, SortedWallFreeAndFortyMovesOrMore) {
    const std::vector<DbRow> rows = hard6_rows();
    ASSERT_GT(rows.size(), 100u);
    EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end(), row_before));
    std::set<std::string> boards;
    for (const DbRow& row : rows) {
        EXPECT_GE(row.moves, 40) << row.board;
        EXPECT_EQ(row.board.size(), 36u) << row.board;
        EXPECT_EQ(row.board.find('x'), std::string::npos) << row.board;
        EXPECT_TRUE(boards.insert(row.board).second) << row.board;
    }
}

TEST(RushDbHard6, HoldsFoglemansRowsOfFortyMovesOrMore) {
    const std::vector<DbRow> rows = hard6_rows();
    std::set<std::tuple<int, std::string, std::uint64_t>> have, fifty;
    for (const DbRow& row : rows) {
        have.emplace(row.moves, row.board, row.cluster_size);
        if (row.moves >= 50) fifty.emplace(row.moves, row.board, row.cluster_size);
    }
    std::set<std::tuple<int, std::string, std::uint64_t>> his_fifty;
    int his = 0;
    for (const test::DbRow& r : test::db_sample()) {
        if (r.board.find('x') != std::string::npos || r.moves < 40) continue;
        ++his;
        EXPECT_EQ(have.count({r.moves, r.board, r.cluster}), 1u) << r.moves << ' ' << r.board << ' ' << r.cluster;
        if (r.moves >= 50) his_fifty.emplace(r.moves, r.board, r.cluster);
    }
    EXPECT_GT(his, 10);
    EXPECT_EQ(his_fifty.size(), 2u);
    EXPECT_EQ(fifty, his_fifty);
}

TEST(RushDbHard6, EveryRowRederived) {
    const std::vector<DbRow> rows = hard6_rows();
    ASSERT_FALSE(rows.empty());
    Solver solver;
    ClusterAnalyzer analyzer;
    for (const DbRow& row : rows) test::expect_row_right(row, 6, solver, analyzer);
}

}  // namespace
}  // namespace bitsolve::rush

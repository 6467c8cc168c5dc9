#pragma once
// Checks of the database engine shared by its fast and slow tests: all slices run (in either
// order), and every row re-derived by the cluster analysis and the solver.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"

namespace bitsolve::rush::test {

inline DbSlice run_all(const DbParams& p, bool reverse) {
    const DbEnumeration e(p);
    DbWorker w(e);
    DbSlice all;
    std::set<std::string> boards;
    for (std::uint64_t i = 0; i < e.slice_count(); ++i) {
        const std::uint64_t s = reverse ? e.slice_count() - 1 - i : i;
        DbSlice r = w.run(s);
        EXPECT_TRUE(std::is_sorted(r.rows.begin(), r.rows.end(), row_before));
        EXPECT_EQ(r.counts.rows, r.rows.size());
        EXPECT_EQ(r.counts.layouts, e.count_layouts(s));
        for (const rush::DbRow& row : r.rows)
            EXPECT_TRUE(boards.insert(row.board).second) << "two slices give " << row.board;
        all.counts += r.counts;
        all.rows.insert(all.rows.end(), r.rows.begin(), r.rows.end());
    }
    std::sort(all.rows.begin(), all.rows.end(), row_before);
    return all;
}

// One row, independently: the moves search gives its length, the cluster analysis its size and
// the row itself as the hardest state, and removing any other piece or any wall gives a shorter
// solution.
inline void expect_row_right(const rush::DbRow& row, int size, Solver& solver, ClusterAnalyzer& analyzer) {
    const Board b = parse_board(row.board);
    ASSERT_EQ(b.size, size);
    EXPECT_EQ(solver.solve(b, Metric::Moves, false).length, row.moves) << row.board;
    const ClusterReport c = analyzer.analyze(b, Metric::Moves);
    EXPECT_EQ(c.states, row.cluster_size) << row.board;
    EXPECT_EQ(c.hardest_distance, row.moves) << row.board;
    EXPECT_EQ(c.hardest.to_string(), row.board);
    for (std::size_t i = 0; i < b.pieces.size(); ++i) {
        if (static_cast<int>(i) == b.primary) continue;
        Board less = b;
        less.pieces.erase(less.pieces.begin() + static_cast<std::ptrdiff_t>(i));
        if (b.primary > static_cast<int>(i)) --less.primary;
        EXPECT_LT(solver.solve(less, Metric::Moves, false).length, row.moves) << row.board << " piece " << i;
    }
    for (u64 w = b.walls; w; w &= w - 1) {
        Board less = b;
        less.walls &= ~(w & (~w + 1));
        EXPECT_LT(solver.solve(less, Metric::Moves, false).length, row.moves) << row.board << " a wall";
    }
}

// Every row of a whole enumeration right (expect_row_right), and the same rows and counts when
// the slices run in the other order.
inline void expect_rows_right(const DbParams& p) {
    const DbSlice all = run_all(p, false);
    ASSERT_FALSE(all.rows.empty());
    EXPECT_LE(all.counts.rows, all.counts.solvable);
    EXPECT_LE(all.counts.solvable, all.counts.canonical);
    EXPECT_LE(all.counts.canonical, all.counts.layouts);
    Solver solver;
    ClusterAnalyzer analyzer;
    for (const rush::DbRow& row : all.rows) expect_row_right(row, p.size, solver, analyzer);
    const DbSlice back = run_all(p, true);
    EXPECT_EQ(back.counts, all.counts);
    ASSERT_EQ(back.rows.size(), all.rows.size());
    for (std::size_t i = 0; i < all.rows.size(); ++i) {
        EXPECT_EQ(back.rows[i].board, all.rows[i].board);
        EXPECT_EQ(back.rows[i].moves, all.rows[i].moves);
        EXPECT_EQ(back.rows[i].cluster_size, all.rows[i].cluster_size);
    }
}

}  // namespace bitsolve::rush::test

// The database engine, slow part: every row of the wall-free 5x5 database re-checked, its goal
// layouts checked, rows of Fogleman's 6x6 database found by running only the slice of their
// canonical layout, and the clusters of small 6x6 slices (wall-free, and with up to two walls
// where a slice holds several wall sets) counted against a naive search.
#include <gtest/gtest.h>

#include <limits>
#include <optional>
#include <set>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_layouts.hpp"
#include "rush/data.hpp"
#include "rush/db_check.hpp"
#include "rush/db_goal_layouts.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbEngine, Rows5x5) { test::expect_rows_right(DbParams{5, 0}); }

TEST(RushDbEngine, GoalLayouts5x5) { test::expect_goal_layouts(5, 0); }

// The canonical layout of a board's cluster, by the naive search: its smallest state in
// Fogleman's order (horizontal cells, then vertical cells, row-major).
Board canonical_member(const Board& b) {
    const auto ref = test::reference(b, Metric::Moves);
    std::pair<u64, u64> best{std::numeric_limits<u64>::max(), 0};
    Board out;
    for (const auto& [text, d] : ref.dist_from_start) {
        const Board s = parse_board(text);
        std::pair<u64, u64> hv{0, 0};
        for (const Piece& p : s.pieces) (p.vertical ? hv.second : hv.first) |= p.cells();
        if (hv < best) best = hv, out = s;
    }
    return out;
}

void expect_row_in_slice(const test::DbRow& row, const DbEnumeration& e, std::uint64_t slice) {
    DbWorker w(e);
    const DbSlice r = w.run(slice);
    const auto it = std::find_if(r.rows.begin(), r.rows.end(), [&](const DbRow& x) { return x.board == row.board; });
    ASSERT_NE(it, r.rows.end()) << row.board << " not in slice " << slice;
    EXPECT_EQ(it->moves, row.moves) << row.board;
    EXPECT_EQ(it->cluster_size, row.cluster) << row.board;
}

// Wall-free rows whose slice is small, and the one-wall row with the smallest slice. (A row
// lost here once showed that two layouts can share their horizontal and vertical cells.)
TEST(RushDbEngine, SampleRowsFoundInTheSliceOfTheirCanonicalLayout) {
    int wall_free = 0;
    const DbEnumeration plain(DbParams{6, 0}), walled(DbParams{6, 1});
    const DbLayouts plain_layouts(6, 0), walled_layouts(6, 1);
    std::optional<test::DbRow> best;
    std::uint64_t best_slice = 0, best_count = ~std::uint64_t{0};
    for (const auto& row : test::db_sample()) {
        if (row.cluster > 1500 || row.moves < 8) continue;
        const Board b = parse_board(row.board);
        const int walls = std::popcount(b.walls);
        if (walls == 1) {
            const std::uint64_t slice = walled_layouts.slice_of(canonical_member(b));
            const std::uint64_t n = walled.count_layouts(slice);
            if (n < best_count) best = row, best_slice = slice, best_count = n;
        }
        if (walls != 0 || wall_free == 3) continue;
        const std::uint64_t slice = plain_layouts.slice_of(canonical_member(b));
        if (plain.count_layouts(slice) > 300'000) continue;  // keep the test to seconds
        expect_row_in_slice(row, plain, slice);
        ++wall_free;
    }
    EXPECT_EQ(wall_free, 3);
    ASSERT_TRUE(best.has_value());
    expect_row_in_slice(*best, walled, best_slice);
}

// The clusters and solvable clusters of small 6x6 slices, counted by the naive search: a layout
// is canonical when no state of its cluster is smaller in Fogleman's order.
// The clusters and solvable clusters of slice s against a naive search: a layout is canonical when
// no state of its cluster is smaller in Fogleman's order. Returns the slice's wall sets.
std::size_t expect_naive_counts(const DbEnumeration& e, const DbLayouts& layouts, DbWorker& w, std::uint64_t s) {
    std::uint64_t canonical = 0, solvable = 0;
    std::set<u64> walls;
    Board b;
    layouts.for_each(s, b, [&](const Board& l) {
        walls.insert(l.walls);
        const auto ref = test::reference(l, Metric::Moves);
        std::pair<u64, u64> own{0, 0};
        for (const Piece& p : l.pieces) (p.vertical ? own.second : own.first) |= p.cells();
        bool smallest = true;
        for (const auto& [text, d] : ref.dist_from_start) {
            std::pair<u64, u64> hv{0, 0};
            for (const Piece& p : parse_board(text).pieces) (p.vertical ? hv.second : hv.first) |= p.cells();
            smallest = smallest && !(hv < own);
        }
        canonical += smallest;
        solvable += smallest && ref.answer >= 0;
    });
    const DbSlice r = w.run(s);
    EXPECT_EQ(r.counts.layouts, e.count_layouts(s));
    EXPECT_EQ(r.counts.canonical, canonical) << "slice " << s;
    EXPECT_EQ(r.counts.solvable, solvable) << "slice " << s;
    return walls.size();
}

TEST(RushDbEngine, ClusterCountsOfSmall6x6SlicesMatchTheNaiveSearch) {
    const DbEnumeration e(DbParams{6, 0});
    const DbLayouts layouts(6, 0);
    DbWorker w(e);
    int slices = 0;
    for (std::uint64_t s = 0; s < e.slice_count() && slices < 4; s += 97) {
        const std::uint64_t n = e.count_layouts(s);
        if (n == 0 || n > 1500) continue;
        expect_naive_counts(e, layouts, w, s);
        ++slices;
    }
    EXPECT_EQ(slices, 4);
}

// With up to two walls a slice does not fix every row, so it can hold layouts that differ in their
// walls alone: each must count as its own cluster (LayoutKey carries the walls).
TEST(RushDbEngine, ClusterCountsOfSlicesWithSeveralWallSets) {
    const DbEnumeration e(DbParams{6, 2});
    const DbLayouts layouts(6, 2);
    DbWorker w(e);
    for (std::uint64_t s : {58647, 85701}) EXPECT_GT(expect_naive_counts(e, layouts, w, s), 1u);
}

}  // namespace
}  // namespace bitsolve::rush

// The database engine, slow part: every row of the wall-free 5x5 database re-checked, and rows
// of Fogleman's 6x6 database found by running only the slice of their canonical layout.
#include <gtest/gtest.h>

#include <limits>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_layouts.hpp"
#include "rush/data.hpp"
#include "rush/db_check.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbEngine, Rows5x5) { test::expect_rows_right(DbParams{5, 0}); }

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

TEST(RushDbEngine, SampleRowsFoundInTheSliceOfTheirCanonicalLayout) {
    int checked = 0, walled = 0;
    for (const auto& row : test::db_sample()) {
        if (row.cluster > 1500 || row.moves < 8) continue;
        const Board b = parse_board(row.board);
        const int walls = std::popcount(b.walls);
        if (walls > 1 || (walls == 1 && walled == 1) || (walls == 0 && checked - walled == 3)) continue;
        const DbEnumeration e(DbParams{6, walls});
        const DbLayouts layouts(6, walls);
        const std::uint64_t slice = layouts.slice_of(canonical_member(b));
        DbWorker w(e);
        const DbSlice r = w.run(slice);
        const auto it =
            std::find_if(r.rows.begin(), r.rows.end(), [&](const DbRow& x) { return x.board == row.board; });
        ASSERT_NE(it, r.rows.end()) << row.board << " not in slice " << slice;
        EXPECT_EQ(it->moves, row.moves) << row.board;
        EXPECT_EQ(it->cluster_size, row.cluster) << row.board;
        ++checked;
        walled += walls;
    }
    EXPECT_EQ(checked, 4);
    EXPECT_EQ(walled, 1);
}

}  // namespace
}  // namespace bitsolve::rush

// The packed layouts of the database: counts against Fogleman's, and every layout produced
// packed, legal, in its own slice and produced once. The goal layouts: exactly the goal states of
// the slice's clusters whose pieces other than the primary car are packed, each once.
#include <gtest/gtest.h>

#include <bit>
#include <set>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_layouts.hpp"
#include "rush/db_goal_layouts.hpp"

namespace bitsolve::rush {
namespace {

std::uint64_t total_layouts(int size, int walls) {
    const DbEnumeration e(DbParams{size, walls});
    std::uint64_t n = 0;
    for (std::uint64_t s = 0; s < e.slice_count(); ++s) n += e.count_layouts(s);
    return n;
}

// Fogleman's MaxID is the largest 0-based id his enumerator hands out (his main.cpp prints
// max(id) to find it), so his counts are MaxID + 1: 243,502,785 + 1 wall-free 6x6 layouts.
TEST(RushDbLayouts, WallFree6x6IsFoglemansMaxIdPlusOne) { EXPECT_EQ(total_layouts(6, 0), 243'502'785u + 1); }

// 5x5: his MaxIDs 268,108 (no wall), 2,988,669 (up to one), 16,330,429 (up to two), + 1.
// 4x4 with the exit row at index 2: his 1,149 + 1 (his later 1,348 put it at index 1).
TEST(RushDbLayouts, SmallerSizesAndWalls) {
    EXPECT_EQ(total_layouts(5, 0), 268'108u + 1);
    EXPECT_EQ(total_layouts(5, 1), 2'988'669u + 1);
    EXPECT_EQ(total_layouts(5, 2), 16'330'429u + 1);
    EXPECT_EQ(total_layouts(4, 0), 1'149u + 1);
    EXPECT_EQ(total_layouts(4, 1), 8'590u);
    EXPECT_EQ(total_layouts(4, 2), 30'370u);
}

// Independent of the enumerator's rules: every layout it produces is packed, legal and new,
// and there are as many as the counting pass says.
void expect_layouts_valid(int size, int walls) {
    const DbLayouts layouts(size, walls);
    std::set<std::string> seen;
    Board b;
    for (std::uint64_t s = 0; s < layouts.slice_count(); ++s) {
        std::uint64_t n = 0;
        layouts.for_each(s, b, [&](const Board& l) {
            ++n;
            const std::string text = l.to_string();
            EXPECT_TRUE(seen.insert(text).second) << text;
            const Piece& a = l.pieces[0];
            EXPECT_TRUE(!a.vertical && a.line == 2 && a.len == 2) << text;
            EXPECT_LE(std::popcount(l.walls), walls);
            std::vector<int> owner(64, -1);
            for (int c = 0; c < 64; ++c)
                if (l.walls >> c & 1) owner[static_cast<std::size_t>(c)] = 99;
            for (std::size_t i = 0; i < l.pieces.size(); ++i)
                for (int c = 0; c < 64; ++c)
                    if (l.pieces[i].cells() >> c & 1) {
                        EXPECT_EQ(owner[static_cast<std::size_t>(c)], -1) << text;
                        owner[static_cast<std::size_t>(c)] = static_cast<int>(i);
                    }
            for (std::size_t i = 0; i < l.pieces.size(); ++i) {
                const Piece& p = l.pieces[i];
                EXPECT_LT(p.pos + p.len, size + 1);
                if (p.pos == 0) continue;
                const int r = p.vertical ? p.pos - 1 : p.line, c = p.vertical ? p.line : p.pos - 1;
                EXPECT_NE(owner[static_cast<std::size_t>(cell_index(r, c))], -1)
                    << "piece " << i << " can move: " << text;
                if (i > 0 && !p.vertical) {
                    EXPECT_NE(p.line, 2) << text;
                }
            }
            for (int line = 0; line < size; ++line) {
                int row = 0, col = 0;
                for (int k = 0; k < size; ++k) {
                    const int ro = owner[static_cast<std::size_t>(cell_index(line, k))];
                    const int co = owner[static_cast<std::size_t>(cell_index(k, line))];
                    row += ro == 99 || (ro >= 0 && !l.pieces[static_cast<std::size_t>(ro)].vertical);
                    col += co >= 0 && co != 99 && l.pieces[static_cast<std::size_t>(co)].vertical;
                }
                EXPECT_LT(row, size) << text;
                EXPECT_LT(col, size) << text;
            }
            for (int c = a.pos + 2; c < size; ++c) EXPECT_FALSE(l.walls & cell_bit(2, c)) << text;
            EXPECT_EQ(layouts.slice_of(l), s) << text;
        });
        EXPECT_EQ(n, layouts.count(s));
    }
    EXPECT_EQ(seen.size(), total_layouts(size, walls));
}

TEST(RushDbLayouts, EveryLayoutPackedLegalAndOnce) {
    expect_layouts_valid(4, 0);
    expect_layouts_valid(4, 2);
    expect_layouts_valid(5, 0);
}

TEST(RushDbLayouts, GoalLayoutsAreTheClustersPackedGoals) {
    test::expect_goal_layouts(4, 0);
    test::expect_goal_layouts(4, 2);
}

}  // namespace
}  // namespace bitsolve::rush

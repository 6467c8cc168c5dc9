// The sliding parsers as pure functions: accepted forms (comments, blank lines, CRLF, BOM, tabs,
// any rectangle) and every rejection with its line and column.
#include "bitsolve/sliding/parse.hpp"

#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/batch.hpp"

namespace bitsolve::sliding {
namespace {

// The rendered message ("line L, column C: ...") of the InputError thrown by f.
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Parse, GridForms) {
    const Board b = parse_board("\xEF\xBB\xBF# a comment\r\n\r\n1\t0 3\r\n4 2 5\r\n  7 8 6  \r\n\n");
    EXPECT_EQ(b.geo, (Geometry{3, 3}));
    EXPECT_EQ(format_board_line(b), "1 0 3 4 2 5 7 8 6");
    const Board r = parse_board("1 2 3 4 5\n6 7 8 9 0\n");
    EXPECT_EQ(r.geo, (Geometry{2, 5}));
    const Board t = parse_board("1 2\n3 4\n5 0\n");
    EXPECT_EQ(t.geo, (Geometry{3, 2}));
}

TEST(Parse, GridErrors) {
    EXPECT_EQ(error_of([] { parse_board("1 2 3\n4 5 6\n7 8 8\n"); }),
              "line 3, column 5: tile 8 appears twice (first at line 3, column 3); missing: 0");
    EXPECT_EQ(error_of([] { parse_board("1 2 3\n4 5 6\n7 8 99999999999999999999999\n"); }),
              "line 3, column 5: tile 99999999999999999999999 out of range 0..8");
    EXPECT_EQ(error_of([] { parse_board("1 2 3\n4 5 6\n7 8 -1\n"); }), "line 3, column 5: tile -1 out of range 0..8");
    EXPECT_EQ(error_of([] { parse_board("1 2 3\n4 5 6 9\n7 8 0\n"); }),
              "line 2, column 7: row 2 has 4 numbers, row 1 (line 1) has 3");
    EXPECT_EQ(error_of([] { parse_board("1 2 3\n4 5 0x6\n7 8 0\n"); }), "line 2, column 5: '0x6' is not a number");
    EXPECT_EQ(error_of([] { parse_board(""); }), "empty input: expected a board, one row per line");
    EXPECT_EQ(error_of([] { parse_board("0 1 2 3\n"); }),
              "line 1: a 1x4 board: boards need at least 2 rows and 2 columns");
    EXPECT_EQ(error_of([] { parse_board("0 1 2 3 4 5\n"); }),
              "line 1, column 11: a row of 6 numbers: boards have at most 5 columns");
    EXPECT_EQ(error_of([] { parse_board("0 1\n2 3\n4 5\n6 7\n8 9\n10 11\n"); }),
              "line 6, column 1: more than 5 rows: boards are at most 5x5");
}

TEST(Parse, BatchLines) {
    EXPECT_EQ(parse_board_line("1 2 3 0", 4, std::nullopt).geo, (Geometry{2, 2}));
    EXPECT_EQ(parse_board_line("1 2 3 4 5 0", 4, Geometry{3, 2}).geo, (Geometry{3, 2}));
    EXPECT_EQ(error_of([] { parse_board_line("1 2 3 4 5 0", 7, std::nullopt); }),
              "line 7: 6 numbers do not make a square board of 2x2 to 5x5");
    EXPECT_EQ(square_geometry(16), (Geometry{4, 4}));
    EXPECT_EQ(square_geometry(4), (Geometry{2, 2}));
    EXPECT_FALSE(square_geometry(6));
    EXPECT_FALSE(square_geometry(36));
    EXPECT_EQ(error_of([] {
                  parse_board_line("1 2 3 4 5 0 6", 7, Geometry{2, 3});
              }),
              "line 7, column 13: expected 6 numbers for a 2x3 board, found 7");
}

TEST(Parse, BatchItemsSayWhenOnlyASizeIsMissing) {
    // no_size lets the command add its hint to exactly the "not a square board" errors.
    auto item = [](std::string_view text, std::optional<Geometry> size) {
        return parse_batch_item(Line{text, 3}, size);
    };
    const BatchItem eight = item("1 2 3 4 5 6 7 0", std::nullopt);
    EXPECT_FALSE(eight.ok);
    EXPECT_TRUE(eight.done);
    EXPECT_TRUE(eight.no_size);
    EXPECT_EQ(eight.error, "line 3: 8 numbers do not make a square board of 2x2 to 5x5");
    EXPECT_FALSE(item("1 2 3 4 5 6 7 0", Geometry{2, 3}).no_size);  // a size was given: wrong count
    EXPECT_FALSE(item("1 2 3 4 5 6 7 8 9", std::nullopt).no_size);  // square, but tile 9 is out of range
    EXPECT_FALSE(item("1 2 \x01", std::nullopt).no_size);           // not even numbers
    EXPECT_TRUE(item("1 2 3 0", std::nullopt).ok);
}

TEST(Parse, BatchItemsWithALengthColumn) {
    // Korf's files: the board, then its length. Read only when asked, and only when the line is a
    // board once the last number is dropped.
    auto item = [](std::string_view text, std::optional<Geometry> size, bool column) {
        return parse_batch_item(Line{text, 4}, size, column);
    };
    const BatchItem with = item("1 2 3 4 5 6 7 0 8 1 ", std::nullopt, true);
    ASSERT_TRUE(with.ok);
    EXPECT_EQ(format_board_line(with.board), "1 2 3 4 5 6 7 0 8");
    ASSERT_TRUE(with.expected.has_value());
    EXPECT_EQ(*with.expected, 1);
    EXPECT_EQ(with.line, 4u);
    EXPECT_FALSE(item("1 2 3 4 5 6 7 0 8 1", std::nullopt, false).ok);  // not asked: a bad line
    EXPECT_FALSE(item("1 2 3 4 5 6 7 0 8", std::nullopt, true).expected.has_value());
    EXPECT_TRUE(item("1 2 3 4 5 6 7 0 8 1", Geometry{3, 3}, true).ok);
    const BatchItem bad = item("1 2 3 4 5 6 7 7 8 1", std::nullopt, true);  // no board either way
    EXPECT_FALSE(bad.ok);
    EXPECT_EQ(bad.error, "line 4: 10 numbers do not make a square board of 2x2 to 5x5");
    EXPECT_FALSE(item("1 2 3 4 5 6 7 0 8 -1", std::nullopt, true).ok);  // a length is not negative
}

TEST(Parse, Goals) {
    const Geometry g{3, 3};
    EXPECT_EQ(parse_goal("blank-last", g), blank_last_goal(g));
    EXPECT_EQ(parse_goal("blank-first", g), blank_first_goal(g));
    EXPECT_EQ(format_board_line(parse_goal("1 2 3\n8 0 4\n7 6 5", g)), "1 2 3 8 0 4 7 6 5");
    EXPECT_EQ(format_board_line(parse_goal("1 2 3 / 8 0 4 / 7 6 5", g)), "1 2 3 8 0 4 7 6 5");
    EXPECT_EQ(error_of([] {
                  parse_goal("1 2 3 4 5 6 7 8 8", Geometry{3, 3});
              }),
              "line 1, column 17: tile 8 appears twice (first at line 1, column 15); missing: 0");
    EXPECT_EQ(error_of([] {
                  parse_goal("blank-middle", Geometry{3, 3});
              }),
              "unknown goal 'blank-middle': expected blank-last, blank-first or the goal's numbers");
    EXPECT_EQ(error_of([] { parse_goal("0 1 2 3", Geometry{3, 3}); }), "the goal has 4 numbers, the 3x3 board 9");
    EXPECT_EQ(error_of([] {
                  parse_goal("", Geometry{3, 3});
              }),
              "empty goal: expected blank-last, blank-first or the goal's numbers");
}

TEST(Parse, Geometry) {
    EXPECT_EQ(parse_geometry("3x4"), (Geometry{3, 4}));
    EXPECT_EQ(parse_geometry("5X2"), (Geometry{5, 2}));
    for (const char* bad : {"", "3", "1x3", "3x6", "33x3", "axb", "3x3x3"})
        EXPECT_THROW(parse_geometry(bad), UsageError) << bad;
}

}  // namespace
}  // namespace bitsolve::sliding

// Parsing: both formats, every size, and every kind of bad input with its line and column.
#include "bitsolve/rush/parse.hpp"

#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::rush {
namespace {

const char* kJudge2 = "0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n";

TEST(RushParse, FoglemanStringRoundTrips) {
    const std::string s = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM";
    const Board b = parse_board(s);
    EXPECT_EQ(b.size, 6);
    EXPECT_EQ(b.naming, Naming::Letters);
    EXPECT_EQ(b.pieces.size(), 12u);
    EXPECT_EQ(b.to_string(), s);
    EXPECT_EQ(b.walls, cell_bit(0, 3));
    const Piece& a = b.pieces[static_cast<std::size_t>(b.primary)];
    EXPECT_EQ(a.id, 'A');
    EXPECT_FALSE(a.vertical);
    EXPECT_EQ(a.line, 2);
    EXPECT_EQ(a.pos, 1);
}

TEST(RushParse, DotsLinesCommentsAndCrlfAreTheSameBoard) {
    const Board one = parse_board("ooBoCCooBoooAABoooDDDooEoooooEoooooE\n");
    const Board lines = parse_board("# level 1\r\n..B.CC\r\n..B...\r\nAAB...\r\nDDD..E\r\n.....E\r\n.....E\r\n\r\n");
    EXPECT_EQ(one.to_string(), lines.to_string());
}

TEST(RushParse, JudgeGridUsesIdsAndLetterMapping) {
    const Board b = parse_board(kJudge2);
    EXPECT_EQ(b.naming, Naming::Numbers);
    EXPECT_EQ(b.pieces.size(), 8u);
    EXPECT_EQ(b.name(0), "1");
    EXPECT_EQ(b.letter(0), 'A');
    EXPECT_EQ(b.to_string(), "oBoFFooBooGooCAAGooCDDHooEEEHooooooo");
    EXPECT_EQ(parse_judge_grid(kJudge2).to_string(), b.to_string());
}

TEST(RushParse, EverySquareSizeFromFourToEight) {
    for (int n = 4; n <= 8; ++n) {
        std::string s(static_cast<std::size_t>(n * n), 'o');
        s[static_cast<std::size_t>(n)] = 'A';
        s[static_cast<std::size_t>(n + 1)] = 'A';
        const Board b = parse_board(s);
        EXPECT_EQ(b.size, n);
        EXPECT_EQ(b.pieces[0].line, 1);
        EXPECT_EQ(b.to_string(), s);
        EXPECT_EQ(parse_board_string("  " + s + "\t").to_string(), s);
    }
}

struct Bad {
    const char* text;
    std::size_t line, column;
    const char* fragment;
};

// A plain table rather than a value-parameterised suite: the debug build defines
// _GLIBCXX_DEBUG, which the system GoogleTest library is not built with, and parameterised
// suites pass standard containers across that boundary.
const Bad kBadCases[] = {
    Bad{"ooBoooooooooAAoooooooooooooooooooooo", 1, 3, "1 cell long"},
    Bad{"ooBBBBooooooAAoooooooooooooooooooooo", 1, 3, "4 cells long"},
    Bad{"ooBoooooBBooAAoooooooooooooooooooooo", 1, 3, "L-shaped"},
    Bad{"oBoooooooBooAAoooooooooooooooooooooo", 1, 10, "diagonal"},
    Bad{"ooBoooooooooAABooooooooooooooooooooo", 1, 15, "split"},
    Bad{"BBoBBoooooooAAoooooooooooooooooooooo", 1, 4, "two pieces are named B"},
    Bad{"ooBBoooooooooooooooooooooooooooooooo", 0, 0, "no primary piece"},
    Bad{"ooooooAoooooAooooooooooooooooooooooo", 1, 7, "vertical"},
    Bad{"ooBoCCooBoooAABoooDDDooEoooooEoooooq", 1, 36, "unknown character"},
    Bad{"ooBoCCooBoooAABoooDDDooEoooooEooooo\xff", 1, 36, "unknown character"},
    Bad{"ooBoCCooBoooAABoooDDDooEoooooEoooooEo", 1, 1, "37 characters"},
    Bad{"ooBoCCooBoooAABoooDDDooEoooooEooooo", 1, 1, "35 characters"},
    Bad{"ooo\nooo\nooo\n", 1, 1, "3 characters"},
    Bad{"oooooo\noooooo\nAAoooo\noooooo\noooooo\nooooo\n", 6, 1, "expected 6"},
    Bad{"oooooo\noooooo\nAAoooo\noooooo\noooooo\n", 6, 1, "found 5 lines"},
    Bad{"oooooo\noooooo\nAAoooo\noooooo\noooooo\noooooo\noooooo\n", 7, 1, "found 7 lines"},
    Bad{"", 0, 0, "no board"},
    Bad{"ooBoCCooBoooAABoooDDDooEoooooEoooooE\nooBoCCooBoooAABoooDDDooEoooooEoooooE\n", 2, 1, "one board is expected"},
    // The judge's grid.
    Bad{"1 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 1, 1, "row 3"},
    Bad{"0 0 1 0 0 0\n0 0 1 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 1, 5, "vertical"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 3\n0 0 0 0 0 3\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 11, "numbered 1..2"},
    Bad{"2 2 3 3 4 4\n5 5 6 6 7 7\n1 1 8 8 9 9\n10 10 11 11 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 4, 7, "at most 10"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n2 2 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 1, "numbered 1..1"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 13, "7 numbers"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 10, "5 numbers"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 6, 1, "found 5 lines"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 x\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 11, "not a number"},
    Bad{"0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 -1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 11, "out of range"},
    Bad{"0 0 0 0 0 0\n0 2 0 0 0 0\n1 1 0 0 0 0\n0 0 0 0 2 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 4, 9,
        "vehicle 2 is not straight"},
    Bad{"0 0 0 0 0 0\n0 2 2 0 0 0\n1 1 0 2 2 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n", 3, 7,
        "two pieces are named 2"},
};

TEST(RushParse, EveryBadInputIsRejectedWithItsPosition) {
    for (const Bad& c : kBadCases) {
        SCOPED_TRACE(c.text);
        try {
            parse_board(c.text);
            ADD_FAILURE() << "accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.line(), c.line) << e.what();
            EXPECT_EQ(e.column(), c.column) << e.what();
            EXPECT_NE(e.message().find(c.fragment), std::string::npos) << e.what();
        }
    }
}

TEST(RushParse, SeveralBoardsAreTheirOwnError) {
    // The front end that reads batches tells it apart to add its hint.
    EXPECT_THROW(parse_board("ooBoCCooBoooAABoooDDDooEoooooEoooooE\nooBoCCooBoooAABoooDDDooEoooooEoooooE\n"),
                 SeveralBoardsError);
    try {
        parse_board("ooBoCCooBoooAABoooDDDooEoooooEoooooZ\n");  // one board, a bad piece
        ADD_FAILURE() << "accepted";
    } catch (const SeveralBoardsError& e) {
        ADD_FAILURE() << "one board taken for several: " << e.what();
    } catch (const InputError&) {
    }
}

TEST(RushParse, BatchLineErrorsAreOnLineOne) {
    try {
        parse_board_string("ooBoCCooBoooAABoooDDDooEoooooEooooo?");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 1u);
        EXPECT_EQ(e.column(), 36u);
        EXPECT_EQ(e.at_line(7).line(), 7u);
    }
}

TEST(RushParse, BatchLinesMayBeDatabaseRows) {
    EXPECT_EQ(parse_batch_line("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332").to_string(),
              "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM");
    EXPECT_EQ(parse_batch_line("  ooBoCCooBoooAABoooDDDooEoooooEoooooE ").to_string(),
              "ooBoCCooBoooAABoooDDDooEoooooEoooooE");
    try {
        parse_batch_line("60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHH? 2332");
        FAIL();
    } catch (const InputError& e) {
        EXPECT_EQ(e.column(), 39u) << e.what();
    }
    EXPECT_THROW(parse_batch_line("60 IBBxoo 2332"), InputError);
}

TEST(RushParse, JudgeParserRejectsLetters) {
    EXPECT_THROW(parse_judge_grid("ooBoCCooBoooAABoooDDDooEoooooEoooooE"), InputError);
}

}  // namespace
}  // namespace bitsolve::rush

// End-to-end tests of `bitsolve sliding` and `bitsolve boj 1525`: outputs, paths replayed,
// bad input (one line on stderr with line/column, exit 3, nothing on stdout), batches identical
// for any thread count, the distance distribution, and the bench signature.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

int count_lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

TEST(SlidingCli, AnswerAndPath) {
    const auto r = run_cli({"sliding", "--path"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "3 DRD\n");
    EXPECT_EQ(r.err, "");
}

TEST(SlidingCli, UnreachableIsMinusOne) {
    const auto r = run_cli({"sliding", "--path", "--stats"}, "3 6 0\n8 1 2\n7 4 5\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "-1\n");
    EXPECT_NE(r.err.find("Algorithm: parity"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Nodes expanded: 0"), std::string::npos) << r.err;
}

TEST(SlidingCli, AlgorithmsAgreeAndPathsReplay) {
    const std::string board = "8 6 7\n2 5 4\n3 0 1\n";  // one of the two 31-move boards
    for (const char* algo : {"bfs", "bidir", "ida", "auto"}) {
        const auto r = run_cli({"sliding", "--path", "--algo", algo}, board);
        ASSERT_EQ(r.exit_code, 0) << algo << r.err;
        ASSERT_EQ(r.out.substr(0, 3), "31 ") << algo;
        sliding::Board b = sliding::parse_board(board);
        const auto path = sliding::parse_path(r.out.substr(3, r.out.size() - 4));
        ASSERT_TRUE(path) << algo << ": " << r.out;
        ASSERT_TRUE(sliding::replay(b, *path)) << algo;
        EXPECT_EQ(b, sliding::blank_last_goal({3, 3})) << algo;
    }
}

TEST(SlidingCli, GoalConventions) {
    // 0 1 2 / 3 4 5 / 6 7 8 is one move... from 1 0 2 / 3 4 5 / 6 7 8 under blank-first.
    auto r = run_cli({"sliding", "--goal", "blank-first", "--path"}, "1 0 2\n3 4 5\n6 7 8\n");
    EXPECT_EQ(r.out, "1 L\n");
    r = run_cli({"sliding", "--goal", "1 2 3 8 0 4 7 6 5", "--path"}, "1 2 3\n8 4 0\n7 6 5\n");
    EXPECT_EQ(r.out, "1 L\n") << r.err;
    r = run_cli({"sliding", "--goal", "blank-first"}, "1 2 3\n4 5 6\n7 8 0\n");
    EXPECT_EQ(r.out, "22\n");  // the blank-last goal seen from the blank-first one
    // A 2x3 board and an explicit 2x3 goal.
    r = run_cli({"sliding", "--goal", "0 1 2 3 4 5"}, "1 2 0\n3 4 5\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "2\n");
}

TEST(SlidingCli, ShowDrawsEveryBoard) {
    const auto r = run_cli({"sliding", "--show"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out,
              "3\n1 0 3\n4 2 5\n7 8 6\n\nmove 1: D\n1 2 3\n4 0 5\n7 8 6\n\nmove 2: R\n1 2 3\n4 5 0\n7 8 6\n\n"
              "move 3: D\n1 2 3\n4 5 6\n7 8 0\n\n");
}

struct BadCase {
    const char* name;
    std::vector<std::string> args;
    const char* input;
    const char* where;  // expected in the message
    int code;
};

TEST(SlidingCli, BadInputIsOneLineWithPosition) {
    const BadCase cases[] = {
        {"missing tile / repeated", {}, "1 2 3\n4 5 6\n7 8 8\n", "line 3, column 5: tile 8 appears twice", 3},
        {"repeated tile", {}, "1 1 3\n4 0 5\n7 8 6\n", "line 1, column 3: tile 1 appears twice", 3},
        {"out of range", {}, "1 2 3\n4 5 6\n7 8 9\n", "line 3, column 5: tile 9 out of range 0..8", 3},
        {"rows differ", {}, "1 2 3\n4 5\n6 7 0\n", "line 2, column 4: row 2 has 2 numbers", 3},
        {"not a number", {}, "1 2 3\n4 five 6\n7 8 0\n", "line 2, column 3: 'five' is not a number", 3},
        {"empty", {}, "", "empty input", 3},
        {"only blanks", {}, "\n  \n# nothing\n", "empty input", 3},
        {"1xn", {}, "1 2 0\n", "1x3 board", 3},
        {"nx1", {}, "1\n0\n", "2x1 board", 3},
        {"too wide", {}, "1 2 3 4 5 6\n", "line 1, column 11: a row of 6 numbers", 3},
        {"too tall", {}, "1 2\n3 4\n5 6\n7 8\n9 10\n11 0\n", "line 6, column 1: more than 5 rows", 3},
        {"control byte", {}, "1 2\x01 3\n", "line 1, column 4: unexpected control byte", 3},
        {"goal not a permutation", {"--goal", "1 2 3 4 5 6 7 8 8"}, "1 2 3\n4 5 6\n7 8 0\n", "--goal", 2},
        {"goal wrong size", {"--goal", "1 2 3 0"}, "1 2 3\n4 5 6\n7 8 0\n", "--goal: the goal has 4 numbers", 2},
        {"goal out of range",
         {"--goal", "1 2 3 4 5 6 7 8 9"},
         "1 2 3\n4 5 6\n7 8 0\n",
         "column 17: tile 9 out of range",
         2},
        {"goal misspelt", {"--goal", "blank_first"}, "1 2 3\n4 5 6\n7 8 0\n", "--goal: unknown goal 'blank_first'", 2},
        {"bad algo", {"--algo", "astar"}, "1 2\n3 0\n", "--algo", 2},
        {"bad size", {"--batch", "--size", "3by3"}, "1 2 3 0\n", "invalid size", 2},
        {"missing file", {"/nonexistent/board.txt"}, "", "cannot open", 3},
    };
    for (const BadCase& c : cases) {
        std::vector<std::string> args{"sliding"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const auto r = run_cli(args, c.input);
        EXPECT_EQ(r.exit_code, c.code) << c.name << ": " << r.err;
        EXPECT_EQ(r.out, "") << c.name;
        EXPECT_EQ(count_lines(r.err), 1) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find(c.where), std::string::npos) << c.name << ": " << r.err;
    }
}

TEST(SlidingCli, BfsRefusesA4x4BoardClearly) {
    const auto r = run_cli({"sliding", "--algo", "bfs"}, "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("bfs cannot solve a 4x4 board"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--algo ida"), std::string::npos) << r.err;
}

// The library states why; the command adds the option that helps, also on batch lines.
TEST(SlidingCli, RefusalsByBoardSizeNameTheOptionThatHelps) {
    const std::string solved = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n";
    auto r =
        run_cli({"sliding", "--batch", "--algo", "bfs"}, "1 2 3 0 4 5 6 7 8\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "15\n");  // the 3x3 board before it is answered
    EXPECT_EQ(r.err,
              "bitsolve sliding: line 2: bfs cannot solve a 4x4 board: its space is too large to index (1.05e+13 "
              "boards, 8.37e+04 GB of visited table); use --algo ida\n");
    r = run_cli({"sliding", "--batch", "--algo", "bidir", "--size", "5x5"},
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24\n");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.err.find("line 1: bidir cannot solve a 5x5 board"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("; use --algo ida\n"), std::string::npos) << r.err;
    r = run_cli({"sliding", "--count", "--size", "4x4"}, "");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("--count: distance layers cover boards of at most 12 cells"), std::string::npos) << r.err;
    // A batch line that is a board of the given size but bad otherwise gets no size hint.
    r = run_cli({"sliding", "--batch"}, solved + "1 2 3 4 5 6 7 8 9\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "0\n");
    EXPECT_EQ(r.err.find("--size"), std::string::npos) << r.err;
}

TEST(SlidingCli, LimitsStopWithExitCode1) {
    // The dense visited table of a 3x3 BFS needs 1.4 MiB: refused under a 1 MiB budget.
    auto r = run_cli({"sliding", "--algo", "bfs", "--max-memory", "1M"}, "8 6 7\n2 5 4\n3 0 1\n");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("memory limit"), std::string::npos) << r.err;
    // Korf's first 24-puzzle instance (95 moves, data/sliding/korf24-50.txt) is far beyond IDA*
    // with Manhattan + linear conflicts in 0.3 s: the timeout must stop it.
    r = run_cli({"sliding", "--goal", "blank-first", "--timeout", "0.3"},
                "14 5 9 2 18\n8 23 19 12 17\n15 0 10 20 4\n6 11 21 1 7\n24 3 16 22 13\n");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

TEST(SlidingCli, FiveByFiveWithIda) {
    const auto r =
        run_cli({"sliding", "--path"}, "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 0 23 24\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "2 RR\n");
}

TEST(SlidingCli, BatchSameOutputForAnyThreadCount) {
    std::string input = "# random 3x3 boards\n\n";
    std::string expected_bad;
    std::uint64_t x = 7;
    for (int i = 0; i < 60; ++i) {
        sliding::Board b = sliding::blank_last_goal({3, 3});
        for (int j = 8; j > 0; --j) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            std::swap(b.tiles[static_cast<std::size_t>(j)], b.tiles[(x >> 33) % static_cast<std::uint64_t>(j + 1)]);
        }
        input += sliding::format_board_line(b) + "\n";
        if (i == 10) input += "1 2 3 4 5 6 7 8\n";  // bad: 8 numbers (line 14)
    }
    const auto one = run_cli({"sliding", "--batch", "--path", "--threads", "1"}, input);
    const auto two = run_cli({"sliding", "--batch", "--path", "--threads", "2"}, input);
    const auto many = run_cli({"sliding", "--batch", "--path", "--threads", "7"}, input);
    EXPECT_EQ(one.exit_code, 3);
    EXPECT_EQ(count_lines(one.out), 60);
    EXPECT_EQ(one.out, two.out);
    EXPECT_EQ(one.out, many.out);
    EXPECT_EQ(one.err, many.err);
    EXPECT_EQ(one.err,
              "bitsolve sliding: line 14: 8 numbers do not make a square board of 2x2 to 5x5 (give --size RxC)\n");
    // Every answered line: replay its path on its board.
    std::istringstream in(input), out(one.out);
    std::string board_line, answer;
    int unreachable = 0;
    while (std::getline(in, board_line)) {
        if (board_line.empty() || board_line[0] == '#' || board_line == "1 2 3 4 5 6 7 8") continue;
        ASSERT_TRUE(std::getline(out, answer));
        if (answer == "-1") {
            ++unreachable;
            continue;
        }
        sliding::Board b = sliding::parse_board_line(board_line, 1, std::nullopt);
        const std::size_t sp = answer.find(' ');
        const std::string path = sp == std::string::npos ? "" : answer.substr(sp + 1);
        EXPECT_EQ(std::to_string(path.size()), answer.substr(0, sp));
        const auto moves = sliding::parse_path(path);
        ASSERT_TRUE(moves) << answer;
        ASSERT_TRUE(sliding::replay(b, *moves));
        EXPECT_EQ(b, sliding::blank_last_goal({3, 3}));
    }
    EXPECT_GT(unreachable, 10);
}

TEST(SlidingCli, BatchWithSizeAndGoal) {
    const auto r = run_cli({"sliding", "--batch", "--size", "2x3", "--goal", "blank-first"},
                           "1 0 2 3 4 5\n\n0 1 2 3 5 4\n1 2 3\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "1\n-1\n");
    EXPECT_EQ(r.err, "bitsolve sliding: line 4, column 6: expected 6 numbers for a 2x3 board, found 3\n");
}

// A bad --goal is an option's error (exit code 2, named) in a batch as on one board, never taken
// for a line of the input.
TEST(SlidingCli, BadGoalIsAUsageErrorInABatchToo) {
    const std::string bad = std::string("1 2 3 4 5 6 7 8 ") + '\x01';
    for (const bool batch : {false, true}) {
        std::vector<std::string> args{"sliding", "--goal", bad};
        if (batch) args.insert(args.begin() + 1, "--batch");
        const auto r = run_cli(args, batch ? "1 0 3 4 2 5 7 8 6\n" : "1 0 3\n4 2 5\n7 8 6\n");
        EXPECT_EQ(r.exit_code, 2) << batch << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err.rfind("bitsolve sliding: --goal: ", 0), 0U) << r.err;
    }
}

// --stats of a batch names the algorithms that answered, not the --algo asked for.
TEST(SlidingCli, BatchStatsNameTheAlgorithmsThatAnswered) {
    const auto r = run_cli({"sliding", "--batch", "--stats"}, "1 0 3 4 2 5 7 8 6\n1 2 3 4 5 6 8 7 0\n");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "3\n-1\n");
    EXPECT_NE(r.err.find("Algorithm: ida, parity\n"), std::string::npos) << r.err;
    const auto bfs = run_cli({"sliding", "--batch", "--stats", "--algo", "bfs"}, "1 0 3 4 2 5 7 8 6\n");
    EXPECT_NE(bfs.err.find("Algorithm: bfs\n"), std::string::npos) << bfs.err;
}

TEST(SlidingCli, Boj1525Samples) {
    for (const char* name : {"1525-1", "1525-2"}) {
        const auto r = run_cli({"boj", "1525"}, slurp(data_path(std::string("boj/") + name + ".in")));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, slurp(data_path(std::string("boj/") + name + ".out"))) << name;
    }
}

TEST(SlidingCli, CountLayers3x3) {
    const auto r = run_cli({"sliding", "--count"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    std::istringstream in(r.out);
    std::string line, layers;
    std::getline(in, line);
    EXPECT_EQ(line, "# 3x3 goal 1 2 3 4 5 6 7 8 0: 181440 boards, largest distance 31");
    std::getline(in, line);
    while (std::getline(in, line)) layers += line.substr(line.find(' ') + 1) + " ";
    EXPECT_EQ(layers,
              "1 2 4 8 16 20 39 62 116 152 286 396 748 1024 1893 2512 4485 5638 9529 10878 16993 17110 23952 20224 "
              "24047 15578 14560 6274 3910 760 221 2 ");
}

TEST(SlidingCli, BenchSignature) {
    const auto r = run_cli({"bench", "sliding"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("Nodes searched : 10834526\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

// Batches cut short by a limit keep what was finished: the boards solved before a timeout are
// printed in input order, then one line on stderr and exit code 1.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

std::string first_lines(const std::string& text, int n) {
    std::size_t pos = 0;
    for (int i = 0; i < n && pos != std::string::npos; ++i) pos = text.find('\n', pos) + 1;
    return text.substr(0, pos);
}

int count_lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

// Two easy 3x3 boards, then 15-puzzles that Manhattan distance alone cannot solve in 0.5 s.
TEST(BatchLimits, SlidingTimeoutKeepsFinishedBoards) {
    const std::string easy = "1 0 3 4 2 5 7 8 6\n8 1 2 0 4 3 7 6 5\n";
    const std::string hard =
        "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
        "13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n"
        "14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15\n";
    const auto ref = run_cli({"sliding", "--batch", "--goal", "blank-first", "--path"}, easy);
    ASSERT_EQ(ref.exit_code, 0) << ref.err;
    ASSERT_EQ(count_lines(ref.out), 2);
    const auto r = run_cli({"sliding", "--batch", "--goal", "blank-first", "--path", "--heuristic", "md", "--threads",
                            "1", "--timeout", "0.5"},
                           easy + hard);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, ref.out);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

// Batches are solved in chunks of 1024 lines: a stop in a later chunk still prints every board
// of the earlier chunks and those of its own chunk up to the first unfinished one. 1100 solved
// boards (0 moves each), then 15-puzzles that Manhattan distance alone cannot solve in 0.5 s.
TEST(BatchLimits, TimeoutInALaterChunkKeepsEveryEarlierBoard) {
    std::string batch;
    for (int i = 0; i < 1100; ++i) batch += "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n";
    batch += "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6\n";
    const auto r = run_cli(
        {"sliding", "--batch", "--goal", "blank-first", "--heuristic", "md", "--threads", "2", "--timeout", "0.5"},
        batch);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    std::string expected;
    for (int i = 0; i < 1100; ++i) expected += "0\n";
    EXPECT_EQ(r.out, expected);
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

// Whatever the machine's speed, a cut-short batch prints a prefix of the full batch's lines.
TEST(BatchLimits, RushTimeoutPrintsAPrefixOfTheFullAnswer) {
    const std::string sample = data_path("rush/fogleman-db-sample.txt");
    const auto full = run_cli({"rush", "--batch", "--cluster", "--threads", "1", sample});
    ASSERT_EQ(full.exit_code, 0) << full.err;
    const auto r = run_cli({"rush", "--batch", "--cluster", "--threads", "2", "--timeout", "0.02", sample});
    if (r.exit_code == 0) {
        EXPECT_EQ(r.out, full.out);
        return;
    }
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, first_lines(full.out, count_lines(r.out)));
    EXPECT_EQ(count_lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

// End-to-end tests of `bitsolve rush`, `bitsolve boj 18139` and `bitsolve bench rush`.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

const std::string kLevel1 = "ooBoCCooBoooAABoooDDDooEoooooEoooooE";

TEST(RushCli, JudgeSamplesByteForByte) {
    for (const char* n : {"1", "2"}) {
        const auto r = run_cli({"boj", "18139"}, slurp(data_path(std::string("boj/18139-") + n + ".in")));
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, slurp(data_path(std::string("boj/18139-") + n + ".out")));
    }
}

TEST(RushCli, JudgeRejectsBadGrid) {
    const auto r = run_cli({"boj", "18139"}, "0 0 0 0 0 0\n0 0 0 0 0 0\n1 1 0 0 0 0\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("line 4"), std::string::npos) << r.err;
}

TEST(RushCli, SeveralBoardsWhereOneIsExpectedPointToBatch) {
    // The library states the fact; the command adds the option that reads several boards.
    const auto r = run_cli({"rush"}, kLevel1 + "\n" + kLevel1 + "\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("line 2, column 1: another line after a whole board string; one board is expected "
                         "(--batch reads one board per line)"),
              std::string::npos)
        << r.err;
}

TEST(RushCli, PathWithLettersAndWithIds) {
    auto r = run_cli({"rush", "--path"}, kLevel1 + "\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 2), "9 ");
    r = run_cli({"rush", "--path", "--metric", "steps"}, slurp(data_path("boj/18139-2.in")));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    // Four unit steps to the goal; ids name the vehicles and every entry is +-1.
    std::istringstream ss(r.out);
    int length = 0;
    ss >> length;
    EXPECT_EQ(length, 4);
    int entries = 0;
    for (std::string m; ss >> m; ++entries) EXPECT_TRUE(m.ends_with("+1") || m.ends_with("-1")) << m;
    EXPECT_EQ(entries, 4);
    EXPECT_NE(r.out.find("1+"), std::string::npos) << r.out;
}

TEST(RushCli, ShowDrawsPlainBoardsWhenNotATerminal) {
    const auto r = run_cli({"rush", "--show"}, kLevel1);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.find('\x1b'), std::string::npos);
    EXPECT_NE(r.out.find("start\n..B.CC\n..B...\nAAB... <\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\n9. A+"), std::string::npos) << r.out;
}

TEST(RushCli, BatchMatchesDatabaseAndIgnoresThreadCount) {
    const std::string file = data_path("rush/fogleman-db-sample.txt");
    std::string boards;
    std::string expected;
    std::istringstream in(slurp(file));
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        int moves = 0;
        std::string board;
        ss >> moves >> board;
        boards += board + "\n";
        expected += std::to_string(moves) + "\n";
    }
    const auto one = run_cli({"rush", "--batch", "--threads", "1"}, boards);
    EXPECT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out, expected);
    // Paths (the first optimal one found) and cluster lines do not depend on the thread count.
    const std::string some = boards.substr(0, 37 * 120);
    EXPECT_EQ(run_cli({"rush", "--batch", "--threads", "1", "--path"}, some).out,
              run_cli({"rush", "--batch", "--threads", "3", "--path"}, some).out);
    EXPECT_EQ(run_cli({"rush", "--batch", "--threads", "1", "--cluster"}, some).out,
              run_cli({"rush", "--batch", "--threads", "2", "--cluster"}, some).out);
}

TEST(RushCli, BatchReportsBadLinesAndAnswersTheRest) {
    const std::string input = "# comment\n" + kLevel1 + "\nooBoCCooBoooAABoooDDDooEoooooEooooo\n\n" + kLevel1 +
                              "\nAAoooooooooooooooooooooooooooooooooq\n";
    for (const char* threads : {"1", "2"}) {
        const auto r = run_cli({"rush", "--batch", "--threads", threads}, input);
        EXPECT_EQ(r.exit_code, 3);
        EXPECT_EQ(r.out, "9\n9\n");
        EXPECT_NE(r.err.find("line 3, column 1: a board string has 35 characters"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("line 6, column 36: unknown character"), std::string::npos) << r.err;
    }
}

TEST(RushCli, ClusterReport) {
    const auto r = run_cli({"rush", "--cluster"}, "BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("States: 24132\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Start distance: 49\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Hardest distance: 49\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("Hardest: BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG\n"), std::string::npos) << r.out;
    const auto batch = run_cli({"rush", "--batch", "--cluster"}, "BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG\n");
    EXPECT_EQ(batch.out.substr(0, 9), "49 24132 ");
}

TEST(RushCli, ClusterOfJudgeGridPrintsLetters) {
    const auto r = run_cli({"rush", "--cluster", "--metric", "steps"}, slurp(data_path("boj/18139-2.in")));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto pos = r.out.find("Hardest: ");
    ASSERT_NE(pos, std::string::npos);
    const std::string board = r.out.substr(pos + 9, 36);
    EXPECT_EQ(board.find_first_not_of("oABCDEFGH"), std::string::npos) << board;
    // The hardest state, solved on its own, is as far as reported.
    const auto hd = r.out.find("Hardest distance: ");
    const int distance = std::stoi(r.out.substr(hd + 18));
    const auto solved = run_cli({"rush", "--metric", "steps"}, board);
    EXPECT_EQ(std::stoi(solved.out), distance);
}

TEST(RushCli, UsageAndInputErrors) {
    EXPECT_EQ(run_cli({"rush", "--metric", "jumps"}, kLevel1).exit_code, 2);
    EXPECT_EQ(run_cli({"rush", "--cluster", "--path"}, kLevel1).exit_code, 2);
    EXPECT_EQ(run_cli({"rush", "--batch", "--show"}, kLevel1).exit_code, 2);
    const auto r = run_cli({"rush"}, "ooBoCCooBoooAABoooDDDooEoooooEoooooEE\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err,
              "bitsolve rush: line 1, column 1: a board string has 37 characters; expected N*N for N = 4..8 "
              "(16, 25, 36, 49 or 64)\n");
    EXPECT_EQ(run_cli({"rush", "/nonexistent/board.txt"}).exit_code, 3);
}

TEST(RushCli, LimitsStopWithExitCodeOne) {
    // An 8x8 board whose cluster has 405,334 states: far more than a millisecond or 64 KiB.
    const std::string big = "ooBoooCoooBoDoCoAAEoDoCoooEFFFooGoEoooHoGoIIoxHoJJJoooooKKoLLLoo";
    auto r = run_cli({"rush", "--cluster", "--timeout", "0.001"}, big);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    r = run_cli({"rush", "--cluster", "--max-memory", "64K"}, big);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("memory"), std::string::npos) << r.err;
}

TEST(RushCli, StatsGoToStderr) {
    const auto r = run_cli({"rush", "--stats"}, kLevel1);
    EXPECT_EQ(r.out, "9\n");
    EXPECT_NE(r.err.find("Nodes expanded: "), std::string::npos) << r.err;
}

// The bench signature: any change of search behaviour changes this count.
TEST(RushCli, BenchNodeCount) {
    const auto r = run_cli({"bench", "rush"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("Nodes searched : 151329\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

// Hints for the common traps, on stderr, with the answer and the exit code unchanged: the other
// standard goal, a one-line board without --batch, a database row without --batch, a judge grid
// in --batch, mistyped options and commands; Korf's files read by --batch as they are.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t count_of(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto i = text.find(part); i != std::string::npos; i = text.find(part, i + 1)) ++n;
    return n;
}

// The first `boards` board lines of a bundled Korf file, with its comment lines, as they are.
std::string korf_head(const std::string& file, int boards) {
    std::istringstream in(slurp(data_path(file)));
    std::string out;
    for (std::string line; boards > 0 && std::getline(in, line);) {
        out += line + "\n";
        if (!line.empty() && line[0] != '#') --boards;
    }
    return out;
}

TEST(HintsCli, MinusOneNamesTheOtherStandardGoal) {
    const std::string korf = data_path("sliding/examples/korf12-4x4.txt");
    auto r = run_cli({"sliding", korf});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "-1\n");
    EXPECT_TRUE(has(r.err, "unreachable for blank-last") && has(r.err, "Korf's instances use --goal blank-first"))
        << r.err;
    // The goal it reaches gives no hint.
    r = run_cli({"sliding", "--goal", "blank-first", korf});
    EXPECT_EQ(r.out.substr(0, 3), "45\n");
    EXPECT_EQ(r.err, "");
    // The other way round: one move from blank-last, asked for blank-first.
    const std::string near_last = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    r = run_cli({"sliding", "--goal", "blank-first"}, near_last);
    EXPECT_EQ(r.out, "-1\n");
    EXPECT_TRUE(has(r.err, "unreachable for blank-first") && has(r.err, "drop --goal blank-first")) << r.err;
    // On 3x3 the two goals share a parity: an unreachable board reaches neither, and no hint.
    r = run_cli({"sliding", data_path("sliding/examples/unreachable-3x3.txt")});
    EXPECT_EQ(r.out, "-1\n");
    EXPECT_EQ(r.err, "");
    // In a batch, one hint at the end.
    r = run_cli({"sliding", "--batch"}, "1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 0\n1 0 3 4 2 5 7 8 6\n");
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "-1\n3\n");
    EXPECT_EQ(count_of(r.err, "hint: "), 1u) << r.err;
    EXPECT_TRUE(has(r.err, "1 board(s) answered -1 reach the other standard goal")) << r.err;
}

TEST(HintsCli, OneLineBoardWithoutBatchPointsToBatch) {
    auto r = run_cli({"sliding"}, "# a board\n1 2 3 4 5 6 7 0 8\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, "give --batch")) << r.err;
    EXPECT_EQ(run_cli({"sliding", "--batch"}, "1 2 3 4 5 6 7 0 8\n").out, "1\n");
    // A grid with a bad tile gets the plain error.
    r = run_cli({"sliding"}, "1 2 3\n4 5 6\n7 7 0\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_FALSE(has(r.err, "--batch")) << r.err;
}

TEST(HintsCli, DatabaseRowWithoutBatchPointsToBatch) {
    const std::string row = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n";
    auto r = run_cli({"rush"}, row);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, "database row `moves board size`: --batch reads its board field")) << r.err;
    r = run_cli({"rush", "--batch"}, row);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "51\n");
}

TEST(HintsCli, JudgeGridInBatchSaysDropBatchOnce) {
    const std::string grid = slurp(data_path("rush/examples/judge.txt"));
    auto r = run_cli({"rush", "--batch"}, grid);
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(count_of(r.err, "a judge grid is one board: drop --batch"), 1u) << r.err;
    r = run_cli({"rush"}, grid);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err, "");
    // Other bad lines give no such hint.
    r = run_cli({"rush", "--batch"}, "AAB\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_FALSE(has(r.err, "judge grid")) << r.err;
}

TEST(HintsCli, TyposGetDidYouMeanAndTheCommandsHelp) {
    auto r = run_cli({"sliding", "--pth"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "bitsolve sliding: unknown option '--pth'; did you mean --path? (see bitsolve sliding --help)\n");
    r = run_cli({"rush", "--clustr", "--metric", "steps"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err, "did you mean --cluster? (see bitsolve rush --help)")) << r.err;
    r = run_cli({"queens", "8", "--uniq"});
    EXPECT_TRUE(has(r.err, "did you mean --unique?")) << r.err;
    r = run_cli({"slidng"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "bitsolve: unknown command 'slidng'; did you mean sliding? (see bitsolve --help)\n");
    r = run_cli({"sliding", "--xyz"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_FALSE(has(r.err, "did you mean")) << r.err;
}

TEST(HintsCli, BatchReadsKorfFilesAsTheyAre) {
    // korf100.txt: 16 tiles, then the optimal length; comment lines at the top.
    auto r = run_cli({"sliding", "--batch", "--goal", "blank-first"}, korf_head("sliding/korf100.txt", 3));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "57\n55\n59\n");
    EXPECT_EQ(r.err, "");  // every answer agrees with the file's column
    r = run_cli({"sliding", "--batch"}, korf_head("sliding/korf100.txt", 3));
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "-1\n-1\n-1\n");
    EXPECT_TRUE(has(r.err,
                    "3 of 3 answers differ from the length column of the input (first: line 6: 57 in the "
                    "file, -1 found)"))
        << r.err;
    EXPECT_TRUE(has(r.err, "Korf's instances use --goal blank-first")) << r.err;
    // korf24-50.txt: 25 tiles and the length. Each board as its own goal answers 0 at once, so the
    // file is read without solving a 24-puzzle; the column (95) then differs.
    const std::string head = korf_head("sliding/korf24-50.txt", 1);
    const std::string row = head.substr(head.rfind('\n', head.size() - 2) + 1);
    const std::string board = row.substr(0, row.rfind(' '));
    r = run_cli({"sliding", "--batch", "--goal", board}, head);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "0\n");
    EXPECT_TRUE(has(r.err, "1 of 1 answers differ")) << r.err;
    // A line that is no board without its last number either is still a bad line.
    r = run_cli({"sliding", "--batch"}, "1 2 3 4 5 6 7 8\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_TRUE(has(r.err, "8 numbers do not make a square board")) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

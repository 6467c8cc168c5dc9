// End-to-end tests of option handling shared by the commands: bad option values are usage errors
// (exit 2), goal notations, option combinations refused or honoured, messages that name the
// argument at fault, help footers, one error prefix per command.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

constexpr const char* kBoard = "1 0 3\n4 2 5\n7 8 6\n";  // 3 moves: DRD

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(OptionsCli, MisspeltGoalIsAUsageError) {
    const auto r = run_cli({"sliding", "--goal", "blank_first"}, kBoard);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, "blank_first")) << r.err;
    // In --batch too, where the goal is read before any board.
    const auto b = run_cli({"sliding", "--batch", "--goal", "1 2 3"}, "1 0 3 4 2 5 7 8 6\n");
    EXPECT_EQ(b.exit_code, 2) << b.err;
    EXPECT_EQ(b.out, "");
}

TEST(OptionsCli, GoalRowsMaySeparateWithSlashes) {
    const auto plain = run_cli({"sliding", "--path", "--goal", "1 2 3 4 5 6 7 8 0"}, kBoard);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    const auto slashed = run_cli({"sliding", "--path", "--goal", "1 2 3 / 4 5 6 / 7 8 0"}, kBoard);
    EXPECT_EQ(slashed.exit_code, 0) << slashed.err;
    EXPECT_EQ(slashed.out, plain.out);
    // Another goal, written both ways, in a batch whose size comes from the goal.
    const auto other = run_cli({"sliding", "--batch", "--goal", "1/2/3 8 0/4 7 6 5"}, "1 2 3 8 4 0 7 6 5\n");
    EXPECT_EQ(other.exit_code, 0) << other.err;
    EXPECT_EQ(other.out, "1\n");
}

TEST(OptionsCli, TimeoutRefusesNanAndDocumentsZero) {
    for (const char* value : {"nan", "NaN", "-nan"}) {
        const auto r = run_cli({"sliding", "--timeout", value}, kBoard);
        EXPECT_EQ(r.exit_code, 2) << value << ": " << r.err;
        EXPECT_EQ(r.out, "") << value;
        EXPECT_TRUE(has(r.err, "--timeout")) << r.err;
    }
    const auto zero = run_cli({"sliding", "--timeout", "0"}, kBoard);
    EXPECT_EQ(zero.exit_code, 0) << zero.err;
    EXPECT_EQ(zero.out, "3\n");
    for (const char* command : {"sliding", "rush", "queens"}) {
        const auto help = run_cli({command, "--help"});
        EXPECT_TRUE(has(help.out, "0: no limit")) << command << ": " << help.out;
        EXPECT_TRUE(has(help.out, "0: all cores")) << command << ": " << help.out;
    }
}

TEST(OptionsCli, CountRefusesAFileItWouldIgnore) {
    const auto r = run_cli({"sliding", "--count", "board.txt"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, "--count")) << r.err;
    EXPECT_TRUE(has(r.err, "board.txt")) << r.err;
    const auto ok = run_cli({"sliding", "--count", "--size", "2x2"});
    EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

// CLI11 listed unexpected arguments last first and blamed the FILE that an unknown option's value
// had pushed out of its place.
TEST(OptionsCli, UnexpectedArgumentsAreNamedInOrder) {
    const struct {
        std::vector<std::string> args;
        std::string err;
    } cases[] = {
        {{"rush", "--show", "--palette", "never", "r.txt"},
         "bitsolve rush: unknown option '--palette' (see bitsolve rush --help)\n"},
        {{"sliding", "--foo", "--path", "--bar=3", "x"},
         "bitsolve sliding: unknown options '--foo', '--bar=3' (see bitsolve sliding --help)\n"},
        {{"sliding", "a", "b", "c"}, "bitsolve sliding: unexpected arguments 'b', 'c' (see bitsolve sliding --help)\n"},
        {{"queens", "merge", "p1", "--xx"},
         "bitsolve queens merge: unknown option '--xx' (see bitsolve queens merge --help)\n"},
        {{"solve", "board.txt"}, "bitsolve: unknown command 'solve' (see bitsolve --help)\n"},
    };
    for (const auto& c : cases) {
        const auto r = run_cli(c.args);
        EXPECT_EQ(r.exit_code, 2) << c.args[0];
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, c.err);
    }
}

// Subcommands used to inherit the footer of the command they were added to.
TEST(OptionsCli, EachHelpHasItsOwnFooter) {
    const auto bench = run_cli({"bench", "--help"});
    EXPECT_EQ(bench.exit_code, 0);
    EXPECT_FALSE(has(bench.out, "Exit codes:")) << bench.out;
    EXPECT_TRUE(has(bench.out, "Workloads: queens, rush, sliding")) << bench.out;
    const auto merge = run_cli({"queens", "merge", "--help"});
    EXPECT_EQ(merge.exit_code, 0);
    EXPECT_FALSE(has(merge.out, "Checkpoint:")) << merge.out;
    EXPECT_TRUE(has(merge.out, "bitsolve queens merge part1 part2")) << merge.out;
    const auto top = run_cli({"--help"});
    EXPECT_TRUE(has(top.out, "Exit codes:")) << top.out;
}

TEST(OptionsCli, UnknownBenchWorkloadListsTheKnownOnes) {
    const auto r = run_cli({"bench", "foo"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "bitsolve bench: unknown workload 'foo'; known: queens, rush, sliding\n");
}

TEST(OptionsCli, UnknownJudgeProblemIsOneLine) {
    const auto r = run_cli({"boj", "1234"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.err, "bitsolve boj: unknown problem 1234 (known: 1525, 9663, 18139; see bitsolve boj --help)\n");
}

TEST(OptionsCli, JudgeProblemsReadAFileLikeStdin) {
    for (const char* problem : {"1525", "9663", "18139"}) {
        const std::string in = data_path(std::string("boj/") + problem + "-1.in");
        const auto from_stdin = run_cli({"boj", problem}, slurp(in));
        const auto from_file = run_cli({"boj", problem, in});
        EXPECT_EQ(from_file.exit_code, 0) << problem << ": " << from_file.err;
        EXPECT_EQ(from_file.out, slurp(data_path(std::string("boj/") + problem + "-1.out"))) << problem;
        EXPECT_EQ(from_file.out, from_stdin.out) << problem;
    }
    const auto missing = run_cli({"boj", "1525", "/nonexistent/input.txt"});
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_TRUE(has(missing.err, "/nonexistent/input.txt")) << missing.err;
}

// A file of several lines that is no partial result was blamed on line 2 ("more than one line").
TEST(OptionsCli, MergeBlamesLineOneOfAFileThatIsNoPartialResult) {
    const std::string path = testing::TempDir() + "options-cli-not-partial.txt";
    {
        std::ofstream out(path);
        out << "12\n92\n";
    }
    const auto r = run_cli({"queens", "merge", path});
    std::remove(path.c_str());
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, "line 1, column 1: expected 'queens-partial'")) << r.err;
}

// An interrupted --checkpoint run says where its work is kept and the command that resumes it,
// in a form a shell reads back (the path here holds a space and a quote).
TEST(OptionsCli, InterruptedCheckpointRunSaysHowToResume) {
    const std::string ck = testing::TempDir() + "options cli's.ckpt";
    std::remove(ck.c_str());
    const auto r =
        run_cli({"queens", "20", "--shard", "2/3", "--threads", "1", "--checkpoint", ck, "--timeout", "0.2"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    std::string quoted = "'";
    for (char c : ck) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    quoted += "'";
    EXPECT_EQ(r.err, "bitsolve queens: time limit of 0.2 s reached; the checkpoint " + quoted +
                         " keeps the finished work, resume with: bitsolve queens 20 --shard 2/3 --checkpoint " +
                         quoted + "\n");
    std::remove(ck.c_str());
    // rush enumerate: the same, when the limit comes before the end (a small run may finish first).
    const std::string db = testing::TempDir() + "options-cli-db.ckpt", out = testing::TempDir() + "options-cli-db.txt";
    std::remove(db.c_str());
    const auto e = run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--threads", "1", "--checkpoint", db,
                            "-o", out, "--timeout", "0.01"});
    if (e.exit_code == 1)
        EXPECT_TRUE(has(
            e.err, "resume with: bitsolve rush enumerate --size 4 --walls 1 --checkpoint " + db + " -o " + out + "\n"))
            << e.err;
    else EXPECT_EQ(e.exit_code, 0) << e.err;
    std::remove(db.c_str());
    std::remove(out.c_str());
}

// A typo in a --pdb-dir parent used to create the whole tree and start a build of minutes.
TEST(OptionsCli, PdbDirCreatesOnlyItsLastComponentAndSaysWhereTablesGo) {
    const std::filesystem::path root = std::filesystem::path(testing::TempDir()) / "options-cli-pdb";
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root);
    const std::string board = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    const std::string typo = (root / "cahce" / "bitsolve").string();
    auto r = run_cli({"sliding", "--heuristic", "pdb555", "--pdb-dir", typo}, board);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_TRUE(has(r.err, (root / "cahce").string() + "' is not a directory")) << r.err;
    EXPECT_FALSE(std::filesystem::exists(root / "cahce"));
    r = run_cli({"sliding", "build-pdb", "pdb555", "--pdb-dir", typo});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_FALSE(std::filesystem::exists(root / "cahce"));
    // One new component is created; stderr says where each table goes.
    const std::filesystem::path dir = root / "tables";
    r = run_cli({"sliding", "--heuristic", "pdb555", "--pdb-dir", dir.string()}, board);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n");
    EXPECT_TRUE(std::filesystem::is_directory(dir));
    EXPECT_TRUE(
        has(r.err, "building pattern database 4x4-b15-5.4.2.1.0 into " + (dir / "4x4-b15-5.4.2.1.0.pdb").string()))
        << r.err;
    std::filesystem::remove_all(root);
}

// Every error line starts with "bitsolve <command>: ", the subcommand's own name included.
TEST(OptionsCli, OneErrorPrefixPerCommand) {
    const struct {
        std::vector<std::string> args;
        std::string prefix;
    } cases[] = {
        {{"sliding", "--algo", "astar"}, "bitsolve sliding: "},
        {{"sliding", "--timeout", "x"}, "bitsolve sliding: "},
        {{"rush", "enumerate", "--size", "x"}, "bitsolve rush enumerate: "},
        {{"queens", "merge", "/nonexistent/part"}, "bitsolve queens merge: "},
        {{"queens", "merge", "--unique"}, "bitsolve queens merge: "},
        {{"queens", "x"}, "bitsolve queens: "},
        {{"boj", "1525"}, "bitsolve boj: "},
        {{"boj", "9663"}, "bitsolve boj: "},
        {{"boj", "18139"}, "bitsolve boj: "},
        {{"bench", "--timeout", "-1"}, "bitsolve bench: "},
    };
    for (const auto& c : cases) {
        const auto r = run_cli(c.args);
        EXPECT_NE(r.exit_code, 0) << c.args[0];
        EXPECT_EQ(r.err.rfind(c.prefix, 0), 0u) << c.prefix << " | " << r.err;
    }
}

TEST(OptionsCli, ListingWithoutSolutionsSaysSo) {
    for (const char* flag : {"--show", "--list"}) {
        std::vector<std::string> args{"queens", "3", flag};
        if (std::string(flag) == "--list") args.push_back("5");
        const auto r = run_cli(args);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err, "bitsolve queens: no solution: 3 queens cannot be placed on a 3x3 board\n");
    }
    const auto four = run_cli({"queens", "4", "--show"});
    EXPECT_EQ(four.exit_code, 0);
    EXPECT_EQ(four.err, "");
}

// --stats keys: `Boards` in every batch, `Algorithm` in every family, and the table auto chose.
TEST(OptionsCli, StatsKeysAreTheSameAcrossFamilies) {
    auto keys = [](const std::string& err) {
        std::vector<std::string> k;
        for (std::size_t at = 0; at < err.size();) {
            const std::size_t end = err.find('\n', at), colon = err.find(": ", at);
            if (colon < end) k.push_back(err.substr(at, colon - at));
            at = end == std::string::npos ? err.size() : end + 1;
        }
        return k;
    };
    const std::vector<std::string> batch_keys{"Boards",          "Algorithm", "Nodes expanded",
                                              "Nodes generated", "Time",      "Nodes/second"};
    const auto sliding = run_cli({"sliding", "--batch", "--stats", data_path("sliding/examples/batch-3x3.txt")});
    const auto rush = run_cli({"rush", "--batch", "--stats", data_path("rush/examples/batch.txt")});
    EXPECT_EQ(keys(sliding.err), batch_keys) << sliding.err;
    std::vector<std::string> rush_keys = batch_keys;
    rush_keys.push_back("Kernel");  // the moves search says which kernel ran
    EXPECT_EQ(keys(rush.err), rush_keys) << rush.err;
    const auto one = run_cli({"rush", "--stats", data_path("rush/examples/short.txt")});
    EXPECT_EQ(keys(one.err), std::vector<std::string>(rush_keys.begin() + 1, rush_keys.end())) << one.err;
    EXPECT_TRUE(has(one.err, "Algorithm: bfs\n")) << one.err;
    // --heuristic auto naming the table it chose: tests/cli/options_slow_test.cpp.
}

}  // namespace
}  // namespace bitsolve::test

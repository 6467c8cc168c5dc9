// End-to-end tests of `bitsolve queens`, `bitsolve queens merge` and `bitsolve boj 9663`.
#include <fcntl.h>
#include <gtest/gtest.h>

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <algorithm>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "bitsolve/queens/parse.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

std::string temp_file(const std::string& name) { return ::testing::TempDir() + "queens_cli_" + name; }

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

TEST(QueensCli, CountsAndUnique) {
    auto r = run_cli({"queens", "8"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "92\n");
    r = run_cli({"queens", "8", "--unique"});
    EXPECT_EQ(r.out, "12\n");
    r = run_cli({"queens", "1"});
    EXPECT_EQ(r.out, "1\n");
    r = run_cli({"queens", "3"});
    EXPECT_EQ(r.out, "0\n");
    r = run_cli({"queens", "14", "--threads", "1"});
    EXPECT_EQ(r.out, "365596\n");
}

TEST(QueensCli, StatsGiveBothNumbersAndClasses) {
    const auto r = run_cli({"queens", "10", "--stats"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "724\n");
    EXPECT_NE(r.err.find("Solutions: 724\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Unique: 92\n"), std::string::npos);
    EXPECT_NE(r.err.find("Unique asymmetric (8 images): 89\n"), std::string::npos);
    EXPECT_NE(r.err.find("Unique 180-degree symmetric (4 images): 3\n"), std::string::npos);
    EXPECT_NE(r.err.find("Unique 90-degree symmetric (2 images): 0\n"), std::string::npos);
}

TEST(QueensCli, SameOutputForAnyThreadCount) {
    const auto one = run_cli({"queens", "12", "--threads", "1", "--unique"});
    for (const char* t : {"2", "3", "16"}) {
        const auto r = run_cli({"queens", "12", "--threads", t, "--unique"});
        EXPECT_EQ(r.out, one.out);
    }
    EXPECT_EQ(one.out, "1787\n");
}

TEST(QueensCli, ListAndShow) {
    auto r = run_cli({"queens", "8", "--list", "3"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "1 5 8 6 3 7 2 4\n1 6 8 3 7 4 2 5\n1 7 4 6 8 2 5 3\n");
    r = run_cli({"queens", "4", "--list", "10", "--show"});
    EXPECT_EQ(r.out, "2 4 1 3\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n3 1 4 2\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n");
    r = run_cli({"queens", "2", "--list", "5"});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
}

// A time limit ends a long list after whole lines: the first solutions, in order, the same bytes
// as a list of that many; then one line on stderr and exit code 1. JSON prints nothing.
TEST(QueensCli, ATimeLimitEndsAListAfterWholeLines) {
    const auto r = run_cli({"queens", "20", "--list", "100000000", "--timeout", "0.3", "--threads", "1"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
    ASSERT_FALSE(r.out.empty());
    ASSERT_EQ(r.out.back(), '\n');
    const auto lines = static_cast<std::size_t>(std::count(r.out.begin(), r.out.end(), '\n'));
    const auto whole = run_cli({"queens", "20", "--list", std::to_string(lines)});
    EXPECT_EQ(whole.exit_code, 0) << whole.err;
    EXPECT_EQ(whole.out, r.out);
    const auto json = run_cli({"queens", "20", "--list", "100000000", "--timeout", "0.3", "--format", "json"});
    EXPECT_EQ(json.exit_code, 1) << json.err;
    EXPECT_EQ(json.out, "");
}

TEST(QueensCli, UsageErrors) {
    for (std::vector<std::string> args : {std::vector<std::string>{"queens", "0"},
                                          {"queens", "33"},
                                          {"queens", "-4"},
                                          {"queens", "abc"},
                                          {"queens", "99999999999999999999999"},
                                          {"queens", "8x"},
                                          {"queens"},
                                          {"queens", "8", "--list", "0"},
                                          {"queens", "8", "--shard", "4/3"},
                                          {"queens", "8", "--shard", "x"},
                                          {"queens", "8", "--list", "2", "--unique"},
                                          {"queens", "8", "--shard", "1/2", "--unique"},
                                          {"queens", "8", "--threads", "-1"},
                                          {"queens", "8", "--max-memory", "lots"}}) {
        const auto r = run_cli(args);
        EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
}

TEST(QueensCli, ShardsMergeToThePlainCount) {
    std::vector<std::string> files;
    for (int i = 1; i <= 4; ++i) {
        const auto r = run_cli({"queens", "13", "--shard", std::to_string(i) + "/4"});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out.rfind("queens-partial n=13 shard=" + std::to_string(i) + "/4 count=", 0), 0u) << r.out;
        files.push_back(temp_file("part" + std::to_string(i)));
        write_file(files.back(), r.out);
    }
    std::vector<std::string> args = {"queens", "merge"};
    args.insert(args.end(), files.begin(), files.end());
    auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "73712\n");
    args.insert(args.begin() + 2, "--unique");
    EXPECT_EQ(run_cli(args).out, "9233\n");

    // A missing shard, a repeated shard, a shard of another split.
    r = run_cli({"queens", "merge", files[0], files[1], files[2]});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("missing 1 of 4 shards (4)"), std::string::npos) << r.err;
    r = run_cli({"queens", "merge", files[0], files[1], files[2], files[3], files[1]});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("given twice"), std::string::npos) << r.err;
    const std::string other = temp_file("other");
    write_file(other, run_cli({"queens", "12", "--shard", "1/4"}).out);
    r = run_cli({"queens", "merge", files[0], files[1], files[2], other});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("N=12"), std::string::npos) << r.err;
    write_file(other, "queens-partial n=13 shard=1/4 count=oops rot180=0 rot90=0\n");
    r = run_cli({"queens", "merge", other});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("line 1, column 37"), std::string::npos) << r.err;
    r = run_cli({"queens", "merge", temp_file("does-not-exist")});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "");
}

TEST(QueensCli, CheckpointResumesAfterATimeout) {
    const std::string ck = temp_file("resume.ckpt");
    constexpr std::uint64_t kItems = 27745;  // sub-problems of N = 16
    // Stopped by the time limit: exit 1, and the checkpoint keeps the finished sub-problems. How
    // many are finished by then depends on the machine and its load: the limit counts from the
    // start of the command (the list of sub-problems, the first checkpoint write), so on a loaded
    // machine it can come before the first sub-problem ends, and on a fast one the whole count can
    // fit in it. So the limit is searched for: raised while a stopped run finished nothing,
    // lowered while a run finished everything, until a run stops part way.
    double limit = 0.05, too_short = 0, too_long = 0;
    queens::CheckpointData cp;
    for (int attempt = 0;; ++attempt) {
        ASSERT_LT(attempt, 40) << "no time limit between " << too_short << " s and " << too_long
                               << " s stopped the count part way";
        std::remove(ck.c_str());
        char limit_text[32];
        std::snprintf(limit_text, sizeof limit_text, "%g", limit);  // as the message prints it
        const auto r = run_cli({"queens", "16", "--threads", "1", "--checkpoint", ck, "--timeout", limit_text});
        cp = queens::parse_checkpoint(slurp(ck));
        EXPECT_EQ(cp.n, 16);
        EXPECT_EQ(cp.shard, (queens::ShardSpec{1, 1}));
        EXPECT_EQ(cp.items, kItems);
        if (r.exit_code == 0) {
            EXPECT_EQ(r.out, "14772512\n");
            EXPECT_EQ(cp.done_count(), kItems);
            too_long = limit;
            limit = (too_short + too_long) / 2;
            continue;
        }
        ASSERT_EQ(r.exit_code, 1) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find(std::string("time limit of ") + limit_text + " s reached"), std::string::npos) << r.err;
        ASSERT_LT(cp.done_count(), kItems);
        if (cp.done_count() > 0) break;
        EXPECT_EQ(queens::to_string(cp.counts.total), "0");  // stopped before the first sub-problem ended
        too_short = limit;
        limit = too_long > 0 ? (too_short + too_long) / 2 : 2 * limit;
    }
    // One thread takes the sub-problems in order: the finished ones are a prefix, and what they
    // add up to is part of the total.
    const std::uint64_t resumed = cp.done_count();
    ASSERT_EQ(cp.done.size(), 1u);
    EXPECT_EQ(cp.done[0].first, 0u);
    EXPECT_TRUE(cp.counts.total > 0 && cp.counts.total < 14772512) << queens::to_string(cp.counts.total);
    // The resumed run counts only the rest: the right total, not one sub-problem counted twice.
    auto r = run_cli({"queens", "16", "--checkpoint", ck, "--stats"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "14772512\n");
    const std::string sub_problems = "Sub-problems: 27745\nSub-problems resumed: " + std::to_string(resumed) + "\n";
    EXPECT_NE(r.err.find(sub_problems), std::string::npos) << r.err;
    cp = queens::parse_checkpoint(slurp(ck));
    EXPECT_EQ(cp.done, (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{0, kItems - 1}}));
    EXPECT_EQ(queens::to_string(cp.counts.total), "14772512");
    // Finished: running again answers from the checkpoint alone.
    r = run_cli({"queens", "16", "--checkpoint", ck, "--unique"});
    EXPECT_EQ(r.out, "1846955\n");
    // Another N or another shard is refused.
    r = run_cli({"queens", "15", "--checkpoint", ck});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("for N=16 shard 1/1, not for N=15"), std::string::npos) << r.err;
    r = run_cli({"queens", "16", "--shard", "1/2", "--checkpoint", ck});
    EXPECT_EQ(r.exit_code, 3);
    write_file(ck, "bitsolve-queens-checkpoint 1\nn 16\n");
    r = run_cli({"queens", "16", "--checkpoint", ck});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("line 3"), std::string::npos) << r.err;
    std::remove(ck.c_str());
}

// SIGTERM during a count: the checkpoint is saved, the exit code is 1, and a later run reads the
// saved state.
TEST(QueensCli, SigtermSavesTheCheckpoint) {
    const std::string ck = temp_file("sigterm.ckpt");
    std::remove(ck.c_str());
    std::vector<std::string> args = {BITSOLVE_BIN, "queens", "17", "--threads", "1", "--checkpoint", ck};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    ASSERT_EQ(posix_spawn(&pid, BITSOLVE_BIN, &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    // The checkpoint is written once the signal handlers are in place and before the count
    // starts: a signal sent earlier would kill the process (a fixed wait is not enough on a loaded
    // machine). The count of N = 17 takes seconds: far longer than noticing the file takes.
    int status = 0;
    bool exited = false;
    const auto t0 = std::chrono::steady_clock::now();
    while (::access(ck.c_str(), F_OK) != 0 && !exited &&
           std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60)) {
        exited = ::waitpid(pid, &status, WNOHANG) == pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    ASSERT_FALSE(exited) << "exited before writing its checkpoint";
    if (::access(ck.c_str(), F_OK) != 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        FAIL() << "no checkpoint after 60 s";
    }
    ::kill(pid, SIGTERM);
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 1);
    const std::string saved = slurp(ck);
    EXPECT_EQ(saved.rfind("bitsolve-queens-checkpoint 2\nn 17\n", 0), 0u) << saved;
    // Resuming N = 17 would take seconds; the saved state must parse and be refused for N = 16.
    const auto r = run_cli({"queens", "16", "--checkpoint", ck});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("for N=17"), std::string::npos) << r.err;
    // A total changed by hand (or by a damaged disk) is refused, not added to the count.
    std::string edited = saved;
    const std::size_t total = edited.find("\ntotal ") + 7;
    edited[total] = edited[total] == '9' ? '8' : static_cast<char>(edited[total] + 1);
    write_file(ck, edited);
    const auto e = run_cli({"queens", "17", "--checkpoint", ck});
    EXPECT_EQ(e.exit_code, 3) << e.err;
    EXPECT_EQ(e.out, "");
    EXPECT_NE(e.err.find("checksum mismatch"), std::string::npos) << e.err;
    std::remove(ck.c_str());
}

TEST(QueensCli, UnwritableCheckpointFailsAtOnce) {
    const auto r = run_cli({"queens", "12", "--checkpoint", "/nonexistent-dir/q.ckpt"});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("cannot create checkpoint"), std::string::npos) << r.err;
}

TEST(QueensCli, MemoryLimitRefusesTheSplit) {
    const auto r = run_cli({"queens", "32", "--max-memory", "1K"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("sub-problems"), std::string::npos) << r.err;
}

TEST(QueensCli, ShardWithCheckpoint) {
    const std::string ck = temp_file("shard.ckpt");
    std::remove(ck.c_str());
    const auto plain = run_cli({"queens", "12", "--shard", "2/3"});
    auto r = run_cli({"queens", "12", "--shard", "2/3", "--checkpoint", ck});
    EXPECT_EQ(r.out, plain.out);
    r = run_cli({"queens", "12", "--shard", "2/3", "--checkpoint", ck});
    EXPECT_EQ(r.out, plain.out);
    std::remove(ck.c_str());
}

TEST(QueensCli, JudgeProblem9663) {
    const auto r = run_cli({"boj", "9663"}, slurp(data_path("boj/9663-1.in")));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, slurp(data_path("boj/9663-1.out")));
    EXPECT_EQ(run_cli({"boj", "9663"}, "14\n").out, "365596\n");
    EXPECT_EQ(run_cli({"boj", "9663"}, "1").out, "1\n");
    for (const char* bad : {"", "0\n", "x\n", "15 16\n", "-3\n"}) {
        const auto b = run_cli({"boj", "9663"}, bad);
        EXPECT_EQ(b.exit_code, 3) << bad;
        EXPECT_EQ(b.out, "");
    }
}

TEST(QueensCli, BenchSignature) {
    const auto r = run_cli({"bench", "queens"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("queens   N=15 solutions 2279184\n"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("Nodes searched : 39636367\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

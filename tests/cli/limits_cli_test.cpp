// Limits end to end against the built binary: --timeout and --max-memory on every subcommand
// (documented in --help, bad values usage errors), memory refused up front, timeouts and
// SIGINT/SIGTERM stopping counts, batches and bench workloads with one line on stderr, exit
// code 1 and nothing finished lost (checkpoints kept, no torn line).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bitsolve/core/file.hpp"
#include "bitsolve/queens/parse.hpp"
#include "cli/guarded_run.hpp"

namespace bitsolve::test {
namespace {

TEST(Limits, BadLimitValuesAreUsageErrors) {
    const fs::path board = write_file("board.txt", "1 0 3\n4 2 5\n7 8 6\n");
    const fs::path empty = write_file("empty-stdin", "");
    for (const Args& args :
         {Args{"sliding", "--max-memory", "12Q", board.string()},
          Args{"sliding", "--max-memory", "-5M", board.string()}, Args{"sliding", "--timeout", "-1", board.string()},
          Args{"sliding", "--threads", "99999999999999999999", board.string()},
          Args{"queens", "8", "--max-memory", std::string(40, '9')}})
        expect_rejected(run_guarded(args, empty), 2, show(args));
}

// Every subcommand documents and accepts --timeout and --max-memory.
TEST(Limits, EveryCommandTakesTheLimitOptions) {
    for (const Args& cmd : {Args{"sliding"}, Args{"sliding", "build-pdb"}, Args{"rush"}, Args{"queens"},
                            Args{"queens", "merge"}, Args{"boj"}, Args{"bench"}}) {
        Args help = cmd;
        help.push_back("--help");
        const auto r = run_cli(help);
        EXPECT_EQ(r.exit_code, 0) << show(help);
        EXPECT_NE(r.out.find("--timeout SECONDS"), std::string::npos) << show(help) << r.out;
        EXPECT_NE(r.out.find("--max-memory SIZE"), std::string::npos) << show(help) << r.out;
    }
    const fs::path empty = write_file("empty-stdin", "");
    const auto shard = run_guarded({"queens", "8", "--shard", "1/1"}, empty);
    ASSERT_EQ(shard.exit_code, 0) << shard.err;
    const fs::path good = write_file("part-1-of-1", shard.out);
    const auto merged = run_guarded({"queens", "merge", "--timeout", "30", "--max-memory", "1G", good.string()}, empty);
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    const auto judged = run_text({"boj", "9663", "--timeout", "30", "--max-memory", "1G"}, "8\n");
    EXPECT_EQ(judged.exit_code, 0) << judged.err;
    EXPECT_EQ(judged.out, "92\n");
    // A table build over the budget is refused before anything is allocated or written (the
    // build's progress line may come first; the last line is the refusal).
    const fs::path dir = scratch_dir() / "pdb-cache";
    const auto built =
        run_guarded({"sliding", "build-pdb", "pdb663", "--pdb-dir", dir.string(), "--max-memory", "1M"}, empty);
    EXPECT_EQ(built.exit_code, 1) << built.err;
    EXPECT_EQ(built.out, "");
    EXPECT_NE(built.err.find("bitsolve sliding build-pdb: "), std::string::npos) << built.err;
    EXPECT_NE(built.err.find("more than the memory limit of 1.0 MiB"), std::string::npos) << built.err;
    EXPECT_TRUE(!fs::exists(dir) || fs::is_empty(dir));
}

// A bench workload cut by --timeout: exit code 1 and only the line of the stop (the workload's
// own lines are printed when it finishes). Far longer than the limit on any machine: the
// sliding workload searches 10.8 million nodes.
TEST(Limits, TimeoutStopsABenchWorkloadWithOneLine) {
    const auto r = run_text({"bench", "sliding", "--timeout", "0.05"}, "");
    expect_rejected(r, 1, "bench sliding --timeout 0.05");
    EXPECT_NE(r.err.find("time limit of 0.05 s reached"), std::string::npos) << r.err;
}

// The judge problems take the limits too: a budget too small for the list of sub-problems of
// N = 12 is refused before counting.
TEST(Limits, JudgeProblemsTakeTheMemoryLimit) {
    const auto r = run_text({"boj", "9663", "--max-memory", "1K"}, "12\n");
    expect_rejected(r, 1, "boj 9663 --max-memory 1K");
    EXPECT_NE(r.err.find("memory limit"), std::string::npos) << r.err;
}

TEST(Limits, MemoryLimitRefusesUpFront) {
    const fs::path empty = write_file("empty-stdin", "");
    expect_rejected(run_guarded({"sliding", "--count", "--size", "3x4", "--max-memory", "1M"}, empty), 1,
                    "sliding --count over the memory limit");
    expect_rejected(run_guarded({"queens", "12", "--max-memory", "1K"}, empty), 1, "queens over the memory limit");
    // BFS on a 5x5 board cannot be indexed at all: refused at once, whatever the budget.
    const auto r = run_text({"sliding", "--algo", "bfs"},
                            "1 2 3 4 5\n6 7 8 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 24 0\n");
    EXPECT_NE(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(lines_in(r.err), 1) << r.err;
}

TEST(Limits, TimeoutStopsACountWithOneLineAndKeepsTheCheckpoint) {
    const fs::path ckpt = scratch_dir() / "timeout.ckpt";
    fs::remove(ckpt);
    const fs::path empty = write_file("empty-stdin", "");
    const auto r =
        run_guarded({"queens", "20", "--threads", "1", "--timeout", "0.5", "--checkpoint", ckpt.string()}, empty);
    expect_rejected(r, 1, "queens 20 --timeout 0.5");
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
    ASSERT_TRUE(fs::exists(ckpt));
    const auto cp = queens::parse_checkpoint(slurp(ckpt.string()));
    EXPECT_EQ(cp.n, 20);
    for (const auto& e : fs::directory_iterator(scratch_dir()))
        EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << "left behind: " << e.path();
}

TEST(Limits, SignalsStopACountCleanlyAndKeepTheCheckpoint) {
    const fs::path empty = write_file("empty-stdin", "");
    for (int sig : {SIGINT, SIGTERM}) {
        const fs::path ckpt = scratch_dir() / ("signal-" + std::to_string(sig) + ".ckpt");
        fs::remove(ckpt);
        // The checkpoint is written before counting starts: once it exists, the handlers are in
        // place and the count is running.
        const auto r = run_guarded(
            {"queens", "20", "--threads", "1", "--checkpoint", ckpt.string()}, empty, [&] { return fs::exists(ckpt); },
            sig);
        expect_rejected(r, 1, "queens 20 interrupted by signal " + std::to_string(sig));
        EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
        const auto cp = queens::parse_checkpoint(slurp(ckpt.string()));
        EXPECT_EQ(cp.n, 20);
    }
}

// --max-memory bounds what a run holds at once, all its structures together: bidir's two visited
// sets and frontier lists, and the old table beside the new one while a set grows. Each of them
// alone stays far below the limit here; together they reach it and the run stops (exit code 1).
TEST(Limits, TheMemoryLimitBoundsTheStructuresTogether) {
    const fs::path empty = write_file("empty-stdin", "");
    const fs::path small = write_file("small-board", "1 2 3\n4 5 6\n7 0 8\n");
    const auto base = run_guarded({"sliding", "--algo", "bidir", small.string()}, empty);
    ASSERT_EQ(base.exit_code, 0) << base.err;
    // Korf's instance 55 (41 moves), which bidir answers with some 800 MB.
    const fs::path board = write_file("korf-55", "13 8 14 3\n9 1 0 7\n15 5 4 10\n12 2 6 11\n");
    const auto r = run_guarded(
        {"sliding", "--algo", "bidir", "--goal", "blank-first", "--max-memory", "64M", board.string()}, empty);
    expect_rejected(r, 1, "bidir under --max-memory 64M");
    EXPECT_NE(r.err.find("already held is more than the memory limit of 64.0 MiB"), std::string::npos) << r.err;
#if !defined(__SANITIZE_ADDRESS__)
    EXPECT_LT(r.max_rss_kb, base.max_rss_kb + 64 * 1024) << "baseline " << base.max_rss_kb << " KB";
#endif
}

// stdin that is still arriving when a stop comes: the run stops (exit code 1, nothing on stdout)
// instead of taking the part read so far for the whole board.
Run stop_while_reading(const Args& args, const std::string& first_part, int sig) {
    const fs::path fifo = scratch_dir() / ("stdin-" + std::to_string(sig) + ".fifo");
    fs::remove(fifo);
    EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path out = scratch_dir() / "fifo.out", err = scratch_dir() / "fifo.err";
    const pid_t pid = spawn_cli(args, fifo.string(), out.string(), err.string());
    const int w = ::open(fifo.c_str(), O_WRONLY);  // waits for the child to open its end
    EXPECT_GE(w, 0);
    EXPECT_TRUE(write_all(w, first_part));
    std::this_thread::sleep_for(std::chrono::milliseconds(800));  // the child waits for the rest
    if (sig != 0) ::kill(pid, sig);
    int status = 0;
    if (sig == 0) {
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        ::close(w);
        ::waitpid(pid, &status, 0);
    } else {
        ::waitpid(pid, &status, 0);
        ::close(w);
    }
    Run r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out.string());
    r.err = slurp(err.string());
    return r;
}

TEST(Limits, AStopWhileStdinArrivesIsAStopNotAShorterBoard) {
    for (const int sig : {SIGINT, SIGTERM}) {
        const auto r = stop_while_reading({"sliding", "--path"}, "1 0 3\n4 2 5\n", sig);
        expect_rejected(r, 1, "sliding, signal " + std::to_string(sig) + " while reading stdin");
        EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
    }
    // The whole board, but stdin left open past the time limit: the limit ends the wait.
    const auto r = stop_while_reading({"sliding", "--timeout", "0.3"}, "1 0 3\n4 2 5\n7 8 6\n", 0);
    expect_rejected(r, 1, "sliding --timeout 0.3 with stdin open for 1.2 s");
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

// stdin that stays open with nothing on it: a time limit ends the wait (exit code 1, nothing on
// stdout), without a signal and without the input ending.
TEST(Limits, ATimeLimitEndsAWaitForStdin) {
    const fs::path fifo = scratch_dir() / "stdin-silent.fifo";
    fs::remove(fifo);
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    const fs::path out = scratch_dir() / "silent.out", err = scratch_dir() / "silent.err";
    const pid_t pid = spawn_cli({"sliding", "--timeout", "0.3"}, fifo.string(), out.string(), err.string());
    const int w = ::open(fifo.c_str(), O_WRONLY);  // held open, never written
    ASSERT_GE(w, 0);
    int status = 0;
    pid_t done = 0;
    const auto t0 = std::chrono::steady_clock::now();
    while ((done = ::waitpid(pid, &status, WNOHANG)) == 0 &&
           std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20))
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (done == 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, &status, 0);
    }
    ::close(w);
    ASSERT_EQ(done, pid) << "still waiting for stdin 20 s after a time limit of 0.3 s";
    test::Run r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out.string());
    r.err = slurp(err.string());
    expect_rejected(r, 1, "sliding --timeout 0.3 with stdin open and silent");
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
}

TEST(Limits, SignalDuringABatchLeavesNoTornLine) {
    // Hard 15-puzzle instances with the weakest heuristic on one thread: far longer than the
    // moment the signal comes.
    std::string batch;
    {
        std::ifstream in(data_path("sliding/korf100.txt"));
        std::string line;
        int n = 0;
        while (std::getline(in, line) && n < 20) {
            if (line.empty() || line[0] == '#') continue;
            // "tiles... length": keep the 16 tiles.
            std::size_t pos = 0;
            for (int k = 0; k < 16; ++k) pos = line.find(' ', pos + 1);
            batch += line.substr(0, pos) + "\n";
            ++n;
        }
    }
    const fs::path file = write_file("korf-batch.txt", batch);
    const fs::path empty = write_file("empty-stdin", "");
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = run_guarded(
        {"sliding", "--batch", "--goal", "blank-first", "--heuristic", "md", "--threads", "1", file.string()}, empty,
        [&] { return std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(500); }, SIGTERM);
    EXPECT_FALSE(r.hung);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(lines_in(r.err), 1) << r.err;
    EXPECT_TRUE(r.out.empty() || r.out.back() == '\n') << "torn line: " << r.out;
}

}  // namespace
}  // namespace bitsolve::test

// End-to-end test that output reaches its destination or the run fails: every command with
// stdout on /dev/full (always "no space left") says so on stderr and exits non-zero (1).
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

struct FullRun {
    int exit_code = -1;
    std::string err;
};

FullRun run_into_dev_full(const std::vector<std::string>& args, const std::string& stdin_path) {
    // One file per process and call: ctest runs the tests of this file at the same time.
    static int calls = 0;
    const std::string err_path =
        testing::TempDir() + "bitsolve-full-err-" + std::to_string(::getpid()) + "-" + std::to_string(calls++);
    const pid_t pid = spawn_cli(args, stdin_path, "/dev/full", err_path);
    int status = 0;
    ::waitpid(pid, &status, 0);
    FullRun r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.err = slurp(err_path);
    std::remove(err_path.c_str());
    return r;
}

TEST(OutputCli, AWriteErrorOnStdoutIsReportedWithExitCode1) {
    const std::string sliding = data_path("sliding/examples/boj1525-sample.txt");
    const std::string rush = data_path("rush/examples/short.txt");
    const struct {
        std::vector<std::string> args;
        std::string stdin_path;
        std::string prefix;
    } cases[] = {
        {{"sliding", sliding}, "/dev/null", "bitsolve sliding: "},
        {{"sliding", "--batch", data_path("sliding/examples/batch-3x3.txt")}, "/dev/null", "bitsolve sliding: "},
        {{"rush", rush}, "/dev/null", "bitsolve rush: "},
        {{"queens", "8", "--list", "2000"}, "/dev/null", "bitsolve queens: "},
        {{"boj", "1525"}, sliding, "bitsolve boj: "},
        {{"rush", "enumerate", "--size", "4"}, "/dev/null", "bitsolve rush enumerate: "},
        {{"--help"}, "/dev/null", "bitsolve: "},
    };
    for (const auto& c : cases) {
        const FullRun r = run_into_dev_full(c.args, c.stdin_path);
        EXPECT_EQ(r.exit_code, 1) << c.args[0] << ": " << r.err;
        EXPECT_NE(r.err.find(c.prefix + "cannot write output: "), std::string::npos) << c.args[0] << ": " << r.err;
    }
}

TEST(OutputCli, TheMessageSaysWhy) {
    const FullRun r = run_into_dev_full({"sliding", data_path("sliding/examples/boj1525-sample.txt")}, "/dev/null");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err, "bitsolve sliding: cannot write output: No space left on device\n");
}

// The database commands print a summary after their rows: not when the rows never arrived.
TEST(OutputCli, NoSummaryAfterRowsThatCouldNotBeWritten) {
    const FullRun r = run_into_dev_full({"rush", "enumerate", "--size", "4", "--stats"}, "/dev/null");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err.find("rows written"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("Rows:"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.substr(r.err.rfind('\n', r.err.size() - 2) + 1),
              "bitsolve rush enumerate: cannot write output: No space left on device\n")
        << r.err;
}

TEST(OutputCli, AnErrorCodeIsKeptWhenOutputAlsoFails) {
    const FullRun r = run_into_dev_full({"sliding", "/nonexistent/board.txt"}, "/dev/null");
    EXPECT_EQ(r.exit_code, 3) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

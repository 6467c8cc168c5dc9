// Hostile input and resource limits, end to end against the built binary, for every subcommand
// that reads input: each bad input is answered with exactly one line on stderr, the exit code
// by meaning (3 bad input, 2 usage, 1 limit or signal) and nothing on stdout; CRLF and a UTF-8
// byte-order mark are accepted; --timeout, --max-memory, SIGINT and SIGTERM stop cleanly.
//
// Each run has a hang guard (the process is killed after kGuardSeconds and the test fails);
// it is not a timing test: the bound is far above the time any answer takes.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/queens/parse.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

constexpr double kGuardSeconds = 60;

struct Run {
    int exit_code = -1;
    std::string out, err;
    bool hung = false;
    long max_rss_kb = 0;  // peak resident memory of the process
};

fs::path scratch_dir() {
    static const fs::path dir = [] {
        char tmpl[] = "/tmp/bitsolve-robust-XXXXXX";
        const char* d = ::mkdtemp(tmpl);
        if (d == nullptr) throw std::runtime_error("mkdtemp failed");
        return fs::path(d);
    }();
    return dir;
}

// Removes the scratch directory (it holds 10 MB inputs) when the test program ends.
class ScratchCleanup : public ::testing::Environment {
public:
    void TearDown() override {
        std::error_code ec;
        fs::remove_all(scratch_dir(), ec);
    }
};
[[maybe_unused]] ::testing::Environment* const g_cleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

fs::path write_file(const std::string& name, const std::string& bytes) {
    const fs::path p = scratch_dir() / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
}

// Runs the binary with stdin from `stdin_file`; when `ready` is given, polls it and sends
// `sig` once it returns true.
Run run_guarded(const Args& args, const fs::path& stdin_file, const std::function<bool()>& ready = {}, int sig = 0) {
    const fs::path out_path = scratch_dir() / "out", err_path = scratch_dir() / "err";
    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("fork failed");
    if (pid == 0) {
        const int in = ::open(stdin_file.c_str(), O_RDONLY);
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        ::dup2(in, 0);
        ::dup2(out, 1);
        ::dup2(err, 2);
        std::string bin = BITSOLVE_BIN;
        std::vector<std::string> copy = args;
        std::vector<char*> argv{bin.data()};
        for (auto& a : copy) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(bin.c_str(), argv.data());
        std::_Exit(127);
    }
    Run r;
    const auto t0 = std::chrono::steady_clock::now();
    bool signalled = false;
    int status = 0;
    struct rusage usage {};
    for (;;) {
        const pid_t w = ::wait4(pid, &status, WNOHANG, &usage);
        if (w == pid) {
            r.max_rss_kb = usage.ru_maxrss;
            break;
        }
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (s > kGuardSeconds) {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, &status, 0);
            r.hung = true;
            break;
        }
        if (ready && !signalled && ready()) {
            ::kill(pid, sig);
            signalled = true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.out = slurp(out_path.string());
    r.err = slurp(err_path.string());
    return r;
}

Run run_text(const Args& args, const std::string& stdin_text) {
    return run_guarded(args, write_file("stdin", stdin_text));
}

int lines_in(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

std::string show(const Args& args) {
    std::string s;
    for (const auto& a : args) s += a + " ";
    return s;
}

// The contract for a rejected input: exit code, nothing on stdout, one complete stderr line
// that names the program, short (the input is quoted, never echoed whole).
void expect_rejected(const Run& r, int code, const std::string& what) {
    EXPECT_FALSE(r.hung) << what;
    EXPECT_EQ(r.exit_code, code) << what << "\nstderr: " << r.err.substr(0, 300);
    EXPECT_EQ(r.out, "") << what;
    EXPECT_EQ(lines_in(r.err), 1) << what << "\nstderr: " << r.err.substr(0, 300);
    EXPECT_EQ(r.err.rfind("bitsolve", 0), 0u) << what;
    EXPECT_LT(r.err.size(), 400u) << what;
}

// Every way of reading one board, plus the judge problems.
const std::vector<Args>& board_commands() {
    static const std::vector<Args> v{{"sliding"}, {"rush"}, {"boj", "1525"}, {"boj", "18139"}, {"boj", "9663"}};
    return v;
}

std::string random_bytes(std::size_t n, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::string s(n, '\0');
    for (auto& c : s) c = static_cast<char>(rng.next() & 0xFF);
    return s;
}

std::string ten_mb_line(const std::string& unit) {
    std::string s;
    s.reserve((10u << 20) + unit.size());
    while (s.size() < (10u << 20)) s += unit;
    return s;
}

// Memory of a run on hostile input: the input held once (read in growing blocks, so up to twice
// its size while the last block is copied) and nothing per line or per token; lines and tokens
// are read only as far as the answer needs. `baseline_kb` is a run on empty input from the same
// test process: the peak RSS that wait4 reports includes the forked test process before exec.
// The bound fails on tokenising a 10 MB line (40 bytes per token: over 200 MB) or collecting 5
// million short lines (24 bytes each). ASan's shadow memory would mask all this.
void expect_input_sized_memory(const Run& r, long baseline_kb, std::uintmax_t input_bytes, const std::string& what) {
#if !defined(__SANITIZE_ADDRESS__)
    const long input_kb = static_cast<long>(input_bytes / 1024);
    EXPECT_LT(r.max_rss_kb, baseline_kb + 2 * input_kb + 8 * 1024) << what << " (baseline " << baseline_kb << " KB)";
#else
    (void)r, (void)baseline_kb, (void)input_bytes, (void)what;
#endif
}

// One test per command (so ctest runs them side by side); each gets every hostile input.
class HostileBoardInput : public ::testing::TestWithParam<Args> {};

TEST_P(HostileBoardInput, IsBadInputWithOneLine) {
    const Args& cmd = GetParam();
    // Made one at a time and written to the stdin file before the run, so that the forked test
    // process holds none of them (its size counts in the child's peak).
    const std::vector<std::pair<std::string, std::function<std::string()>>> inputs{
        {"binary data", [] { return random_bytes(4096, 7); }},
        {"NUL bytes", [] { return std::string("1 2\0 3\n", 7); }},
        {"a 40-digit number", [] { return std::string("1234567890123456789012345678901234567890\n"); }},
        {"negative numbers", [] { return std::string("-1 -2 -3\n-4 -5 -6\n-7 -8 -9\n"); }},
        {"empty stdin", [] { return std::string(); }},
        {"only blank and comment lines", [] { return std::string("\n  \n# nothing\n"); }},
        {"a 10 MB line of numbers", [] { return ten_mb_line("7 "); }},
        {"a 10 MB line of one letter", [] { return ten_mb_line("q"); }},
        {"10 MB of newlines", [] { return std::string(10u << 20, '\n'); }},
        {"10 MB of short lines", [] { return ten_mb_line("q\n"); }},
    };
    const fs::path empty = write_file("empty-stdin", "");
    for (const auto& [what, make] : inputs) {
        const fs::path file = write_file("hostile-stdin", make());
        const long baseline_kb = run_guarded(cmd, empty).max_rss_kb;
        const auto r = run_guarded(cmd, file);
        expect_rejected(r, 3, show(cmd) + ": " + what);
        expect_input_sized_memory(r, baseline_kb, fs::file_size(file), show(cmd) + ": " + what);
    }
}

INSTANTIATE_TEST_SUITE_P(Commands, HostileBoardInput, ::testing::ValuesIn(board_commands()),
                         [](const ::testing::TestParamInfo<Args>& param_info) {
                             std::string name;
                             for (const auto& a : param_info.param) name += a;
                             return name;
                         });

// Every reader of a named FILE (boards, batches, checkpoints, partial results) gets the huge
// inputs as a file: refused with one line, the same memory bound.
TEST(Robustness, HostileFilesAreRefusedWithoutGrowingMemory) {
    const fs::path empty = write_file("empty-stdin", "");
    // A checkpoint of N = 8 with its line `k` replaced.
    auto checkpoint_with = [](std::size_t k, const std::string& line) {
        std::vector<std::string> lines{"bitsolve-queens-checkpoint 1", "n 8", "shard 1/1", "split 1 10",
                                       "done 1",                       "total 0", "rot180 0", "rot90 0"};
        lines[k] = line;
        std::string s;
        for (const auto& l : lines) s += l + "\n";
        return s;
    };
    const std::vector<std::pair<std::string, std::function<std::string()>>> inputs{
        {"a 10 MB line of numbers", [] { return ten_mb_line("7 "); }},
        {"a 10 MB line of one letter", [] { return ten_mb_line("q"); }},
        {"10 MB of short lines", [] { return ten_mb_line("q\n"); }},
        {"a checkpoint with a 10 MB done line", [&] { return checkpoint_with(4, "done " + ten_mb_line("1 ")); }},
        {"a checkpoint with a 10 MB split line", [&] { return checkpoint_with(3, "split " + ten_mb_line("1 ")); }},
        {"a partial result of 10 MB", [] { return "queens-partial " + ten_mb_line("n=8 "); }},
    };
    for (const auto& [what, make] : inputs) {
        const fs::path file = write_file("hostile-file", make());
        const std::uintmax_t size = fs::file_size(file);
        const fs::path tiny = write_file("tiny-file", "");
        for (const auto& make : std::vector<std::function<Args(const std::string&)>>{
                 [](const std::string& f) { return Args{"sliding", f}; },
                 [](const std::string& f) { return Args{"rush", f}; },
                 [](const std::string& f) { return Args{"rush", "--cluster", f}; },
                 [](const std::string& f) { return Args{"queens", "8", "--checkpoint", f}; },
                 [](const std::string& f) { return Args{"queens", "merge", f}; }}) {
            const Args cmd = make(file.string());
            const long baseline_kb = run_guarded(make(tiny.string()), empty).max_rss_kb;
            const auto r = run_guarded(cmd, empty);
            expect_rejected(r, 3, show(cmd) + ": " + what);
            expect_input_sized_memory(r, baseline_kb, size, show(cmd) + ": " + what);
            // A refused checkpoint is left as it was.
            if (cmd[1] == "8") EXPECT_EQ(fs::file_size(file), size) << show(cmd);
        }
    }
}

TEST(Robustness, HostileBatchLinesAreAnsweredLineByLine) {
    for (const Args& cmd : {Args{"sliding", "--batch"}, Args{"rush", "--batch"}}) {
        for (const auto& [what, text] : std::vector<std::pair<std::string, std::string>>{
                 {"NUL bytes", std::string("1 2\0 3\n", 7)},
                 {"a 40-digit number", "1234567890123456789012345678901234567890\n"},
                 {"a 10 MB line of numbers", ten_mb_line("7 ")},
                 {"a 10 MB line of one letter", ten_mb_line("q")}})
            expect_rejected(run_text(cmd, text), 3, show(cmd) + ": " + what);
        // Binary data: one error line per non-blank line, never a stdout line, exit 3.
        const auto r = run_text(cmd, random_bytes(4096, 11));
        EXPECT_EQ(r.exit_code, 3) << show(cmd);
        EXPECT_EQ(r.out, "") << show(cmd);
        EXPECT_GE(lines_in(r.err), 1) << show(cmd);
        // An empty batch has no instance to answer.
        const auto e = run_text(cmd, "");
        EXPECT_EQ(e.exit_code, 0) << show(cmd) << e.err;
        EXPECT_EQ(e.out, "");
    }
}

// Batches are streamed in chunks: a 4 MB file of short lines (500,000 boards) is answered line
// by line with the memory of the input, not of one result per line (a few hundred bytes each).
TEST(Robustness, LongBatchesKeepMemoryAtTheInputsSize) {
    const fs::path empty = write_file("empty-stdin", "");
    for (const auto& [cmd, unit, answer] : std::vector<std::tuple<Args, std::string, std::string>>{
             {{"sliding", "--batch", "--threads", "2"}, "1 2 3 0\n", "0\n"},
             {{"rush", "--batch", "--threads", "2"}, "ooooooooAAoooooo\n", "1\n"}}) {
        std::size_t lines = 0;
        {
            std::string text;
            while (text.size() < (4u << 20)) text += unit, ++lines;
            write_file("long-batch", text);
        }
        const long baseline_kb = run_guarded(cmd, empty).max_rss_kb;
        const auto r = run_guarded(cmd, scratch_dir() / "long-batch");
        EXPECT_EQ(r.exit_code, 0) << show(cmd) << r.err.substr(0, 300);
        EXPECT_EQ(r.err, "") << show(cmd);
        ASSERT_EQ(r.out.size(), lines * answer.size()) << show(cmd);
        EXPECT_EQ(r.out.substr(0, answer.size()), answer) << show(cmd);
        expect_input_sized_memory(r, baseline_kb, fs::file_size(scratch_dir() / "long-batch"), show(cmd));
    }
}

TEST(Robustness, GoodLinesOfABatchAreAnsweredAroundBadOnes) {
    const auto r = run_text({"sliding", "--batch"}, "1 0 3 4 2 5 7 8 6\n1 2 \x01\n1 2 3 4 5 6 7 8 0\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "3\n0\n");
    EXPECT_EQ(lines_in(r.err), 1);
    EXPECT_NE(r.err.find("line 2"), std::string::npos) << r.err;
}

TEST(Robustness, CrlfAndByteOrderMarkAreAccepted) {
    const std::string bom = "\xEF\xBB\xBF";
    const std::vector<std::pair<Args, std::string>> cases{
        {{"sliding"}, bom + "1 0 3\r\n4 2 5\r\n7 8 6\r\n"},
        {{"sliding", "--batch"}, bom + "1 0 3 4 2 5 7 8 6\r\n1 2 3 4 5 6 7 8 0\r\n"},
        {{"rush"}, bom + "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\r\n"},
        {{"rush", "--batch"}, bom + "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\r\n"},
        {{"boj", "1525"}, bom + "1 0 3\r\n4 2 5\r\n7 8 6\r\n"},
        {{"boj", "9663"}, bom + "8\r\n"},
    };
    for (const auto& [args, text] : cases) {
        const auto plain = [&] {
            std::string s = text.substr(bom.size());
            std::string t;
            for (char c : s)
                if (c != '\r') t += c;
            return run_text(args, t);
        }();
        const auto r = run_text(args, text);
        EXPECT_EQ(r.exit_code, 0) << show(args) << r.err;
        EXPECT_EQ(r.err, "") << show(args);
        EXPECT_FALSE(r.out.empty()) << show(args);
        EXPECT_EQ(r.out, plain.out) << show(args) << ": same answer as without CRLF and BOM";
    }
}

TEST(Robustness, FileArgumentsThatAreNotReadableFiles) {
    const fs::path dir = scratch_dir() / "a-directory";
    fs::create_directories(dir);
    const fs::path empty = write_file("empty-stdin", "");
    const std::vector<std::string> bad_paths{"/nonexistent/board.txt", dir.string(), "/etc/hostname/not-a-dir"};
    for (const std::string& p : bad_paths) {
        for (const Args& cmd : {Args{"sliding", p}, Args{"sliding", "--batch", p}, Args{"rush", p},
                                Args{"rush", "--batch", p}, Args{"queens", "merge", p}})
            expect_rejected(run_guarded(cmd, empty), 3, show(cmd));
    }
    // Unreadable: only meaningful when not running as root (root reads anything).
    if (::geteuid() != 0) {
        const fs::path locked = write_file("locked.txt", "1 0 3\n4 2 5\n7 8 6\n");
        fs::permissions(locked, fs::perms::none);
        expect_rejected(run_guarded({"sliding", locked.string()}, empty), 3, "unreadable FILE");
    }
    // A checkpoint path that is a directory, or in a missing directory, is bad input too.
    expect_rejected(run_guarded({"queens", "8", "--checkpoint", dir.string()}, empty), 3, "checkpoint is a directory");
    expect_rejected(run_guarded({"queens", "8", "--checkpoint", "/nonexistent/dir/q.ckpt"}, empty), 3,
                    "checkpoint in a missing directory");
}

TEST(Robustness, QueensBoardSizeOutOfRangeIsAUsageError) {
    const fs::path empty = write_file("empty-stdin", "");
    for (const std::string n : {"0", "-3", "1000000000", "33", "1234567890123456789012345678901234567890", "abc", "8x", ""})
        expect_rejected(run_guarded({"queens", n}, empty), 2, "queens '" + n + "'");
}

TEST(Robustness, OptionsGivenTwiceAreUsageErrors) {
    const fs::path board = write_file("board.txt", "1 0 3\n4 2 5\n7 8 6\n");
    const fs::path empty = write_file("empty-stdin", "");
    const std::vector<Args> cases{
        {"sliding", "--threads", "1", "--threads", "2", board.string()},
        {"sliding", "--path", "--path", board.string()},
        {"sliding", "--timeout", "5", "--timeout", "6", board.string()},
        {"rush", "--metric", "steps", "--metric", "moves"},
        {"rush", "--batch", "--batch"},
        {"queens", "8", "--unique", "--unique"},
        {"queens", "8", "--max-memory", "1G", "--max-memory", "2G"},
        {"queens", "merge", "--timeout", "1", "--timeout", "2", board.string()},
        {"boj", "9663", "--timeout", "1", "--timeout", "2"},
        {"bench", "queens", "--max-memory", "1G", "--max-memory", "2G"},
        {"sliding", "build-pdb", "pdb555", "--timeout", "1", "--timeout", "2"},
    };
    for (const auto& args : cases) expect_rejected(run_guarded(args, empty), 2, show(args));
}

TEST(Robustness, BadLimitValuesAreUsageErrors) {
    const fs::path board = write_file("board.txt", "1 0 3\n4 2 5\n7 8 6\n");
    const fs::path empty = write_file("empty-stdin", "");
    for (const Args& args : {Args{"sliding", "--max-memory", "12Q", board.string()},
                             Args{"sliding", "--max-memory", "-5M", board.string()},
                             Args{"sliding", "--timeout", "-1", board.string()},
                             Args{"sliding", "--threads", "99999999999999999999", board.string()},
                             Args{"queens", "8", "--max-memory", std::string(40, '9')}})
        expect_rejected(run_guarded(args, empty), 2, show(args));
}

// Every subcommand documents and accepts --timeout and --max-memory.
TEST(Robustness, EveryCommandTakesTheLimitOptions) {
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
    const auto built = run_guarded({"sliding", "build-pdb", "pdb663", "--pdb-dir", dir.string(), "--max-memory", "1M"}, empty);
    EXPECT_EQ(built.exit_code, 1) << built.err;
    EXPECT_EQ(built.out, "");
    EXPECT_NE(built.err.find("bitsolve sliding build-pdb: "), std::string::npos) << built.err;
    EXPECT_NE(built.err.find("more than the memory limit of 1.0 MiB"), std::string::npos) << built.err;
    EXPECT_TRUE(!fs::exists(dir) || fs::is_empty(dir));
}

// A bench workload cut by --timeout: exit code 1 and only the line of the stop (the workload's
// own lines are printed when it finishes). Far longer than the limit on any machine: the
// sliding workload searches 10.8 million nodes.
TEST(Robustness, TimeoutStopsABenchWorkloadWithOneLine) {
    const auto r = run_text({"bench", "sliding", "--timeout", "0.05"}, "");
    expect_rejected(r, 1, "bench sliding --timeout 0.05");
    EXPECT_NE(r.err.find("time limit of 0.05 s reached"), std::string::npos) << r.err;
}

// The judge problems take the limits too: a budget too small for the list of sub-problems of
// N = 12 is refused before counting.
TEST(Robustness, JudgeProblemsTakeTheMemoryLimit) {
    const auto r = run_text({"boj", "9663", "--max-memory", "1K"}, "12\n");
    expect_rejected(r, 1, "boj 9663 --max-memory 1K");
    EXPECT_NE(r.err.find("memory limit"), std::string::npos) << r.err;
}

// CLI11 names the offending argument in its message: a huge or control-byte argument must still
// give one short, printable line (an argument can be 128 KB long).
TEST(Robustness, UsageErrorsQuoteHostileArguments) {
    const fs::path empty = write_file("empty-stdin", "");
    const std::string huge(100000, 'x'), escape = "\x1b[31mred\x07";
    for (const std::string& bad : {huge, escape}) {
        for (const Args& args : {Args{"sliding", "--timeout", bad}, Args{"sliding", "--algo", bad},
                                 Args{"rush", "--metric", bad}, Args{"boj", bad}, Args{"bench", "queens", bad}, Args{bad}}) {
            const auto r = run_guarded(args, empty);
            expect_rejected(r, 2, args.front() + " with a hostile argument");
            for (char c : r.err) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << "raw byte in: " << r.err;
        }
    }
}

TEST(Robustness, MemoryLimitRefusesUpFront) {
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

TEST(Robustness, TimeoutStopsACountWithOneLineAndKeepsTheCheckpoint) {
    const fs::path ckpt = scratch_dir() / "timeout.ckpt";
    fs::remove(ckpt);
    const fs::path empty = write_file("empty-stdin", "");
    const auto r = run_guarded({"queens", "20", "--threads", "1", "--timeout", "0.5", "--checkpoint", ckpt.string()}, empty);
    expect_rejected(r, 1, "queens 20 --timeout 0.5");
    EXPECT_NE(r.err.find("time limit"), std::string::npos) << r.err;
    ASSERT_TRUE(fs::exists(ckpt));
    const auto cp = queens::parse_checkpoint(slurp(ckpt.string()));
    EXPECT_EQ(cp.n, 20);
    for (const auto& e : fs::directory_iterator(scratch_dir()))
        EXPECT_EQ(e.path().string().find(".tmp"), std::string::npos) << "left behind: " << e.path();
}

TEST(Robustness, SignalsStopACountCleanlyAndKeepTheCheckpoint) {
    const fs::path empty = write_file("empty-stdin", "");
    for (int sig : {SIGINT, SIGTERM}) {
        const fs::path ckpt = scratch_dir() / ("signal-" + std::to_string(sig) + ".ckpt");
        fs::remove(ckpt);
        // The checkpoint is written before counting starts: once it exists, the handlers are in
        // place and the count is running.
        const auto r = run_guarded({"queens", "20", "--threads", "1", "--checkpoint", ckpt.string()}, empty,
                                   [&] { return fs::exists(ckpt); }, sig);
        expect_rejected(r, 1, "queens 20 interrupted by signal " + std::to_string(sig));
        EXPECT_NE(r.err.find("interrupted"), std::string::npos) << r.err;
        const auto cp = queens::parse_checkpoint(slurp(ckpt.string()));
        EXPECT_EQ(cp.n, 20);
    }
}

TEST(Robustness, SignalDuringABatchLeavesNoTornLine) {
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
    const auto r = run_guarded({"sliding", "--batch", "--goal", "blank-first", "--heuristic", "md", "--threads", "1",
                                file.string()},
                               empty,
                               [&] { return std::chrono::steady_clock::now() - t0 > std::chrono::milliseconds(500); },
                               SIGTERM);
    EXPECT_FALSE(r.hung);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(lines_in(r.err), 1) << r.err;
    EXPECT_TRUE(r.out.empty() || r.out.back() == '\n') << "torn line: " << r.out;
}

}  // namespace
}  // namespace bitsolve::test

#pragma once
// Running the built binary under guard for the robustness and limit tests: stdin from a file, a
// hang guard (the process is killed after kGuardSeconds and the test fails; not a timing test,
// the bound is far above any answer's time), an optional signal once a condition holds, and the
// peak memory the kernel reports. Also the contract of a rejected input and the memory bound
// of a hostile one, and the hostile inputs themselves.
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bitsolve/core/rng.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

inline constexpr double kGuardSeconds = 60;

struct Run {
    int exit_code = -1;
    std::string out, err;
    bool hung = false;
    long max_rss_kb = 0;  // peak resident memory of the process
};

inline fs::path scratch_dir() {
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
inline ::testing::Environment* const g_scratch_cleanup = ::testing::AddGlobalTestEnvironment(new ScratchCleanup);

inline fs::path write_file(const std::string& name, const std::string& bytes) {
    const fs::path p = scratch_dir() / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p;
}

// Runs the binary with stdin from `stdin_file`; when `ready` is given, polls it and sends
// `sig` once it returns true.
inline Run run_guarded(const Args& args, const fs::path& stdin_file, const std::function<bool()>& ready = {},
                       int sig = 0) {
    const fs::path out_path = scratch_dir() / "out", err_path = scratch_dir() / "err";
    const pid_t pid = spawn_cli(args, stdin_file.string(), out_path.string(), err_path.string());
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

inline Run run_text(const Args& args, const std::string& stdin_text) {
    return run_guarded(args, write_file("stdin", stdin_text));
}

inline int lines_in(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

inline std::string show(const Args& args) {
    std::string s;
    for (const auto& a : args) s += a + " ";
    return s;
}

// The contract for a rejected input: exit code, nothing on stdout, one complete stderr line
// that names the program, short (the input is quoted, never echoed whole).
inline void expect_rejected(const Run& r, int code, const std::string& what) {
    EXPECT_FALSE(r.hung) << what;
    EXPECT_EQ(r.exit_code, code) << what << "\nstderr: " << r.err.substr(0, 300);
    EXPECT_EQ(r.out, "") << what;
    EXPECT_EQ(lines_in(r.err), 1) << what << "\nstderr: " << r.err.substr(0, 300);
    EXPECT_EQ(r.err.rfind("bitsolve", 0), 0u) << what;
    EXPECT_LT(r.err.size(), 400u) << what;
}

inline std::string random_bytes(std::size_t n, std::uint64_t seed) {
    SplitMix64 rng(seed);
    std::string s(n, '\0');
    for (auto& c : s) c = static_cast<char>(rng.next() & 0xFF);
    return s;
}

inline std::string ten_mb_line(const std::string& unit) {
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
inline void expect_input_sized_memory(const Run& r, long baseline_kb, std::uintmax_t input_bytes,
                                      const std::string& what) {
#if !defined(__SANITIZE_ADDRESS__)
    const long input_kb = static_cast<long>(input_bytes / 1024);
    EXPECT_LT(r.max_rss_kb, baseline_kb + 2 * input_kb + 8 * 1024) << what << " (baseline " << baseline_kb << " KB)";
#else
    (void)r, (void)baseline_kb, (void)input_bytes, (void)what;
#endif
}

}  // namespace bitsolve::test

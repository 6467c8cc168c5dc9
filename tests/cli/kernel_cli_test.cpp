// BITSOLVE_KERNEL: every kernel this CPU supports gives the same answers, node counts and bench
// signatures through the tool, and says so in --stats, bench and --version; unknown or
// unsupported names are usage errors (one line, exit code 2, nothing on stdout).
#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

// run_cli with BITSOLVE_KERNEL set to value (unset for nullptr); the child inherits it.
CliResult run_with_kernel(const char* value, const std::vector<std::string>& args) {
    if (value) ::setenv("BITSOLVE_KERNEL", value, 1);
    else ::unsetenv("BITSOLVE_KERNEL");
    CliResult r = run_cli(args);
    ::unsetenv("BITSOLVE_KERNEL");
    return r;
}

std::vector<const char*> supported() {
    std::vector<const char*> names;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512})
        if (kernel_supported(k)) names.push_back(kernel_name(k));
    return names;
}

// The lines of s without the ones that hold times or rates.
std::string without_times(const std::string& s) {
    std::istringstream in(s);
    std::string kept;
    for (std::string line; std::getline(in, line);) {
        if (line.find("time") != std::string::npos || line.find("Time") != std::string::npos ||
            line.find("/s") != std::string::npos || line.find("/second") != std::string::npos ||
            line.find("Kernel") != std::string::npos)
            continue;
        kept += line + "\n";
    }
    return kept;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

TEST(KernelCli, BenchSignaturesAreTheSameWithEveryKernel) {
    const CliResult scalar = run_with_kernel("scalar", {"bench", "queens"});
    const CliResult scalar_rush = run_with_kernel("scalar", {"bench", "rush"});
    ASSERT_EQ(scalar.exit_code, 0) << scalar.err;
    ASSERT_EQ(scalar_rush.exit_code, 0) << scalar_rush.err;
    EXPECT_TRUE(has(scalar.err, "Kernel : scalar\n")) << scalar.err;
    EXPECT_TRUE(has(scalar.err, "Nodes searched : 39636367\n")) << scalar.err;
    EXPECT_TRUE(has(scalar_rush.err, "Nodes searched : 151329\n")) << scalar_rush.err;
    for (const char* k : supported()) {
        SCOPED_TRACE(k);
        const CliResult q = run_with_kernel(k, {"bench", "queens"});
        const CliResult r = run_with_kernel(k, {"bench", "rush"});
        EXPECT_EQ(q.exit_code, 0);
        EXPECT_EQ(r.exit_code, 0);
        EXPECT_TRUE(has(q.err, std::string("Kernel : ") + k + "\n")) << q.err;
        EXPECT_EQ(without_times(q.err), without_times(scalar.err));
        EXPECT_EQ(without_times(r.err), without_times(scalar_rush.err));
    }
}

TEST(KernelCli, AnswersAndNodeCountsAreTheSameWithEveryKernel) {
    const std::string batch = data_path("rush/fogleman-db-sample.txt");
    const CliResult q = run_with_kernel("scalar", {"queens", "12", "--unique"});
    const CliResult r = run_with_kernel("scalar", {"rush", "--batch", "--stats", batch});
    ASSERT_EQ(q.exit_code, 0) << q.err;
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(q.out, "1787\n");
    for (const char* k : supported()) {
        SCOPED_TRACE(k);
        const CliResult qk = run_with_kernel(k, {"queens", "12", "--unique", "--stats"});
        const CliResult rk = run_with_kernel(k, {"rush", "--batch", "--stats", batch});
        EXPECT_EQ(qk.out, q.out);
        EXPECT_TRUE(has(qk.err, std::string("Kernel: ") + k + "\n")) << qk.err;
        EXPECT_EQ(rk.out, r.out);
        EXPECT_EQ(without_times(rk.err), without_times(r.err));  // boards, nodes expanded and generated
        EXPECT_TRUE(has(rk.err, std::string("Kernel: ") + k + "\n")) << rk.err;
    }
}

TEST(KernelCli, VersionNamesTheKernel) {
    const CliResult plain = run_with_kernel(nullptr, {"--version"});
    EXPECT_EQ(plain.exit_code, 0);
    const std::string best = kernel_name(detected_kernel());
    EXPECT_TRUE(has(plain.out, "kernel " + best + " (this CPU: " + best + ")\n")) << plain.out;
    const CliResult scalar = run_with_kernel("scalar", {"--version"});
    EXPECT_TRUE(has(scalar.out, "kernel scalar (this CPU: " + best + ")\n")) << scalar.out;
}

TEST(KernelCli, UnknownOrUnsupportedKernelIsAUsageError) {
    std::vector<const char*> refused = {"AVX2", "sse", "avx-512", "scalar "};
    for (Kernel k : {Kernel::Avx2, Kernel::Avx512})
        if (!kernel_supported(k)) refused.push_back(kernel_name(k));
    for (const char* bad : refused) {
        SCOPED_TRACE(bad);
        const CliResult r = run_with_kernel(bad, {"queens", "8"});
        EXPECT_EQ(r.exit_code, 2);
        EXPECT_EQ(r.out, "");
        EXPECT_TRUE(has(r.err, "BITSOLVE_KERNEL")) << r.err;
        EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << r.err;  // one line
    }
}

}  // namespace
}  // namespace bitsolve::test

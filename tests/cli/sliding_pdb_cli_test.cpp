// End to end: `bitsolve sliding --heuristic pdb...`, `sliding build-pdb`, the cache directory,
// damaged cache files, batches and usage errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/cli_run.hpp"

using bitsolve::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Korf's instance 9 (optimal length 46), blank-first goal.
const std::string kBoard = "3 14 9 11\n5 4 8 2\n13 12 6 7\n10 1 15 0\n";

struct CacheDir {
    fs::path path =
        fs::temp_directory_path() /
        ("bitsolve-pdb-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    CacheDir() { fs::remove_all(path); }
    ~CacheDir() { fs::remove_all(path); }
};

int count_files(const fs::path& dir) {
    if (!fs::exists(dir)) return 0;
    return static_cast<int>(std::distance(fs::directory_iterator(dir), fs::directory_iterator{}));
}

// --stats output without the lines that depend on the clock.
std::string without_timing(const std::string& err) {
    std::string kept, line;
    std::istringstream in(err);
    while (std::getline(in, line)) {
        if (line.rfind("Time:", 0) == 0 || line.rfind("Nodes/second:", 0) == 0) continue;
        if (line.rfind("Iteration ", 0) == 0) line = line.substr(0, line.rfind(", "));  // its time
        kept += line + "\n";
    }
    return kept;
}

}  // namespace

TEST(SlidingPdbCli, BuildThenSolveFromCache) {
    CacheDir dir;
    auto b = run_cli({"sliding", "build-pdb", "pdb555", "--goal", "blank-first", "--pdb-dir", dir.path.string()});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(count_files(dir.path), 3);
    EXPECT_NE(b.err.find("building pattern database"), std::string::npos);
    auto again = run_cli({"sliding", "build-pdb", "pdb555", "--goal", "blank-first", "--pdb-dir", dir.path.string()});
    EXPECT_NE(again.out.find("(cached)"), std::string::npos);
    EXPECT_EQ(again.err, "");

    auto r = run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555", "--pdb-dir", dir.path.string(),
                      "--path", "--stats", "--threads", "2"},
                     kBoard);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 3), "46 ");
    EXPECT_EQ(r.out.size(), 3u + 46u + 1u);
    EXPECT_NE(r.err.find("Iteration 1: threshold"), std::string::npos);
    EXPECT_NE(r.err.find("Algorithm: ida-pdb555"), std::string::npos);
    EXPECT_EQ(r.err.find("building"), std::string::npos);  // loaded, not rebuilt
    // The same path, iterations and node counts with one and with four threads.
    for (const char* threads : {"1", "4"}) {
        auto other = run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555", "--pdb-dir",
                              dir.path.string(), "--path", "--stats", "--threads", threads},
                             kBoard);
        EXPECT_EQ(other.out, r.out) << threads << " threads";
        EXPECT_EQ(without_timing(other.err), without_timing(r.err)) << threads << " threads";
    }
    // With dual lookups: the same tables (build-pdb under the -dual name finds them), the same
    // length, counts (lookups too) for any thread count.
    auto built =
        run_cli({"sliding", "build-pdb", "pdb555-dual", "--goal", "blank-first", "--pdb-dir", dir.path.string()});
    ASSERT_EQ(built.exit_code, 0) << built.err;
    EXPECT_NE(built.out.find("(cached)"), std::string::npos);
    std::string dual_err;
    for (const char* threads : {"1", "4"}) {
        auto dual = run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555-dual", "--pdb-dir",
                             dir.path.string(), "--stats", "--threads", threads},
                            kBoard);
        ASSERT_EQ(dual.exit_code, 0) << dual.err;
        EXPECT_EQ(dual.out, "46\n");
        EXPECT_NE(dual.err.find("Algorithm: ida-pdb555-dual"), std::string::npos);
        EXPECT_NE(dual.err.find(" per node), "), std::string::npos);
        EXPECT_EQ(dual.err.find("building"), std::string::npos);  // the same cached tables
        if (dual_err.empty()) dual_err = without_timing(dual.err);
        EXPECT_EQ(without_timing(dual.err), dual_err) << threads << " threads";
    }
}

TEST(SlidingPdbCli, DamagedCacheFileIsRebuilt) {
    CacheDir dir;
    ASSERT_EQ(
        run_cli({"sliding", "build-pdb", "pdb555", "--goal", "blank-first", "--pdb-dir", dir.path.string()}).exit_code,
        0);
    for (const auto& e : fs::directory_iterator(dir.path)) {
        fs::resize_file(e.path(), fs::file_size(e.path()) - 100);  // truncate every table
    }
    auto r =
        run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555", "--pdb-dir", dir.path.string()}, kBoard);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "46\n");
    EXPECT_NE(r.err.find("rebuilding"), std::string::npos);
    auto clean =
        run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555", "--pdb-dir", dir.path.string()}, kBoard);
    EXPECT_EQ(clean.err, "");  // rewritten intact
}

TEST(SlidingPdbCli, NoCacheWritesNothingAndBatchesWork) {
    CacheDir dir;
    auto r = run_cli({"sliding", "--goal", "blank-first", "--heuristic", "pdb555", "--no-cache", "--pdb-dir",
                      dir.path.string(), "--batch", "--threads", "2"},
                     "# two boards and a bad line\n3 14 9 11 5 4 8 2 13 12 6 7 10 1 15 0\n1 2 3\n0 1 2 3 4 5 6 7 8 9 "
                     "10 11 12 13 15 14\n");
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_EQ(r.out, "46\n-1\n");
    EXPECT_NE(r.err.find("line 3"), std::string::npos);
    EXPECT_EQ(count_files(dir.path), 0);
}

TEST(SlidingPdbCli, UsageErrors) {
    auto wrong_size = run_cli({"sliding", "--heuristic", "pdb78", "--no-cache"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(wrong_size.exit_code, 2);
    EXPECT_NE(wrong_size.err.find("does not fit a 3x3 board"), std::string::npos);
    EXPECT_EQ(wrong_size.out, "");
    auto wrong_algo = run_cli({"sliding", "--heuristic", "pdb555", "--algo", "bidir", "--no-cache"}, kBoard);
    EXPECT_EQ(wrong_algo.exit_code, 2);
    EXPECT_EQ(run_cli({"sliding", "--heuristic", "pdb99"}, kBoard).exit_code, 2);
    EXPECT_EQ(run_cli({"sliding", "build-pdb", "pdb12"}).exit_code, 2);
    // md / lc and auto on 3x3 keep the classic solver.
    auto lc = run_cli({"sliding", "--heuristic", "auto", "--path"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(lc.out, "3 DRD\n");
    auto md = run_cli({"sliding", "--heuristic", "md", "--algo", "ida"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(md.out, "3\n");
}

// End to end: `bitsolve sliding --heuristic pdb...`, `sliding build-pdb`, the cache directory,
// damaged cache files, batches, usage errors, build-pdb best and its line on what a build needs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/cli_run.hpp"

using bitsolve::test::run_cli;
namespace fs = std::filesystem;

namespace {

// Korf's instance 9 (optimal length 46), blank-first goal.
const std::string kBoard = "3 14 9 11\n5 4 8 2\n13 12 6 7\n10 1 15 0\n";

// Named by test and process, so that two runs of the suite at once (two build trees) do not share it.
struct CacheDir {
    fs::path path =
        fs::temp_directory_path() /
        ("bitsolve-pdb-cli-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()) + "-" +
         std::to_string(::getpid()));
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

// Partitions joined by '+': build-pdb builds the tables of each (those already cached kept), and
// the search takes the maximum: the same length, no more nodes than either partition alone.
TEST(SlidingPdbCli, JoinedPartitionsTakeTheMaximum) {
    CacheDir dir;
    ASSERT_EQ(
        run_cli({"sliding", "build-pdb", "pdb555", "--goal", "blank-first", "--pdb-dir", dir.path.string()}).exit_code,
        0);
    auto b =
        run_cli({"sliding", "build-pdb", "pdb555+pdb663", "--goal", "blank-first", "--pdb-dir", dir.path.string()});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    EXPECT_EQ(count_files(dir.path), 6);
    EXPECT_NE(b.err.find("pdb555+pdb663 for 4x4 blank-first: 6 tables, 3 to build"), std::string::npos) << b.err;
    auto generated = [&](const std::string& name) {
        auto r = run_cli({"sliding", "--goal", "blank-first", "--heuristic", name, "--pdb-dir", dir.path.string(),
                          "--path", "--stats"},
                         kBoard);
        EXPECT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out.substr(0, 3), "46 ") << name;
        EXPECT_NE(r.err.find("Algorithm: ida-" + name), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find("building"), std::string::npos) << name;  // all cached
        const auto at = r.err.find("Nodes generated: ");
        return at == std::string::npos ? std::uint64_t{0} : std::stoull(r.err.substr(at + 17));
    };
    const std::uint64_t both = generated("pdb555+pdb663"), a = generated("pdb555"), c = generated("pdb663");
    EXPECT_GT(both, 0u);
    EXPECT_LE(both, std::min(a, c));
    // A catalogue of the same two partitions: the same search.
    const std::string catalogue = (dir.path / "two.txt").string();
    std::ofstream(catalogue) << "# 5-5-5 and 6-6-3\nsize 4x4\n1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15\n"
                                "1 2 3 5 6 7 | 9 10 11 13 14 15 | 4 8 12\n";
    EXPECT_EQ(generated("catalogue:" + catalogue), both);
    auto built = run_cli(
        {"sliding", "build-pdb", "catalogue:" + catalogue, "--pdb-dir", dir.path.string(), "--goal", "blank-first"});
    EXPECT_EQ(built.exit_code, 0) << built.err;
    EXPECT_EQ(built.err, "");  // all cached
    std::ofstream(catalogue) << "size 4x4\n1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15 16\n";
    auto bad = run_cli(
        {"sliding", "--goal", "blank-first", "--heuristic", "catalogue:" + catalogue, "--pdb-dir", dir.path.string()},
        kBoard);
    EXPECT_EQ(bad.exit_code, 3);
    EXPECT_NE(bad.err.find("line 2, column 41: catalogue '" + catalogue + "': '16' is not a cell 1..15"),
              std::string::npos)
        << bad.err;
    EXPECT_EQ(bad.out, "");
    auto missing = run_cli({"sliding", "build-pdb", "catalogue:" + catalogue + ".not-there"});
    EXPECT_EQ(missing.exit_code, 3);
    EXPECT_NE(missing.err.find("catalogue: cannot open"), std::string::npos) << missing.err;
    auto mixed = run_cli({"sliding", "--heuristic", "pdb555+pdb6666"}, kBoard);
    EXPECT_EQ(mixed.exit_code, 2);
    EXPECT_NE(mixed.err.find("different sizes"), std::string::npos) << mixed.err;
    auto dual = run_cli({"sliding", "build-pdb", "pdb555+pdb663-dual"});
    EXPECT_EQ(dual.exit_code, 2);
    EXPECT_NE(dual.err.find("single partition"), std::string::npos) << dual.err;
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

// build-pdb says what the missing tables need before it builds them (stderr; stdout keeps the
// file names), and nothing of the kind when all are cached (BuildThenSolveFromCache).
TEST(SlidingPdbCli, BuildAnnouncesWhatItNeeds) {
    CacheDir dir;
    auto b = run_cli(
        {"sliding", "build-pdb", "pdb555", "--goal", "blank-first", "--pdb-dir", dir.path.string(), "--threads", "2"});
    ASSERT_EQ(b.exit_code, 0) << b.err;
    // 3 tables of 16!/11! = 524,160 entries, a 64-byte header each; slots of 1 byte (5 tiles on 4x4
    // leave at most 4 blank regions), built one at a time: 2 bytes an entry at the peak.
    const auto line = b.err.find(
        "pdb555 for 4x4 blank-first: 3 tables, 3 to build: 1.6 M entries, 1.5 MiB on disk and in memory once "
        "loaded, up to 1023.8 KiB while building; about ");
    ASSERT_NE(line, std::string::npos) << b.err;
    EXPECT_LT(line, b.err.find("building pattern database"));
    EXPECT_NE(b.err.find(" on 2 threads (an estimate)\n"), std::string::npos) << b.err;
}

// best: the tables of --heuristic best for the size given. A memory limit below the build's
// peak stops it before anything is allocated or written, after the announcement.
TEST(SlidingPdbCli, BuildBestNeedsASizeWithADatabase) {
    CacheDir dir;
    auto r = run_cli({"sliding", "build-pdb", "best", "--pdb-dir", dir.path.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("build-pdb best needs --size"), std::string::npos) << r.err;
    r = run_cli({"sliding", "build-pdb", "best", "--size", "3x3", "--pdb-dir", dir.path.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("no pattern database is shipped for 3x3 boards"), std::string::npos) << r.err;
    r = run_cli({"sliding", "build-pdb", "pdb6666", "--size", "4x4", "--pdb-dir", dir.path.string()});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("pdb6666 is for 5x5 boards, not --size 4x4"), std::string::npos) << r.err;
    for (const auto& [size, name] : {std::pair{"5x5", "zpdb6666 for 5x5 blank-first: 4 tables"},
                                     std::pair{"4x4", "pdb78 for 4x4 blank-first: 2 tables"}}) {
        r = run_cli({"sliding", "build-pdb", "best", "--size", size, "--goal", "blank-first", "--pdb-dir",
                     dir.path.string(), "--max-memory", "100M"});
        EXPECT_EQ(r.exit_code, 1) << r.err;
        EXPECT_EQ(r.err.rfind(name, 0), 0u) << r.err;
        EXPECT_NE(r.err.find("more than the memory limit"), std::string::npos) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(count_files(dir.path), 0);
    }
}

// The tables a search holds are weighed together against --max-memory, before any is read or
// built: pdb555's three 4x4 tables take 1.5 MiB, each of them and each build under 1 MiB.
TEST(SlidingPdbCli, TablesAreWeighedTogetherAgainstTheMemoryLimit) {
    CacheDir dir;
    const std::string board = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n";
    const std::string refused = "the heuristic pdb555 needs 1.5 MiB, more than the memory limit of 1.0 MiB";
    const std::vector<std::string> search = {"sliding",   "--heuristic",     "pdb555",
                                             "--pdb-dir", dir.path.string(), "--max-memory"};
    auto with = [&search](const std::string& limit) {
        auto args = search;
        args.push_back(limit);
        return args;
    };
    auto r = run_cli(with("1M"), board);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(refused), std::string::npos) << r.err;
    EXPECT_EQ(count_files(dir.path), 0);  // nothing built
    // Built one at a time, the tables fit; loaded together for a search, they do not.
    r = run_cli(
        {"sliding", "build-pdb", "pdb555", "--size", "4x4", "--pdb-dir", dir.path.string(), "--max-memory", "1M"});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(count_files(dir.path), 3);
    r = run_cli(with("1M"), board);
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find(refused), std::string::npos) << r.err;
    r = run_cli(with("2M"), board);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n");
}

// pdb7773: three tables of 25!/18! entries and one of 25!/22!, each 7-tile build peaking at 3 bytes
// an entry (2-byte slots: 7 tiles leave at most 6 blank regions); refused under a smaller limit.
TEST(SlidingPdbCli, SevenTileTablesSayWhatTheyNeed) {
    CacheDir dir;
    auto r = run_cli(
        {"sliding", "build-pdb", "pdb7773", "--size", "5x5", "--pdb-dir", dir.path.string(), "--max-memory", "6G"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err.rfind("pdb7773 for 5x5 blank-last: 4 tables, 4 to build: 7268.2 M entries, 6.8 GiB on disk and "
                          "in memory once loaded, up to 6.8 GiB while building",
                          0),
              0u)
        << r.err;
    EXPECT_NE(r.err.find("needs 6.8 GiB, more than the memory limit of 6.0 GiB"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(count_files(dir.path), 0);
    r = run_cli({"sliding", "--heuristic", "pdb7773", "--pdb-dir", dir.path.string()}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("pdb7773"), std::string::npos) << r.err;
}

// zpdb6666: the disk it needs counts the lookup forms build-pdb caches beside the tables
// (at most 1.1 GiB, what they take in memory), on top of the 2.4 GiB of tables.
TEST(SlidingPdbCli, ZeroAwareTablesCountTheirLookupFormsOnDisk) {
    CacheDir dir;
    const auto r = run_cli(
        {"sliding", "build-pdb", "zpdb6666", "--size", "5x5", "--pdb-dir", dir.path.string(), "--max-memory", "100M"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_EQ(r.err.rfind("zpdb6666 for 5x5 blank-last: 4 tables, 4 to build: 2550.2 M entries, 3.5 GiB on disk (with "
                          "the lookup forms), 1.1 GiB in memory once loaded at most",
                          0),
              0u)
        << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(count_files(dir.path), 0);
}

// build-pdb caches a zero-aware table's lookup form beside it: the bytes a search would write,
// checked again when the table is cached, made again when it is damaged.
TEST(SlidingPdbCli, BuildWritesTheLookupForms) {
    CacheDir dir;
    fs::create_directories(dir.path);
    const std::string catalogue = (dir.path / "z555.txt").string();
    std::ofstream(catalogue) << "size 4x4\nzero-aware 1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15\n";
    const std::vector<std::string> build = {
        "sliding", "build-pdb", "catalogue:" + catalogue, "--pdb-dir", dir.path.string(), "--goal", "blank-first"};
    auto b = run_cli(build);
    ASSERT_EQ(b.exit_code, 0) << b.err;
    std::vector<fs::path> forms;
    std::istringstream lines(b.out);
    for (std::string line; std::getline(lines, line);)
        if (fs::path(line).extension() == ".form") forms.emplace_back(line);
    ASSERT_EQ(forms.size(), 3u) << b.out;
    EXPECT_EQ(count_files(dir.path), 1 + 3 + 3);  // the catalogue, the tables, their forms
    auto bytes = [](const fs::path& f) {
        std::ifstream in(f, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    std::vector<std::string> built;
    for (const auto& f : forms) built.push_back(bytes(f));

    // Cached: every table and form says so, and nothing is reported.
    auto again = run_cli(build);
    ASSERT_EQ(again.exit_code, 0) << again.err;
    EXPECT_EQ(again.err, "");
    std::istringstream cached(again.out);
    int lines_cached = 0;
    for (std::string line; std::getline(cached, line);) lines_cached += line.ends_with(" (cached)");
    EXPECT_EQ(lines_cached, 6) << again.out;

    // A search finds them usable (it writes nothing, says nothing about them), and the forms it
    // writes where there are none are the same bytes.
    const std::vector<std::string> solve = {
        "sliding", "--goal", "blank-first", "--heuristic", "catalogue:" + catalogue, "--pdb-dir", dir.path.string()};
    auto r = run_cli(solve, kBoard);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "46\n");
    EXPECT_EQ(r.err.find("lookup form"), std::string::npos) << r.err;
    for (const auto& f : forms) fs::remove(f);
    ASSERT_EQ(run_cli(solve, kBoard).exit_code, 0);
    for (std::size_t i = 0; i < forms.size(); ++i) EXPECT_EQ(bytes(forms[i]), built[i]) << forms[i];

    // A damaged form is reported and made again.
    {
        std::fstream f(forms[1], std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(static_cast<std::streamoff>(built[1].size() / 2));
        f.put(static_cast<char>(built[1][built[1].size() / 2] ^ 0x5a));
    }
    auto mended = run_cli(build);
    ASSERT_EQ(mended.exit_code, 0) << mended.err;
    EXPECT_NE(mended.err.find("lookup form " + forms[1].string() + ": "), std::string::npos) << mended.err;
    EXPECT_NE(mended.out.find(forms[1].string() + "\n"), std::string::npos) << mended.out;
    EXPECT_EQ(bytes(forms[1]), built[1]);
}

// --heuristic best on a size without a shipped database is lc: the same answer, path and nodes.
TEST(SlidingPdbCli, BestIsLcWhereNoDatabaseIsShipped) {
    const std::string board = "8 6 7\n2 5 4\n3 0 1\n";
    auto best = run_cli({"sliding", "--heuristic", "best", "--algo", "ida", "--path", "--stats"}, board);
    auto lc = run_cli({"sliding", "--heuristic", "lc", "--algo", "ida", "--path", "--stats"}, board);
    ASSERT_EQ(best.exit_code, 0) << best.err;
    EXPECT_EQ(best.out, lc.out);
    EXPECT_EQ(without_timing(best.err), without_timing(lc.err));
    EXPECT_EQ(best.out.substr(0, 3), "31 ");
    EXPECT_EQ(best.err.find("Move pruning"), std::string::npos);
    // No database, so no deeper pruning either: asking for it is refused.
    auto deeper = run_cli({"sliding", "--heuristic", "best", "--prune-depth", "12"}, board);
    EXPECT_EQ(deeper.exit_code, 2);
    EXPECT_NE(deeper.err.find("--prune-depth applies to IDA* with pattern databases"), std::string::npos);
}

// Where auto and best choose lc (a 3x3 board) they need no cache directory: neither HOME nor
// XDG_CACHE_HOME set is no error there.
TEST(SlidingPdbCli, NoTableNoCacheDirectoryNeeded) {
    struct Unset {
        std::string home = std::getenv("HOME") ? std::getenv("HOME") : "";
        std::string xdg = std::getenv("XDG_CACHE_HOME") ? std::getenv("XDG_CACHE_HOME") : "";
        Unset() {
            ::unsetenv("HOME");
            ::unsetenv("XDG_CACHE_HOME");
        }
        ~Unset() {
            if (!home.empty()) ::setenv("HOME", home.c_str(), 1);
            if (!xdg.empty()) ::setenv("XDG_CACHE_HOME", xdg.c_str(), 1);
        }
    } unset;
    for (const char* h : {"auto", "best"}) {
        const auto r = run_cli({"sliding", "--heuristic", h}, "1 0 3\n4 2 5\n7 8 6\n");
        EXPECT_EQ(r.exit_code, 0) << h << ": " << r.err;
        EXPECT_EQ(r.out, "3\n") << h;
    }
    // A 4x4 board with auto does need one, and says so.
    const auto r = run_cli({"sliding", "--heuristic", "auto", "--goal", "blank-first"}, kBoard);
    EXPECT_EQ(r.exit_code, 2) << r.err;
}

// A board that parity answers is answered at once: no table is loaded or built for it, while the
// options are still checked.
TEST(SlidingPdbCli, ParityAnswersBeforeAnyTable) {
    CacheDir dir;
    const std::string unreachable = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n";
    const auto r =
        run_cli({"sliding", "--heuristic", "pdb555", "--pdb-dir", dir.path.string(), "--stats"}, unreachable);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "-1\n");
    EXPECT_NE(r.err.find("Algorithm: parity"), std::string::npos) << r.err;
    EXPECT_EQ(count_files(dir.path), 0);
    const auto misfit = run_cli({"sliding", "--heuristic", "pdb6666", "--pdb-dir", dir.path.string()}, unreachable);
    EXPECT_EQ(misfit.exit_code, 2) << misfit.err;
    const auto deeper = run_cli({"sliding", "--heuristic", "lc", "--prune-depth", "12"}, unreachable);
    EXPECT_EQ(deeper.exit_code, 2) << deeper.err;
}

// --prune-depth: the same length with fewer generated nodes and the same counts for 1 and 3
// threads; refused without pattern databases and outside 2..16.
TEST(SlidingPdbCli, PruneDepth) {
    CacheDir dir;
    auto generated = [](const std::string& err) {
        const auto at = err.find("Nodes generated: ");
        return at == std::string::npos ? 0ULL : std::stoull(err.substr(at + 17));
    };
    const std::vector<std::string> base = {"sliding", "--goal",  "blank-first", "--heuristic",
                                           "pdb555",  "--stats", "--pdb-dir",   dir.path.string()};
    auto plain = run_cli(base, kBoard);
    ASSERT_EQ(plain.exit_code, 0) << plain.err;
    std::string one;
    for (const char* threads : {"1", "3"}) {
        std::vector<std::string> args = base;
        args.insert(args.end(), {"--prune-depth", "10", "--threads", threads});
        auto r = run_cli(args, kBoard);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, "46\n");
        EXPECT_NE(r.err.find("Move pruning: depth 10 (move strings of up to 10 moves)"), std::string::npos);
        EXPECT_GT(generated(r.err), 0u);
        EXPECT_LT(generated(r.err), generated(plain.err));
        if (one.empty()) one = without_timing(r.err);
        EXPECT_EQ(without_timing(r.err), one) << threads << " threads";
    }
    auto no_pdb = run_cli({"sliding", "--prune-depth", "10"}, "1 0 3\n4 2 5\n7 8 6\n");
    EXPECT_EQ(no_pdb.exit_code, 2);
    EXPECT_NE(no_pdb.err.find("--prune-depth applies to IDA* with pattern databases"), std::string::npos);
    EXPECT_EQ(no_pdb.out, "");
    EXPECT_EQ(run_cli({"sliding", "--prune-depth", "1"}, kBoard).exit_code, 2);
    EXPECT_EQ(run_cli({"sliding", "--prune-depth", "17"}, kBoard).exit_code, 2);
}

// End-to-end tests of `bitsolve rush enumerate`, `rush merge` and `rush pick`.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <thread>

#include <cstdio>
#include <sstream>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

std::string temp(const std::string& name) {
    return ::testing::TempDir() + "rushdbcli_" + std::to_string(::getpid()) + "_" + name;
}

bool exists(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

std::string expected_rows(int size, int walls) {
    const rush::DbEnumeration e({size, walls});
    return rush::format_rows(rush::run_database(e, rush::DbRunOptions{}).rows);
}

TEST(RushDbCli, EnumerateSize4OnStdoutWithSummary) {
    const auto r = run_cli({"rush", "enumerate", "--size", "4", "--threads", "2"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, expected_rows(4, 0));
    EXPECT_EQ(r.out.substr(0, 3), "07 ");  // hardest first
    EXPECT_NE(r.err.find("rows written"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("rows by moves: 7:"), std::string::npos) << r.err;
    // The start line (stderr is no terminal here) speaks of a checkpoint only when one is given.
    EXPECT_EQ(r.err.rfind("rush enumerate: 4x4, at most 0 walls: ", 0), 0U) << r.err;
    EXPECT_EQ(r.err.find("resumed"), std::string::npos) << r.err;
    const auto s = run_cli({"rush", "enumerate", "--size", "4", "--stats", "--threads", "1"});
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_EQ(s.out, r.out);
    for (const char* key : {"\nLayouts: ", "\nCanonical layouts: ", "\nClusters: ", "\nSolvable clusters: ", "\nRows: ",
                            "\nRows by moves: 7:", "\nStates: ", "\nTime: "})
        EXPECT_NE(s.err.find(key), std::string::npos) << key << s.err;
}

TEST(RushDbCli, ZstdOutputReadBackByPick) {
    const std::string plain = temp("db4.txt"), zst = temp("db4.txt.zst");
    ASSERT_EQ(run_cli({"rush", "enumerate", "--size", "4", "-o", plain}).exit_code, 0);
    ASSERT_EQ(run_cli({"rush", "enumerate", "--size", "4", "-o", zst}).exit_code, 0);
    EXPECT_EQ(slurp(plain), expected_rows(4, 0));
    EXPECT_TRUE(rush::is_zstd(slurp(zst)));
    const std::vector<std::string> args = {"--moves", "3..6", "--count", "4", "--seed", "9"};
    auto a = args, b = args;
    a.insert(a.begin(), {"rush", "pick", plain});
    b.insert(b.begin(), {"rush", "pick", zst});
    const auto ra = run_cli(a), rb = run_cli(b);
    ASSERT_EQ(ra.exit_code, 0) << ra.err;
    EXPECT_EQ(ra.out, rb.out);
    std::istringstream in(ra.out);
    int lines = 0;
    for (std::string l; std::getline(in, l); ++lines) {
        const int moves = std::stoi(l.substr(0, 2));
        EXPECT_TRUE(moves >= 3 && moves <= 6) << l;
        EXPECT_NE(slurp(plain).find(l + "\n"), std::string::npos) << l;
    }
    EXPECT_EQ(lines, 4);
    std::remove(plain.c_str());
    std::remove(zst.c_str());
}

TEST(RushDbCli, ShardsMergeToTheUnshardedBytes) {
    std::vector<std::string> parts;
    for (int i = 0; i < 3; ++i) {
        parts.push_back(temp("part" + std::to_string(i) + (i == 1 ? ".zst" : "")));
        const auto r =
            run_cli({"rush", "enumerate", "--size", "4", "--shard", std::to_string(i + 1) + "/3", "-o", parts.back()});
        ASSERT_EQ(r.exit_code, 0) << r.err;
    }
    const std::string merged = temp("merged.txt");
    auto r = run_cli({"rush", "merge", parts[2], parts[0], parts[1], "-o", merged, "--stats"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(merged), expected_rows(4, 0));
    EXPECT_NE(r.err.find("Shards: 3"), std::string::npos) << r.err;
    std::remove(merged.c_str());
    // Missing, repeated, or of other parameters: refused, nothing written.
    for (const auto& files :
         std::vector<std::vector<std::string>>{{parts[0], parts[1]}, {parts[0], parts[1], parts[1]}}) {
        std::vector<std::string> args = {"rush", "merge"};
        args.insert(args.end(), files.begin(), files.end());
        args.insert(args.end(), {"-o", merged});
        r = run_cli(args);
        EXPECT_EQ(r.exit_code, 3) << r.err;
        EXPECT_FALSE(exists(merged));
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    // Missing shards are named as --shard numbers them, 1..K.
    r = run_cli({"rush", "merge", parts[0], parts[1], "-o", merged});
    EXPECT_NE(r.err.find("missing 1 of 3 shards (3)"), std::string::npos) << r.err;
    r = run_cli({"rush", "merge", parts[2], "-o", merged});
    EXPECT_NE(r.err.find("missing 2 of 3 shards (1, 2)"), std::string::npos) << r.err;
    const std::string other = temp("other");
    ASSERT_EQ(run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--shard", "2/3", "-o", other}).exit_code,
              0);
    r = run_cli({"rush", "merge", parts[0], parts[1], other, "-o", merged});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("walls"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(merged));
    r = run_cli({"rush", "merge", data_path("rush/fogleman-db-sample.txt"), "-o", merged});  // no shard header
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_FALSE(exists(merged));
    // The library states the fact; the command adds which files merge takes.
    EXPECT_NE(r.err.find("not a database shard file"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("merge takes the files of rush enumerate --shard"), std::string::npos) << r.err;
    // A shard file of only its first header line: refused at line 2.
    std::string text = slurp(parts[0]);
    const std::string cut = temp("cut.txt");
    FILE* f = std::fopen(cut.c_str(), "wb");
    std::fwrite(text.data(), 1, text.find('\n') + 1, f);
    std::fclose(f);
    r = run_cli({"rush", "merge", cut, "-o", merged});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("cut.txt': line 2, column 1: shard header cut short (expected '#')"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.err.find("merge takes"), std::string::npos) << r.err;  // it is a shard file
    EXPECT_FALSE(exists(merged));
    std::remove(cut.c_str());
    // A row of another size than the header's: refused at that row.
    text = slurp(parts[0]);
    const std::size_t third = text.find('\n', text.find('\n') + 1) + 1;
    text.replace(third, text.find('\n', third) - third, "05 AAooooooooooooooooooooooo 1");
    const std::string mixed = temp("mixed.txt");
    f = std::fopen(mixed.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    r = run_cli({"rush", "merge", mixed, parts[1], parts[2], "-o", merged});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("mixed.txt': line 3, column 4: board of 25 cells; the boards of size 4 have 16"),
              std::string::npos)
        << r.err;
    EXPECT_FALSE(exists(merged));
    std::remove(mixed.c_str());
    for (const auto& p : parts) std::remove(p.c_str());
    std::remove(other.c_str());
}

TEST(RushDbCli, ShardOneOfOneIsAShardFileThatMerges) {
    const std::string one = temp("one.txt"), merged = temp("one-merged.txt");
    auto r = run_cli({"rush", "enumerate", "--size", "4", "--shard", "1/1", "-o", one});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(one).rfind("# bitsolve-rush-shard 1 size 4 walls 0 shard 1/1 ", 0), 0u) << slurp(one);
    r = run_cli({"rush", "merge", one, "-o", merged});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(merged), expected_rows(4, 0));
    std::remove(one.c_str());
    std::remove(merged.c_str());
    // The help numbers shards as --shard reads them, from 1.
    r = run_cli({"rush", "enumerate", "--help"});
    EXPECT_NE(r.out.find("--shard i/K (1 <= i <= K) does the slices s with s mod K == i - 1"), std::string::npos)
        << r.out;
}

TEST(RushDbCli, CheckpointResumesAndRefusesOtherParameters) {
    const std::string ckpt = temp("run.ckpt"), out = temp("out.txt");
    // Stopped by the time limit (or finished, on a fast machine), then resumed to the end.
    auto r = run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--checkpoint", ckpt, "--timeout", "0.3",
                      "--threads", "1", "-o", out});
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.err;
    if (r.exit_code == 1) {
        EXPECT_FALSE(exists(out));
        EXPECT_NE(r.err.find("resume"), std::string::npos) << r.err;
    }
    r = run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--checkpoint", ckpt, "--stats", "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find(" resumed from the checkpoint\n"), std::string::npos) << r.err;
    EXPECT_EQ(slurp(out), expected_rows(4, 1));
    std::remove(out.c_str());
    r = run_cli({"rush", "enumerate", "--size", "4", "--checkpoint", ckpt, "-o", out});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("other parameters"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(out));
    std::string text = slurp(ckpt);
    text[text.find("\nend ") + 10] ^= 1;  // a checksum digit
    FILE* f = std::fopen(ckpt.c_str(), "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    r = run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--checkpoint", ckpt, "-o", out});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find("corrupt"), std::string::npos) << r.err;
    EXPECT_FALSE(exists(out));
    std::remove(ckpt.c_str());
}

// SIGINT during a run: the finished slices stay in the checkpoint, exit code 1 (or 0 when the
// run was already over), and the resumed run ends with the uninterrupted bytes.
TEST(RushDbCli, SigintKeepsTheCheckpointForResuming) {
    const std::string ckpt = temp("sigint.ckpt"), out = temp("sigint.txt"), err = temp("sigint.err");
    std::remove(ckpt.c_str());
    const pid_t pid = spawn_cli(
        {"rush", "enumerate", "--size", "4", "--walls", "1", "--threads", "1", "--checkpoint", ckpt, "-o", out},
        "/dev/null", "/dev/null", err);
    int status = 0;
    bool exited = false;
    const auto t0 = std::chrono::steady_clock::now();
    // The journal exists once the signal handlers are in place and the run has started.
    while (!exists(ckpt) && !exited && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60)) {
        exited = ::waitpid(pid, &status, WNOHANG) == pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (!exited) {
        ::kill(pid, SIGINT);
        ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    }
    ASSERT_TRUE(WIFEXITED(status));
    const int code = WEXITSTATUS(status);
    EXPECT_TRUE(code == 0 || code == 1) << slurp(err);
    if (code == 1) {
        EXPECT_FALSE(exists(out));
    }
    const auto r = run_cli({"rush", "enumerate", "--size", "4", "--walls", "1", "--checkpoint", ckpt, "-o", out});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(slurp(out), expected_rows(4, 1));
    for (const auto& f : {ckpt, out, err}) std::remove(f.c_str());
}

TEST(RushDbCli, BadInputOneLineAndNothingWritten) {
    const std::string out = temp("never.txt");
    const std::vector<std::pair<std::vector<std::string>, int>> cases = {
        {{"--size", "3"}, 2},
        {{"--size", "8"}, 2},
        {{"--size", "x"}, 2},
        {{"--walls", "3"}, 2},
        {{"--walls", "-1"}, 2},
        {{"--shard", "4/3"}, 2},
        {{"--shard", "0/0"}, 2},
        {{"--shard", "0/3"}, 2},
        {{"--shard", "1"}, 2},
        {{"--shard", "a/b"}, 2},
        {{"--size", "4", "--checkpoint", data_path("rush/fogleman-db-sample.txt")}, 3},
    };
    for (const auto& [extra, code] : cases) {
        std::vector<std::string> args = {"rush", "enumerate", "-o", out};
        args.insert(args.end(), extra.begin(), extra.end());
        const auto r = run_cli(args);
        EXPECT_EQ(r.exit_code, code) << extra.back() << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_FALSE(exists(out)) << extra.back();
    }
    // Unwritable paths fail at once, before any work.
    auto w = run_cli({"rush", "enumerate", "--size", "4", "--checkpoint", "/nonexistent-dir/x.ckpt", "-o", out});
    EXPECT_EQ(w.exit_code, 3) << w.err;
    EXPECT_FALSE(exists(out));
    w = run_cli({"rush", "enumerate", "--size", "4", "-o", "/nonexistent-dir/db.txt"});
    EXPECT_EQ(w.exit_code, 3) << w.err;
    // Named as given, as the write at the end would name it, not by the temporary file tried.
    EXPECT_NE(w.err.find("cannot create '/nonexistent-dir/db.txt': "), std::string::npos) << w.err;
    EXPECT_EQ(w.err.find("rows written"), std::string::npos) << w.err;  // refused before the run
    // A directory is no output file: refused before the run too, for enumerate and merge.
    const std::string dir = temp("a-dir");
    ASSERT_EQ(::mkdir(dir.c_str(), 0755), 0);
    for (const std::string& o : {dir, dir + "/"}) {
        for (const auto& cmd : std::vector<std::vector<std::string>>{{"rush", "enumerate", "--size", "4", "-o", o},
                                                                     {"rush", "merge", "no-such-shard.txt", "-o", o}}) {
            w = run_cli(cmd);
            EXPECT_EQ(w.exit_code, 3) << w.err;
            EXPECT_NE(w.err.find("cannot write '" + o + "': it is a directory, not a file"), std::string::npos)
                << w.err;
            EXPECT_EQ(std::count(w.err.begin(), w.err.end(), '\n'), 1) << w.err;
            EXPECT_EQ(w.out, "");
        }
    }
    EXPECT_EQ(::rmdir(dir.c_str()), 0);  // nothing left in it
    const std::string bad = temp("bad.txt");
    FILE* f = std::fopen(bad.c_str(), "wb");
    std::fputs("07 BCCCBDDDAAoEFFoE 20\n07 BCCCBDDDAAoEFFoE 2x0\n", f);
    std::fclose(f);
    auto r = run_cli({"rush", "pick", bad});
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("line 2, column 21"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    // A board that is no puzzle is refused when the file is read, --show or not: nothing on
    // stdout, the file, line and column in the file.
    f = std::fopen(bad.c_str(), "wb");
    std::fputs("07 BCCCBDDDAAoEFFoE 20\n10 AAooooooooooooBo 5\n", f);
    std::fclose(f);
    for (const bool show : {false, true}) {
        std::vector<std::string> args = {"rush", "pick", bad, "--count", "2"};
        if (show) args.push_back("--show");
        r = run_cli(args);
        EXPECT_EQ(r.exit_code, 3) << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_NE(r.err.find(bad + "': line 2, column 18: piece B is 1 cell long"), std::string::npos) << r.err;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    }
    r = run_cli({"rush", "pick", bad, "--moves", "9..x"});
    EXPECT_EQ(r.exit_code, 2) << r.err;
    // A seed out of 0..2^64-1 is a usage error, not wrapped or clamped into range.
    const std::string db = data_path("rush/fogleman-db-sample.txt");
    for (const char* seed : {"18446744073709551616", "99999999999999999999999", "-1", "-5", "", "1x"}) {
        r = run_cli({"rush", "pick", db, "--seed", seed});
        EXPECT_EQ(r.exit_code, 2) << seed << r.err;
        EXPECT_NE(r.err.find("--seed: '" + std::string(seed) + "' is not a number in 0..18446744073709551615"),
                  std::string::npos)
            << r.err;
        EXPECT_EQ(r.out, "");
    }
    // --moves and --pieces given must be one of the forms the help gives: A..B, A, A.. or ..B.
    for (const char* opt : {"--moves", "--pieces"}) {
        for (const char* range : {"", ".."}) {
            r = run_cli({"rush", "pick", db, opt, range});
            EXPECT_EQ(r.exit_code, 2) << opt << " '" << range << "'" << r.err;
            EXPECT_NE(r.err.find(std::string(opt) + " '" + range + "' is not a range: it needs A..B, A, A.. or ..B"),
                      std::string::npos)
                << r.err;
            EXPECT_EQ(r.out, "");
        }
        for (const char* range : {"5", "3..9", "3..", "..9"}) {
            r = run_cli({"rush", "pick", db, opt, range});
            EXPECT_EQ(r.exit_code, 0) << opt << " '" << range << "'" << r.err;
        }
    }
    for (const char* count : {"-18446744073709551615", "-1", "0", "4294967297", "99999999999999999999999", "+3"}) {
        r = run_cli({"rush", "pick", db, "--count", count});
        EXPECT_EQ(r.exit_code, 2) << count << r.err;
        EXPECT_EQ(r.out, "");
    }
    for (const char* seed : {"0", "18446744073709551615"}) {
        r = run_cli({"rush", "pick", db, "--seed", seed});
        EXPECT_EQ(r.exit_code, 0) << seed << r.err;
    }
    // A .zst file that decompresses past --max-memory hits a limit (exit code 1): it is no bad input.
    const std::string zst = temp("sample.txt.zst");
    rush::write_db_file(zst, slurp(data_path("rush/fogleman-db-sample.txt")));
    r = run_cli({"rush", "pick", zst, "--max-memory", "10K"});
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("sample.txt.zst' decompressed needs more than the memory limit of 10.0 KiB"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "");
    r = run_cli({"rush", "pick", zst});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::remove(zst.c_str());
    r = run_cli({"rush", "pick", temp("missing.txt")});
    EXPECT_EQ(r.exit_code, 3) << r.err;
    std::remove(bad.c_str());
}

TEST(RushDbCli, PickReproducibleShowsAndSaysWhenShort) {
    const std::string db = data_path("rush/fogleman-db-sample.txt");
    const auto a = run_cli({"rush", "pick", db, "--moves", "40..45", "--count", "3", "--seed", "5"});
    const auto b = run_cli({"rush", "pick", db, "--moves", "40..45", "--count", "3", "--seed", "5"});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    EXPECT_EQ(a.out, b.out);
    EXPECT_EQ(std::count(a.out.begin(), a.out.end(), '\n'), 3);
    auto r = run_cli({"rush", "pick", db, "--moves", "51", "--count", "5", "--walls", "0", "--show"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("GBB.L.\n"), std::string::npos) << r.out;  // the drawing
    EXPECT_NE(r.err.find("only 1 of"), std::string::npos) << r.err;
    const auto help = run_cli({"rush", "pick", "--help"});
    EXPECT_NE(help.out.find("Examples:"), std::string::npos);
}

}  // namespace
}  // namespace bitsolve::test

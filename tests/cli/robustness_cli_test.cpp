// Hostile input end to end against the built binary, for every subcommand that reads input:
// each bad input is answered with exactly one line on stderr, the exit code by meaning (3 bad
// input, 2 usage) and nothing on stdout, within memory of the input's size; CRLF and a UTF-8
// byte-order mark are accepted. Limits and signals: limits_cli_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <tuple>
#include <vector>

#include "cli/guarded_run.hpp"

namespace bitsolve::test {
namespace {

// Every way of reading one board, plus the judge problems.
const std::vector<Args>& board_commands() {
    static const std::vector<Args> v{{"sliding"}, {"rush"}, {"boj", "1525"}, {"boj", "18139"}, {"boj", "9663"}};
    return v;
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
        std::vector<std::string> lines{"bitsolve-queens-checkpoint 1",
                                       "n 8",
                                       "shard 1/1",
                                       "split 1 10",
                                       "done 1",
                                       "total 0",
                                       "rot180 0",
                                       "rot90 0"};
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
        for (const auto& command_for :
             std::vector<std::function<Args(const std::string&)>>{[](const std::string& f) {
                                                                      return Args{"sliding", f};
                                                                  },
                                                                  [](const std::string& f) {
                                                                      return Args{"rush", f};
                                                                  },
                                                                  [](const std::string& f) {
                                                                      return Args{"rush", "--cluster", f};
                                                                  },
                                                                  [](const std::string& f) {
                                                                      return Args{"queens", "8", "--checkpoint", f};
                                                                  },
                                                                  [](const std::string& f) {
                                                                      return Args{"queens", "merge", f};
                                                                  }}) {
            const Args cmd = command_for(file.string());
            const long baseline_kb = run_guarded(command_for(tiny.string()), empty).max_rss_kb;
            const auto r = run_guarded(cmd, empty);
            expect_rejected(r, 3, show(cmd) + ": " + what);
            expect_input_sized_memory(r, baseline_kb, size, show(cmd) + ": " + what);
            // A refused checkpoint is left as it was.
            if (cmd[1] == "8") {
                EXPECT_EQ(fs::file_size(file), size) << show(cmd);
            }
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
    for (const std::string n :
         {"0", "-3", "1000000000", "33", "1234567890123456789012345678901234567890", "abc", "8x", ""})
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

// CLI11 names the offending argument in its message: a huge or control-byte argument must still
// give one short, printable line (an argument can be 128 KB long).
TEST(Robustness, UsageErrorsQuoteHostileArguments) {
    const fs::path empty = write_file("empty-stdin", "");
    const std::string huge(100000, 'x'), escape = "\x1b[31mred\x07";
    for (const std::string& bad : {huge, escape}) {
        for (const Args& args :
             {Args{"sliding", "--timeout", bad}, Args{"sliding", "--algo", bad}, Args{"rush", "--metric", bad},
              Args{"boj", bad}, Args{"bench", "queens", bad}, Args{bad}}) {
            const auto r = run_guarded(args, empty);
            expect_rejected(r, 2, args.front() + " with a hostile argument");
            for (char c : r.err) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << "raw byte in: " << r.err;
        }
    }
}

}  // namespace
}  // namespace bitsolve::test

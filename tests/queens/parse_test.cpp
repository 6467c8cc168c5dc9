// Checkpoint and partial-result files: round trips, and bad files refused with line and column.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/queens/checkpoint.hpp"
#include "bitsolve/queens/parse.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::queens {
namespace {

const char* kGood =
    "bitsolve-queens-checkpoint 1\n"
    "n 12\n"
    "shard 2/3\n"
    "split 1 1220\n"
    "done 0-9 11 13-14\n"
    "total 500\n"
    "rot180 4\n"
    "rot90 0\n";

void expect_error_at(std::string_view text, std::size_t line, std::size_t column, bool checkpoint = true) {
    try {
        if (checkpoint) parse_checkpoint(text);
        else parse_partial(text);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_EQ(e.column(), column) << e.what();
    }
}

std::string with_line(int index, const std::string& replacement) {
    std::string s = kGood;
    std::size_t pos = 0;
    for (int i = 0; i < index; ++i) pos = s.find('\n', pos) + 1;
    const std::size_t end = s.find('\n', pos);
    return s.substr(0, pos) + replacement + s.substr(end);
}

TEST(QueensParse, CheckpointFields) {
    const CheckpointData cp = parse_checkpoint(kGood);
    EXPECT_EQ(cp.n, 12);
    EXPECT_EQ(cp.shard, (ShardSpec{2, 3}));
    EXPECT_EQ(cp.depth, 1);
    EXPECT_EQ(cp.items, 1220u);
    EXPECT_EQ(cp.done_count(), 13u);
    EXPECT_EQ(cp.counts, (Counts{500, 4, 0}));
    // CRLF, a byte-order mark and comments are accepted.
    EXPECT_EQ(parse_checkpoint(std::string("\xEF\xBB\xBF# saved\r\n") + kGood).n, 12);
}

TEST(QueensParse, CheckpointRoundTripThroughRunState) {
    const Split split = make_split(12);
    RunState st = fresh_state(split, ShardSpec{2, 3});
    for (std::uint64_t i : {0u, 1u, 2u, 7u, 9u, 10u}) st.done[i] = 1;
    st.done_count = 6;
    st.counts = Counts{123, 8, 4};
    const std::string text = format_checkpoint(st);
    EXPECT_NE(text.find("done 0-2 7 9-10\n"), std::string::npos) << text;
    const RunState back = resume_state(parse_checkpoint(text), split, ShardSpec{2, 3});
    EXPECT_EQ(back.done, st.done);
    EXPECT_EQ(back.done_count, 6u);
    EXPECT_EQ(back.counts, st.counts);
    EXPECT_EQ(format_checkpoint(back), text);
}

TEST(QueensParse, CheckpointForAnotherRunIsRefused) {
    const CheckpointData cp = parse_checkpoint(kGood);
    EXPECT_THROW(resume_state(cp, make_split(13), ShardSpec{2, 3}), InputError);
    EXPECT_THROW(resume_state(cp, make_split(12), ShardSpec{1, 3}), InputError);
    EXPECT_THROW(resume_state(cp, make_split(12), ShardSpec{2, 4}), InputError);
    CheckpointData other = cp;
    other.items = 1219;  // another split of the work
    EXPECT_THROW(resume_state(other, make_split(12), ShardSpec{2, 3}), InputError);
    EXPECT_NO_THROW(resume_state(cp, make_split(12), ShardSpec{2, 3}));
}

// Version 2 as written today: kGood with a check line. Any changed byte above the check line
// is refused there; version 1 (kGood itself) is still read.
std::string version2(std::string body) {
    body.replace(body.find(" 1\n"), 3, " 2\n");
    return body + fmt::format("check {:016x}\n", fnv1a(body));
}

TEST(QueensParse, CheckpointChecksum) {
    const std::string good = version2(kGood);
    EXPECT_EQ(parse_checkpoint(good).counts, (Counts{500, 4, 0}));
    std::string edited = good;
    edited.replace(edited.find("total 500"), 9, "total 501");
    expect_error_at(edited, 9, 7);
    try {
        parse_checkpoint(edited);
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("checksum mismatch"), std::string::npos) << e.what();
    }
    // A comment added by hand is a changed byte too.
    expect_error_at("# note\n" + good, 10, 7);
    // The check line is required in version 2, and nothing may follow it.
    expect_error_at(good.substr(0, good.find("\ncheck ") + 1), 9, 1);
    expect_error_at(good + "rot90 0\n", 10, 1);
    expect_error_at(good.substr(0, good.find("\ncheck ") + 1) + "chek 0\n", 9, 1);
    // What format_checkpoint writes is version 2 and reads back.
    const Split split = make_split(12);
    RunState st = fresh_state(split, ShardSpec{1, 1});
    st.done[3] = 1;
    st.done_count = 1;
    st.counts = Counts{7, 0, 0};
    const std::string text = format_checkpoint(st);
    EXPECT_EQ(text.rfind("bitsolve-queens-checkpoint 2\n", 0), 0u) << text;
    EXPECT_EQ(parse_checkpoint(text).counts, st.counts);
}

TEST(QueensParse, BadCheckpoints) {
    expect_error_at("", 1, 1);
    expect_error_at("hello 1\n", 1, 1);
    expect_error_at("bitsolve-queens-checkpoint 3\n", 1, 28);
    expect_error_at(with_line(1, "n 33"), 2, 3);
    expect_error_at(with_line(1, "n x"), 2, 3);
    expect_error_at(with_line(1, "m 12"), 2, 1);
    expect_error_at(with_line(2, "shard 4/3"), 3, 7);
    expect_error_at(with_line(2, "shard 1/0"), 3, 9);
    expect_error_at(with_line(2, "shard 13"), 3, 7);
    expect_error_at(with_line(3, "split 1"), 4, 7);
    expect_error_at(with_line(4, "done 0-9 5"), 5, 10);
    expect_error_at(with_line(4, "done 9-3"), 5, 6);
    expect_error_at(with_line(4, "done 1221"), 5, 6);
    expect_error_at(with_line(4, "done 4-x"), 5, 8);
    expect_error_at(with_line(5, "total 99999999999999999999999999999999999999999"), 6, 7);
    expect_error_at(with_line(5, "total -5"), 6, 7);
    expect_error_at(with_line(6, "rot180 1 2"), 7, 10);
    expect_error_at(std::string(kGood) + "extra\n", 9, 1);
    expect_error_at("bitsolve-queens-checkpoint 1\nn 12\n", 3, 1);
    expect_error_at(with_line(1, std::string("n 1\x01")), 2, 4);
}

TEST(QueensParse, Partials) {
    const Partial p = parse_partial("queens-partial n=17 shard=3/8 count=11976 rot180=4 rot90=0\n");
    EXPECT_EQ(p.n, 17);
    EXPECT_EQ(p.shard, (ShardSpec{3, 8}));
    EXPECT_EQ(p.counts, (Counts{11976, 4, 0}));
    EXPECT_EQ(format_partial(p), "queens-partial n=17 shard=3/8 count=11976 rot180=4 rot90=0\n");
    EXPECT_EQ(parse_partial(format_partial(p)).counts, p.counts);
}

TEST(QueensParse, BadPartials) {
    expect_error_at("", 1, 1, false);
    expect_error_at("queens-partial n=17 shard=3/8 count=1 rot180=0\n", 1, 39, false);
    expect_error_at("queens-partial n=17 shard=3/8 count=1 rot180=0 rot90=0 x\n", 1, 56, false);
    expect_error_at("queens-partial n=0 shard=3/8 count=1 rot180=0 rot90=0\n", 1, 18, false);
    expect_error_at("queens-partial n=17 shard=9/8 count=1 rot180=0 rot90=0\n", 1, 27, false);
    expect_error_at("queens-partial n=17 shard=3/8 total=1 rot180=0 rot90=0\n", 1, 31, false);
    expect_error_at("queens-partial n=17 shard=3/8 count=1x rot180=0 rot90=0\n", 1, 38, false);
    expect_error_at("queens-partial n=17 shard=3/8 count=1 rot180=0 rot90=0\nqueens-partial\n", 2, 1, false);
    expect_error_at("partial n=17\n", 1, 1, false);
    expect_error_at("bitsolve-queens-checkpoint 1\nn 12\n", 1, 1, false);  // not a partial: line 1
}

TEST(QueensParse, Shards) {
    EXPECT_EQ(parse_shard("1/1"), (ShardSpec{1, 1}));
    EXPECT_EQ(parse_shard("7/1000000"), (ShardSpec{7, 1000000}));
    for (const char* bad :
         {"", "1", "0/3", "4/3", "1/0", "a/b", "1/2/3", "-1/3", "1/1000001", "99999999999999999999/3"})
        EXPECT_THROW(parse_shard(bad), InputError) << bad;
}

TEST(QueensParse, SaveIsAtomicAndReadable) {
    const std::string path = ::testing::TempDir() + "queens_ckpt_test.txt";
    const Split split = make_split(9);
    RunState st = fresh_state(split, {});
    st.done[0] = 1;
    st.done_count = 1;
    save_checkpoint(path, st);
    const std::string text = bitsolve::test::slurp(path);
    EXPECT_EQ(text, format_checkpoint(st));
    EXPECT_EQ(::access((path + ".tmp").c_str(), F_OK), -1);  // renamed away
    std::remove(path.c_str());
}

}  // namespace
}  // namespace bitsolve::queens

// The database run loop over the engine (or whatever implements rush/database.hpp): every row
// of the 4x4 database against an independent brute force, the same bytes for any thread count,
// for shards put together, and for a run stopped and resumed from its checkpoint.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/db_checkpoint.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_run.hpp"
#include "rush/db_reference.hpp"

namespace bitsolve::rush {
namespace {

std::string temp_path(const std::string& name) {
    return ::testing::TempDir() + "rushdb_" + std::to_string(::getpid()) + "_" + name;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

DbRunResult run(const DbParams& p, unsigned threads, DbShard shard = {}, const std::string& checkpoint = "") {
    const DbEnumeration e(p);
    DbRunOptions o;
    o.threads = threads;
    o.shard = shard;
    o.checkpoint = checkpoint;
    return run_database(e, o);
}

TEST(RushDbRun, EveryRowOf4x4MatchesTheBruteForce) {
    const test::RefDatabase ref = test::reference_database(4, 0);
    const DbRunResult r = run({4, 0}, 2);
    ASSERT_FALSE(ref.rows.empty());
    ASSERT_EQ(r.rows.size(), ref.rows.size());
    for (std::size_t i = 0; i < r.rows.size(); ++i) {
        EXPECT_EQ(r.rows[i].moves, ref.rows[i].moves) << i;
        EXPECT_EQ(r.rows[i].board, ref.rows[i].board) << i;
        EXPECT_EQ(r.rows[i].cluster_size, ref.rows[i].cluster) << ref.rows[i].board;
    }
    EXPECT_EQ(r.counts.rows, ref.rows.size());
    EXPECT_EQ(r.counts.canonical, ref.clusters);
    EXPECT_EQ(r.counts.solvable, ref.solvable);
    EXPECT_GE(r.counts.layouts, r.counts.canonical);
    std::uint64_t hist = 0;
    for (std::size_t m = 0; m < r.rows_by_moves.size(); ++m) hist += r.rows_by_moves[m];
    EXPECT_EQ(hist, r.rows.size());
}

TEST(RushDbRun, SameBytesForOneAndTwoThreads) {
    const DbRunResult a = run({4, 1}, 1), b = run({4, 1}, 2);
    EXPECT_EQ(format_rows(a.rows), format_rows(b.rows));
    EXPECT_EQ(a.counts, b.counts);
}

TEST(RushDbRun, ShardsAddUpToTheWholeRun) {
    const DbRunResult whole = run({4, 1}, 2);
    std::vector<DbRow> rows;
    DbCounts counts;
    std::uint64_t slices = 0;
    for (std::uint64_t i = 0; i < 3; ++i) {
        const DbRunResult part = run({4, 1}, 2, DbShard{i, 3});
        rows.insert(rows.end(), part.rows.begin(), part.rows.end());
        counts += part.counts;
        slices += part.slices;
    }
    std::sort(rows.begin(), rows.end(), row_before);
    EXPECT_EQ(format_rows(rows), format_rows(whole.rows));
    EXPECT_EQ(counts, whole.counts);
    EXPECT_EQ(slices, whole.slices);
    EXPECT_EQ(shard_slices(10, DbShard{1, 3}), (std::vector<std::uint64_t>{1, 4, 7}));
}

// Stops the run after `after` slices by requesting a stop from the progress callback.
void run_and_stop(const DbParams& p, const std::string& ckpt, std::uint64_t after) {
    const DbEnumeration e(p);
    DbRunOptions o;
    o.threads = 1;
    o.checkpoint = ckpt;
    o.progress = [&](const DbProgress& pr) {
        if (pr.slices_done - pr.resumed >= after) request_stop(StopReason::Interrupted);
    };
    EXPECT_THROW(run_database(e, o), LimitError);
    reset_stop();
}

TEST(RushDbRun, ResumedRunEqualsUninterruptedAndRedoesNothing) {
    const std::string ckpt = temp_path("resume.ckpt");
    std::remove(ckpt.c_str());
    const DbRunResult whole = run({4, 1}, 2);
    run_and_stop({4, 1}, ckpt, 5);
    const DbEnumeration e({4, 1});
    DbRunOptions o;
    o.threads = 2;
    o.checkpoint = ckpt;
    std::uint64_t calls = 0, resumed = 0;
    o.progress = [&](const DbProgress& p) { ++calls, resumed = p.resumed; };
    const DbRunResult r = run_database(e, o);
    EXPECT_EQ(resumed, 5u);
    EXPECT_EQ(r.resumed, 5u);
    EXPECT_EQ(calls, 1 + r.slices - 5);  // one call at the start, one per slice run
    EXPECT_EQ(format_rows(r.rows), format_rows(whole.rows));
    EXPECT_EQ(r.counts, whole.counts);
    // A finished checkpoint: nothing left to do.
    const DbRunResult again = run({4, 1}, 2, {}, ckpt);
    EXPECT_EQ(again.resumed, again.slices);
    EXPECT_EQ(format_rows(again.rows), format_rows(whole.rows));
    std::remove(ckpt.c_str());
}

TEST(RushDbRun, CheckpointOfOtherParametersOrShardIsRefused) {
    const std::string ckpt = temp_path("foreign.ckpt");
    std::remove(ckpt.c_str());
    run_and_stop({4, 0}, ckpt, 2);
    const std::string before = slurp(ckpt);
    EXPECT_THROW(run({4, 1}, 1, {}, ckpt), InputError);
    EXPECT_THROW(run({4, 0}, 1, DbShard{0, 2}, ckpt), InputError);
    EXPECT_EQ(slurp(ckpt), before);  // refused, not touched
    std::ofstream(ckpt) << "not a checkpoint\n";
    EXPECT_THROW(run({4, 0}, 1, {}, ckpt), InputError);
    // A journal of the format before (an earlier engine's state counts) is refused, by name.
    std::string old = before;
    old[25] = '3';
    std::ofstream(ckpt) << old;
    try {
        run({4, 0}, 1, {}, ckpt);
        ADD_FAILURE() << "a format-3 checkpoint was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("another format ('3', not '4'"), std::string::npos) << e.what();
    }
    std::remove(ckpt.c_str());
}

TEST(RushDbRun, TornLastRecordIsDroppedCorruptRecordRefused) {
    const std::string ckpt = temp_path("torn.ckpt");
    std::remove(ckpt.c_str());
    const DbRunResult whole = run({4, 0}, 1);
    run_and_stop({4, 0}, ckpt, 6);
    const std::string text = slurp(ckpt);
    // A crash in the middle of the last append: the file ends inside a record.
    std::ofstream(ckpt, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() - 10);
    const DbRunResult r = run({4, 0}, 1, {}, ckpt);
    EXPECT_EQ(r.resumed, 5u);
    EXPECT_EQ(format_rows(r.rows), format_rows(whole.rows));
    // One byte changed inside a whole record: the checksum refuses the file.
    std::string bad = text;
    const std::size_t at = bad.find("\n0");  // the first row
    ASSERT_NE(at, std::string::npos);
    bad[at + 2] = bad[at + 2] == '1' ? '2' : '1';
    std::ofstream(ckpt, std::ios::binary | std::ios::trunc) << bad;
    try {
        run({4, 0}, 1, {}, ckpt);
        ADD_FAILURE() << "a corrupt checkpoint was accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("corrupt"), std::string::npos) << e.what();
    }
    std::remove(ckpt.c_str());
}

TEST(RushDbRun, JournalRecordCarriesCountsRowsAndChecksum) {
    DbSlice s;
    s.rows = {DbRow{7, "BCCCBDDDAAoEFFoE", 20}};
    s.counts.rows = 1;
    const std::string rec = journal_record(3, s);
    EXPECT_EQ(rec.substr(0, 8), "slice 3 ");
    EXPECT_NE(rec.find("\n07 BCCCBDDDAAoEFFoE 20\nend 3 "), std::string::npos) << rec;
    EXPECT_EQ(journal_header({5, 2}, DbShard{1, 4}, 40),
              "bitsolve-rush-checkpoint 4 size 5 walls 2 shard 2/4 slices 40\n");
}

}  // namespace
}  // namespace bitsolve::rush

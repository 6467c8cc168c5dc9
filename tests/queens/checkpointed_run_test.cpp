// The checkpointed run loop (queens/count.hpp): a run stopped and resumed from its checkpoint
// file counts what an uninterrupted run counts; the file follows the run; progress is reported
// after every sub-problem with monotone counts; bad checkpoints and paths are refused up front.
#include "bitsolve/queens/count.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/queens/checkpoint.hpp"

namespace bitsolve::queens {
namespace {

std::string temp_file(const std::string& name) {
    const std::string path = ::testing::TempDir() + name;
    std::remove(path.c_str());
    return path;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

Counts uninterrupted(const Split& split, ShardSpec shard) {
    RunState st = fresh_state(split, shard);
    run(split, st, 1);
    return st.counts;
}

TEST(QueensCheckpointedRun, StoppedAndResumedEqualsUninterrupted) {
    for (ShardSpec shard : {ShardSpec{}, ShardSpec{2, 3}}) {
        const Split split = make_split(12);
        const std::string file = temp_file("queens_run_resume.ckpt");
        RunState st = start_state(split, shard, file);
        EXPECT_EQ(st.done_count, 0u);
        reset_stop();
        CountOptions o{.threads = 2, .checkpoint = file, .save_interval = 1e9, .progress = [](const Progress& p) {
                           if (p.done == 40) request_stop(StopReason::Interrupted);
                       }};
        EXPECT_THROW(run_checkpointed(split, st, o), LimitError);
        reset_stop();
        ASSERT_LT(st.done_count, st.items);
        // The file holds what was finished when the stop came, even with no save in between.
        RunState resumed = start_state(split, shard, file);
        EXPECT_EQ(resumed.done_count, st.done_count);
        EXPECT_EQ(resumed.done, st.done);
        EXPECT_EQ(resumed.counts, st.counts);
        CountOptions again;
        again.threads = 3;
        again.checkpoint = file;
        run_checkpointed(split, resumed, again);
        EXPECT_TRUE(resumed.complete());
        EXPECT_EQ(resumed.counts, uninterrupted(split, shard));
        // At the end the file records the whole shard.
        const CheckpointData cp = parse_checkpoint(read_file(file));
        EXPECT_EQ(cp.done_count(), cp.items);
        EXPECT_EQ(cp.counts, resumed.counts);
        std::remove(file.c_str());
    }
}

TEST(QueensCheckpointedRun, ProgressIsMonotoneAndCountsEverySubProblem) {
    const Split split = make_split(11);
    RunState st = fresh_state(split, {});
    // Half of the work done before this run, as if resumed.
    for (std::uint64_t i = 0; i < st.items / 2; ++i) {
        st.counts += solve(split, i);
        st.done[i] = 1;
        ++st.done_count;
    }
    const std::uint64_t before = st.done_count;
    std::vector<Progress> seen;
    CountOptions o;
    o.threads = 2;
    o.progress = [&](const Progress& p) { seen.push_back(p); };
    run_checkpointed(split, st, o);
    ASSERT_EQ(seen.size(), st.items - before);
    for (std::size_t k = 0; k < seen.size(); ++k) {
        EXPECT_EQ(seen[k].done, before + k + 1);
        EXPECT_EQ(seen[k].total, st.items);
        EXPECT_EQ(seen[k].resumed, before);
        if (k > 0) {
            EXPECT_GE(seen[k].solutions, seen[k - 1].solutions);
        }
    }
    EXPECT_EQ(seen.back().solutions, st.counts.total);
    EXPECT_EQ(to_string(st.counts.total), "2680");
}

TEST(QueensCheckpointedRun, WithoutAFileNothingIsWritten) {
    const Split split = make_split(9);
    RunState st = start_state(split, {}, "");
    run_checkpointed(split, st, {});
    EXPECT_EQ(to_string(st.counts.total), "352");
}

TEST(QueensCheckpointedRun, AnotherRunsCheckpointIsRefusedNamingTheFile) {
    const std::string file = temp_file("queens_run_other.ckpt");
    const Split split10 = make_split(10);
    RunState st = fresh_state(split10, {});
    save_checkpoint(file, st);
    try {
        (void)start_state(make_split(11), {}, file);
        ADD_FAILURE() << "a checkpoint of N=10 resumed N=11";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("checkpoint '" + file + "'"), std::string::npos) << e.what();
    }
    EXPECT_THROW((void)start_state(split10, ShardSpec{1, 2}, file), InputError);
    std::remove(file.c_str());
}

TEST(QueensCheckpointedRun, UnwritablePathFailsBeforeAnyWork) {
    const Split split = make_split(10);
    RunState st = fresh_state(split, {});
    int calls = 0;
    CountOptions o;
    o.checkpoint = ::testing::TempDir() + "no/such/dir/q.ckpt";
    o.progress = [&](const Progress&) { ++calls; };
    EXPECT_THROW(run_checkpointed(split, st, o), InputError);
    EXPECT_EQ(calls, 0);
    EXPECT_EQ(st.done_count, 0u);
}

}  // namespace
}  // namespace bitsolve::queens

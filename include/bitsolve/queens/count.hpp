#pragma once
// A long count of one shard as every front end runs it (the CLI, an MPI rank, a Python call):
// resumed from a checkpoint file when there is one, the unfinished sub-problems counted on
// threads (run.hpp), the checkpoint saved as the work goes and when it stops, progress reported
// to a callback. The library draws nothing: the caller shows the progress its own way.
//
//   const Split split = make_split(n);
//   RunState state = start_state(split, shard, "q20.ckpt");
//   run_checkpointed(split, state, {.threads = 0, .checkpoint = "q20.ckpt", .progress = show});
//   // state.counts: the shard's counts (summary.hpp for a whole board, merge.hpp for shards)
#include <cstdint>
#include <functional>
#include <string>

#include "bitsolve/queens/run.hpp"

namespace bitsolve::queens {

// Where a count stands, after each finished sub-problem.
struct Progress {
    std::uint64_t done = 0;     // finished sub-problems of the shard, the resumed ones included
    std::uint64_t total = 0;    // sub-problems of the shard
    std::uint64_t resumed = 0;  // finished before this run (read from the checkpoint)
    Count solutions = 0;        // solutions counted so far (weighted, like Counts::total)
};
using ProgressFn = std::function<void(const Progress&)>;

struct CountOptions {
    unsigned threads = 0;        // 0 = all cores
    std::string checkpoint;      // file recording the run; empty: none
    double save_interval = 1.0;  // least seconds between two saves while running
    ProgressFn progress;         // called under the run's lock: keep it short
};

// The state to start shard `shard` of `split` from: the one `checkpoint` records when that file
// exists, else nothing done. Throws InputError naming the file when it cannot be read, does not
// parse or is of another run (N, shard, split).
RunState start_state(const Split& split, ShardSpec shard, const std::string& checkpoint);

// Counts every unfinished sub-problem of `state`. With a checkpoint file, the state is saved
// before the work starts (a path that cannot be written fails now, not after hours), at most once
// per save_interval while it runs, and at the end. Throws LimitError when a stop was requested:
// the state and the file then keep what was finished, and the next run resumes from there.
void run_checkpointed(const Split& split, RunState& state, const CountOptions& options);

}  // namespace bitsolve::queens

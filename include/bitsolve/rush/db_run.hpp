#pragma once
// Running the database enumeration: the slices of one shard on T threads, with a progress
// callback and an optional checkpoint (db_checkpoint.hpp). The result is the same, byte for
// byte, whatever the thread count and however often the run was stopped and resumed: a slice's
// rows depend on the slice alone, and the rows of the run are sorted by row_before at the end.
//
// Stops: the loop polls the stop flag of core/limits.hpp (the caller installs the signal
// handlers and the timeout). On a stop, every slice that finished is in the checkpoint, synced
// to disk, and LimitError is rethrown; the next run with the same checkpoint does only the
// slices that are missing.
//
//   DbEnumeration e({6, 0});
//   DbRunOptions o;
//   o.threads = 2;
//   o.checkpoint = "db6.ckpt";
//   DbRunResult r = run_database(e, o);   // r.rows sorted, r.counts summed over the shard
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/db_file.hpp"

namespace bitsolve::rush {

struct DbProgress {
    std::uint64_t slices_done = 0;   // of this shard, resumed ones included
    std::uint64_t slices_total = 0;  // of this shard
    std::uint64_t resumed = 0;       // slices found finished in the checkpoint
    DbCounts counts;                 // of the finished slices
};

struct DbRunOptions {
    unsigned threads = 0;     // 0 = all cores
    DbShard shard;            // i/K: the slices s with s mod K == i
    std::string checkpoint;   // empty: none
    double sync_seconds = 1;  // the checkpoint is synced to disk at most this often (and at the end)
    // Called after each finished slice (and once at the start), from the thread that finished
    // it, one call at a time.
    std::function<void(const DbProgress&)> progress;
};

struct DbRunResult {
    std::vector<DbRow> rows;  // sorted by row_before
    DbCounts counts;
    std::uint64_t slices = 0;   // slices of this shard
    std::uint64_t resumed = 0;  // of which read back from the checkpoint
    // rows_by_moves[m] = rows of m moves
    std::vector<std::uint64_t> rows_by_moves;
};

// Throws LimitError on a stop (after saving), InputError for a foreign or corrupt checkpoint.
DbRunResult run_database(const DbEnumeration& enumeration, const DbRunOptions& options);

// The slices of a shard, in increasing order.
std::vector<std::uint64_t> shard_slices(std::uint64_t slice_count, DbShard shard);

}  // namespace bitsolve::rush

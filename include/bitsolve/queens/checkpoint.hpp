#pragma once
// Checkpoint files of a long count: saving a RunState atomically, and turning a parsed
// checkpoint back into a RunState after checking that it belongs to this run.
//
// Saving writes FILE.tmp, flushes it to disk and renames it over FILE, so a crash or a kill at
// any moment leaves either the old or the new checkpoint, never half of one.
#include <string>

#include "bitsolve/queens/parse.hpp"

namespace bitsolve::queens {

// Throws InputError naming the file when it cannot be written (a bad path is bad input).
void save_checkpoint(const std::string& path, const RunState& state);

// The state recorded by `cp`, for resuming shard `shard` of `split`. Throws InputError when the
// checkpoint is for another N, another shard or another split (a different version).
RunState resume_state(const CheckpointData& cp, const Split& split, ShardSpec shard);

}  // namespace bitsolve::queens

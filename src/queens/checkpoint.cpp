#include "bitsolve/queens/checkpoint.hpp"

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/file.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::queens {

namespace {

std::string shard_text(ShardSpec s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

}  // namespace

void save_checkpoint(const std::string& path, const RunState& state) {
    write_file_atomic(path, {format_checkpoint(state)}, "checkpoint ");
}

RunState resume_state(const CheckpointData& cp, const Split& split, ShardSpec shard) {
    if (cp.n != split.n || !(cp.shard == shard))
        throw InputError("the checkpoint is for N=" + std::to_string(cp.n) + " shard " + shard_text(cp.shard) +
                         ", not for N=" + std::to_string(split.n) + " shard " + shard_text(shard) +
                         "; use another file");
    RunState st = fresh_state(split, shard);
    if (cp.depth != st.depth || cp.items != st.items)
        throw InputError("the checkpoint splits the work differently (depth " + std::to_string(cp.depth) + ", " +
                         std::to_string(cp.items) + " sub-problems; this version: depth " + std::to_string(st.depth) +
                         ", " + std::to_string(st.items) + "); it was written by another version");
    for (const auto& [a, b] : cp.done)
        for (std::uint64_t i = a; i <= b; ++i) st.done[i] = 1;
    st.done_count = cp.done_count();
    st.counts = cp.counts;
    return st;
}

}  // namespace bitsolve::queens

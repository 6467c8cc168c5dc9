#include "bitsolve/queens/run.hpp"

#include <mutex>
#include <stdexcept>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"

namespace bitsolve::queens {

std::uint64_t shard_items(std::uint64_t total, ShardSpec s) {
    const std::uint64_t first = s.index - 1;
    return total <= first ? 0 : (total - first + s.count - 1) / s.count;
}

RunState fresh_state(const Split& split, ShardSpec shard) {
    RunState st;
    st.n = split.n;
    st.shard = shard;
    st.depth = split.depth;
    st.items = shard_items(split.items.size(), shard);
    st.done.assign(st.items, 0);
    return st;
}

void run(const Split& split, RunState& state, unsigned threads,
         const std::function<void(const RunState&)>& after_each) {
    std::vector<std::uint64_t> pending;
    for (std::uint64_t i = 0; i < state.items; ++i)
        if (!state.done[i]) pending.push_back(i);
    std::mutex mutex;
    const std::uint64_t stride = state.shard.count, offset = state.shard.index - 1;
    parallel_for(pending.size(), threads, [&](std::size_t k) {
        const std::uint64_t local = pending[k];
        const Counts c = solve(split, local * stride + offset);
        std::lock_guard lock(mutex);
        state.counts += c;
        state.done[local] = 1;
        ++state.done_count;
        if (after_each) after_each(state);
    });
    if (!state.complete()) {
        check_stop();
        throw std::logic_error("queens: sub-problems left unfinished without a stop request");
    }
}

}  // namespace bitsolve::queens

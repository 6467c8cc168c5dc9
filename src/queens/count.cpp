#include "bitsolve/queens/count.hpp"

#include <unistd.h>

#include <chrono>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/queens/checkpoint.hpp"

namespace bitsolve::queens {

RunState start_state(const Split& split, ShardSpec shard, const std::string& checkpoint) {
    if (checkpoint.empty() || ::access(checkpoint.c_str(), F_OK) != 0) return fresh_state(split, shard);
    const std::string text = read_input(checkpoint);  // its errors name the file
    try {
        return resume_state(parse_checkpoint(text), split, shard);
    } catch (const InputError& e) {
        throw InputError("checkpoint '" + quote(checkpoint, 200) + "': " + e.what());
    }
}

void run_checkpointed(const Split& split, RunState& state, const CountOptions& options) {
    using Clock = std::chrono::steady_clock;
    const std::string& file = options.checkpoint;
    if (!file.empty()) save_checkpoint(file, state);
    const std::uint64_t resumed = state.done_count;
    const auto t0 = Clock::now();
    double last_save = 0;
    auto after_each = [&](const RunState& st) {
        if (options.progress) options.progress(Progress{st.done_count, st.items, resumed, st.counts.total});
        if (file.empty()) return;
        const double now = std::chrono::duration<double>(Clock::now() - t0).count();
        if (now - last_save >= options.save_interval) {
            save_checkpoint(file, st);
            last_save = now;
        }
    };
    try {
        run(split, state, options.threads, after_each);
    } catch (const LimitError&) {
        // Keep what was finished: the next run with the same checkpoint starts from here.
        if (!file.empty()) save_checkpoint(file, state);
        throw;
    }
    if (!file.empty()) save_checkpoint(file, state);
}

}  // namespace bitsolve::queens

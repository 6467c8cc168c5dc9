#pragma once
// Running the sub-problems of one shard on threads, with the state a checkpoint records.
//
// Shard i of K (1-based) owns the sub-problems whose index j has j % K == i - 1; striding
// rather than cutting the list into blocks gives every shard a similar mix of heavy and light
// borders. Inside a shard, sub-problem j has the local index j / K. A RunState says which local
// sub-problems are finished and what they added up to; the total is a sum of per-sub-problem
// counts, so it is the same whatever the thread count or the order in which they finished.
#include <cstdint>
#include <functional>
#include <vector>

#include "bitsolve/queens/split.hpp"

namespace bitsolve::queens {

struct ShardSpec {
    std::uint32_t index = 1;  // 1..count
    std::uint32_t count = 1;  // 1..kMaxShards
    friend bool operator==(const ShardSpec&, const ShardSpec&) = default;
};
inline constexpr std::uint32_t kMaxShards = 1000000;

struct RunState {
    int n = 0;
    ShardSpec shard;
    int depth = 0;                   // the split's depth, to refuse a checkpoint of another split
    std::uint64_t items = 0;         // sub-problems in this shard
    std::vector<std::uint8_t> done;  // per local index: 1 when finished
    std::uint64_t done_count = 0;
    Counts counts;  // sum over the finished sub-problems

    bool complete() const { return done_count == items; }
};

// Sub-problems of shard `s` in a split of `total` items.
std::uint64_t shard_items(std::uint64_t total, ShardSpec s);

// A state with nothing done yet.
RunState fresh_state(const Split& split, ShardSpec shard);

// Counts every unfinished sub-problem of the state's shard on `threads` threads (0 = all
// cores). `after_each` is called, under a lock, after each sub-problem is added to the state.
// Throws LimitError (the state keeps what was finished) when a stop was requested.
void run(const Split& split, RunState& state, unsigned threads,
         const std::function<void(const RunState&)>& after_each = {});

}  // namespace bitsolve::queens

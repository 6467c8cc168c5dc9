#pragma once
// The two text files of a long N-Queens count, their writers and their parsers.
//
// Checkpoint (`bitsolve queens N --checkpoint FILE`), rewritten atomically as the run goes:
//   bitsolve-queens-checkpoint 2
//   n 17
//   shard 1/1
//   split 1 41459           depth of the split, sub-problems in this shard
//   done 0-1233 1240 1242-1250
//   total 8123456           sums over the finished sub-problems
//   rot180 0
//   rot90 0
//   check 5e0c6c7a34d0b1f2  FNV-1a (fnv1a) of every byte before this line
// `done` lists the finished local sub-problems as increasing, disjoint ranges (maybe none).
// Version 1 is the same without the check line; it is still read.
//
// Partial result (`--shard i/K`), one line:
//   queens-partial n=17 shard=3/8 count=11976532 rot180=4 rot90=0
// count is the number of solutions found in that shard; rot180 and rot90 carry what the unique
// count needs once all shards are merged.
//
// Parsers are pure functions over the text; they throw InputError with the line and column of
// the first problem. Blank lines and lines starting with '#' are ignored.
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bitsolve/queens/run.hpp"

namespace bitsolve::queens {

struct CheckpointData {
    int n = 0;
    ShardSpec shard;
    int depth = 0;
    std::uint64_t items = 0;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> done;  // inclusive ranges, increasing
    Counts counts;
    std::uint64_t done_count() const;
};

std::string format_checkpoint(const RunState& state);
CheckpointData parse_checkpoint(std::string_view text);

struct Partial {
    int n = 0;
    ShardSpec shard;
    Counts counts;
};

std::string format_partial(const Partial& p);  // one line, with '\n'
Partial parse_partial(std::string_view text);

// "i/K" with 1 <= i <= K <= kMaxShards.
ShardSpec parse_shard(std::string_view text);

// A count of up to 39 digits (128 bits), for the fields above.
Count parse_count(std::string_view text, std::size_t line, std::size_t column);

}  // namespace bitsolve::queens

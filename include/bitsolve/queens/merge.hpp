#pragma once
// Adding up the partial results of the K shards of one count (parse.hpp: the partial-result
// line), whatever their order and wherever they come from: shard files, MPI ranks. A shard's
// counts are sums over its sub-problems, so the merged counts equal those of one whole run.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "bitsolve/queens/parse.hpp"

namespace bitsolve::queens {

class PartialMerge {
public:
    // Adds one shard's result; `source` names it in errors (a file name, a rank). Throws
    // InputError when it is of another N or shard count than the first one added, or when its
    // shard was added already.
    void add(const Partial& p, const std::string& source);

    bool empty() const { return !first_; }

    // The sum over all K shards, as the partial result of the whole board (shard 1/1). Throws
    // InputError naming (up to ten of) the missing shards, or when nothing was added.
    Partial result() const;

private:
    std::optional<Partial> first_;
    std::string first_source_;
    std::map<std::uint32_t, std::string> seen_;  // shard index -> source
    Counts sum_;
};

}  // namespace bitsolve::queens

#include "bitsolve/queens/merge.hpp"

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::queens {

void PartialMerge::add(const Partial& p, const std::string& source) {
    if (!first_) {
        first_ = p;
        first_source_ = source;
    }
    if (p.n != first_->n || p.shard.count != first_->shard.count)
        throw InputError("'" + quote(source, 200) + "' is shard " + std::to_string(p.shard.index) + "/" +
                         std::to_string(p.shard.count) + " of N=" + std::to_string(p.n) + ", but '" +
                         quote(first_source_, 200) + "' is of N=" + std::to_string(first_->n) + " in " +
                         std::to_string(first_->shard.count) + " shards");
    if (auto it = seen_.find(p.shard.index); it != seen_.end())
        throw InputError("shard " + std::to_string(p.shard.index) + "/" + std::to_string(p.shard.count) +
                         " given twice: '" + quote(it->second, 200) + "' and '" + quote(source, 200) + "'");
    // No count of a board up to 32x32 comes near 2^128: a sum that wraps is of damaged files.
    const Counts& c = p.counts;
    if (sum_.total + c.total < sum_.total || sum_.rot180 + c.rot180 < sum_.rot180 || sum_.rot90 + c.rot90 < sum_.rot90)
        throw InputError("'" + quote(source, 200) + "': its counts added to the shards before it exceed 2^128 - 1");
    seen_.emplace(p.shard.index, source);
    sum_ += c;
}

Partial PartialMerge::result() const {
    if (!first_) throw InputError("no partial result to merge");
    const std::uint32_t k = first_->shard.count;
    if (seen_.size() != k) {
        std::string missing;
        int listed = 0;
        for (std::uint32_t i = 1; i <= k && listed < 10; ++i)
            if (!seen_.count(i)) missing += (listed++ ? ", " : "") + std::to_string(i);
        throw InputError("missing " + std::to_string(k - seen_.size()) + " of " + std::to_string(k) + " shards (" +
                         missing + (k - seen_.size() > 10 ? ", ..." : "") + ")");
    }
    return Partial{first_->n, ShardSpec{}, sum_};
}

}  // namespace bitsolve::queens

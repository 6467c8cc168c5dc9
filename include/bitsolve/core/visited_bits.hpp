#pragma once
// A visited set over perfect-hash ranks that keeps one bit per rank and no parents: for
// exhaustive searches that only count (layer sizes), where a DenseParentMap would spend 8 bytes
// per state. It has the parent-store interface the searches expect, with every state reported
// as a root, so it must not be used where a path is rebuilt.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "bitsolve/core/limits.hpp"

namespace bitsolve {

template <class Move>
class VisitedBits {
public:
    using Key = std::uint32_t;
    static constexpr Key kEmpty = std::numeric_limits<Key>::max();

    explicit VisitedBits(std::size_t n) {
        hold_.hold((n + 63) / 64 * 8, "the visited bitset");
        bits_.assign((n + 63) / 64, 0);
    }
    std::size_t size() const { return size_; }
    bool try_insert(Key key, Key, Move) {
        std::uint64_t& w = bits_[key >> 6];
        const std::uint64_t b = std::uint64_t{1} << (key & 63);
        if (w & b) return false;
        w |= b;
        ++size_;
        return true;
    }
    bool insert_root(Key key) { return try_insert(key, kEmpty, Move{}); }
    bool contains(Key key) const { return (bits_[key >> 6] >> (key & 63)) & 1; }
    Key parent(Key, Move&) const { return kEmpty; }  // no parents are kept

private:
    MemoryHold hold_;
    std::vector<std::uint64_t> bits_;
    std::size_t size_ = 0;
};

}  // namespace bitsolve

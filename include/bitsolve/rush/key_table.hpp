#pragma once
// The visited sets of the Rush Hour searches: open addressing with linear probing over a
// power-of-two table of 64-bit keys. Specialised rather than core's ParentMap because a Rush
// Hour key is already a compact integer: Fibonacci hashing (one multiply) spreads it well, and
// the table is reused between searches (a batch solves thousands of boards with no allocation
// once warm).
//
// Two kinds: KeySet holds keys only (what the solver needs), KeyIndex also a 32-bit value per
// key, the state's index in the cluster's arrays. Values live in an array of their own: probes
// touch 8 bytes a slot and values are read only on a hit (interleaving them in 16-byte slots
// was measured slower, the table no longer fitting the L2 cache for the largest clusters).
//
// ~0 marks an empty slot (keys use at most 63 bits). Load stays at or below 1/kSpread = 1/4:
// the table doubles when it would pass it. Most lookups are of duplicates, and at 1/4 they
// probe fewer slots than at 1/2 (measured ~15% faster on the database sample, with the table
// still in L2 for the usual clusters; prefetching each child's slot was measured slower).
// Memory is checked against the budget before each growth.
#include <bit>
#include <cstdint>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/compiled_board.hpp"

namespace bitsolve::rush {

template <bool WithValues>
class BasicKeyTable {
public:
    static constexpr Key kEmpty = ~Key{0};
    static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};
    static constexpr std::size_t kSpread = 4;  // slots per key, at least

    // Empties the table, sized for about `expected` keys. Memory held from earlier searches is
    // reused; clearing costs the size of this search's table, not of the largest one seen.
    void reset(std::size_t expected) {
        std::size_t cap = 1024;
        while (cap < expected * kSpread) cap *= 2;
        resize_empty(cap);
        size_ = 0;
    }

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return keys_.size(); }

    // Makes room for `n` more keys, so that a node's children go in without a growth check.
    void reserve_more(std::size_t n) {
        while ((size_ + n) * kSpread > keys_.size()) grow();
    }

    // True when n more keys would pass the load limit. A caller that keeps every key in an
    // array of its own may then reset() to a larger size and insert them again, which is
    // cheaper than grow() (no scan of the old table, no parking of its entries).
    bool needs_room(std::size_t n) const { return (size_ + n) * kSpread > keys_.size(); }

    // Inserts key with value (room reserved); returns kAbsent when it was new, else the stored
    // value.
    std::uint32_t insert(Key key, std::uint32_t value) {
        std::size_t i = slot(key);
        for (;;) {
            const Key k = keys_[i];
            if (k == kEmpty) break;
            if (k == key) return value_at(i);
            i = (i + 1) & mask_;
        }
        keys_[i] = key;
        if constexpr (WithValues) values_[i] = value;
        ++size_;
        return kAbsent;
    }

    // Inserts key (room reserved); returns 1 when it was new, else 0. Only a collision
    // branches: whether the key was new comes back as data.
    std::size_t insert_key(Key key) {
        std::size_t i = slot(key);
        Key k = keys_[i];
        while (k != key && k != kEmpty) {
            i = (i + 1) & mask_;
            k = keys_[i];
        }
        const std::size_t fresh = k == kEmpty;
        keys_[i] = key;
        size_ += fresh;
        return fresh;
    }

    // The value stored with key, or kAbsent.
    std::uint32_t find(Key key) const {
        for (std::size_t i = slot(key);; i = (i + 1) & mask_) {
            const Key k = keys_[i];
            if (k == key) return value_at(i);
            if (k == kEmpty) return kAbsent;
        }
    }

private:
    std::size_t slot(Key key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }

    std::uint32_t value_at(std::size_t i) const {
        if constexpr (WithValues) return values_[i];
        return 0;
    }

    static constexpr std::size_t kSlotBytes = sizeof(Key) + (WithValues ? sizeof(std::uint32_t) : 0);

    void resize_empty(std::size_t cap) {
        // Held twice over: the old table while the new one is filled, then grow()'s scratch.
        if (cap > keys_.capacity()) hold_.hold(cap * kSlotBytes * 2, "the visited set");
        keys_.assign(cap, kEmpty);
        if constexpr (WithValues) values_.resize(cap);
        mask_ = cap - 1;
        shift_ = 64 - std::countr_zero(cap);
    }

    // Doubles the table; the live entries are parked in scratch buffers kept between calls.
    // Out of line: it is rare, and inlined it would keep insert itself from being inlined.
    [[gnu::noinline]] void grow() {
        old_keys_.clear();
        old_values_.clear();
        for (std::size_t i = 0; i < keys_.size(); ++i)
            if (keys_[i] != kEmpty) old_keys_.push_back(keys_[i]), old_values_.push_back(value_at(i));
        resize_empty(keys_.size() * 2);
        size_ = 0;
        for (std::size_t i = 0; i < old_keys_.size(); ++i) insert(old_keys_[i], old_values_[i]);
    }

    MemoryHold hold_;
    std::vector<Key> keys_;
    std::vector<std::uint32_t> values_;  // empty for a KeySet
    std::vector<Key> old_keys_;
    std::vector<std::uint32_t> old_values_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
    int shift_ = 64;
};

using KeySet = BasicKeyTable<false>;
using KeyIndex = BasicKeyTable<true>;

}  // namespace bitsolve::rush

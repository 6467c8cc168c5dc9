#pragma once
// The visited set of the Rush Hour searches: open addressing with linear probing over a
// power-of-two table of 64-bit keys, each with a 32-bit value (the state's index in the search's
// own arrays). Specialised rather than core's ParentMap because a Rush Hour key is already a
// compact, dense-ish integer: Fibonacci hashing (one multiply) spreads it well, keys and values
// live in separate arrays so a probe touches 8 bytes per slot, and the table is reused between
// searches (a batch solves thousands of boards with no allocation once warm).
//
// ~0 marks an empty slot (keys use at most 63 bits). Load stays at or below 1/2: the table
// doubles when it would pass it. Memory is checked against the budget before each growth.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/space.hpp"

namespace bitsolve::rush {

class KeyTable {
public:
    static constexpr Key kEmpty = ~Key{0};
    static constexpr std::uint32_t kAbsent = ~std::uint32_t{0};

    // Empties the table, sized for about `expected` keys. It starts small and grows, so the
    // cost of clearing follows the size of each search, not the largest one seen; memory held
    // from earlier searches is reused (no allocation in a warm batch).
    void reset(std::size_t expected) {
        std::size_t cap = 1024;
        while (cap < expected * 2) cap *= 2;
        resize_empty(cap);
        size_ = 0;
    }

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return keys_.size(); }

    // Inserts key with value; returns kAbsent when it was new, else the stored value.
    std::uint32_t insert(Key key, std::uint32_t value) {
        if ((size_ + 1) * 2 > keys_.size()) grow();
        std::size_t i = slot(key);
        for (;;) {
            const Key k = keys_[i];
            if (k == kEmpty) break;
            if (k == key) return values_[i];
            i = (i + 1) & mask_;
        }
        keys_[i] = key;
        values_[i] = value;
        ++size_;
        return kAbsent;
    }

    // The fast path of the solver, which needs no values: make room for `n` more keys once per
    // node, then insert_key each child without a growth check.
    void reserve_more(std::size_t n) {
        while ((size_ + n) * 2 > keys_.size()) grow();
    }
    // Inserts key (room must have been reserved); returns 1 when it was new, else 0. Only a
    // collision branches: whether the key was new is data, not control flow, because in a search
    // that outcome is close to random and a branch on it would mispredict at every other child.
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
            if (k == key) return values_[i];
            if (k == kEmpty) return kAbsent;
        }
    }

private:
    std::size_t slot(Key key) const { return static_cast<std::size_t>((key * 0x9E3779B97F4A7C15ULL) >> shift_); }

    void set_capacity(std::size_t cap) {
        mask_ = cap - 1;
        shift_ = 64 - std::countr_zero(cap);
    }

    void resize_empty(std::size_t cap) {
        if (cap > keys_.capacity())
            require_memory(cap * (sizeof(Key) + sizeof(std::uint32_t)) * 2, "the visited set");
        keys_.assign(cap, kEmpty);
        values_.resize(cap);
        set_capacity(cap);
    }

    // Doubles the table; the live entries are parked in scratch buffers kept between calls.
    void grow() {
        old_keys_.clear();
        old_values_.clear();
        for (std::size_t i = 0; i < keys_.size(); ++i)
            if (keys_[i] != kEmpty) old_keys_.push_back(keys_[i]), old_values_.push_back(values_[i]);
        resize_empty(keys_.size() * 2);
        size_ = 0;
        for (std::size_t i = 0; i < old_keys_.size(); ++i) insert(old_keys_[i], old_values_[i]);
    }

    std::vector<Key> keys_;
    std::vector<std::uint32_t> values_;
    std::vector<Key> old_keys_;
    std::vector<std::uint32_t> old_values_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
    int shift_ = 64;
};

}  // namespace bitsolve::rush

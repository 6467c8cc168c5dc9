#pragma once
// Visited sets for searches whose space is too large or too sparse for perfect hashing.
//
// ParentMap: open addressing with linear probing over a power-of-two table; each slot holds a
// key, its parent's key and the move that reached it, so a search can rebuild its path. The key
// value ~0 is reserved as "empty". Grows by doubling at 50% load; never allocates per insert
// otherwise. A DenseParentMap indexes by a perfect-hash rank instead (no probing at all).
#include <cstddef>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "bitsolve/core/limits.hpp"

namespace bitsolve {

inline std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDULL;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ULL;
    x ^= x >> 33;
    return x;
}

template <class K, class Move>
class ParentMap {
    static_assert(std::is_unsigned_v<K>);

public:
    using Key = K;
    static constexpr Key kEmpty = std::numeric_limits<Key>::max();

    explicit ParentMap(std::size_t expected = 1024) { rehash(capacity_for(expected)); }

    std::size_t size() const { return size_; }
    std::size_t bytes() const { return slots_.size() * sizeof(Slot); }

    // Inserts key with its parent; returns false (and changes nothing) when key is present.
    bool try_insert(Key key, Key parent, Move move) {
        if ((size_ + 1) * 2 > slots_.size()) rehash(slots_.size() * 2);
        std::size_t i = mix64(key) & mask_;
        while (slots_[i].key != kEmpty) {
            if (slots_[i].key == key) return false;
            i = (i + 1) & mask_;
        }
        slots_[i] = Slot{key, parent, move};
        ++size_;
        return true;
    }
    bool insert_root(Key key) { return try_insert(key, kEmpty, Move{}); }

    bool contains(Key key) const { return find(key) != nullptr; }

    // The parent of key (kEmpty for a root) and the move from it; key must be present.
    Key parent(Key key, Move& move) const {
        const Slot* s = find(key);
        move = s->move;
        return s->parent;
    }

    void clear() {
        for (auto& s : slots_) s.key = kEmpty;
        size_ = 0;
    }

private:
    struct Slot {
        Key key;
        Key parent;
        Move move;
    };

    static std::size_t capacity_for(std::size_t n) {
        std::size_t c = 16;
        while (c < n * 2) c *= 2;
        return c;
    }

    const Slot* find(Key key) const {
        std::size_t i = mix64(key) & mask_;
        while (slots_[i].key != kEmpty) {
            if (slots_[i].key == key) return &slots_[i];
            i = (i + 1) & mask_;
        }
        return nullptr;
    }

    void rehash(std::size_t capacity) {
        hold_.hold(bytes() + capacity * sizeof(Slot), "the visited set");  // the old slots beside the new
        std::vector<Slot> old(capacity, Slot{kEmpty, kEmpty, Move{}});
        old.swap(slots_);
        mask_ = capacity - 1;
        size_ = 0;
        for (const Slot& s : old)
            if (s.key != kEmpty) try_insert(s.key, s.parent, s.move);
        old = {};
        hold_.hold(bytes(), "the visited set");
    }

    MemoryHold hold_;
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

// Perfect-hash variant: keys are ranks in [0, n). Stores parent rank + move per rank.
template <class Move>
class DenseParentMap {
public:
    using Key = std::uint32_t;
    static constexpr Key kEmpty = std::numeric_limits<Key>::max();
    static constexpr Key kRootParent = kEmpty - 1;

    explicit DenseParentMap(std::size_t n) {
        hold_.hold(n * sizeof(Slot), "the visited table");
        slots_.assign(n, Slot{kEmpty, Move{}});
    }
    std::size_t size() const { return size_; }
    bool try_insert(Key key, Key parent, Move move) {
        if (slots_[key].parent != kEmpty) return false;
        slots_[key] = Slot{parent, move};
        ++size_;
        return true;
    }
    bool insert_root(Key key) { return try_insert(key, kRootParent, Move{}); }
    bool contains(Key key) const { return slots_[key].parent != kEmpty; }
    Key parent(Key key, Move& move) const {
        move = slots_[key].move;
        return slots_[key].parent == kRootParent ? kEmpty : slots_[key].parent;
    }

private:
    struct Slot {
        Key parent;
        Move move;
    };
    MemoryHold hold_;
    std::vector<Slot> slots_;
    std::size_t size_ = 0;
};

}  // namespace bitsolve

// Duplicate-move pruning: the forbidden move strings and their automaton (move_fsm.hpp).
#include "bitsolve/sliding/move_fsm.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::sliding {
namespace {

// A string of up to kMaxDepth moves: its moves two bits each, the last in the lowest two bits, so
// that strings of one length compare in Dir order as numbers.
using Code = std::uint32_t;
static_assert(2 * MoveFsm::kMaxDepth <= 32);
Dir move_at(Code code, int len, int i) { return static_cast<Dir>((code >> (2 * (len - 1 - i))) & 3); }

// The cells a string's blank visits, as (row, column) offsets from its start.
struct Box {
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    bool within(const Box& o) const { return r0 >= o.r0 && r1 <= o.r1 && c0 >= o.c0 && c1 <= o.c1; }
    bool fits(Geometry g) const { return r1 - r0 < g.rows && c1 - c0 < g.cols; }
};

Box box_of(Code code, int len) {
    Box box;
    int r = 0, c = 0;
    for (int i = 0; i < len; ++i) {
        const Dir d = move_at(code, len, i);
        r += drow(d), c += dcol(d);
        box = Box{std::min(box.r0, r), std::max(box.r1, r), std::min(box.c0, c), std::max(box.c1, c)};
    }
    return box;
}

// A string's effect, which does not depend on where it is played: the cells whose content it
// changes, each with its new content (a cell's own number, or the blank), in cell order. A string
// that fits a board of at most kMaxSide rows and columns keeps its blank within kReach rows and
// columns of where it starts, so cells are numbered in a square of kSpan x kSpan around the start
// (7 bits), and each changed cell with its content takes 14 bits: a string of at most kMaxDepth
// moves changes at most kMaxDepth + 1 cells, 238 bits. No changed cell holds its own number, so
// no pair is zero and the pairs end at the first zero: equal effects, equal words.
constexpr int kReach = kMaxSide - 1;
constexpr int kSpan = 2 * kReach + 1;
constexpr std::size_t kSpanCells = static_cast<std::size_t>(kSpan) * kSpan;
constexpr int kPairBits = 14;
static_assert(kSpanCells < 127 && (MoveFsm::kMaxDepth + 1) * kPairBits <= 256);
struct Effect {
    std::array<std::uint64_t, 4> w{};
    friend bool operator==(const Effect&, const Effect&) = default;
    std::uint64_t hash() const {
        std::uint64_t x = (w[0] * 0x9E3779B97F4A7C15ULL) ^ (w[1] * 0xC2B2AE3D27D4EB4FULL) ^
                          (w[2] * 0x165667B19E3779F9ULL) ^ (w[3] * 0xD6E8FEB86659FD93ULL);
        x ^= x >> 31;
        x *= 0xBF58476D1CE4E5B9ULL;
        return x ^ (x >> 29);
    }
};

// `box`: the string's (box_of), where its changed cells lie.
Effect effect_of(Code code, int len, const Box& box) {
    constexpr std::uint8_t kBlank = 127;  // no cell's number
    std::array<std::uint8_t, kSpanCells> cells{};
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<std::uint8_t>(i);
    int at = kReach * kSpan + kReach;
    cells[static_cast<std::size_t>(at)] = kBlank;
    for (int i = 0; i < len; ++i) {
        const Dir d = move_at(code, len, i);
        const int to = at + drow(d) * kSpan + dcol(d);
        cells[static_cast<std::size_t>(at)] = cells[static_cast<std::size_t>(to)];
        cells[static_cast<std::size_t>(to)] = kBlank;
        at = to;
    }
    Effect e;
    int bit = 0;
    for (int r = box.r0; r <= box.r1; ++r)
        for (int c = box.c0; c <= box.c1; ++c) {
            const auto i = static_cast<std::size_t>((r + kReach) * kSpan + c + kReach);
            if (cells[i] == i) continue;
            const std::uint64_t pair = (std::uint64_t{i} << 7) | cells[i];
            const auto word = static_cast<std::size_t>(bit / 64), shift = static_cast<std::size_t>(bit % 64);
            e.w[word] |= pair << shift;
            if (shift + kPairBits > 64) e.w[word + 1] |= pair >> (64 - shift);
            bit += kPairBits;
        }
    return e;
}

// The strings met so far that were not forbidden, by effect: open addressing over a hash of the
// effect, one slot per string (strings of one effect share a probe run). A slot keeps the string
// and the high half of its effect's hash, not the effect (16 bytes instead of 40): the effect is
// computed again only to confirm a match (the same half, an earlier box within). The slots stay
// below 2^32: at most 4 * 3^15 strings grow.
class EffectBoxes {
public:
    // Whether an earlier string with effect `e` stays within `box`; if not, string `code` of
    // `len` moves (of that effect and box) is added.
    bool within_earlier(const Effect& e, const Box& box, Code code, int len) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        const auto tag = static_cast<std::uint32_t>(e.hash() >> 32);
        std::size_t i = slot(tag);
        for (; slots_[i].len != kEmpty; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.tag == tag && s.box().within(box) && effect_of(s.code, s.len, s.box()) == e) return true;
        }
        slots_[i] = Slot{tag,
                         code,
                         static_cast<std::uint8_t>(len),
                         static_cast<std::int8_t>(box.r0),
                         static_cast<std::int8_t>(box.r1),
                         static_cast<std::int8_t>(box.c0),
                         static_cast<std::int8_t>(box.c1)};
        ++size_;
        return false;
    }

private:
    static constexpr std::uint8_t kEmpty = 0xFF;
    struct Slot {
        std::uint32_t tag = 0;  // the effect's hash, high half; its high bits are the slot
        Code code = 0;
        std::uint8_t len = kEmpty;
        std::int8_t r0 = 0, r1 = 0, c0 = 0, c1 = 0;
        Box box() const { return Box{r0, r1, c0, c1}; }
    };
    std::size_t slot(std::uint32_t tag) const { return static_cast<std::size_t>(tag >> shift_); }
    void grow() {
        std::vector<Slot> old = std::move(slots_);
        const std::size_t cap = old.empty() ? 1024 : 2 * old.size();
        slots_.assign(cap, Slot{});
        mask_ = cap - 1;
        shift_ = 32 - std::countr_zero(cap);
        for (const Slot& s : old) {
            if (s.len == kEmpty) continue;
            std::size_t i = slot(s.tag);
            while (slots_[i].len != kEmpty) i = (i + 1) & mask_;
            slots_[i] = s;
        }
    }
    std::vector<Slot> slots_;
    std::size_t size_ = 0, mask_ = 0;
    int shift_ = 32;
};

// The forbidden strings found so far, reversed in a trie, to tell whether a string ends with one.
class Suffixes {
public:
    Suffixes() : next_(1), ends_(1, 0) { next_[0].fill(0); }
    void add(Code code, int len) {
        std::size_t at = 0;
        for (int i = len - 1; i >= 0; --i) {
            const auto d = static_cast<std::size_t>(move_at(code, len, i));
            if (next_[at][d] == 0) {
                next_[at][d] = static_cast<std::uint32_t>(next_.size());
                next_.emplace_back().fill(0);
                ends_.push_back(0);
            }
            at = next_[at][d];
        }
        ends_[at] = 1;
    }
    // Whether one of them is a proper suffix of the string (the string itself is not one yet).
    bool ends_with_one(Code code, int len) const {
        std::size_t at = 0;
        for (int i = len - 1; i > 0; --i) {
            at = next_[at][static_cast<std::size_t>(move_at(code, len, i))];
            if (at == 0) return false;
            if (ends_[at]) return true;
        }
        return false;
    }

private:
    std::vector<std::array<std::uint32_t, kDirs>> next_;  // 0: none (the root is no child)
    std::vector<std::uint8_t> ends_;
};

// The forbidden strings of up to `depth` moves that fit on boards of `g`, none containing a
// shorter one: strings are taken by length, then in Dir order, and only those that fit and have
// no forbidden substring grow (a string that does not fit is never played, so neither is a
// string containing it). A grown string has no forbidden substring, so its children need only
// their suffixes checked.
std::vector<std::string> forbidden_strings(int depth, Geometry g) {
    std::vector<std::string> forbidden;
    Suffixes suffixes;
    EffectBoxes seen;
    seen.within_earlier(effect_of(0, 0, Box{}), Box{}, 0, 0);
    std::vector<Code> level{0};
    for (int len = 1; len <= depth; ++len) {
        std::vector<Code> grown;
        for (const Code s : level)
            for (Code d = 0; d < kDirs; ++d) {
                const Code t = (s << 2) | d;
                if (suffixes.ends_with_one(t, len)) continue;
                const Box box = box_of(t, len);
                if (!box.fits(g)) continue;
                if (seen.within_earlier(effect_of(t, len, box), box, t, len)) {
                    std::string& f = forbidden.emplace_back();
                    for (int i = 0; i < len; ++i) f += static_cast<char>(move_at(t, len, i));
                    suffixes.add(t, len);
                    continue;
                }
                grown.push_back(t);
            }
        level = std::move(grown);
    }
    return forbidden;
}

}  // namespace

void MoveFsm::check_depth(int depth) {
    if (depth < 2 || depth > kMaxDepth)
        throw UsageError("the move pruning depth must be 2.." + std::to_string(kMaxDepth) + ", not " +
                         std::to_string(depth));
}

MoveFsm::MoveFsm(int depth, Geometry g) : depth_(depth), geometry_(g) {
    check_depth(depth);
    if (g.rows < 2 || g.cols < 2) throw UsageError("move pruning needs a board of at least 2x2");
    if (g.rows > kMaxSide || g.cols > kMaxSide)
        throw UsageError("move pruning is for boards of at most " + std::to_string(kMaxSide) + "x" +
                         std::to_string(kMaxSide));
    const std::vector<std::string> strings = forbidden_strings(depth, g);
    forbidden_ = strings.size();
    // The trie of the forbidden strings; then its missing moves filled in breadth-first order
    // from the failure links (Aho-Corasick), and every move into a node that ends a forbidden
    // string, itself or through its failure link, pruned.
    std::vector<std::array<std::int32_t, kDirs>> go(1);
    std::vector<std::uint8_t> ends(1, 0);
    go[0].fill(-1);
    for (const std::string& s : strings) {
        std::int32_t at = 0;
        for (char m : s) {
            const auto move = static_cast<std::size_t>(static_cast<unsigned char>(m));
            if (go[static_cast<std::size_t>(at)][move] < 0) {
                go[static_cast<std::size_t>(at)][move] = static_cast<std::int32_t>(go.size());
                go.emplace_back().fill(-1);
                ends.push_back(0);
            }
            at = go[static_cast<std::size_t>(at)][move];
        }
        ends[static_cast<std::size_t>(at)] = 1;
    }
    std::vector<std::int32_t> fail(go.size(), 0), order;
    for (int d = 0; d < kDirs; ++d) {
        std::int32_t& to = go[0][static_cast<std::size_t>(d)];
        if (to < 0) to = 0;
        else order.push_back(to);
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        const auto u = static_cast<std::size_t>(order[i]);
        ends[u] |= ends[static_cast<std::size_t>(fail[u])];
        for (int d = 0; d < kDirs; ++d) {
            std::int32_t& to = go[u][static_cast<std::size_t>(d)];
            const std::int32_t via = go[static_cast<std::size_t>(fail[u])][static_cast<std::size_t>(d)];
            if (to < 0) {
                to = via;
            } else {
                fail[static_cast<std::size_t>(to)] = via;
                order.push_back(to);
            }
        }
    }
    next_.resize(go.size() * kDirs);
    for (std::size_t s = 0; s < go.size(); ++s)
        for (std::size_t d = 0; d < kDirs; ++d) {
            const std::int32_t to = go[s][d];
            next_[s * kDirs + d] = ends[static_cast<std::size_t>(to)] ? kPruned : to;
        }
}

const MoveFsm& move_fsm(int depth, Geometry g) {
    static std::mutex mutex;
    static std::map<std::array<int, 3>, std::unique_ptr<const MoveFsm>> built;
    std::lock_guard lock(mutex);
    auto& slot = built[{depth, g.rows, g.cols}];
    if (!slot) slot = std::make_unique<const MoveFsm>(depth, g);
    return *slot;
}

}  // namespace bitsolve::sliding

// Duplicate-move pruning: the forbidden move strings and their automaton (move_fsm.hpp).
#include "bitsolve/sliding/move_fsm.hpp"

#include <algorithm>
#include <array>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::sliding {
namespace {

// The cells a string's blank visits, as (row, column) offsets from its start.
struct Box {
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    bool within(const Box& o) const { return r0 >= o.r0 && r1 <= o.r1 && c0 >= o.c0 && c1 <= o.c1; }
    bool fits(Geometry g) const { return r1 - r0 < g.rows && c1 - c0 < g.cols; }
};

// Plays a string on an unbounded board whose cells hold their own numbers, the blank at the
// origin. The effect: the cells whose content changed, with that content (the blank as kBlank),
// in cell order, as bytes.
std::string effect(std::string_view moves, Box& box) {
    constexpr int kSpan = 2 * MoveFsm::kMaxDepth + 3;  // cells are r * kSpan + c, no wrap-around
    constexpr int kBlank = 1 << 20;                    // no cell's number
    std::array<std::pair<int, int>, MoveFsm::kMaxDepth + 2> changed{};
    std::size_t n = 0;
    auto get = [&](int cell) {
        for (std::size_t i = 0; i < n; ++i)
            if (changed[i].first == cell) return changed[i].second;
        return cell;
    };
    auto put = [&](int cell, int v) {
        for (std::size_t i = 0; i < n; ++i)
            if (changed[i].first == cell) {
                changed[i].second = v;
                return;
            }
        changed[n++] = {cell, v};
    };
    int r = 0, c = 0;
    box = Box{};
    put(0, kBlank);
    for (char m : moves) {
        const auto d = static_cast<Dir>(m);
        const int from = r * kSpan + c;
        r += drow(d), c += dcol(d);
        box = Box{std::min(box.r0, r), std::max(box.r1, r), std::min(box.c0, c), std::max(box.c1, c)};
        const int to = r * kSpan + c;
        put(from, get(to));
        put(to, kBlank);
    }
    std::sort(changed.begin(), changed.begin() + static_cast<std::ptrdiff_t>(n));
    std::string key;
    for (std::size_t i = 0; i < n; ++i) {
        if (changed[i].first == changed[i].second) continue;
        for (int v : {changed[i].first, changed[i].second}) {
            const auto u = static_cast<std::uint32_t>(v);
            key.append({static_cast<char>(u), static_cast<char>(u >> 8), static_cast<char>(u >> 16)});
        }
    }
    return key;
}

// The forbidden strings of up to `depth` moves that fit on boards of `g`, none containing a
// shorter one: strings are taken by length, then in Dir order, and only those that fit and have
// no forbidden substring grow (a string that does not fit is never played, so neither is a
// string containing it).
std::deque<std::string> forbidden_strings(int depth, Geometry g) {
    std::deque<std::string> forbidden;
    std::unordered_set<std::string_view> is_forbidden;
    std::unordered_map<std::string, std::vector<Box>> seen;  // effect -> boxes of earlier strings
    Box box;
    seen[effect("", box)].push_back(box);
    std::vector<std::string> level{""};
    for (int len = 1; len <= depth; ++len) {
        std::vector<std::string> grown;
        for (const std::string& s : level)
            for (int d = 0; d < kDirs; ++d) {
                std::string t = s + static_cast<char>(d);
                const std::string_view v(t);
                bool contains = false;
                for (std::size_t k = 2; k < t.size() && !contains; ++k)
                    contains = is_forbidden.count(v.substr(t.size() - k)) != 0;
                if (contains) continue;
                std::string e = effect(t, box);
                if (!box.fits(g)) continue;
                std::vector<Box>& boxes = seen[std::move(e)];
                if (std::any_of(boxes.begin(), boxes.end(), [&](const Box& b) { return b.within(box); })) {
                    forbidden.push_back(std::move(t));
                    is_forbidden.insert(forbidden.back());
                    continue;
                }
                boxes.push_back(box);
                grown.push_back(std::move(t));
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
    const std::deque<std::string> strings = forbidden_strings(depth, g);
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

// Duplicate-move pruning (sliding/move_fsm.hpp): depth 2 is exactly "never undo the previous
// move"; at every depth, a search that plays only unpruned moves reaches every board the plain
// search reaches, at the same smallest number of moves (all boards within 12 moves of several
// blank cells on 3x3, 4x4 and 5x5, against BFS), while walking fewer move strings; and the
// forbidden strings are as many as the definition gives by brute force over every string.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/move_fsm.hpp"

namespace bitsolve::sliding {
namespace {

std::string key(const Board& b) { return std::string(b.tiles.begin(), b.tiles.begin() + b.geo.cells()); }

Board numbered(Geometry g, int blank) {
    Board b;
    b.geo = g;
    for (int c = 0, t = 1; c < g.cells(); ++c)
        b.tiles[static_cast<std::size_t>(c)] = c == blank ? 0 : static_cast<Tile>(t++);
    return b;
}

int blank_of(const Board& b) {
    for (int c = 0; c < b.geo.cells(); ++c)
        if (b.tiles[static_cast<std::size_t>(c)] == 0) return c;
    return -1;
}

void play(Board& b, Dir d) {
    const int from = blank_of(b), to = b.geo.neighbour(from, d);
    std::swap(b.tiles[static_cast<std::size_t>(from)], b.tiles[static_cast<std::size_t>(to)]);
}

// Every board within `depth` moves and its distance, by BFS.
std::map<std::string, int> bfs(const Board& start, int depth) {
    std::map<std::string, int> dist{{key(start), 0}};
    std::vector<Board> layer{start};
    for (int g = 1; g <= depth; ++g) {
        std::vector<Board> next;
        for (const Board& b : layer)
            for (int d = 0; d < kDirs; ++d) {
                if (b.geo.neighbour(blank_of(b), static_cast<Dir>(d)) < 0) continue;
                Board c = b;
                play(c, static_cast<Dir>(d));
                if (dist.emplace(key(c), g).second) next.push_back(c);
            }
        layer = std::move(next);
    }
    return dist;
}

// Depth-first over the move strings the machine allows: the smallest depth each board is met at.
void walk(const MoveFsm& fsm, Board& b, std::int32_t state, int g, int depth, std::map<std::string, int>& met,
          std::uint64_t& strings) {
    ++strings;
    auto [it, fresh] = met.emplace(key(b), g);
    if (!fresh && g < it->second) it->second = g;
    if (g == depth) return;
    for (int d = 0; d < kDirs; ++d) {
        const std::int32_t next = fsm.next(state, static_cast<Dir>(d));
        if (next == MoveFsm::kPruned || b.geo.neighbour(blank_of(b), static_cast<Dir>(d)) < 0) continue;
        play(b, static_cast<Dir>(d));
        walk(fsm, b, next, g + 1, depth, met, strings);
        play(b, inverse(static_cast<Dir>(d)));
    }
}

TEST(MoveFsm, DepthTwoIsNeverUndoingThePreviousMove) {
    const MoveFsm fsm(2, Geometry{3, 3});
    EXPECT_EQ(fsm.forbidden(), 4u);
    for (int d = 0; d < kDirs; ++d) {
        const std::int32_t s = fsm.next(MoveFsm::kStart, static_cast<Dir>(d));
        ASSERT_NE(s, MoveFsm::kPruned);
        for (int e = 0; e < kDirs; ++e) {
            const bool pruned = fsm.next(s, static_cast<Dir>(e)) == MoveFsm::kPruned;
            EXPECT_EQ(pruned, static_cast<Dir>(e) == inverse(static_cast<Dir>(d))) << d << ' ' << e;
        }
    }
}

TEST(MoveFsm, ReachesEveryBoardAtItsDistanceWithFewerStrings) {
    constexpr int kDepth = 12;
    for (const auto& [g, blanks] : std::vector<std::pair<Geometry, std::vector<int>>>{
             {Geometry{3, 3}, {0, 1, 4}}, {Geometry{4, 4}, {0, 5, 7}}, {Geometry{5, 5}, {12}}}) {
        for (int blank : blanks) {
            const Board start = numbered(g, blank);
            const auto want = bfs(start, kDepth);
            std::uint64_t before = 0;
            for (int depth : {2, 6, 10, 12}) {
                std::map<std::string, int> met;
                std::uint64_t strings = 0;
                Board b = start;
                walk(move_fsm(depth, g), b, MoveFsm::kStart, 0, kDepth, met, strings);
                EXPECT_EQ(met, want) << g.rows << 'x' << g.cols << " blank " << blank << " depth " << depth;
                if (depth > 2) {
                    EXPECT_LT(strings, before) << g.rows << 'x' << g.cols << " depth " << depth;
                }
                before = strings;
            }
        }
    }
}

// The definition (move_fsm.hpp), by brute force: every string of up to `depth` moves that fits
// boards of g, in order (length, then Dir order), played on an unbounded board; a string is
// redundant when an earlier one has the same effect (the cells it changes, with their new
// contents) and a box within its own; the forbidden ones are the redundant strings with no
// redundant proper substring.
std::size_t forbidden_by_definition(int depth, Geometry g) {
    using Cell2 = std::pair<int, int>;
    using Box = std::array<int, 4>;  // rows and columns the blank visits: min row, max row, min col, max col
    std::map<std::map<Cell2, Cell2>, std::vector<Box>> earlier;
    std::set<std::string> redundant;
    std::vector<std::string> strings{""};  // all of them, by length, then in Dir order
    for (std::size_t at = 0; at < strings.size(); ++at) {
        if (strings[at].size() == static_cast<std::size_t>(depth)) continue;
        for (int d = 0; d < kDirs; ++d) strings.push_back(strings[at] + static_cast<char>(d));
    }
    std::size_t forbidden = 0;
    for (const std::string& t : strings) {
        std::map<Cell2, Cell2> cells;  // changed cells and their contents; the blank is (99, 99)
        auto get = [&](Cell2 c) { return cells.count(c) ? cells[c] : c; };
        Cell2 blank{0, 0};
        cells[blank] = {99, 99};
        Box box{0, 0, 0, 0};
        for (char m : t) {
            const auto d = static_cast<Dir>(m);
            const Cell2 to{blank.first + drow(d), blank.second + dcol(d)};
            cells[blank] = get(to);
            cells[to] = {99, 99};
            blank = to;
            box = {std::min(box[0], to.first), std::max(box[1], to.first), std::min(box[2], to.second),
                   std::max(box[3], to.second)};
        }
        if (box[1] - box[0] >= g.rows || box[3] - box[2] >= g.cols) continue;
        std::erase_if(cells, [](const auto& kv) { return kv.first == kv.second; });
        std::vector<Box>& boxes = earlier[cells];
        const bool is_redundant = std::any_of(boxes.begin(), boxes.end(), [&](const Box& b) {
            return b[0] >= box[0] && b[1] <= box[1] && b[2] >= box[2] && b[3] <= box[3];
        });
        boxes.push_back(box);
        if (!is_redundant) continue;
        bool inner = false;
        for (std::size_t from = 0; from < t.size() && !inner; ++from)
            for (std::size_t n = 2; from + n <= t.size() && !inner; ++n)
                inner = n < t.size() && redundant.count(t.substr(from, n)) != 0;
        redundant.insert(t);
        forbidden += !inner;
    }
    return forbidden;
}

TEST(MoveFsm, ForbiddenStringsAreThoseOfTheDefinition) {
    for (const Geometry g : {Geometry{2, 3}, Geometry{3, 3}, Geometry{3, 4}, Geometry{4, 4}, Geometry{5, 5}})
        for (int depth : {4, 6, 8})
            EXPECT_EQ(MoveFsm(depth, g).forbidden(), forbidden_by_definition(depth, g))
                << g.rows << 'x' << g.cols << " depth " << depth;
}

TEST(MoveFsm, DepthsOutsideTheRangeRefused) {
    EXPECT_THROW(MoveFsm(1, Geometry{4, 4}), UsageError);
    EXPECT_THROW(MoveFsm(MoveFsm::kMaxDepth + 1, Geometry{4, 4}), UsageError);
    EXPECT_THROW(MoveFsm(6, Geometry{1, 4}), UsageError);
    EXPECT_THROW(MoveFsm(6, Geometry{kMaxSide + 1, 4}), UsageError);
    EXPECT_EQ(&move_fsm(6, Geometry{4, 4}), &move_fsm(6, Geometry{4, 4}));  // built once
    EXPECT_NE(&move_fsm(6, Geometry{4, 4}), &move_fsm(6, Geometry{3, 3}));
}

}  // namespace
}  // namespace bitsolve::sliding

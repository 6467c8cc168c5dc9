// Packed boards, perfect hashing and parity, checked exhaustively on small geometries against
// a plain hashed BFS that knows nothing of ranks or parity.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/visited.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/domain.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/rank.hpp"

namespace bitsolve::sliding {
namespace {

// Every board reachable from `goal`, by a hashed BFS over packed words.
ParentMap<std::uint64_t, Dir> reachable_store(const Board& goal) {
    const SlidingDomain<Pack16> dom(goal.geo, goal);
    ParentMap<std::uint64_t, Dir> store(1024);
    BfsOptions opt;
    opt.stop_at_goal = false;
    opt.want_path = false;
    bfs(dom, pack<Pack16>(goal), store, opt);
    return store;
}

// Calls f(board, index) for every permutation of the goal's cells, in std::next_permutation
// order from the identity: `index` is the permutation's lexicographic rank.
template <class F>
void for_each_permutation(const Board& goal, F&& f) {
    Board b = goal;
    std::vector<int> perm(static_cast<std::size_t>(goal.cells()));
    std::iota(perm.begin(), perm.end(), 0);
    std::size_t index = 0;
    do {
        for (int c = 0; c < goal.cells(); ++c) b.tiles[c] = static_cast<Tile>(perm[static_cast<std::size_t>(c)]);
        f(b, index++);
    } while (std::next_permutation(perm.begin(), perm.end()));
}

// Re-walking the BFS store would need its internals; collect keys by brute force over permutations.
std::vector<std::uint64_t> reachable_words(const Board& goal) {
    const auto store = reachable_store(goal);
    std::vector<std::uint64_t> words;
    for_each_permutation(goal, [&](const Board& b, std::size_t) {
        const auto w = pack<Pack16>(b).cells;
        if (store.contains(w)) words.push_back(w);
    });
    return words;
}

// Reachability of every permutation, indexed by its lexicographic rank: one flag each, so a
// check is one lookup and needs no sorted-range search (which _GLIBCXX_DEBUG would verify by a
// linear scan per search, making an exhaustive check quadratic).
std::vector<bool> reachable_flags(const Board& goal) {
    const auto store = reachable_store(goal);
    std::vector<bool> flags(static_cast<std::size_t>(factorial(goal.cells())), false);
    for_each_permutation(goal,
                         [&](const Board& b, std::size_t i) { flags[i] = store.contains(pack<Pack16>(b).cells); });
    return flags;
}

TEST(Packing, RoundTripAndLayout) {
    const Board b = blank_first_goal({4, 4});
    const auto s = pack<Pack16>(b);
    EXPECT_EQ(s.cells, 0xFEDCBA9876543210ULL);  // cell c holds tile c in nibble c
    EXPECT_EQ(s.blank, 0);
    EXPECT_EQ(unpack(s, b.geo), b);
    Board big = blank_last_goal({5, 5});
    const auto t = pack<Pack25>(big);
    EXPECT_EQ(unpack(t, big.geo), big);
    EXPECT_EQ(t.blank, 24);
    EXPECT_EQ(Pack25::get(t.cells, 23), 24);
}

TEST(Packing, PlayIsSwapWithBlank) {
    const Board goal = blank_last_goal({3, 3});
    const SlidingDomain<Pack16> dom(goal.geo, goal);
    auto s = pack<Pack16>(goal);
    dom.play(s, Dir::Up);  // blank 8 -> 5
    Board expect = goal;
    ASSERT_TRUE(replay(expect, Path{Dir::Up}));
    EXPECT_EQ(unpack(s, goal.geo), expect);
    EXPECT_EQ(s.blank, 5);
    dom.unplay(s, Dir::Up);
    EXPECT_EQ(s, pack<Pack16>(goal));
}

TEST(Path, LettersRoundTripAndReplayStopsAtTheEdge) {
    const Path path = parse_path("ULDRUL").value();
    EXPECT_EQ(path_letters(path), "ULDRUL");
    EXPECT_EQ(path.front(), Dir::Up);
    EXPECT_EQ(path.back(), Dir::Left);
    EXPECT_FALSE(parse_path("UX"));
    EXPECT_FALSE(parse_path("u"));
    EXPECT_TRUE(parse_path("").value().empty());
    Board b = blank_last_goal({3, 3});  // blank in the bottom-right corner
    EXPECT_FALSE(replay(b, Path{Dir::Down}));
    EXPECT_EQ(b, blank_last_goal({3, 3}));
    EXPECT_FALSE(replay(b, Path{Dir::Up, Dir::Right}));  // Up is played, Right leaves the board
    EXPECT_EQ(b.blank(), 5);
    EXPECT_EQ(format_walk(blank_last_goal({2, 2}), Path{Dir::Left}), "1 2\n3 0\n\nmove 1: L\n1 2\n0 3\n");
}

TEST(Parity, AgreesWithExhaustiveSearch) {
    for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{2, 4}, Geometry{3, 3}}) {
        for (const Board& goal : {blank_last_goal(g), blank_first_goal(g)}) {
            const std::vector<bool> reachable = reachable_flags(goal);
            EXPECT_EQ(static_cast<std::uint64_t>(std::count(reachable.begin(), reachable.end(), true)),
                      reachable_count(g.cells()))
                << g.rows << "x" << g.cols;
            // Each permutation: solvable() must match membership in the reachable set.
            std::size_t checked = 0, mismatches = 0;
            for_each_permutation(goal, [&](const Board& b, std::size_t i) {
                mismatches += reachable[i] != solvable(b, goal);
                ++checked;
            });
            EXPECT_EQ(mismatches, 0u) << g.rows << "x" << g.cols;
            EXPECT_EQ(checked, factorial(g.cells()));
        }
    }
}

TEST(Rank, PerfectHashAndUnrankOnEveryReachableBoard) {
    for (Geometry g : {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{2, 4}, Geometry{3, 3}}) {
        const Board goal = blank_last_goal(g);
        const int klass = reach_class(goal);
        std::vector<bool> hit(reachable_count(g.cells()), false);
        for (std::uint64_t w : reachable_words(goal)) {
            const State<Pack16> s{w, static_cast<Cell>(unpack(State<Pack16>{w, 0}, g).blank())};
            const std::uint32_t r = board_rank<Pack16>(s.cells, s.blank, g.cells());
            ASSERT_LT(r, hit.size());
            EXPECT_FALSE(hit[r]) << "rank collision";
            hit[r] = true;
            const Board b = board_unrank(r, g, klass);
            EXPECT_EQ(pack<Pack16>(b).cells, w);
            EXPECT_EQ(reach_class(b), klass);
        }
        EXPECT_TRUE(std::all_of(hit.begin(), hit.end(), [](bool x) { return x; }));
    }
}

TEST(Rank, LargestRankedGeometryRoundTrips) {
    const Geometry g{3, 4};
    const Board goal = blank_last_goal(g);
    const std::uint32_t last = static_cast<std::uint32_t>(reachable_count(12) - 1);
    for (std::uint32_t r : {0u, 1u, 12345u, 99999999u, last}) {
        const Board b = board_unrank(r, g, reach_class(goal));
        EXPECT_TRUE(solvable(b, goal));
        const auto s = pack<Pack16>(b);
        EXPECT_EQ(board_rank<Pack16>(s.cells, s.blank, 12), r);
    }
}

TEST(Parity, KnownBoards) {
    const Board goal = blank_last_goal({3, 3});
    Board b = goal;
    std::swap(b.tiles[0], b.tiles[1]);  // two tiles swapped: the classic unsolvable board
    EXPECT_FALSE(solvable(b, goal));
    Board c = goal;
    ASSERT_TRUE(replay(c, parse_path("ULDRUL").value()));
    EXPECT_TRUE(solvable(c, goal));
    // Blank-first and blank-last goals of 4x4 are mutually unreachable? Parity decides:
    // 15 transpositions' worth of permutation... computed independently:
    const Board f = blank_first_goal({4, 4}), l = blank_last_goal({4, 4});
    // cycle (0 1 2 .. 15) has length 16: odd permutation; blank moves 3+3 = 6: even. Unreachable.
    EXPECT_FALSE(solvable(f, l));
    const Board f3 = blank_first_goal({3, 3}), l3 = blank_last_goal({3, 3});
    // 9-cycle: even permutation; blank distance 4: even. Reachable.
    EXPECT_TRUE(solvable(f3, l3));
}

}  // namespace
}  // namespace bitsolve::sliding

// The incremental heuristics: the value carried down a random walk must equal a fresh
// estimate() at every step (all geometries, random goals), and h must never exceed the optimal
// distance (admissibility) nor Manhattan exceed Manhattan + linear conflicts.
#include <gtest/gtest.h>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/domain.hpp"
#include "bitsolve/sliding/heuristics.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "sliding/random_board.hpp"

namespace bitsolve::sliding {
namespace {

template <class P>
void walk_check(Geometry g, SplitMix64& rng) {
    const Board goal = random_board(g, rng);
    const SlidingDomain<P> dom(g, goal);
    const Manhattan<P> md(g, goal);
    const ManhattanLinearConflict<P> lc(g, goal);
    auto s = pack<P>(random_board(g, rng));
    int hmd = md.estimate(s);
    auto vlc = lc.estimate(s);
    Dir moves[4];
    for (int step = 0; step < 400; ++step) {
        const std::size_t n = dom.successors(s, moves);
        const Dir m = moves[rng.below(n)];
        hmd = md.after(s, m, hmd);
        vlc = lc.after(s, m, vlc);
        dom.play(s, m);
        ASSERT_EQ(hmd, md.estimate(s)) << g.rows << "x" << g.cols << " step " << step;
        const auto fresh = lc.estimate(s);
        ASSERT_EQ(vlc.h, fresh.h) << g.rows << "x" << g.cols << " step " << step;
        for (int r = 0; r < g.rows; ++r) ASSERT_EQ(vlc.row[r], fresh.row[r]);
        for (int c = 0; c < g.cols; ++c) ASSERT_EQ(vlc.col[c], fresh.col[c]);
        ASSERT_LE(hmd, vlc.h);
    }
}

TEST(Heuristics, IncrementalEqualsFreshOnEveryGeometry) {
    SplitMix64 rng(99);
    for (int r = kMinSide; r <= kMaxSide; ++r)
        for (int c = kMinSide; c <= kMaxSide; ++c) {
            const Geometry g{r, c};
            for (int k = 0; k < 3; ++k) {
                if (g.cells() <= 16) walk_check<Pack16>(g, rng);
                walk_check<Pack25>(g, rng);
            }
        }
}

TEST(Heuristics, AdmissibleOnRandom3x3And2x4Boards) {
    SplitMix64 rng(5);
    for (Geometry g : {Geometry{3, 3}, Geometry{2, 4}, Geometry{4, 2}}) {
        for (int i = 0; i < 200; ++i) {
            const Board goal = random_board(g, rng), start = random_board(g, rng);
            if (!solvable(start, goal)) continue;
            SolveOptions o;
            o.algorithm = Algorithm::Bidir;
            const int d = solve(start, goal, o).length;
            const ManhattanLinearConflict<Pack16> lc(g, goal);
            EXPECT_LE(lc.estimate(pack<Pack16>(start)).h, d) << format_board_line(start);
        }
    }
}

TEST(Heuristics, KnownValues) {
    // Goal 1 2 3 / 4 5 6 / 7 8 0. Row 0 holds 3 2 1: all three in their goal row, reversed:
    // the longest ordered subsequence has 1 tile, so 2 must leave: +4. Manhattan 2+0+2 = 4.
    const Geometry g{3, 3};
    const Board goal = blank_last_goal(g);
    Board b = goal;
    b.tiles = {3, 2, 1, 4, 5, 6, 7, 8, 0};
    const auto s = pack<Pack16>(b);
    EXPECT_EQ(Manhattan<Pack16>(g, goal).estimate(s), 4);
    EXPECT_EQ(ManhattanLinearConflict<Pack16>(g, goal).estimate(s).h, 8);
}

}  // namespace
}  // namespace bitsolve::sliding

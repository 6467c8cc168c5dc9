// The three algorithms must agree on random boards of every small geometry, every path must
// replay to the goal with the announced length, and unreachable boards must give -1.
#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/rank.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "sliding/random_board.hpp"

namespace bitsolve::sliding {
namespace {

void expect_path_reaches(const Board& start, const Board& goal, const Solution& s, const char* algo) {
    ASSERT_EQ(s.path.size(), static_cast<std::size_t>(s.length)) << algo;
    Board b = start;
    ASSERT_TRUE(replay(b, s.path)) << algo << " path leaves the board";
    EXPECT_EQ(b, goal) << algo << " path " << path_letters(s.path) << " does not reach the goal";
}

void cross_check(Geometry g, int boards, bool with_bfs, std::uint64_t seed) {
    SplitMix64 rng(seed);
    for (const Board& goal : {blank_last_goal(g), blank_first_goal(g), random_board(g, rng)}) {
        int reachable = 0;
        for (int i = 0; i < boards; ++i) {
            const Board start = random_board(g, rng);
            SolveOptions o;
            o.algorithm = Algorithm::Ida;
            const Solution ida = solve(start, goal, o);
            o.algorithm = Algorithm::Bidir;
            const Solution bid = solve(start, goal, o);
            EXPECT_EQ(ida.length, bid.length) << format_board_line(start);
            if (with_bfs) {
                o.algorithm = Algorithm::Bfs;
                const Solution bf = solve(start, goal, o);
                EXPECT_EQ(ida.length, bf.length) << format_board_line(start);
                if (bf.length >= 0) expect_path_reaches(start, goal, bf, "bfs");
            }
            EXPECT_EQ(ida.length >= 0, solvable(start, goal));
            if (ida.length < 0) continue;
            ++reachable;
            expect_path_reaches(start, goal, ida, "ida");
            expect_path_reaches(start, goal, bid, "bidir");
        }
        // Random permutations: about half reachable (guards against a generator gone wrong).
        EXPECT_GT(reachable, boards / 8);
        EXPECT_LT(reachable, boards - boards / 8);
    }
}

TEST(Solver, Agree2x2) { cross_check({2, 2}, 40, true, 1); }
TEST(Solver, Agree2x3) { cross_check({2, 3}, 60, true, 2); }
TEST(Solver, Agree3x2) { cross_check({3, 2}, 60, true, 3); }
TEST(Solver, Agree3x3) { cross_check({3, 3}, 40, true, 4); }
TEST(Solver, Agree2x4) { cross_check({2, 4}, 40, true, 5); }
TEST(Solver, Agree4x2) { cross_check({4, 2}, 20, true, 6); }
TEST(Solver, Agree2x5) { cross_check({2, 5}, 12, false, 7); }

TEST(Solver, Boj1525Samples) {
    Board a = blank_last_goal({3, 3});
    a.tiles = {1, 0, 3, 4, 2, 5, 7, 8, 6};
    const Solution s = solve(a, blank_last_goal({3, 3}), {});
    EXPECT_EQ(s.length, 3);
    EXPECT_EQ(path_letters(s.path), "DRD");
    Board b = a;
    b.tiles = {3, 6, 0, 8, 1, 2, 7, 4, 5};
    EXPECT_EQ(solve(b, blank_last_goal({3, 3}), {}).length, -1);
}

TEST(Solver, GoalIsStart) {
    const Board g = blank_last_goal({4, 4});
    for (Algorithm a : {Algorithm::Ida, Algorithm::Bidir}) {
        SolveOptions o;
        o.algorithm = a;
        const Solution s = solve(g, g, o);
        EXPECT_EQ(s.length, 0);
        EXPECT_TRUE(s.path.empty());
        EXPECT_EQ(format_answer(s, true), "0");
    }
}

TEST(Solver, BfsRefusesLargeBoards) {
    SolveOptions o;
    o.algorithm = Algorithm::Bfs;
    Board g = blank_last_goal({4, 4});
    Board b = g;
    ASSERT_TRUE(replay(b, Path{Dir::Up, Dir::Left}));
    EXPECT_THROW(solve(b, g, o), LimitError);
    o.algorithm = Algorithm::Bidir;
    EXPECT_EQ(solve(b, g, o).length, 2);  // hashed bidir handles a 4x4 board near the goal
    Board g5 = blank_last_goal({5, 5}), b5 = g5;
    ASSERT_TRUE(replay(b5, Path{Dir::Up, Dir::Left}));
    EXPECT_THROW(solve(b5, g5, o), LimitError);
}

TEST(Solver, KnownDistances) {
    // Hardest 3x3 boards (31 moves) from the blank-last goal: exactly two of them.
    Board g = blank_last_goal({3, 3});
    Board a = g, b = g;
    a.tiles = {8, 6, 7, 2, 5, 4, 3, 0, 1};
    b.tiles = {6, 4, 7, 8, 5, 0, 3, 2, 1};
    EXPECT_EQ(solve(a, g, {}).length, 31);
    EXPECT_EQ(solve(b, g, {}).length, 31);
    SolveOptions o;
    o.algorithm = Algorithm::Bfs;
    EXPECT_EQ(solve(a, g, o).length, 31);
}

TEST(Solver, Manhattan4x4AndHeuristicsAgree) {
    // Korf instance with a short optimum; both heuristics must give the same optimal length.
    const Geometry g{4, 4};
    const Board goal = blank_first_goal(g);
    Board b = goal;
    b.tiles = {1, 2, 3, 7, 4, 5, 6, 0, 8, 9, 10, 11, 12, 13, 14, 15};  // (a few moves away)
    SolveOptions o;
    o.heuristic = Heuristic::Manhattan;
    const Solution md = solve(b, goal, o);
    o.heuristic = Heuristic::ManhattanLinearConflict;
    const Solution lc = solve(b, goal, o);
    EXPECT_EQ(md.length, lc.length);
    expect_path_reaches(b, goal, lc, "ida");
}

TEST(Solver, DistanceLayers3x3) {
    const std::vector<std::uint64_t> expect = {1,     2,     4,     8,     16,    20,   39,   62,   116,   152,   286,
                                               396,   748,   1024,  1893,  2512,  4485, 5638, 9529, 10878, 16993, 17110,
                                               23952, 20224, 24047, 15578, 14560, 6274, 3910, 760,  221,   2};
    EXPECT_EQ(distance_layers(blank_last_goal({3, 3})), expect);
}

TEST(Solver, DistanceLayersSumToHalfTheSpace) {
    for (Geometry g :
         {Geometry{2, 2}, Geometry{2, 3}, Geometry{3, 2}, Geometry{2, 4}, Geometry{4, 2}}) {  // 2x5: slow test
        std::uint64_t total = 0;
        for (auto x : distance_layers(blank_first_goal(g))) total += x;
        EXPECT_EQ(total, factorial(g.cells()) / 2) << g.rows << "x" << g.cols;
    }
}

}  // namespace
}  // namespace bitsolve::sliding

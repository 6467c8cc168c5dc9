// Slow, exact checks: the distances of thousands of 3x3 and 2x5 boards read off an exhaustive BFS
// from the goal (parent chains in a DenseParentMap) against IDA* and bidirectional BFS; 3x4
// boards between IDA* and bidirectional BFS; and Korf's first ten 15-puzzle instances against
// their published optimal lengths.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/visited.hpp"
#include "bitsolve/sliding/domain.hpp"
#include "bitsolve/sliding/rank.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding {
namespace {

void against_exhaustive_bfs(Geometry g, int samples, std::uint64_t seed) {
    const Board goal = blank_last_goal(g);
    const Ranked<Pack16> dom(g, goal);
    DenseParentMap<Dir> store(reachable_count(g.cells()));
    BfsOptions opt;
    opt.stop_at_goal = false;
    opt.want_path = false;
    const auto layers = bfs(dom, pack<Pack16>(goal), store, opt).layers;
    ASSERT_EQ(store.size(), reachable_count(g.cells()));
    std::uint64_t total = 0;
    for (auto x : layers) total += x;
    ASSERT_EQ(total, reachable_count(g.cells()));
    SplitMix64 rng(seed);
    for (int i = 0; i < samples; ++i) {
        const auto r = static_cast<std::uint32_t>(rng.below(reachable_count(g.cells())));
        const Board b = board_unrank(r, g, reach_class(goal));
        const int distance = static_cast<int>(rebuild_path<DenseParentMap<Dir>, std::uint32_t, Dir>(store, r).size());
        SolveOptions o;
        o.algorithm = Algorithm::Ida;
        ASSERT_EQ(solve(b, goal, o).length, distance) << format_board_line(b);
        if (i % 10 == 0) {
            o.algorithm = Algorithm::Bidir;
            ASSERT_EQ(solve(b, goal, o).length, distance) << format_board_line(b);
        }
    }
}

TEST(Exhaustive, Ida3x3AgainstBfsDistances) { against_exhaustive_bfs({3, 3}, 3000, 11); }
TEST(Exhaustive, Ida2x5AgainstBfsDistances) { against_exhaustive_bfs({2, 5}, 300, 12); }

TEST(Exhaustive, IdaAndBidir3x4) {
    const Geometry g{3, 4};
    const Board goal = blank_first_goal(g);
    SplitMix64 rng(13);
    for (int i = 0; i < 6; ++i) {
        const Board b = board_unrank(static_cast<std::uint32_t>(rng.below(reachable_count(12))), g, reach_class(goal));
        SolveOptions o;
        o.algorithm = Algorithm::Ida;
        const Solution a = solve(b, goal, o);
        o.algorithm = Algorithm::Bidir;
        const Solution c = solve(b, goal, o);
        EXPECT_EQ(a.length, c.length) << format_board_line(b);
        Board x = b, y = b;
        ASSERT_TRUE(replay(x, a.path));
        ASSERT_TRUE(replay(y, c.path));
        EXPECT_EQ(x, goal);
        EXPECT_EQ(y, goal);
    }
}

TEST(Exhaustive, KorfFirstTenOptimalLengths) {
    std::ifstream in(std::string(BITSOLVE_DATA_DIR) + "/sliding/korf100.txt");
    ASSERT_TRUE(in) << "data/sliding/korf100.txt";
    std::string line;
    int done = 0;
    while (done < 10 && std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        Board b;
        b.geo = {4, 4};
        for (int c = 0; c < 16; ++c) {
            int t = 0;
            ss >> t;
            b.tiles[static_cast<std::size_t>(c)] = static_cast<Tile>(t);
        }
        int expected = 0;
        ss >> expected;
        const Solution s = solve(b, blank_first_goal(b.geo), {});
        EXPECT_EQ(s.length, expected) << "instance " << done + 1;
        Board x = b;
        ASSERT_TRUE(replay(x, s.path));
        EXPECT_EQ(x, blank_first_goal(b.geo));
        ++done;
    }
    EXPECT_EQ(done, 10);
}

}  // namespace
}  // namespace bitsolve::sliding

// All of Korf's 100 random 15-puzzles solved with 6-6-3 + reflection to their published optimal
// lengths, every path replayed to the goal. Tables are built in memory (no cache involved).
#include <gtest/gtest.h>

#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;

TEST(PdbKorf100, AllOptimalWith663) {
    const bitsolve::sliding::Geometry g{4, 4};
    const auto all = pdbtest::read_instances(std::string(BITSOLVE_DATA_DIR) + "/sliding/korf100.txt", g);
    ASSERT_EQ(all.size(), 100u);
    PdbSet set;
    for (const auto& s : named_partition("pdb663", g, 0))
        set.tables.push_back(std::make_shared<const PdbTable>(build_table(s, 0)));
    const auto goal = bitsolve::sliding::blank_first_goal(g);
    const PdbHeuristic h(goal, set);
    int sum = 0;
    for (std::size_t i = 0; i < all.size(); ++i) {
        const PdbSolution s = solve_pdb(h, all[i].board, 0);
        EXPECT_EQ(s.length, all[i].length) << "instance " << i + 1;
        auto b = all[i].board;
        ASSERT_EQ(static_cast<int>(s.path.size()), s.length) << "instance " << i + 1;
        ASSERT_TRUE(bitsolve::sliding::replay(b, s.path)) << "instance " << i + 1;
        EXPECT_EQ(b, goal) << "instance " << i + 1;
        sum += s.length;
    }
    EXPECT_EQ(sum, 5305);  // the published total
}

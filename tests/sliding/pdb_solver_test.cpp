// The PDB-IDA* solver: optimal lengths against exact BFS on every 3x3 distance class, paths that
// replay, identical answers and node counts for any thread count, unreachable boards, and Korf
// instances on 4x4.
#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;

namespace {

const PdbHeuristic& h3x3() {
    static const PdbHeuristic h(
        3, 3, pdbtest::blank_last(9),
        pdbtest::build_set({pdbtest::spec(3, 3, 8, {0, 1, 2, 3}), pdbtest::spec(3, 3, 8, {4, 5, 6, 7})}));
    return h;
}

const PdbHeuristic& h555() {
    static const PdbHeuristic h = [] {
        PdbSet set;
        for (const auto& s : named_partition("pdb555", 4, 4, 0))
            set.tables.push_back(std::make_shared<const PdbTable>(build_table(s, 2)));
        return PdbHeuristic(4, 4, pdbtest::blank_first(16), set);
    }();
    return h;
}

void expect_replays(unsigned rows, unsigned cols, pdbtest::Board b, const PdbSolution& s, const pdbtest::Board& goal) {
    ASSERT_EQ(static_cast<int>(s.path.size()), s.length);
    ASSERT_TRUE(apply_path(rows, cols, b, s.path));
    EXPECT_EQ(b, goal);
}

// Node counts per iteration and in total, as a single DFS counts them, for any thread count.
void expect_same_counts(const PdbSolution& one, const PdbSolution& more, unsigned threads) {
    ASSERT_EQ(more.iterations.size(), one.iterations.size()) << threads << " threads";
    for (std::size_t i = 0; i < one.iterations.size(); ++i) {
        EXPECT_EQ(more.iterations[i].threshold, one.iterations[i].threshold) << threads << " threads, iteration " << i;
        EXPECT_EQ(more.iterations[i].expanded, one.iterations[i].expanded) << threads << " threads, iteration " << i;
        EXPECT_EQ(more.iterations[i].generated, one.iterations[i].generated) << threads << " threads, iteration " << i;
    }
    EXPECT_EQ(more.totals.expanded, one.totals.expanded) << threads << " threads";
    EXPECT_EQ(more.totals.generated, one.totals.generated) << threads << " threads";
}

}  // namespace

TEST(PdbSolver, OptimalOn3x3SampleOfEveryDistance) {
    const auto goal = pdbtest::blank_last(9);
    const auto dist = pdbtest::exact_distances(3, 3, goal);
    std::vector<int> per_distance(32, 0);
    for (const auto& [key, d] : dist) {
        if (per_distance[static_cast<std::size_t>(d)]++ >= 12) continue;  // 12 boards per distance
        const auto b = pdbtest::unpack(key, 9);
        const PdbSolution s = solve_pdb(h3x3(), b, 1);
        ASSERT_EQ(s.length, d);
        expect_replays(3, 3, b, s, goal);
        const PdbSolution t = solve_pdb(h3x3(), b, 2);
        EXPECT_EQ(t.length, d);
        EXPECT_EQ(t.path, s.path);
        expect_same_counts(s, t, 2);
    }
}

TEST(PdbSolver, UnreachableBoards) {
    auto b = pdbtest::blank_last(9);
    std::swap(b[0], b[1]);
    const PdbSolution s = solve_pdb(h3x3(), b, 1);
    EXPECT_EQ(s.length, -1);
    EXPECT_TRUE(s.iterations.empty());
    EXPECT_FALSE(solvable(3, 3, b, pdbtest::blank_last(9)));
    EXPECT_TRUE(solvable(3, 3, pdbtest::blank_last(9), pdbtest::blank_last(9)));
    EXPECT_EQ(solve_pdb(h3x3(), pdbtest::blank_last(9), 1).length, 0);
}

TEST(PdbSolver, RejectsBoardsWithOtherTiles) {
    auto b = pdbtest::blank_last(9);
    b[0] = 7;
    EXPECT_THROW(solve_pdb(h3x3(), b, 1), bitsolve::UsageError);
}

TEST(PdbSolver, KorfInstancesAnyThreadCountSamePathAndCounts) {
    const auto all = pdbtest::read_instances(std::string(BITSOLVE_DATA_DIR) + "/sliding/korf100.txt", 16);
    ASSERT_EQ(all.size(), 100u);
    const auto goal = pdbtest::blank_first(16);
    // Short ones (cheap with 5-5-5): instances with optimal length <= 50.
    int tried = 0;
    for (const auto& inst : all) {
        if (inst.length > 48 || tried >= 4) continue;
        ++tried;
        const PdbSolution one = solve_pdb(h555(), inst.board, 1);
        ASSERT_EQ(one.length, inst.length);
        expect_replays(4, 4, inst.board, one, goal);
        EXPECT_LE(one.initial_h, inst.length);
        ASSERT_FALSE(one.iterations.empty());
        EXPECT_EQ(one.iterations.front().threshold, one.initial_h);
        EXPECT_EQ(one.iterations.back().threshold, inst.length);
        std::uint64_t sum = 0;
        for (const auto& it : one.iterations) sum += it.generated;
        EXPECT_EQ(sum, one.totals.generated);
        // The last iteration included: subtrees after the one holding the solution, which
        // other threads may have started, do not count. Twice with 2 threads, as scheduling varies.
        for (unsigned threads : {2u, 2u, 3u, 4u}) {
            const PdbSolution more = solve_pdb(h555(), inst.board, threads);
            EXPECT_EQ(more.length, one.length);
            EXPECT_EQ(more.path, one.path) << threads << " threads";
            expect_same_counts(one, more, threads);
        }
    }
    EXPECT_EQ(tried, 4);
}

TEST(PdbSolver, BlankLastGoalWithReflection) {
    // Random walks from the blank-last goal on 4x4, solved with tables for that goal; the optimal
    // length is checked against IDA* without reflection (an independent, weaker heuristic).
    PdbSet set;
    for (const auto& s : named_partition("pdb555", 4, 4, 15))
        set.tables.push_back(std::make_shared<const PdbTable>(build_table(s, 2)));
    const auto goal = pdbtest::blank_last(16);
    const PdbHeuristic with(4, 4, goal, set), without(4, 4, goal, set, false);
    ASSERT_TRUE(with.reflects());
    bitsolve::SplitMix64 rng(7);
    for (int i = 0; i < 6; ++i) {
        auto b = goal;
        std::string walk;
        for (int m = 0; m < 60; ++m) walk += "UDLR"[rng.below(4)];
        std::string legal;
        for (char m : walk) {
            auto copy = b;
            if (apply_path(4, 4, copy, std::string(1, m))) {
                b = copy;
                legal += m;
            }
        }
        const PdbSolution a = solve_pdb(with, b, 1), c = solve_pdb(without, b, 1);
        const PdbSolution two = solve_pdb(with, b, 2);
        EXPECT_EQ(two.path, a.path);
        expect_same_counts(a, two, 2);
        EXPECT_EQ(a.length, c.length);
        EXPECT_LE(a.length, static_cast<int>(legal.size()));
        EXPECT_LE(a.totals.generated, c.totals.generated);  // reflection only prunes more
        expect_replays(4, 4, b, a, goal);
    }
}

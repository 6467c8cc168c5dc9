// The PDB-IDA* solver: optimal lengths against exact BFS on every 3x3 distance class, paths that
// replay, identical answers and node counts for any thread count, unreachable boards, and Korf
// instances on 4x4; the same with dual lookups, which never search more in the last iteration,
// and with duplicate-move pruning, which generates fewer nodes; the maximum over partitions, with
// and without reflection; zero-aware tables.
#include <gtest/gtest.h>

#include <limits>
#include <map>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;
using bitsolve::sliding::blank_first_goal;
using bitsolve::sliding::blank_last_goal;
using bitsolve::sliding::Board;
using bitsolve::sliding::Geometry;

namespace {

const PdbHeuristic& h3x3() {
    static const PdbHeuristic h(blank_last_goal({3, 3}), pdbtest::build_set({pdbtest::spec(3, 3, 8, {0, 1, 2, 3}),
                                                                             pdbtest::spec(3, 3, 8, {4, 5, 6, 7})}));
    return h;
}

// A shipped 4x4 partition (blank first), its tables built once per name; zero-aware on request.
const PdbSet& named_set(const char* name, bool zero_aware = false) {
    static std::map<std::pair<std::string, bool>, PdbSet> built;
    PdbSet& s = built[{name, zero_aware}];
    if (s.tables.empty())
        for (auto spec : named_partition(name, Geometry{4, 4}, 0)) {
            spec.zero_aware = zero_aware;
            s.tables.push_back(std::make_shared<const PdbTable>(build_table(spec, 2)));
        }
    return s;
}

const PdbSet& set555() { return named_set("pdb555"); }
const PdbSet& set663() { return named_set("pdb663"); }

const PdbHeuristic& h555() {
    static const PdbHeuristic h(blank_first_goal({4, 4}), set555());
    return h;
}

const PdbHeuristic& h555_dual() {
    static const PdbHeuristic h(blank_first_goal({4, 4}), set555(), true, true);
    return h;
}

void expect_replays(Board b, const PdbSolution& s, const Board& goal) {
    ASSERT_EQ(static_cast<int>(s.path.size()), s.length);
    ASSERT_TRUE(bitsolve::sliding::replay(b, s.path));
    EXPECT_EQ(b, goal);
}

// Node counts per iteration and in total, as a single DFS counts them, for any thread count.
void expect_same_counts(const PdbSolution& one, const PdbSolution& more, unsigned threads) {
    ASSERT_EQ(more.iterations.size(), one.iterations.size()) << threads << " threads";
    for (std::size_t i = 0; i < one.iterations.size(); ++i) {
        EXPECT_EQ(more.iterations[i].threshold, one.iterations[i].threshold) << threads << " threads, iteration " << i;
        EXPECT_EQ(more.iterations[i].expanded, one.iterations[i].expanded) << threads << " threads, iteration " << i;
        EXPECT_EQ(more.iterations[i].generated, one.iterations[i].generated) << threads << " threads, iteration " << i;
        EXPECT_EQ(more.iterations[i].lookups, one.iterations[i].lookups) << threads << " threads, iteration " << i;
    }
    EXPECT_EQ(more.stats.expanded, one.stats.expanded) << threads << " threads";
    EXPECT_EQ(more.stats.generated, one.stats.generated) << threads << " threads";
}

// The same path and counts on 2 and 3 threads as the 1-thread solution `one` of board b.
void expect_same_on_more_threads(const PdbHeuristic& h, const Board& b, const PdbSolution& one, int prune_depth = 2) {
    for (unsigned threads : {2u, 3u}) {
        const PdbSolution more = solve_pdb(h, b, threads, std::numeric_limits<int>::max(), {}, prune_depth);
        EXPECT_EQ(more.path, one.path) << threads << " threads";
        expect_same_counts(one, more, threads);
    }
}

// Korf's first `count` instances of optimal length <= 48 (cheap with 5-5-5).
std::vector<pdbtest::Instance> short_korf_instances(std::size_t count) {
    const auto all = pdbtest::read_instances(std::string(BITSOLVE_DATA_DIR) + "/sliding/korf100.txt", Geometry{4, 4});
    EXPECT_EQ(all.size(), 100u);
    std::vector<pdbtest::Instance> out;
    for (const auto& inst : all)
        if (inst.length <= 48 && out.size() < count) out.push_back(inst);
    EXPECT_EQ(out.size(), count);
    return out;
}

// The first `per_distance` boards of every distance from `goal` (in the exact BFS's order),
// with their distances.
std::vector<std::pair<Board, int>> sample_every_distance(const Board& goal, int per_distance) {
    std::vector<std::pair<Board, int>> out;
    std::vector<int> seen(32, 0);
    for (const auto& [key, d] : pdbtest::exact_distances(goal))
        if (seen[static_cast<std::size_t>(d)]++ < per_distance) out.emplace_back(pdbtest::unpack(key, goal.geo), d);
    return out;
}

}  // namespace

TEST(PdbSolver, OptimalOn3x3SampleOfEveryDistance) {
    const Board goal = blank_last_goal({3, 3});
    for (const auto& [b, d] : sample_every_distance(goal, 12)) {
        const PdbSolution s = solve_pdb(h3x3(), b, 1);
        ASSERT_EQ(s.length, d);
        expect_replays(b, s, goal);
        const PdbSolution t = solve_pdb(h3x3(), b, 2);
        EXPECT_EQ(t.length, d);
        EXPECT_EQ(t.path, s.path);
        expect_same_counts(s, t, 2);
    }
}

TEST(PdbSolver, UnreachableBoards) {
    const Board goal = blank_last_goal({3, 3});
    Board b = goal;
    std::swap(b.tiles[0], b.tiles[1]);
    const PdbSolution s = solve_pdb(h3x3(), b, 1);
    EXPECT_EQ(s.length, -1);
    EXPECT_TRUE(s.iterations.empty());
    EXPECT_EQ(s.used, bitsolve::sliding::Algorithm::Auto);  // decided by parity
    EXPECT_FALSE(bitsolve::sliding::solvable(b, goal));
    const PdbSolution at_goal = solve_pdb(h3x3(), goal, 1);
    EXPECT_EQ(at_goal.length, 0);
    EXPECT_EQ(at_goal.used, bitsolve::sliding::Algorithm::Ida);
}

TEST(PdbSolver, RejectsBoardsWithOtherTiles) {
    Board b = blank_last_goal({3, 3});
    b.tiles[0] = 7;
    EXPECT_THROW(solve_pdb(h3x3(), b, 1), bitsolve::UsageError);
    EXPECT_THROW(solve_pdb(h3x3(), blank_last_goal({2, 4}), 1), bitsolve::UsageError);  // another size
}

TEST(PdbSolver, KorfInstancesAnyThreadCountSamePathAndCounts) {
    const Board goal = blank_first_goal({4, 4});
    for (const auto& inst : short_korf_instances(4)) {
        const PdbSolution one = solve_pdb(h555(), inst.board, 1);
        ASSERT_EQ(one.length, inst.length);
        expect_replays(inst.board, one, goal);
        EXPECT_LE(one.initial_h, inst.length);
        ASSERT_FALSE(one.iterations.empty());
        EXPECT_EQ(one.iterations.front().threshold, one.initial_h);
        EXPECT_EQ(one.iterations.back().threshold, inst.length);
        std::uint64_t sum = 0;
        for (const auto& it : one.iterations) sum += it.generated;
        EXPECT_EQ(sum, one.stats.generated);
        // The last iteration included: subtrees after the one holding the solution, which
        // other threads may have started, do not count. Twice with 2 threads, as scheduling varies.
        for (unsigned threads : {2u, 2u, 3u, 4u}) {
            const PdbSolution more = solve_pdb(h555(), inst.board, threads);
            EXPECT_EQ(more.length, one.length);
            EXPECT_EQ(more.path, one.path) << threads << " threads";
            expect_same_counts(one, more, threads);
        }
    }
}

TEST(PdbSolver, BlankLastGoalWithReflection) {
    // Random walks from the blank-last goal on 4x4, solved with tables for that goal; the optimal
    // length is checked against IDA* without reflection (an independent, weaker heuristic).
    PdbSet set;
    for (const auto& s : named_partition("pdb555", Geometry{4, 4}, 15))
        set.tables.push_back(std::make_shared<const PdbTable>(build_table(s, 2)));
    const Board goal = blank_last_goal({4, 4});
    const PdbHeuristic with(goal, set), without(goal, set, false);
    ASSERT_TRUE(with.reflects());
    bitsolve::SplitMix64 rng(7);
    for (int i = 0; i < 6; ++i) {
        using bitsolve::sliding::Dir;
        constexpr Dir kUdlr[4] = {Dir::Up, Dir::Down, Dir::Left, Dir::Right};
        Board b = goal;
        int legal = 0;
        for (int m = 0; m < 60; ++m) {
            const Dir d[1] = {kUdlr[rng.below(4)]};
            Board copy = b;
            if (bitsolve::sliding::replay(copy, d)) {
                b = copy;
                ++legal;
            }
        }
        const PdbSolution a = solve_pdb(with, b, 1), c = solve_pdb(without, b, 1);
        const PdbSolution two = solve_pdb(with, b, 2);
        EXPECT_EQ(two.path, a.path);
        expect_same_counts(a, two, 2);
        EXPECT_EQ(a.length, c.length);
        EXPECT_LE(a.length, legal);
        EXPECT_LE(a.stats.generated, c.stats.generated);  // reflection only prunes more
        expect_replays(b, a, goal);
    }
}

TEST(PdbSolver, DualOptimalOn3x3SampleOfEveryDistance) {
    // Blank first, where the pattern {1, 2, 3, 4} walls cell 0 in (the dual's region exception).
    const Board goal = blank_first_goal({3, 3});
    const PdbHeuristic h(
        goal, pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4}), pdbtest::spec(3, 3, 0, {5, 6, 7, 8})}), true,
        true);
    for (const auto& [b, d] : sample_every_distance(goal, 12)) {
        const PdbSolution s = solve_pdb(h, b, 1);
        ASSERT_EQ(s.length, d);
        expect_replays(b, s, goal);
        EXPECT_GE(s.initial_h, h.evaluate(b));  // rounded up to the parity of the length
        EXPECT_LE(s.initial_h, h.evaluate(b) + 1);
        EXPECT_EQ((s.initial_h - d) % 2, 0);
        const PdbSolution t = solve_pdb(h, b, 2);
        EXPECT_EQ(t.path, s.path);
        expect_same_counts(s, t, 2);
    }
}

TEST(PdbSolver, DualKorfInstancesSameLengthsFewerNodes) {
    const Board goal = blank_first_goal({4, 4});
    std::uint64_t with = 0, without = 0;
    for (const auto& inst : short_korf_instances(4)) {
        const PdbSolution d = solve_pdb(h555_dual(), inst.board, 1), p = solve_pdb(h555(), inst.board, 1);
        ASSERT_EQ(d.length, inst.length);
        expect_replays(inst.board, d, goal);
        EXPECT_GE(d.initial_h, p.initial_h);
        EXPECT_LE(d.initial_h, inst.length);
        // The last iteration (threshold = the optimal length): the dual prunes a superset of the
        // nodes, and the DFS order is the same, so it reaches its first solution sooner or equally.
        EXPECT_LE(d.iterations.back().generated, p.iterations.back().generated);
        with += d.stats.generated;
        without += p.stats.generated;
        expect_same_on_more_threads(h555_dual(), inst.board, d);
    }
    EXPECT_LT(with, without);
}

// Duplicate-move pruning (move_fsm.hpp) keeps the optimal length, replays, and gives the same
// path and counts for any thread count; on Korf's instances it generates fewer nodes.
TEST(PdbSolver, PruneDepthOptimalOn3x3SampleOfEveryDistance) {
    const Board goal = blank_last_goal({3, 3});
    for (const auto& [b, d] : sample_every_distance(goal, 6)) {
        const PdbSolution s = solve_pdb(h3x3(), b, 1, std::numeric_limits<int>::max(), {}, 10);
        ASSERT_EQ(s.length, d);
        expect_replays(b, s, goal);
        const PdbSolution t = solve_pdb(h3x3(), b, 2, std::numeric_limits<int>::max(), {}, 10);
        EXPECT_EQ(t.path, s.path);
        expect_same_counts(s, t, 2);
    }
}

TEST(PdbSolver, PruneDepthKorfInstancesFewerNodesAnyThreadCount) {
    const Board goal = blank_first_goal({4, 4});
    std::uint64_t pruned = 0, plain = 0;
    for (const auto& inst : short_korf_instances(4)) {
        const PdbSolution p = solve_pdb(h555(), inst.board, 1);
        const PdbSolution f = solve_pdb(h555(), inst.board, 1, std::numeric_limits<int>::max(), {}, 12);
        ASSERT_EQ(f.length, inst.length);
        expect_replays(inst.board, f, goal);
        EXPECT_EQ(f.initial_h, p.initial_h);
        plain += p.stats.generated;
        pruned += f.stats.generated;
        expect_same_on_more_threads(h555(), inst.board, f, 12);
    }
    EXPECT_LT(pruned, plain);
}

TEST(PdbSolver, PruneDepthOutsideTheRangeRefused) {
    const Board b = blank_first_goal({4, 4});
    EXPECT_THROW(solve_pdb(h555(), b, 1, std::numeric_limits<int>::max(), {}, 1), bitsolve::UsageError);
    EXPECT_THROW(solve_pdb(h555(), b, 1, std::numeric_limits<int>::max(), {}, 17), bitsolve::UsageError);
    bitsolve::sliding::SolveOptions opt;  // no pattern databases: the deeper pruning is theirs
    opt.prune_depth = 12;
    EXPECT_THROW(bitsolve::sliding::solve(b, b, opt), bitsolve::UsageError);
    opt.prune_depth = 2;
    EXPECT_EQ(bitsolve::sliding::solve(b, b, opt).length, 0);
}

// Zero-aware tables (pattern.hpp): optimal lengths, replays, the solver's initial heuristic is the
// heuristic's (the search reads the entries through the same region labels, kept per move), the
// same path and counts on two threads; with and without reflection and duplicate-move pruning.
TEST(PdbSolver, ZeroAwareOptimalOn3x3SampleOfEveryDistance) {
    for (const bool first : {true, false}) {
        const Board goal = first ? blank_first_goal({3, 3}) : blank_last_goal({3, 3});
        std::vector<PatternSpec> specs =
            first
                ? std::vector<PatternSpec>{pdbtest::spec(3, 3, 0, {1, 2, 3, 4}), pdbtest::spec(3, 3, 0, {5, 6, 7, 8})}
                : std::vector<PatternSpec>{pdbtest::spec(3, 3, 8, {0, 1, 2, 3}), pdbtest::spec(3, 3, 8, {4, 5, 6, 7})};
        for (auto& z : specs) z.zero_aware = true;
        const PdbSet set = pdbtest::build_set(specs);
        for (const bool reflect : {false, true}) {
            const PdbHeuristic h(goal, set, reflect);
            for (const auto& [b, d] : sample_every_distance(goal, 8)) {
                const PdbSolution s = solve_pdb(h, b, 1, std::numeric_limits<int>::max(), {}, reflect ? 10 : 2);
                ASSERT_EQ(s.length, d) << "blank first " << first << ", reflect " << reflect;
                expect_replays(b, s, goal);
                EXPECT_EQ(s.initial_h, h.evaluate(b));
                const PdbSolution t = solve_pdb(h, b, 2, std::numeric_limits<int>::max(), {}, reflect ? 10 : 2);
                EXPECT_EQ(t.path, s.path);
                expect_same_counts(s, t, 2);
            }
        }
    }
}

// On Korf's instances zero-aware 5-5-5 finds the same lengths from an initial heuristic at least
// as large, and in the last iteration (the same DFS order, every entry at least the minimum's)
// generates no more nodes than 5-5-5; fewer in all; the same for any thread count. Also joined
// with the tables of minima of 6-6-3 as a maximum over partitions.
TEST(PdbSolver, ZeroAwareKorfInstancesSameLengthsFewerNodes) {
    const Board goal = blank_first_goal({4, 4});
    const PdbHeuristic z(goal, named_set("pdb555", true));
    const PdbHeuristic both(goal, std::vector<PdbSet>{named_set("pdb555", true), set663()});
    std::uint64_t with = 0, without = 0;
    for (const auto& inst : short_korf_instances(4)) {
        const PdbSolution a = solve_pdb(z, inst.board, 1), p = solve_pdb(h555(), inst.board, 1);
        ASSERT_EQ(a.length, inst.length);
        expect_replays(inst.board, a, goal);
        EXPECT_GE(a.initial_h, p.initial_h);
        EXPECT_LE(a.iterations.back().generated, p.iterations.back().generated);
        with += a.stats.generated;
        without += p.stats.generated;
        expect_same_on_more_threads(z, inst.board, a);
        const PdbSolution m = solve_pdb(both, inst.board, 2);
        ASSERT_EQ(m.length, inst.length);
        expect_replays(inst.board, m, goal);
        EXPECT_LE(m.iterations.back().generated, a.iterations.back().generated);
    }
    EXPECT_LT(with, without);
}

// The maximum over partitions: optimal on every 3x3 distance with two and three partitions, with
// and without reflection (1 to 6 sides), the same path and counts for any thread count.
TEST(PdbSolver, MaxOverPartitionsOptimalOn3x3SampleOfEveryDistance) {
    const Board goal = blank_first_goal({3, 3});
    const std::vector<PdbSet> sets = pdbtest::three_3x3_partitions();
    for (const unsigned parts : {2u, 3u})
        for (const bool reflect : {false, true}) {
            const PdbHeuristic h(goal, std::vector<PdbSet>(sets.begin(), sets.begin() + parts), reflect);
            for (const auto& [b, d] : sample_every_distance(goal, 8)) {
                const PdbSolution s = solve_pdb(h, b, 1, std::numeric_limits<int>::max(), {}, 10);
                ASSERT_EQ(s.length, d) << parts << " partitions, reflect " << reflect;
                expect_replays(b, s, goal);
                EXPECT_EQ(s.initial_h, h.evaluate(b));
                const PdbSolution t = solve_pdb(h, b, 2, std::numeric_limits<int>::max(), {}, 10);
                EXPECT_EQ(t.path, s.path);
                expect_same_counts(s, t, 2);
            }
        }
}

// On Korf's instances the maximum of 5-5-5 and 6-6-3 finds the same lengths, starts from the
// larger initial heuristic, and in the last iteration (threshold = the optimal length; the DFS
// order is the same) generates no more nodes than either partition alone.
TEST(PdbSolver, MaxOverPartitionsKorfInstancesNoMoreNodesThanEither) {
    const Board goal = blank_first_goal({4, 4});
    const PdbHeuristic both(goal, std::vector<PdbSet>{set555(), set663()}), h663(goal, set663());
    std::uint64_t total_both = 0, total_555 = 0;
    for (const auto& inst : short_korf_instances(4)) {
        const PdbSolution m = solve_pdb(both, inst.board, 1), a = solve_pdb(h555(), inst.board, 1),
                          b = solve_pdb(h663, inst.board, 1);
        ASSERT_EQ(m.length, inst.length);
        expect_replays(inst.board, m, goal);
        EXPECT_EQ(m.initial_h, std::max(a.initial_h, b.initial_h));
        EXPECT_LE(m.iterations.back().generated, a.iterations.back().generated);
        EXPECT_LE(m.iterations.back().generated, b.iterations.back().generated);
        total_both += m.stats.generated;
        total_555 += a.stats.generated;
        expect_same_on_more_threads(both, inst.board, m);
    }
    EXPECT_LT(total_both, total_555);
}

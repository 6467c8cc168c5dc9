// The heuristic: zero exactly at the goal, admissible against exact BFS distances on every board
// of 3x3 and 2x4 (additivity of disjoint patterns), reflection a true symmetry, and the named
// partitions well formed for both goal conventions.
#include <gtest/gtest.h>

#include <algorithm>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;
using bitsolve::sliding::Board;
using bitsolve::sliding::Geometry;

namespace {

struct Case {
    unsigned rows, cols;
    bool blank_first;
    std::vector<std::vector<std::uint8_t>> groups;  // goal cells
};

void check_admissible(const Case& c) {
    const unsigned n = c.rows * c.cols;
    const Geometry geo{static_cast<int>(c.rows), static_cast<int>(c.cols)};
    const Board goal =
        c.blank_first ? bitsolve::sliding::blank_first_goal(geo) : bitsolve::sliding::blank_last_goal(geo);
    const unsigned blank = c.blank_first ? 0 : n - 1;
    std::vector<PatternSpec> specs;
    for (const auto& g : c.groups) specs.push_back(pdbtest::spec(c.rows, c.cols, blank, g));
    const PdbHeuristic h(goal, pdbtest::build_set(specs));
    const PdbHeuristic single(goal, pdbtest::build_set(specs), false);
    EXPECT_EQ(h.reflects(), c.rows == c.cols);
    const auto dist = pdbtest::exact_distances(goal);
    std::uint64_t sum_h = 0, sum_d = 0, reflected_better = 0;
    for (const auto& [key, d] : dist) {
        const Board b = pdbtest::unpack(key, geo);
        const int v = h.evaluate(b);
        ASSERT_LE(v, d) << "inadmissible";
        ASSERT_EQ(v == 0, d == 0);
        ASSERT_EQ(single.evaluate(b), h.plain_sum(b));
        ASSERT_GE(v, single.evaluate(b));
        if (h.reflects()) {
            // The reflected board is at the same distance (reflection is a symmetry of the puzzle).
            Board r;
            r.geo = geo;
            for (unsigned cell = 0; cell < n; ++cell) r.tiles[h.transpose(cell)] = h.sigma(b.tiles[cell]);
            ASSERT_EQ(dist.at(pdbtest::pack(r)), d);
            ASSERT_EQ(h.reflected_sum(b), h.plain_sum(r));
            if (h.reflected_sum(b) > h.plain_sum(b)) ++reflected_better;
        }
        sum_h += static_cast<std::uint64_t>(v);
        sum_d += static_cast<std::uint64_t>(d);
    }
    EXPECT_GT(sum_h, sum_d / 2);  // informative, not just admissible
    // Braced: EXPECT_GT is itself an if/else.
    if (h.reflects()) {
        EXPECT_GT(reflected_better, 0u);
    }
}

}  // namespace

TEST(PdbHeuristic, Admissible3x3BlankFirst) { check_admissible({3, 3, true, {{1, 2, 3, 4}, {5, 6, 7, 8}}}); }
TEST(PdbHeuristic, Admissible3x3BlankLast) { check_admissible({3, 3, false, {{0, 1, 2}, {3, 4, 6}, {5, 7}}}); }
TEST(PdbHeuristic, Admissible2x4) { check_admissible({2, 4, true, {{1, 2, 3}, {4, 5, 6, 7}}}); }
TEST(PdbHeuristic, Admissible2x4BlankLast) { check_admissible({2, 4, false, {{0, 1, 4}, {2, 3, 5, 6}}}); }

TEST(PdbHeuristic, RejectsPartitionsThatDoNotFit) {
    const Board goal = bitsolve::sliding::blank_first_goal({3, 3});
    EXPECT_THROW(PdbHeuristic(goal, pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4})})),
                 bitsolve::UsageError);  // tiles 5..8 uncovered
    EXPECT_THROW(PdbHeuristic(goal, pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4}),
                                                        pdbtest::spec(3, 3, 0, {4, 5, 6, 7, 8})})),
                 bitsolve::UsageError);  // overlap
    EXPECT_THROW(
        PdbHeuristic(bitsolve::sliding::blank_last_goal({3, 3}),
                     pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4}), pdbtest::spec(3, 3, 0, {5, 6, 7, 8})})),
        bitsolve::UsageError);  // tables for another blank cell
}

TEST(PdbPartitions, NamedPartitionsCoverEveryTileOnce) {
    for (const auto& name : partition_names()) {
        const unsigned side = name == "pdb6666" ? 5 : 4, n = side * side;
        const Geometry g{static_cast<int>(side), static_cast<int>(side)};
        EXPECT_TRUE(partition_fits(name, g));
        EXPECT_FALSE(partition_fits(name, Geometry{3, 3}));
        for (unsigned blank : {0u, n - 1}) {
            const auto specs = named_partition(name, g, blank);
            std::vector<int> count(n, 0);
            for (const auto& s : specs) {
                EXPECT_EQ(spec_problem(s), "") << s.key();
                for (auto c : s.cells) ++count[c];
            }
            for (unsigned c = 0; c < n; ++c) EXPECT_EQ(count[c], c == blank ? 0 : 1) << name << " cell " << c;
        }
        EXPECT_THROW(named_partition(name, g, 1), bitsolve::UsageError);
        EXPECT_THROW(named_partition(name, Geometry{3, 3}, 0), bitsolve::UsageError);
    }
    EXPECT_THROW(named_partition("pdb99", Geometry{4, 4}, 0), bitsolve::UsageError);
    EXPECT_EQ(named_partition("pdb78", Geometry{4, 4}, 0)[0].key(), "4x4-b0-1.2.3.4.5.6.7");
}

// SlideSearch::explore, the database's two searches (rush/db_cluster.hpp): from one state and
// from all the goals of a cluster, its layers must be the distances from the sources that the
// naive reference search finds, with every kernel the CPU has, and each node's record must be
// a slide that leads from its parent to it. SlideSearch::classify must list exactly the packed
// states and the goals, in BFS order. The options of the database's search from a goal layout:
// `exclude` reaches exactly the goals that the other pieces' slides reach (a plain BFS over the
// reference moves), and `stop_at_goal` stops exactly when a goal outside the sources is found.
// A search reuses a board's slide tables only for the same board.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/slide_search.hpp"
#include "rush/data.hpp"
#include "rush/moves.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

// Every node of the last search has the distance `dist` gives its board, equal to its layer;
// every state of `dist` is a node; a node's record leads from its parent to it by one slide.
void expect_layers(const SlideSearch& s, const CompiledBoard& space, const std::map<std::string, int>& dist,
                   std::size_t sources) {
    ASSERT_EQ(s.states(), dist.size());
    const std::vector<std::size_t>& ends = s.layer_ends();
    ASSERT_FALSE(ends.empty());
    EXPECT_EQ(ends.front(), sources);
    EXPECT_EQ(ends.back(), s.states());
    std::size_t begin = 0;
    for (std::size_t d = 0; d < ends.size(); ++d) {
        EXPECT_LT(begin, ends[d]) << "layer " << d << " is empty";
        for (std::size_t i = begin; i < ends[d]; ++i) {
            const Board b = space.decode(s.keys()[i]);
            const auto it = dist.find(b.to_string());
            ASSERT_NE(it, dist.end()) << b.to_string();
            EXPECT_EQ(it->second, static_cast<int>(d)) << b.to_string();
            const std::uint64_t r = s.records()[i];
            const int piece = record_piece(r);
            if (d == 0) {
                EXPECT_EQ(piece, space.pieces());
                continue;
            }
            const std::size_t parent = record_parent(r);
            ASSERT_LT(parent, begin);  // an earlier layer
            Board from = space.decode(s.keys()[parent]);
            ASSERT_LT(piece, space.pieces());
            const int delta = space.pos(s.keys()[i], piece) - space.pos(s.keys()[parent], piece);
            ASSERT_TRUE(apply_move(from, Move{static_cast<std::uint8_t>(piece), static_cast<std::int8_t>(delta)}));
            EXPECT_EQ(from.to_string(), b.to_string());
        }
        begin = ends[d];
    }
}

// The states reachable from `from` by moves of every piece but `skip`: a plain BFS.
std::set<Key> reachable_without(const CompiledBoard& space, Key from, int skip) {
    std::set<Key> seen{from};
    std::vector<Key> todo{from};
    while (!todo.empty()) {
        const Key k = todo.back();
        todo.pop_back();
        test::for_each_move<false>(space, k, [&](Key child, int piece, int) {
            if (piece != skip && seen.insert(child).second) todo.push_back(child);
        });
    }
    return seen;
}

std::vector<std::string> explore_boards() {
    std::vector<std::string> boards = {
        "ooBoAABooCCoDDoo",
        "ooBooAABoooCoDDoCEEoooooo",
        "GHxCIoxGHxCIJJxBBooFFNNoEEOMAAoooOMxDDDKKLooxoooL",
        "ooooxoooooBoAAooBoooooxooooooooooooo",  // unsolvable
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",  // 60 moves
        "ooooooooooooAAoooooooooooooooooooooo",  // the car alone: two states each a goal or one away
    };
    for (const auto& r : test::db_sample())
        if (r.cluster <= 3000 && boards.size() < 24) boards.push_back(r.board);
    return boards;
}

TEST(RushExplore, LayersAreDistancesFromTheSources) {
    const std::vector<std::string> boards = explore_boards();
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) continue;
        SCOPED_TRACE(kernel_name(k));
        SlideSearch s;
        s.set_kernel(k);
        for (const std::string& text : boards) {
            SCOPED_TRACE(text);
            const Board b = parse_board(text);
            const CompiledBoard space(b);
            const auto ref = test::reference(b, Metric::Moves);
            const Key start = space.start();
            s.explore(space, &start, 1);
            expect_layers(s, space, ref.dist_from_start, 1);
            std::vector<Key> packed(s.states()), goals(s.states()), want_packed, want_goals;
            const auto [np, ng] = s.classify(packed.data(), goals.data());
            packed.resize(np);
            goals.resize(ng);
            for (std::size_t i = 0; i < s.states(); ++i) {
                const Key key = s.keys()[i];
                if (test::packed(space.decode(key))) want_packed.push_back(key);
                if (space.is_goal(key)) want_goals.push_back(key);
            }
            EXPECT_EQ(packed, want_packed);
            EXPECT_EQ(goals, want_goals);
            EXPECT_EQ(goals.size(), ref.goals);
            if (goals.empty()) continue;
            for (int only : {-1, space.primary()}) {
                s.explore(space, goals.data(), goals.size(), only);
                expect_layers(s, space, ref.dist_to_goal, goals.size());
            }
        }
    }
}

// A search keeps the slide tables of the last board while its CompiledBoard::id is the same:
// boards compiled one after the other in the same place must each get their own, and a switch
// to the scalar kernel on the same board must add the tables it alone needs.
TEST(RushExplore, TablesFollowTheBoardsId) {
    const std::vector<std::string> boards = explore_boards();
    std::optional<CompiledBoard> space;
    SlideSearch kept;
    for (const std::string& text : boards) {
        SCOPED_TRACE(text);
        const std::uint64_t before = space ? space->id() : 0;
        space.emplace(parse_board(text));
        EXPECT_NE(space->id(), before);
        EXPECT_EQ(CompiledBoard(*space).id(), space->id());  // a copy is the same board
        const Key start = space->start();
        kept.explore(*space, &start, 1);
        SlideSearch fresh;
        fresh.explore(*space, &start, 1);
        ASSERT_EQ(kept.states(), fresh.states());
        EXPECT_TRUE(std::equal(kept.keys(), kept.keys() + kept.states(), fresh.keys()));
        EXPECT_EQ(kept.layer_ends(), fresh.layer_ends());
        // The same board with the scalar kernel, which needs more of the tables than the others.
        kept.set_kernel(Kernel::Scalar);
        fresh.set_kernel(Kernel::Scalar);
        kept.explore(*space, &start, 1);
        fresh.explore(*space, &start, 1);
        ASSERT_EQ(kept.states(), fresh.states());
        EXPECT_TRUE(std::equal(kept.keys(), kept.keys() + kept.states(), fresh.keys()));
        EXPECT_EQ(kept.layer_ends(), fresh.layer_ends());
        kept.set_kernel(std::nullopt);
    }
}

// From every goal of a cluster: `exclude` (the primary car) finds its goal component; from that
// component as sources, `stop_at_goal` stops at a goal outside it, which must exist exactly when
// the cluster has goals beyond the component, and is a goal outside it; without a stop the layers
// are the distances from the component.
TEST(RushExplore, GoalComponentsAndStopAtGoal) {
    int stopped = 0, complete = 0;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) continue;
        SCOPED_TRACE(kernel_name(k));
        SlideSearch s;
        s.set_kernel(k);
        for (const std::string& text : explore_boards()) {
            SCOPED_TRACE(text);
            const Board b = parse_board(text);
            const CompiledBoard space(b);
            const int a = space.primary();
            const Key start = space.start();
            const std::set<Key> cluster = reachable_without(space, start, -1);
            std::set<Key> goals;
            for (Key key : cluster)
                if (space.is_goal(key)) goals.insert(key);
            for (Key g : goals) {
                const std::set<Key> want = reachable_without(space, g, a);
                EXPECT_FALSE(s.explore(space, &g, 1, SlideSearch::Options{.exclude = a}));
                const std::set<Key> got(s.keys(), s.keys() + s.states());
                EXPECT_EQ(got.size(), s.states());  // no state twice
                ASSERT_EQ(got, want);
                const std::vector<Key> sources(s.keys(), s.keys() + s.states());
                const bool more = want.size() < goals.size();
                ASSERT_EQ(s.explore(space, sources.data(), sources.size(),
                                    SlideSearch::Options{.only = a, .stop_at_goal = true}),
                          more);
                if (more) {
                    ++stopped;
                    EXPECT_TRUE(goals.count(s.found_goal()));
                    EXPECT_FALSE(want.count(s.found_goal()));
                    continue;
                }
                ++complete;  // the component holds every goal: the layers are the distances to them
                expect_layers(s, space, test::reference(b, Metric::Moves).dist_to_goal, sources.size());
                break;  // one goal of such a cluster is enough
            }
        }
    }
    EXPECT_GT(stopped, 0);  // the boards have clusters of both kinds
    EXPECT_GT(complete, 0);
}

}  // namespace
}  // namespace bitsolve::rush

// SlideSearch::explore, the database's two searches (rush/db_cluster.hpp): from one state and
// from all the goals of a cluster, its layers must be the distances from the sources that the
// naive reference search finds, with every kernel the CPU has, and each node's record must be
// a slide that leads from its parent to it. SlideSearch::classify must list exactly the packed
// states and the goals, in BFS order. The options of the database's search from the goal layouts
// of a class: `close` and `labelled` (against a plain BFS over every state of a board's pieces),
// and no labels left behind for the next search.
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
#include "bitsolve/rush/solver.hpp"
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

// Every state with the pieces of `space`'s board (all field values that fit, no two pieces on a
// cell), when there are at most `limit` combinations to try; empty otherwise.
std::vector<Key> all_states(const CompiledBoard& space, double limit) {
    double product = 1;
    for (int i = 0; i < space.pieces(); ++i) product *= static_cast<double>(space.field_mask(i) + 1);
    if (product > limit) return {};
    std::vector<Key> out;
    std::vector<int> f(static_cast<std::size_t>(space.pieces()), 0);
    for (;;) {
        Key k = 0;
        for (int i = 0; i < space.pieces(); ++i)
            k |= static_cast<Key>(f[static_cast<std::size_t>(i)]) << space.shift(i);
        if (space.valid(k)) out.push_back(k);
        int i = 0;
        while (i < space.pieces() && ++f[static_cast<std::size_t>(i)] > static_cast<int>(space.field_mask(i)))
            f[static_cast<std::size_t>(i++)] = 0;
        if (i == space.pieces()) return out;
    }
}

// The database's search from the goal layouts of a class (db_cluster.hpp: analyze_goals): from
// one goal of each goal component (the goals that the other pieces' slides connect) of every
// solvable cluster of a board's pieces, `close` puts every goal at depth 0 and the layers are the
// distances to the nearest goal; `labelled` tells the clusters apart: two sources' labels are
// joined exactly when they are in one cluster, and with two clusters or more every state carries
// its cluster's. A state at depth 0 that is no source was reached by a slide of another piece.
TEST(RushExplore, ClosedLabelledSearchSplitsClusters) {
    int multi = 0, joined = 0;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) continue;
        SCOPED_TRACE(kernel_name(k));
        SlideSearch s;
        s.set_kernel(k);
        std::vector<std::string> boards = explore_boards();
        boards.push_back("oooCoBBoCoEDAAoEDooooDooo");             // two solvable clusters (12 and 60 states)
        boards.push_back("ooooooooooooAAoooooooooBoooooBoooooo");  // B above or below the car: two goal sets
        for (const std::string& text : boards) {
            SCOPED_TRACE(text);
            const CompiledBoard space(parse_board(text));
            const int a = space.primary();
            const std::vector<Key> states = all_states(space, 3e5);
            if (states.empty()) continue;
            // The solvable clusters, their goals' distances, and one source per goal component.
            std::map<Key, int> cluster_of, dist;
            std::vector<Key> sources;
            std::vector<int> source_cluster;
            std::size_t in_solvable = 0;
            int clusters = 0;
            for (Key st : states) {
                if (cluster_of.count(st)) continue;
                const std::set<Key> cluster = reachable_without(space, st, -1);
                std::vector<Key> frontier;
                for (Key c : cluster)
                    if (space.is_goal(c)) frontier.push_back(c), dist[c] = 0;
                if (frontier.empty()) {
                    for (Key c : cluster) cluster_of[c] = -1;
                    continue;
                }
                const int id = clusters++;
                in_solvable += cluster.size();
                for (Key c : cluster) cluster_of[c] = id;
                std::set<Key> covered;
                for (Key g : frontier)
                    if (!covered.count(g)) {
                        const std::set<Key> component = reachable_without(space, g, a);
                        covered.insert(component.begin(), component.end());
                        sources.push_back(g);
                        source_cluster.push_back(id);
                    }
                for (int d = 1; !frontier.empty(); ++d) {  // distances to the nearest goal
                    std::vector<Key> next;
                    for (Key f : frontier)
                        test::for_each_move<false>(space, f, [&](Key child, int, int) {
                            if (dist.emplace(child, d).second) next.push_back(child);
                        });
                    frontier = std::move(next);
                }
            }
            if (sources.empty()) continue;
            s.explore(space, sources.data(), sources.size(),
                      SlideSearch::Options{.only = a, .close = true, .labelled = true});
            ASSERT_EQ(s.states(), in_solvable);
            const std::vector<std::size_t>& ends = s.layer_ends();
            std::size_t begin = 0;
            std::set<Key> seen;
            for (std::size_t d = 0; d < ends.size(); ++d) {
                for (std::size_t i = begin; i < ends[d]; ++i) {
                    const Key key = s.keys()[i];
                    EXPECT_TRUE(seen.insert(key).second);
                    ASSERT_TRUE(dist.count(key));
                    EXPECT_EQ(dist[key], static_cast<int>(d));
                    const std::uint64_t r = s.records()[i];
                    if (i < sources.size()) {
                        EXPECT_EQ(key, sources[i]);
                        EXPECT_EQ(record_piece(r), space.pieces());
                        continue;
                    }
                    const int piece = record_piece(r);
                    const Key parent = s.keys()[record_parent(r)];
                    ASSERT_LT(record_parent(r), i);
                    EXPECT_TRUE(d > 0 || piece != a);
                    bool slide = false;
                    test::for_each_move<false>(
                        space, parent, [&](Key child, int p, int) { slide = slide || (child == key && p == piece); });
                    EXPECT_TRUE(slide);
                }
                begin = ends[d];
            }
            for (std::size_t i = 0; i < sources.size(); ++i)
                for (std::size_t j = 0; j < sources.size(); ++j)
                    EXPECT_EQ(
                        s.label_root(static_cast<std::uint32_t>(i)) == s.label_root(static_cast<std::uint32_t>(j)),
                        source_cluster[i] == source_cluster[j]);
            for (std::size_t i = 1; i < sources.size(); ++i) joined += source_cluster[i] == source_cluster[i - 1];
            if (clusters < 2) continue;
            ++multi;
            // Each state's label is its cluster's: the root of its cluster's first source.
            std::map<int, std::uint32_t> root;
            for (std::size_t i = 0; i < sources.size(); ++i)
                root.emplace(source_cluster[i], s.label_root(static_cast<std::uint32_t>(i)));
            for (std::size_t i = 0; i < s.states(); ++i)
                EXPECT_EQ(s.label_root(s.labels()[i]), root[cluster_of[s.keys()[i]]]);
        }
        // The next search on the same object has no labels: a moves search of a larger board
        // (its visited set regrown past the labelled one's) as a fresh object finds it.
        const CompiledBoard big(parse_board("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"));
        Solution after, fresh;
        s.run(big, false, 100, after);
        SlideSearch other;
        other.set_kernel(k);
        other.run(big, false, 100, fresh);
        EXPECT_EQ(after.length, 60);
        EXPECT_EQ(after.states, fresh.states);
    }
    EXPECT_GT(multi, 0);   // some boards' pieces make several solvable clusters
    EXPECT_GT(joined, 0);  // and some cluster has several goal components
}

}  // namespace
}  // namespace bitsolve::rush

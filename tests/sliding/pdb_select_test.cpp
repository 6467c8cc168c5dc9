// Pattern databases as a heuristic of sliding::solve: solve() with SolveOptions::pattern_db gives
// what PDB-IDA* gives (length, path, per-iteration counts) for any thread count, batches use it
// for every board, the options that cannot go with it are refused, and pdb/select.hpp chooses
// partitions and batch goals by name.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/select.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "pdb_test_util.hpp"
#include "random_board.hpp"

namespace bitsolve::sliding {
namespace {

std::shared_ptr<const pdb::PdbHeuristic> tables3x3() {
    static const auto h = std::make_shared<const pdb::PdbHeuristic>(
        blank_last_goal({3, 3}),
        pdbtest::build_set({pdbtest::spec(3, 3, 8, {0, 1, 2, 3}), pdbtest::spec(3, 3, 8, {4, 5, 6, 7})}));
    return h;
}

void expect_same_search(const Solution& a, const Solution& b) {
    EXPECT_EQ(a.length, b.length);
    EXPECT_EQ(a.path, b.path);
    EXPECT_EQ(a.used, b.used);
    EXPECT_EQ(a.stats.expanded, b.stats.expanded);
    EXPECT_EQ(a.stats.generated, b.stats.generated);
    ASSERT_EQ(a.iterations.size(), b.iterations.size());
    for (std::size_t i = 0; i < a.iterations.size(); ++i) {
        EXPECT_EQ(a.iterations[i].threshold, b.iterations[i].threshold);
        EXPECT_EQ(a.iterations[i].expanded, b.iterations[i].expanded);
        EXPECT_EQ(a.iterations[i].generated, b.iterations[i].generated);
    }
}

TEST(PdbThroughSolve, SameAnswerPathAndCountsAsPdbIda) {
    const Board goal = blank_last_goal({3, 3});
    SplitMix64 rng(12);
    int solved = 0;
    for (int i = 0; i < 40; ++i) {
        const Board start = random_board(goal.geo, rng);
        SolveOptions opt;
        opt.pattern_db = tables3x3();
        const Solution s = solve(start, goal, opt);
        SolveOptions lc;
        lc.algorithm = Algorithm::Ida;
        EXPECT_EQ(s.length, solve(start, goal, lc).length);  // an independent optimal search
        if (s.length < 0) {
            EXPECT_FALSE(solvable(start, goal));
            EXPECT_EQ(s.used, Algorithm::Auto);
            continue;
        }
        ++solved;
        const Solution direct = pdb::solve_pdb(*tables3x3(), start, 1);
        expect_same_search(s, direct);
        EXPECT_EQ(s.used, Algorithm::Ida);
        EXPECT_FALSE(s.iterations.empty());
        Board b = start;
        ASSERT_TRUE(replay(b, s.path));
        EXPECT_EQ(b, goal);
        opt.threads = 3;
        expect_same_search(solve(start, goal, opt), s);
        opt.want_path = false;
        opt.algorithm = Algorithm::Ida;
        const Solution bare = solve(start, goal, opt);
        EXPECT_EQ(bare.length, s.length);
        EXPECT_TRUE(bare.path.empty());
    }
    EXPECT_GT(solved, 10);
}

TEST(PdbThroughSolve, RefusesOtherAlgorithmsAndGoals) {
    const Board goal = blank_last_goal({3, 3});
    Board start = goal;
    ASSERT_TRUE(replay(start, Path{Dir::Up, Dir::Left}));
    SolveOptions opt;
    opt.pattern_db = tables3x3();
    for (Algorithm a : {Algorithm::Bfs, Algorithm::Bidir}) {
        opt.algorithm = a;
        EXPECT_THROW(solve(start, goal, opt), UsageError) << algorithm_name(a);
    }
    opt.algorithm = Algorithm::Auto;
    EXPECT_THROW(solve(start, blank_first_goal({3, 3}), opt), UsageError);
    EXPECT_EQ(solve(start, goal, opt).length, 2);
}

TEST(PdbThroughSolve, BatchSolvesEveryBoardWithTheTables) {
    const Board goal = blank_last_goal({3, 3});
    SplitMix64 rng(5);
    std::string text;
    std::vector<Board> boards;
    for (int i = 0; i < 12; ++i) {
        boards.push_back(random_board(goal.geo, rng));
        text += format_board_line(boards.back()) + "\n";
    }
    text += "1 2 3 0\n";  // another size: a bad line
    BatchOptions opt;
    opt.solve.pattern_db = tables3x3();
    opt.solve.threads = 4;  // not used: one thread per board
    opt.threads = 2;
    std::vector<BatchItem> items;
    ASSERT_TRUE(solve_batch(text, opt, [&](const BatchItem& item) { items.push_back(item); }));
    ASSERT_EQ(items.size(), boards.size() + 1);
    for (std::size_t i = 0; i < boards.size(); ++i) {
        ASSERT_TRUE(items[i].ok) << items[i].error;
        SolveOptions one;
        one.pattern_db = tables3x3();
        expect_same_search(items[i].solution, solve(boards[i], goal, one));
    }
    EXPECT_FALSE(items.back().ok);
    EXPECT_FALSE(items.back().no_size);
    EXPECT_NE(items.back().error.find("expected 9 numbers for a 3x3 board"), std::string::npos) << items.back().error;
}

TEST(PdbSelect, ChoosesPartitionsByName) {
    const Board g4 = blank_first_goal({4, 4}), g4l = blank_last_goal({4, 4}), g3 = blank_last_goal({3, 3});
    const std::filesystem::path none;
    EXPECT_EQ(pdb::choose_partition("md", g4, Algorithm::Auto, none), "");
    EXPECT_EQ(pdb::choose_partition("lc", g4, Algorithm::Ida, none), "");
    EXPECT_EQ(pdb::choose_partition("pdb555", g4, Algorithm::Auto, none), "pdb555");
    EXPECT_EQ(pdb::choose_partition("pdb78", g4l, Algorithm::Ida, none), "pdb78");
    EXPECT_EQ(pdb::choose_partition("pdb6666", blank_last_goal({5, 5}), Algorithm::Auto, none), "pdb6666");
    EXPECT_THROW(pdb::choose_partition("pdb555", g4, Algorithm::Bfs, none), UsageError);
    EXPECT_THROW(pdb::choose_partition("pdb78", g3, Algorithm::Auto, none), UsageError);
    Board middle = g4;  // the blank's goal neither first nor last
    std::swap(middle.tiles[0], middle.tiles[5]);
    EXPECT_THROW(pdb::choose_partition("pdb663", middle, Algorithm::Auto, none), UsageError);
    // auto: the strongest database that applies, or none.
    EXPECT_EQ(pdb::choose_partition("auto", g4, Algorithm::Auto, none), "pdb663");
    EXPECT_EQ(pdb::choose_partition("auto", blank_first_goal({5, 5}), Algorithm::Ida, none), "zpdb6666");
    EXPECT_EQ(pdb::choose_partition("auto", g3, Algorithm::Auto, none), "");
    EXPECT_EQ(pdb::choose_partition("auto", middle, Algorithm::Auto, none), "");
    EXPECT_EQ(pdb::choose_partition("auto", g4, Algorithm::Bidir, none), "");
    EXPECT_EQ(pdb::select_pdb("lc", g4, Algorithm::Auto, pdb::TableSource{}), nullptr);
    EXPECT_EQ(pdb::select_pdb("auto", g3, Algorithm::Auto, pdb::TableSource{}), nullptr);
    // best: the strongest shipped, cached or not; none where auto has none.
    EXPECT_EQ(pdb::best_partition({4, 4}), "pdb78");
    EXPECT_EQ(pdb::best_partition({5, 5}), "zpdb6666");
    EXPECT_EQ(pdb::best_partition({3, 3}), "");
    EXPECT_EQ(pdb::best_partition({4, 5}), "");
    // best prunes deeper only where it measured faster: on 5x5.
    EXPECT_EQ(pdb::best_prune_depth({5, 5}), 12);
    EXPECT_EQ(pdb::best_prune_depth({4, 4}), 2);
    EXPECT_EQ(pdb::best_prune_depth({3, 3}), 2);
    EXPECT_EQ(pdb::choose_partition("best", g4, Algorithm::Auto, none), "pdb78");
    EXPECT_EQ(pdb::choose_partition("best", g4l, Algorithm::Ida, none), "pdb78");
    EXPECT_EQ(pdb::choose_partition("best", blank_first_goal({5, 5}), Algorithm::Ida, none), "zpdb6666");
    EXPECT_EQ(pdb::choose_partition("best", g3, Algorithm::Auto, none), "");
    EXPECT_EQ(pdb::choose_partition("best", middle, Algorithm::Auto, none), "");
    EXPECT_EQ(pdb::choose_partition("best", g4, Algorithm::Bidir, none), "");
    EXPECT_EQ(pdb::select_pdb("best", g3, Algorithm::Auto, pdb::TableSource{}), nullptr);
}

// The pruning depth: the one given; else 12 for best with 5x5 databases (eight 3-tile tables
// here, built in milliseconds: only the board size counts), else 2.
TEST(PdbSelect, PruneDepthOfBestOnFiveByFiveOnly) {
    std::vector<pdb::PatternSpec> specs;
    for (std::uint8_t first = 1; first < 25; first += 3)
        specs.push_back(pdbtest::spec(
            5, 5, 0, {first, static_cast<std::uint8_t>(first + 1), static_cast<std::uint8_t>(first + 2)}));
    const pdb::PdbHeuristic h5(blank_first_goal({5, 5}), pdbtest::build_set(specs));
    const pdb::PdbHeuristic h3(blank_last_goal({3, 3}), pdbtest::build_set({pdbtest::spec(3, 3, 8, {0, 1, 2, 3}),
                                                                            pdbtest::spec(3, 3, 8, {4, 5, 6, 7})}));
    EXPECT_EQ(pdb::choose_prune_depth("best", &h5, std::nullopt), 12);
    EXPECT_EQ(pdb::choose_prune_depth("best", &h5, 2), 2);
    EXPECT_EQ(pdb::choose_prune_depth("best", &h5, 14), 14);
    EXPECT_EQ(pdb::choose_prune_depth("pdb6666", &h5, std::nullopt), 2);
    EXPECT_EQ(pdb::choose_prune_depth("auto", &h5, std::nullopt), 2);
    EXPECT_EQ(pdb::choose_prune_depth("best", &h3, std::nullopt), 2);
    EXPECT_EQ(pdb::choose_prune_depth("best", nullptr, std::nullopt), 2);
    EXPECT_EQ(pdb::choose_prune_depth("lc", nullptr, 10), 10);  // solve() refuses it later
}

TEST(PdbSelect, AutoTakesSevenEightOnceItsTablesAreCached) {
    const auto dir = std::filesystem::temp_directory_path() / ("bitsolve_select_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const Board goal = blank_first_goal({4, 4});
    const auto specs = pdb::named_partition("pdb78", goal.geo, 0);
    std::ofstream(pdb::table_path(dir, specs[0])) << "x";
    EXPECT_EQ(pdb::choose_partition("auto", goal, Algorithm::Auto, dir), "pdb663");  // one of two tables
    std::ofstream(pdb::table_path(dir, specs[1])) << "x";
    EXPECT_EQ(pdb::choose_partition("auto", goal, Algorithm::Auto, dir), "pdb78");
    EXPECT_EQ(pdb::choose_partition("auto", blank_last_goal({4, 4}), Algorithm::Auto, dir), "pdb663");
    std::filesystem::remove_all(dir);
}

TEST(PdbSelect, BatchGoals) {
    BatchOptions b;
    EXPECT_FALSE(pdb::batch_goal("lc", b));
    EXPECT_FALSE(pdb::batch_goal("auto", b));  // boards of any size: no single goal
    EXPECT_FALSE(pdb::batch_goal("best", b));
    EXPECT_EQ(pdb::batch_goal("pdb663", b), blank_last_goal({4, 4}));
    EXPECT_EQ(pdb::batch_goal("pdb6666", b), blank_last_goal({5, 5}));
    b.blank_first = true;
    EXPECT_EQ(pdb::batch_goal("pdb555", b), blank_first_goal({4, 4}));
    b.size = Geometry{3, 3};
    EXPECT_EQ(pdb::batch_goal("auto", b), blank_first_goal({3, 3}));
    EXPECT_EQ(pdb::batch_goal("best", b), blank_first_goal({3, 3}));
    EXPECT_EQ(pdb::batch_goal("pdb78", b), blank_first_goal({3, 3}));  // the size decides; selection refuses later
    Board explicit_goal = blank_last_goal({2, 3});
    b.goal = explicit_goal;
    EXPECT_EQ(pdb::batch_goal("auto", b), explicit_goal);
    EXPECT_FALSE(pdb::batch_goal("md", b));
}

TEST(PdbSelect, SelectedTablesSolveLikeTheirOwnSearch) {
    // pdb555 built in memory (no cache) through the selection, then used by solve().
    pdb::TableSource src;
    src.threads = 2;
    const Board goal = blank_first_goal({4, 4});
    const auto h = pdb::select_pdb("pdb555", goal, Algorithm::Auto, src);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->patterns(), 3u);
    EXPECT_TRUE(h->reflects());
    const auto all = pdbtest::read_instances(std::string(BITSOLVE_DATA_DIR) + "/sliding/korf100.txt", goal.geo);
    ASSERT_FALSE(all.empty());
    const auto& inst = all[54];  // instance 55, the shortest (41 moves)
    ASSERT_EQ(inst.length, 41);
    SolveOptions opt;
    opt.pattern_db = h;
    opt.threads = 2;
    const Solution s = solve(inst.board, goal, opt);
    EXPECT_EQ(s.length, inst.length);
    expect_same_search(s, pdb::solve_pdb(*h, inst.board, 1));
}

// The selection turns each zero-aware table into its lookup form as it is obtained (select.hpp):
// a catalogue of two zero-aware partitions that share a table and one of minima gives, with one
// thread or two, the heuristic of the same tables built directly, with one form for the shared
// table, on every 3x3 board: built in memory, built into a cache, and with the forms read from
// the cache's files.
TEST(PdbSelect, ZeroAwareFormsBuiltWhileObtainingAreTheHeuristicsOwn) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("bitsolve-select-" + std::to_string(::getpid()) + ".txt");
    std::ofstream(file)
        << "size 3x3\nzero-aware 1 2 3 4 | 5 6 7 8\nzero-aware 1 2 3 4 | 5 6 | 7 8\n1 2 5 | 3 4 6 7 8\n";
    const Board goal = blank_first_goal({3, 3});
    auto specs = [](std::vector<std::vector<std::uint8_t>> groups, bool zero_aware) {
        std::vector<pdb::PatternSpec> out;
        for (const auto& g : groups) {
            out.push_back(pdbtest::spec(3, 3, 0, g));
            out.back().zero_aware = zero_aware;
        }
        return pdbtest::build_set(out);
    };
    const pdb::PdbHeuristic direct(goal, std::vector<pdb::PdbSet>{specs({{1, 2, 3, 4}, {5, 6, 7, 8}}, true),
                                                                  specs({{1, 2, 3, 4}, {5, 6}, {7, 8}}, true),
                                                                  specs({{1, 2, 5}, {3, 4, 6, 7, 8}}, false)});
    const auto dist = pdbtest::exact_distances(goal);
    const std::filesystem::path cache = file.string() + ".d";
    std::filesystem::remove_all(cache);
    for (const auto& [threads, dir] : {std::pair{1u, std::filesystem::path{}}, std::pair{2u, std::filesystem::path{}},
                                       std::pair{2u, cache}, std::pair{2u, cache}, std::pair{1u, cache}}) {
        pdb::TableSource src;
        src.threads = threads;
        src.dir = dir;
        std::vector<pdb::TableEvent::Kind> kinds;
        std::vector<std::string> ready;  // the tables reported ready, in order
        std::vector<std::size_t> counts;
        std::vector<pdb::PatternSpec> ready_specs;
        std::uint64_t read = 0, to_read = 0;  // of the last Loading, Ready or Reading event
        const bool cached = std::filesystem::exists(cache);
        src.report = [&](const pdb::TableEvent& e) {
            kinds.push_back(e.kind);
            if (e.kind == pdb::TableEvent::Kind::Loading) to_read = e.to_read;
            if (e.kind == pdb::TableEvent::Kind::Loading || e.kind == pdb::TableEvent::Kind::Ready ||
                e.kind == pdb::TableEvent::Kind::Reading) {
                EXPECT_GE(e.read, read);  // the bytes read only grow, toward one total
                EXPECT_EQ(e.to_read, to_read);
                read = e.read;
            }
            if (e.kind != pdb::TableEvent::Kind::Ready) return;
            ready.push_back(e.spec.key());
            ready_specs.push_back(e.spec);
            counts.push_back(e.ready);
            EXPECT_EQ(e.needed, 6u);
        };
        const auto h = pdb::select_pdb(std::string(pdb::kCataloguePrefix) + file.string(), goal, Algorithm::Auto, src);
        ASSERT_NE(h, nullptr);
        // Loading first, then each of the six distinct tables ready once, counted in order.
        ASSERT_FALSE(kinds.empty());
        EXPECT_EQ(kinds.front(), pdb::TableEvent::Kind::Loading);
        EXPECT_EQ(std::count(kinds.begin(), kinds.end(), pdb::TableEvent::Kind::Loading), 1);
        EXPECT_EQ(counts, (std::vector<std::size_t>{1, 2, 3, 4, 5, 6}));
        // Every table came from the cache files once they were there, read as expected; built
        // tables read nothing.
        std::uint64_t expected = 0;
        for (const auto& spec : ready_specs) expected += cached ? pdb::expected_read_bytes(dir, spec) : 0;
        EXPECT_EQ(to_read, expected);
        EXPECT_EQ(read, to_read);
        EXPECT_EQ(to_read > 0, cached);
        std::sort(ready.begin(), ready.end());
        EXPECT_EQ(std::unique(ready.begin(), ready.end()), ready.end());
        ASSERT_EQ(h->partitions(), 3u);
        ASSERT_NE(h->lookup(0, 0), nullptr);
        EXPECT_EQ(h->lookup(0, 0), h->lookup(0, 1));
        EXPECT_EQ(h->lookup(0, 2), nullptr);
        for (const auto& [key, d] : dist) {
            const Board b = pdbtest::unpack(key, goal.geo);
            ASSERT_EQ(h->evaluate(b), direct.evaluate(b)) << threads << " threads, cache " << dir;
        }
    }
    EXPECT_TRUE(std::filesystem::exists(cache / "3x3-b0-1.2.3.4-z.pdb"));
    std::filesystem::remove_all(cache);
    std::filesystem::remove(file);
}

TEST(PdbSelect, JoinedNamesSelectEveryPartition) {
    pdb::TableSource src;
    src.threads = 2;
    const Board goal = blank_first_goal({4, 4});
    const auto h = pdb::select_pdb("pdb555+pdb663", goal, Algorithm::Auto, src);
    ASSERT_NE(h, nullptr);
    EXPECT_EQ(h->partitions(), 2u);
    EXPECT_EQ(h->patterns(0), 3u);
    EXPECT_EQ(h->patterns(1), 3u);
    EXPECT_EQ(h->pattern_size(0, 1), 6u);
    EXPECT_THROW(pdb::select_pdb("pdb555+pdb663", goal, Algorithm::Bfs, src), UsageError);
    EXPECT_THROW(pdb::select_pdb("pdb555+pdb663-dual", goal, Algorithm::Auto, src), UsageError);
    EXPECT_THROW(pdb::select_pdb("pdb6666+pdb7773", goal, Algorithm::Auto, src), UsageError);  // 5x5 tables
}

}  // namespace
}  // namespace bitsolve::sliding

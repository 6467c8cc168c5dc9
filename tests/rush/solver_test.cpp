// Optimal solutions: the judge's samples, Fogleman's forty levels in both metrics, every path
// replayed on the board, and agreement with a naive reference search on small boards.
#include "bitsolve/rush/solver.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <set>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/parse.hpp"
#include "rush/data.hpp"
#include "rush/moves.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

// Replays a path with the naive mover and checks it ends at a goal with the claimed length.
void expect_replays(const Board& start, const Solution& s, Metric metric) {
    Board b = start;
    int length = 0;
    for (const Move& m : s.path) {
        ASSERT_TRUE(apply_move(b, m)) << format_move(b, m) << " is illegal in " << b.to_string();
        length += cost(m, metric);
        if (metric == Metric::Steps) {
            EXPECT_EQ(std::abs(m.delta), 1);
        }
    }
    EXPECT_TRUE(b.solved()) << b.to_string();
    EXPECT_EQ(length, s.length);
    if (metric == Metric::Moves) {
        EXPECT_EQ(s.path.size(), static_cast<std::size_t>(s.length));
    }
}

TEST(RushSolver, JudgeSamplesInSteps) {
    // 18139-2: 6 judge steps = 4 steps to the goal + the red car's 2 steps out.
    const Board b = parse_judge_grid("0 2 0 6 6 0\n0 2 0 0 7 0\n0 3 1 1 7 0\n0 3 4 4 8 0\n0 5 5 5 8 0\n0 0 0 0 0 0\n");
    const Solution s = solve(b, Metric::Steps);
    EXPECT_EQ(s.length, 4);
    expect_replays(b, s, Metric::Steps);
    // 18139-1 needs more than 8 steps to the goal (or never gets there): the judge prints -1.
    const Board b1 = parse_judge_grid("2 2 0 0 0 7\n3 0 0 5 0 7\n3 1 1 5 0 7\n3 0 0 5 0 0\n4 0 0 0 8 8\n4 0 6 6 6 0\n");
    Solver solver;
    EXPECT_EQ(solver.solve(b1, Metric::Steps, false, 8).length, -1);
    EXPECT_GT(solver.solve(b1, Metric::Steps, false).length, 8);
}

TEST(RushSolver, FortyLevelsBothMetrics) {
    Solver solver;
    const auto rows = test::forty();
    ASSERT_EQ(rows.size(), 40u);
    for (const auto& r : rows) {
        const Board b = parse_board(r.board);
        const Solution moves = solver.solve(b, Metric::Moves);
        const Solution steps = solver.solve(b, Metric::Steps);
        EXPECT_EQ(moves.length, r.moves) << "level " << r.index;
        EXPECT_EQ(steps.length, r.steps) << "level " << r.index;
        EXPECT_GE(steps.length, moves.length);
        expect_replays(b, moves, Metric::Moves);
        expect_replays(b, steps, Metric::Steps);
    }
}

// The key invariant on every state of some clusters, in any build (the searches assert it in
// debug builds only): fields in range, pieces disjoint from each other and from the walls. On
// the way, the branch-free children() against the plain generator (moves.hpp), slides and steps.
TEST(RushSolver, EveryGeneratedStateIsValid) {
    for (const char* s : {"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", "ooBoAABooCCoDDoo",
                          "AAooBoooMMFxBJJxxNFGSxxoxNoGSLLxDoPPPKKxDExxxxHHQEoIIIxOQxRRCCoO"}) {
        const CompiledBoard space(parse_board(s));
        ASSERT_TRUE(space.valid(space.start()));
        std::vector<Key> keys{space.start()};
        std::set<Key> seen{space.start()};
        Key buf[CompiledBoard::kChildBuffer];
        std::uint8_t pieces[CompiledBoard::kChildBuffer];
        for (std::size_t h = 0; h < keys.size() && keys.size() < 20000; ++h) {
            const std::size_t m = space.children<false>(keys[h], buf, pieces);
            std::size_t unit = 0;
            test::for_each_move<false>(space, keys[h], [&](Key c, int piece, int) {
                EXPECT_EQ(c, buf[unit]);
                EXPECT_EQ(piece, pieces[unit]);
                ++unit;
            });
            EXPECT_EQ(unit, m);
            Key step_buf[CompiledBoard::kChildBuffer];
            std::uint8_t step_pieces[CompiledBoard::kChildBuffer];
            const std::size_t steps = space.children<true>(keys[h], step_buf, step_pieces);
            std::size_t step = 0;
            test::for_each_move<true>(space, keys[h], [&](Key c, int piece, int) {
                EXPECT_EQ(c, step_buf[step]);
                EXPECT_EQ(piece, step_pieces[step]);
                ++step;
            });
            EXPECT_EQ(step, steps);
            for (std::size_t j = 0; j < m; ++j) {
                EXPECT_TRUE(space.valid(buf[j])) << s;
                if (seen.insert(buf[j]).second) keys.push_back(buf[j]);
            }
        }
    }
}

// Occupied cells in front of the primary piece (walls, pieces): a state needs at least one move
// more than these.
int blocked(const Board& b) {
    const Piece& a = b.pieces[static_cast<std::size_t>(b.primary)];
    u64 occupied = b.walls;
    for (const Piece& p : b.pieces) occupied |= p.cells();
    int n = 0;
    for (int c = a.pos + a.len; c < b.size; ++c) n += (occupied & cell_bit(a.line, c)) != 0;
    return n;
}

// The moves-metric search prunes slides (slide_search.hpp): it must still reach the states it
// needs, with every kernel. Unbounded, on an unsolvable board, that is the whole cluster. Within
// a bound of M moves below the answer, a state at distance d from the start is expanded only when
// d + 1 + blocked <= M (it could still be solved within M), and every such state must be reached
// (a neighbour nearer the start passes the same test, so the state cannot hide behind a dropped
// one); nothing beyond distance M - 1 is reached (the search stops before a layer whose children
// could only be solutions beyond the bound). The reference search's distances decide both. Every
// kernel reaches the same states. The bound is exact: the answer within every bound from the
// answer up, none within any bound below it.
TEST(RushSolver, PrunedSlidesLoseNoStateOfAnyLayer) {
    std::vector<std::string> boards = {
        "ooBoooBoAAoooooo",  // 1 move: the way is clear
        "ooBoAABooCCoDDoo",
        "ooBooAABoooCoDDoCEEoooooo",
        "GHxCIoxGHxCIJJxBBooFFNNoEEOMAAoooOMxDDDKKLooxoooL",
        "oxIITTJJAAoooGoooHHHoGxxSSxECCxMxDDExOOMKFFoBBBUKxRNNQQUKoRLLPPo",
        "ooooxoooooBoAAooBoooooxooooooooooooo",  // unsolvable: the whole cluster
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",  // 60 moves
    };
    for (const auto& r : test::db_sample())
        if (r.cluster <= 3000 && r.moves >= 10 && boards.size() < 30) boards.push_back(r.board);
    std::vector<Solver> solvers(3);
    std::vector<Kernel> kernels;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512})
        if (kernel_supported(k)) solvers[kernels.size()].set_kernel(k), kernels.push_back(k);
    for (const std::string& s : boards) {
        const Board b = parse_board(s);
        const auto ref = test::reference(b, Metric::Moves);
        // needed[M]: the states that a bound of M moves must reach (each counted at the least
        // such bound, then summed); within[M]: the states at distance at most M.
        std::vector<std::size_t> needed(1, 1), within;  // the start, within any bound
        for (const auto& [board, d] : ref.dist_from_start) {
            const auto at = static_cast<std::size_t>(d);
            if (within.size() <= at) within.resize(at + 1, 0);
            ++within[at];
            if (d == 0) continue;
            const auto least = static_cast<std::size_t>(d + 1 + blocked(parse_board(board)));
            if (needed.size() <= least) needed.resize(least + 1, 0);
            ++needed[least];
        }
        for (std::size_t m = 1; m < needed.size(); ++m) needed[m] += needed[m - 1];
        for (std::size_t m = 1; m < within.size(); ++m) within[m] += within[m - 1];
        auto at_most = [](const std::vector<std::size_t>& v, int m) {
            return v[std::min(static_cast<std::size_t>(m), v.size() - 1)];
        };
        std::vector<std::size_t> first_kernel;  // states within each bound, the first kernel's
        for (std::size_t at = 0; at < kernels.size(); ++at) {
            Solver* solver = &solvers[at];
            SCOPED_TRACE(kernel_name(kernels[at]));
            if (ref.answer < 0) {
                EXPECT_EQ(solver->solve(b, Metric::Moves, false).states, ref.dist_from_start.size()) << s;
                continue;
            }
            for (int m = 0; m < ref.answer; ++m) {
                const Solution sol = solver->solve(b, Metric::Moves, false, m);
                EXPECT_EQ(sol.length, -1) << s << " within " << m;
                EXPECT_GE(sol.states, at_most(needed, m)) << s << " within " << m;
                EXPECT_LE(sol.states, m == 0 ? 1 : at_most(within, m - 1)) << s << " within " << m;
                if (at == 0) first_kernel.push_back(sol.states);
                else EXPECT_EQ(sol.states, first_kernel[static_cast<std::size_t>(m)]) << s << " within " << m;
            }
            for (int m = ref.answer; m <= ref.answer + 2; ++m)
                EXPECT_EQ(solver->solve(b, Metric::Moves, false, m).length, ref.answer) << s << " within " << m;
        }
    }
}

// The moves search's kernels (scalar everywhere, AVX2 and AVX-512 where the CPU has them) must
// make the same search: same children in the same order, hence the same counts and the same
// path. On a CPU with the scalar kernel only, the test is trivially true.
void same_search_as_scalar(Kernel k);

TEST(RushSolver, EveryKernelMakesTheSameSearch) {
    for (Kernel k : {Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) continue;
        SCOPED_TRACE(kernel_name(k));
        same_search_as_scalar(k);
    }
}

TEST(RushSolver, UnsupportedKernelIsRefused) {
    Solver s;
    for (Kernel k : {Kernel::Avx2, Kernel::Avx512}) {
        if (!kernel_supported(k)) {
            EXPECT_THROW(s.set_kernel(k), UsageError);
        }
    }
    s.set_kernel(Kernel::Scalar);
    s.set_kernel(std::nullopt);
}

void same_search_as_scalar(Kernel k) {
    Solver vec, sca;
    vec.set_kernel(k);
    sca.set_kernel(Kernel::Scalar);
    std::vector<std::string> boards = {
        "ooBoooBoAAoooooo",  // 1 move: the way is clear
        "ooBoAABooCCoDDoo",
        "ooBooAABoooCoDDoCEEoooooo",
        "GHxCIoxGHxCIJJxBBooFFNNoEEOMAAoooOMxDDDKKLooxoooL",
        "oxIITTJJAAoooGoooHHHoGxxSSxECCxMxDDExOOMKFFoBBBUKxRNNQQUKoRLLPPo",
        "AAooBoooMMFxBJJxxNFGSxxoxNoGSLLxDoPPPKKxDExxxxHHQEoIIIxOQxRRCCoO",
        "ooooxoooooBoAAooBoooooxooooooooooooo",
    };
    for (const auto& r : test::db_sample()) boards.push_back(r.board);
    for (const std::string& s : boards) {
        const Board b = parse_board(s);
        const Solution x = vec.solve(b, Metric::Moves, true), y = sca.solve(b, Metric::Moves, true);
        EXPECT_EQ(x.length, y.length) << s;
        EXPECT_EQ(x.states, y.states) << s;
        EXPECT_EQ(x.stats.expanded, y.stats.expanded) << s;
        EXPECT_EQ(x.stats.generated, y.stats.generated) << s;
        ASSERT_EQ(x.path.size(), y.path.size()) << s;
        for (std::size_t i = 0; i < x.path.size(); ++i) {
            EXPECT_EQ(x.path[i].piece, y.path[i].piece) << s;
            EXPECT_EQ(x.path[i].delta, y.path[i].delta) << s;
        }
        if (x.length >= 0) expect_replays(b, x, Metric::Moves);
    }
}

TEST(RushSolver, SolvedAndUnsolvableBoards) {
    EXPECT_EQ(solve(parse_board("ooooooooooooooooAAoooooooooooooooooo"), Metric::Moves).length, 0);
    // A horizontal piece between the car and the exit can never be passed.
    EXPECT_EQ(solve(parse_board("ooooooooooooAAoBBooooooooooooooooooo"), Metric::Moves).length, -1);
    // Nor can a wall, nor a vertical piece pinned by walls.
    EXPECT_EQ(solve(parse_board("ooooooooooooAAooxooooooooooooooooooo"), Metric::Steps).length, -1);
    EXPECT_EQ(solve(parse_board("ooooxoooooBoAAooBoooooxooooooooooooo"), Metric::Moves).length, -1);
}

TEST(RushSolver, OtherSizesAgreeWithTheReference) {
    const char* boards[] = {
        "ooBoAABooCCoDDoo",                                                  // 4x4
        "ooBooAABoooCoDDoCEEoooooo",                                         // 5x5
        "GHxCIoxGHxCIJJxBBooFFNNoEEOMAAoooOMxDDDKKLooxoooL",                 // 7x7, exit row 5
        "xxExoxoJJELLxooMMBBKKxoGGCCHAAFoooHxxFoxoIDDoxooI",                 // 7x7, exit row 5
        "oxIITTJJAAoooGoooHHHoGxxSSxECCxMxDDExOOMKFFoBBBUKxRNNQQUKoRLLPPo",  // 8x8, exit row 2
        "AAooBoooMMFxBJJxxNFGSxxoxNoGSLLxDoPPPKKxDExxxxHHQEoIIIxOQxRRCCoO",  // 8x8, exit row 1
    };
    for (const char* s : boards) {
        const Board b = parse_board(s);
        for (Metric m : {Metric::Moves, Metric::Steps}) {
            const auto ref = test::reference(b, m);
            const Solution sol = solve(b, m);
            EXPECT_EQ(sol.length, ref.answer) << s;
            if (sol.length >= 0) expect_replays(b, sol, m);
        }
    }
}

TEST(RushSolver, DatabaseRowsWithSmallClustersAgreeWithTheReference) {
    Solver solver;
    int checked = 0;
    for (const auto& r : test::db_sample()) {
        if (r.cluster > 800) continue;
        const Board b = parse_board(r.board);
        for (Metric m : {Metric::Moves, Metric::Steps}) {
            const auto ref = test::reference(b, m);
            EXPECT_EQ(ref.dist_from_start.size(), r.cluster) << r.board;
            EXPECT_EQ(solver.solve(b, m, false).length, ref.answer) << r.board;
            if (m == Metric::Moves) {
                EXPECT_EQ(ref.answer, r.moves) << r.board;
            }
        }
        ++checked;
    }
    EXPECT_GT(checked, 40);
}

}  // namespace
}  // namespace bitsolve::rush

// Sliding-tile speed figures (Google Benchmark; rates are per CPU second of one thread):
//   BM_Ida4x4/md/K, BM_Ida4x4/mdlc/K   IDA* on Korf's 15-puzzle instance K (1-based, goal 0 1 .. 15)
//   BM_Count3x3                        BFS of the whole 3x3 space over perfect-hash ranks
//   BM_Algo/G/A                        time per board of algorithm A (0 bfs, 1 bidir, 2 ida) on 20
//                                      random solvable boards of geometry G (2x3, 3x3, 2x4, 2x5, 3x4, 4x2, 5x2):
//                                      the measurements behind `--algo auto`
//   BM_MoveFsm/D                       building the duplicate-move pruning machine of depth D on 5x5
//                                      (peak memory: /usr/bin/time -v with --benchmark_filter)
// Node counts are deterministic; the counters report them with nodes per CPU second.
#include <benchmark/benchmark.h>

#include <array>
#include <vector>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/parity.hpp"

#include "bitsolve/sliding/solver.hpp"

namespace {

using namespace bitsolve::sliding;

// Rows 1, 2, 5, 9, 12 of data/sliding/korf100.txt (Korf 1985; tiles, then the optimal length).
constexpr std::array<std::array<int, 17>, 5> kKorf = {{
    {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3, 57},
    {13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6, 55},
    {4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0, 56},
    {3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0, 46},
    {14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15, 45},
}};
constexpr int kKorfNumber[] = {1, 2, 5, 9, 12};

void ida(benchmark::State& state, Heuristic h) {
    const auto& row = kKorf[static_cast<std::size_t>(state.range(0))];
    Board b;
    b.geo = {4, 4};
    for (int c = 0; c < 16; ++c) b.tiles[static_cast<std::size_t>(c)] = static_cast<Tile>(row[c]);
    SolveOptions o;
    o.algorithm = Algorithm::Ida;
    o.heuristic = h;
    double expanded = 0, generated = 0;
    for (auto _ : state) {
        const Solution s = solve(b, blank_first_goal(b.geo), o);
        if (s.length != row[16]) state.SkipWithError("wrong length");
        expanded += static_cast<double>(s.stats.expanded);
        generated += static_cast<double>(s.stats.generated);
    }
    state.SetLabel("Korf #" + std::to_string(kKorfNumber[state.range(0)]));
    state.counters["expanded"] = benchmark::Counter(expanded / static_cast<double>(state.iterations()));
    state.counters["expanded/s"] = benchmark::Counter(expanded, benchmark::Counter::kIsRate);
    state.counters["generated/s"] = benchmark::Counter(generated, benchmark::Counter::kIsRate);
}

void BM_Ida4x4_md(benchmark::State& s) { ida(s, Heuristic::Manhattan); }
void BM_Ida4x4_mdlc(benchmark::State& s) { ida(s, Heuristic::ManhattanLinearConflict); }
BENCHMARK(BM_Ida4x4_md)->DenseRange(1, 4)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Ida4x4_mdlc)->DenseRange(0, 4)->Unit(benchmark::kMillisecond);

void BM_Count3x3(benchmark::State& state) {
    std::uint64_t boards = 0;
    for (auto _ : state) {
        boards = 0;
        for (auto x : distance_layers(blank_last_goal({3, 3}))) boards += x;
    }
    state.counters["boards"] = benchmark::Counter(static_cast<double>(boards));
}
BENCHMARK(BM_Count3x3)->Unit(benchmark::kMillisecond);

constexpr Geometry kGeometries[] = {{2, 3}, {3, 3}, {2, 4}, {2, 5}, {3, 4}, {4, 2}, {5, 2}};

void BM_Algo(benchmark::State& state) {
    const Geometry g = kGeometries[state.range(0)];
    const auto algo = static_cast<Algorithm>(static_cast<int>(Algorithm::Bfs) + state.range(1));
    const Board goal = blank_last_goal(g);
    bitsolve::SplitMix64 rng(42);
    std::vector<Board> boards;
    while (boards.size() < 20) {
        Board b = goal;
        for (int i = g.cells() - 1; i > 0; --i)
            std::swap(b.tiles[static_cast<std::size_t>(i)], b.tiles[rng.below(static_cast<std::uint64_t>(i) + 1)]);
        if (solvable(b, goal)) boards.push_back(b);
    }
    SolveOptions o;
    o.algorithm = algo;
    for (auto _ : state)
        for (const Board& b : boards) benchmark::DoNotOptimize(solve(b, goal, o).length);
    state.SetLabel(std::to_string(g.rows) + "x" + std::to_string(g.cols) + " " + algorithm_name(algo) +
                   ", 20 boards per iteration");
}
BENCHMARK(BM_Algo)
    ->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2}})
    ->ArgsProduct({{4, 5, 6}, {1, 2}})
    ->Unit(benchmark::kMillisecond);

void BM_MoveFsm(benchmark::State& state) {
    const int depth = static_cast<int>(state.range(0));
    std::size_t strings = 0, states = 0;
    for (auto _ : state) {
        const MoveFsm fsm(depth, Geometry{5, 5});
        strings = fsm.forbidden();
        states = fsm.states();
    }
    state.counters["strings"] = benchmark::Counter(static_cast<double>(strings));
    state.counters["states"] = benchmark::Counter(static_cast<double>(states));
}
BENCHMARK(BM_MoveFsm)->Arg(10)->Arg(12)->Arg(14)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_MoveFsm)->Arg(16)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

// Rush Hour speed: optimal solutions over the rows of Fogleman's database sample (puzzles per
// second), and the full cluster analysis of the 24,132-state cluster (states per second).
// Baseline in the same run: the same puzzles through core's generic BFS (bfs.hpp + ParentMap)
// over the same compiled board (its moves from the tests' plain generator, tests/rush/moves.hpp),
// so the ratio isolates the specialised search; and the specialised search with its scalar
// kernel instead of the AVX-512 one.
//
// Run from the repository root (it reads data/rush/fogleman-db-sample.txt), single-threaded:
//   build/bench/rush_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
// Rates are per CPU second of the one thread (Google Benchmark's default), which is what to
// quote on a shared machine.
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/visited.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/compiled_board.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "rush/moves.hpp"

namespace {

using namespace bitsolve::rush;

struct Row {
    int moves;
    Board board;
    std::size_t cluster;
};

const std::vector<Row>& rows() {
    static const std::vector<Row> r = [] {
        std::vector<Row> out;
        std::ifstream in("data/rush/fogleman-db-sample.txt");
        for (std::string l; std::getline(in, l);) {
            if (l.empty() || l[0] == '#') continue;
            std::istringstream ss(l);
            int moves = 0;
            std::string board;
            std::size_t cluster = 0;
            ss >> moves >> board >> cluster;
            out.push_back({moves, parse_board(board), cluster});
        }
        if (out.empty()) throw std::runtime_error("run from the repository root: data/rush/ not found");
        return out;
    }();
    return r;
}

// The generic search of core over the same CompiledBoard: one Move carries the child key.
struct GenericDomain {
    using Key = std::uint64_t;
    using State = std::uint64_t;
    struct Move {
        std::uint64_t child;
        std::uint8_t piece;
        std::int8_t delta;
    };
    static constexpr std::size_t kMaxMoves = kMaxPieces * 7;
    const CompiledBoard* space;
    Key key(const State& s) const { return s; }
    std::size_t successors(const State& s, Move* out) const {
        std::size_t n = 0;
        test::for_each_move<false>(*space, s, [&](std::uint64_t c, int p, int d) {
            out[n++] = Move{c, static_cast<std::uint8_t>(p), static_cast<std::int8_t>(d)};
        });
        return n;
    }
    State apply(const State&, Move m) const { return m.child; }
    bool is_goal(const State& s) const { return space->is_goal(s); }
};
static_assert(bitsolve::Domain<GenericDomain>);

void solve_sample(benchmark::State& state, bool vector) {
    Solver solver;
    if (!vector) solver.set_kernel(bitsolve::Kernel::Scalar);
    std::uint64_t nodes = 0, children = 0;
    for (auto _ : state)
        for (const Row& r : rows()) {
            const Solution s = solver.solve(r.board, Metric::Moves, true);
            if (s.length != r.moves) state.SkipWithError("wrong answer");
            nodes += s.stats.expanded;
            children += s.stats.generated;
        }
    const auto puzzles = static_cast<double>(state.iterations() * rows().size());
    state.counters["puzzles/s"] = benchmark::Counter(puzzles, benchmark::Counter::kIsRate);
    state.counters["nodes/puzzle"] = static_cast<double>(nodes) / puzzles;
    state.counters["children/node"] = static_cast<double>(children) / static_cast<double>(nodes);
}
// The moves search with the kernel the CPU is given by default (the widest it has).
void BM_SolveSample(benchmark::State& state) { solve_sample(state, true); }
BENCHMARK(BM_SolveSample)->Unit(benchmark::kMillisecond);

// The same search with its scalar kernel (what a CPU without AVX2 runs): same nodes.
void BM_SolveSampleScalar(benchmark::State& state) { solve_sample(state, false); }
BENCHMARK(BM_SolveSampleScalar)->Unit(benchmark::kMillisecond);

void BM_SolveSampleGenericBfs(benchmark::State& state) {
    for (auto _ : state)
        for (const Row& r : rows()) {
            const CompiledBoard space(r.board);
            GenericDomain d{&space};
            bitsolve::ParentMap<std::uint64_t, GenericDomain::Move> store;
            const auto res = bitsolve::bfs(d, space.start(), store);
            if (res.depth != r.moves) state.SkipWithError("wrong answer");
        }
    const auto puzzles = static_cast<double>(state.iterations() * rows().size());
    state.counters["puzzles/s"] = benchmark::Counter(puzzles, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SolveSampleGenericBfs)->Unit(benchmark::kMillisecond);

// The cluster of 24,132 states (the 49-move row BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG).
void BM_Cluster24132(benchmark::State& state) {
    const Board b = parse_board("BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG");
    ClusterAnalyzer analyzer;
    for (auto _ : state) {
        const ClusterReport r = analyzer.analyze(b, Metric::Moves);
        if (r.states != 24132 || r.hardest_distance != 49) state.SkipWithError("wrong cluster");
    }
    state.counters["states/s"] =
        benchmark::Counter(static_cast<double>(state.iterations()) * 24132, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Cluster24132)->Unit(benchmark::kMillisecond);

void BM_ClusterSample(benchmark::State& state) {
    ClusterAnalyzer analyzer;
    std::uint64_t states = 0;
    for (auto _ : state)
        for (const Row& r : rows()) states += analyzer.analyze(r.board, Metric::Moves).states;
    state.counters["states/s"] = benchmark::Counter(static_cast<double>(states), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_ClusterSample)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

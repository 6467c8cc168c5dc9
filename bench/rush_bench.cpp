// Rush Hour speed: optimal solutions over the rows of Fogleman's database sample (puzzles per
// second), and the full cluster analysis of the 24,132-state cluster (states per second).
// Baseline in the same run: the same puzzles through core's generic BFS (bfs.hpp + ParentMap)
// over the same move generator, so the ratio isolates the specialised search.
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

#include "bitsolve/core/search/bfs.hpp"
#include "bitsolve/core/visited.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/key_table.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "bitsolve/rush/space.hpp"

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

// The generic search of core over the same Space: one Move carries the child key.
struct GenericDomain {
    using Key = std::uint64_t;
    using State = std::uint64_t;
    struct Move {
        std::uint64_t child;
        std::uint8_t piece;
        std::int8_t delta;
    };
    static constexpr std::size_t kMaxMoves = kMaxPieces * 7;
    const Space* space;
    Key key(const State& s) const { return s; }
    std::size_t successors(const State& s, Move* out) const {
        std::size_t n = 0;
        space->for_each_move<false>(s, -1, [&](std::uint64_t c, int p, int d) {
            out[n++] = Move{c, static_cast<std::uint8_t>(p), static_cast<std::int8_t>(d)};
        });
        return n;
    }
    State apply(const State&, Move m) const { return m.child; }
    bool is_goal(const State& s) const { return space->is_goal(s); }
};
static_assert(bitsolve::Domain<GenericDomain>);

void BM_SolveSample(benchmark::State& state) {
    Solver solver;
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
BENCHMARK(BM_SolveSample)->Unit(benchmark::kMillisecond);

void BM_SolveSampleGenericBfs(benchmark::State& state) {
    for (auto _ : state)
        for (const Row& r : rows()) {
            const Space space(r.board);
            GenericDomain d{&space};
            bitsolve::ParentMap<std::uint64_t, GenericDomain::Move> store;
            const auto res = bitsolve::bfs(d, space.start(), store);
            if (res.depth != r.moves) state.SkipWithError("wrong answer");
        }
    const auto puzzles = static_cast<double>(state.iterations() * rows().size());
    state.counters["puzzles/s"] = benchmark::Counter(puzzles, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SolveSampleGenericBfs)->Unit(benchmark::kMillisecond);

// Where one search's time goes, measured apart: the expansions and children of the sample's
// searches are recorded once (the same BFS as Solver, with the same pruned slides), then
// BM_SlideChildren replays the move generation of every expansion and BM_VisitedInserts the
// visited-set insertion of every child, in search order, per puzzle on a table sized like the
// solver's. Their CPU times per expansion (counter s/expansion) add up to part of BM_SolveSample's.
struct Recorded {
    struct Expansion {
        Key key;
        Space::Occupancy cells;
        int last, from;
    };
    std::vector<std::vector<Expansion>> expansions;  // per row
    std::vector<std::vector<Key>> children;          // per row, in generation order
    std::vector<std::size_t> states;                 // per row: distinct states reached
    std::size_t total_expansions = 0;
};

const Recorded& recorded() {
    static const Recorded rec = [] {
        Recorded out;
        Key keys[Space::kChildBuffer];
        std::uint8_t pieces[Space::kChildBuffer];
        KeySet seen;
        for (const Row& r : rows()) {
            const Space s(r.board);
            std::vector<Recorded::Expansion> nodes{{s.start(), s.occupancy(s.start()), -1, 0}};
            std::vector<Key> kids;
            seen.reset(1 << 16);
            seen.reserve_more(1);
            seen.insert_key(s.start());
            bool done = s.near_goal(s.start(), nodes[0].cells.occ) < 2;
            std::size_t h = 0;
            for (; h < nodes.size() && !done; ++h) {
                const Recorded::Expansion n = nodes[h];
                const std::size_t m = s.slide_children(n.key, n.cells, n.last, n.from, keys, pieces);
                seen.reserve_more(m);
                for (std::size_t j = 0; j < m; ++j) {
                    kids.push_back(keys[j]);
                    if (!seen.insert_key(keys[j])) continue;
                    const int i = pieces[j];
                    const int f0 = s.field(n.key, i);
                    const Space::Occupancy o = s.moved(n.cells, i, f0, s.field(keys[j], i));
                    nodes.push_back({keys[j], o, i, f0});
                    if (s.near_goal(keys[j], o.occ) < 2) done = true;
                }
            }
            out.states.push_back(nodes.size());
            nodes.resize(h);
            out.total_expansions += h;
            out.expansions.push_back(std::move(nodes));
            out.children.push_back(std::move(kids));
        }
        return out;
    }();
    return rec;
}

void BM_SlideChildren(benchmark::State& state) {
    const Recorded& rec = recorded();
    std::vector<Space> spaces;
    for (const Row& r : rows()) spaces.emplace_back(r.board);
    Key keys[Space::kChildBuffer];
    std::uint8_t pieces[Space::kChildBuffer];
    for (auto _ : state)
        for (std::size_t b = 0; b < spaces.size(); ++b)
            for (const auto& e : rec.expansions[b]) {
                benchmark::DoNotOptimize(spaces[b].slide_children(e.key, e.cells, e.last, e.from, keys, pieces));
                benchmark::ClobberMemory();
            }
    state.counters["s/expansion"] = benchmark::Counter(static_cast<double>(state.iterations() * rec.total_expansions),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_SlideChildren)->Unit(benchmark::kMillisecond);

void BM_VisitedInserts(benchmark::State& state) {
    const Recorded& rec = recorded();
    KeySet seen;
    std::size_t fresh = 0;
    for (auto _ : state)
        for (std::size_t b = 0; b < rec.children.size(); ++b) {
            seen.reset(rec.states[b]);
            seen.reserve_more(rec.states[b]);
            for (const Key k : rec.children[b]) fresh += seen.insert_key(k);
        }
    benchmark::DoNotOptimize(fresh);
    state.counters["s/expansion"] = benchmark::Counter(static_cast<double>(state.iterations() * rec.total_expansions),
                                                       benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_VisitedInserts)->Unit(benchmark::kMillisecond);

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

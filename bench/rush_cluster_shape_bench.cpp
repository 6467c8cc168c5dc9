// What the clusters of the Rush Hour database look like, for judging ideas that would number
// fewer states (docs/benchmarks.md). A plain program (one thread):
//   rush_cluster_shape_bench [size] [walls] [every] [offset]   the slices s with s % every == offset
// (defaults 6 0 2000 1000, the sample of rush_db_bench 6 0 2000). Each cluster is analysed once,
// from its first layout in the slice, as the database does. Reported:
//   - moves per state: every slide (what a search without pruning probes), and the one-cell
//     slides among them (a numbering by one-cell slides would probe only those);
//   - product clusters: the pieces split into groups that never share a cell anywhere in the
//     cluster (the union of the cells each piece covers, over all states). Such a cluster is the
//     product of its groups' clusters (which alone does not rule out a row: removing a piece of
//     another group that never moves can free a piece of the car's group). "Factored" is what
//     numbering each group on its own would cost: the sum over groups of their distinct
//     placements, instead of their product.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <set>
#include <unordered_set>

#include "bitsolve/rush/db_cluster.hpp"
#include "bitsolve/rush/db_layouts.hpp"

using namespace bitsolve::rush;

namespace {

struct Totals {
    std::uint64_t clusters = 0, states = 0, moves = 0, unit_moves = 0;
    std::uint64_t product_clusters = 0, product_states = 0, factored_states = 0;
};

int find(std::array<int, kMaxPieces>& parent, int x) {
    while (parent[static_cast<std::size_t>(x)] != x) x = parent[static_cast<std::size_t>(x)];
    return x;
}

void measure(const DbClusterAnalyzer& a, Totals& t) {
    std::array<u64, kMaxPieces> covered{};
    std::size_t pieces = 0;
    std::uint64_t states = 0;
    a.for_each_state([&](const Board& b) {
        ++states;
        pieces = b.pieces.size();
        u64 occ = b.walls;
        for (const Piece& p : b.pieces) occ |= p.cells();
        for (std::size_t i = 0; i < pieces; ++i) {
            const Piece& p = b.pieces[i];
            covered[i] |= p.cells();
            if (p.pos > 0 && !(p.cells_at(p.pos - 1) & ~p.cells() & occ)) ++t.unit_moves;
            if (p.pos + p.len < b.size && !(p.cells_at(p.pos + 1) & ~p.cells() & occ)) ++t.unit_moves;
            for (int at = p.pos - 1; at >= 0 && !(p.cells_at(at) & ~p.cells() & occ); --at) ++t.moves;
            for (int at = p.pos + 1; at + p.len <= b.size && !(p.cells_at(at) & ~p.cells() & occ); ++at) ++t.moves;
        }
    });
    ++t.clusters;
    t.states += states;
    std::array<int, kMaxPieces> parent{};
    std::iota(parent.begin(), parent.end(), 0);
    for (std::size_t i = 0; i < pieces; ++i)
        for (std::size_t j = i + 1; j < pieces; ++j)
            if (covered[i] & covered[j])
                parent[static_cast<std::size_t>(find(parent, static_cast<int>(i)))] = find(parent, static_cast<int>(j));
    std::array<int, kMaxPieces> group{};  // each piece's group: the root of its set
    int groups = 0;
    for (std::size_t i = 0; i < pieces; ++i) {
        group[i] = find(parent, static_cast<int>(i));
        groups += group[i] == static_cast<int>(i);
    }
    if (groups == 1) {
        t.factored_states += states;
        return;
    }
    ++t.product_clusters;
    t.product_states += states;
    for (std::size_t g = 0; g < pieces; ++g) {
        if (group[g] != static_cast<int>(g)) continue;
        std::unordered_set<std::uint64_t> placements;
        a.for_each_state([&](const Board& b) {
            std::uint64_t key = 0;
            for (std::size_t i = 0; i < pieces; ++i)
                if (group[i] == static_cast<int>(g)) key = key * 8 + b.pieces[i].pos;
            placements.insert(key);
        });
        t.factored_states += placements.size();
    }
}

}  // namespace

int main(int argc, char** argv) {
    const int size = argc > 1 ? std::atoi(argv[1]) : 6;
    const int walls = argc > 2 ? std::atoi(argv[2]) : 0;
    const std::uint64_t every = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 2000;
    const std::uint64_t offset = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : every / 2;
    if (size < 4 || size > 7 || walls < 0 || walls > 2 || every == 0 || offset >= every) return 2;
    const DbLayouts layouts(size, walls);
    DbClusterAnalyzer analyzer;
    DbClusterResult result;
    Board board;
    Totals t;
    for (std::uint64_t s = offset; s < layouts.slice_count(); s += every) {
        std::set<LayoutKey> done;  // the layouts of the clusters analysed
        layouts.for_each(s, board, [&](const Board& layout) {
            if (done.count(layout_key(layout))) return;
            analyzer.analyze(layout, result);
            analyzer.for_each_packed([&](u64 ph, u64 pv, u64 pf) { done.insert({ph, pv, pf}); });
            measure(analyzer, t);
        });
    }
    const auto pct = [](std::uint64_t a, std::uint64_t b) {
        return b ? 100.0 * static_cast<double>(a) / static_cast<double>(b) : 0.0;
    };
    const auto per = [](std::uint64_t a, std::uint64_t b) {
        return b ? static_cast<double>(a) / static_cast<double>(b) : 0.0;
    };
    std::printf("size %d walls %d, every %llu-th slice from %llu: %llu clusters, %llu states\n", size, walls,
                static_cast<unsigned long long>(every), static_cast<unsigned long long>(offset),
                static_cast<unsigned long long>(t.clusters), static_cast<unsigned long long>(t.states));
    std::printf("moves per state: %.2f slides, %.2f of one cell (%.0f%%)\n", per(t.moves, t.states),
                per(t.unit_moves, t.states), pct(t.unit_moves, t.moves));
    std::printf("product clusters: %llu (%.1f%% of clusters) holding %llu states (%.1f%%)\n",
                static_cast<unsigned long long>(t.product_clusters), pct(t.product_clusters, t.clusters),
                static_cast<unsigned long long>(t.product_states), pct(t.product_states, t.states));
    std::printf("factored: %llu states to number instead of %llu (%.1f%% fewer)\n",
                static_cast<unsigned long long>(t.factored_states), static_cast<unsigned long long>(t.states),
                100.0 - pct(t.factored_states, t.states));
    return 0;
}

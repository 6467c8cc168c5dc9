// The per-layer callback of Solver and ClusterAnalyzer (layer_progress.hpp) against the naive
// reference search: each complete layer has the reference's state count at that depth, the goal's
// layer comes last at the solution's depth, every kernel reports the same layers, and a callback
// changes no answer or count.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"
#include "rush/data.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush {
namespace {

using Pass = LayerProgress::Pass;

std::vector<std::uint64_t> per_depth(const std::map<std::string, int>& dist) {
    std::vector<std::uint64_t> n;
    for (const auto& [board, d] : dist) {
        if (d < 0) continue;
        if (n.size() <= static_cast<std::size_t>(d)) n.resize(static_cast<std::size_t>(d) + 1, 0);
        ++n[static_cast<std::size_t>(d)];
    }
    return n;
}

// The layers of one pass: depths 0, 1, ... and running sums.
std::vector<std::uint64_t> layers_of(const std::vector<LayerProgress>& reports, Pass pass) {
    std::vector<std::uint64_t> layers;
    std::uint64_t sum = 0;
    for (const LayerProgress& p : reports) {
        if (p.pass != pass) continue;
        EXPECT_EQ(p.depth, static_cast<int>(layers.size()));
        sum += p.layer;
        EXPECT_EQ(p.states, sum);
        layers.push_back(p.layer);
    }
    return layers;
}

std::vector<std::string> boards() {
    std::vector<std::string> b = {
        "ooBoAABooCCoDDoo",
        "ooBooAABoooCoDDoCEEoooooo",
        "ooooooooooooAAoooooooooooooooooooooo",  // 1 move
        "ooooooooooooooooAAoooooooooooooooooo",  // the goal itself
        "ooooxoooooBoAAooBoooooxooooooooooooo",  // unsolvable
    };
    for (const auto& r : test::db_sample())
        if (r.cluster <= 2000 && r.moves >= 10 && b.size() < 15) b.push_back(r.board);
    return b;
}

TEST(RushLayerProgress, SolveLayersAreTheReferenceLayersUpToTheGoal) {
    std::vector<Kernel> kernels;
    for (Kernel k : {Kernel::Scalar, Kernel::Avx2, Kernel::Avx512})
        if (kernel_supported(k)) kernels.push_back(k);
    for (const std::string& s : boards())
        for (Metric metric : {Metric::Moves, Metric::Steps}) {
            const Board b = parse_board(s);
            const auto ref = test::reference(b, metric);
            const auto want = per_depth(ref.dist_from_start);
            std::vector<std::uint64_t> first;
            for (Kernel k : kernels) {
                SCOPED_TRACE(s + (metric == Metric::Moves ? " moves " : " steps ") + kernel_name(k));
                Solver solver;
                solver.set_kernel(k);
                const Solution quiet = solver.solve(b, metric, true);
                std::vector<LayerProgress> reports;
                solver.set_on_layer([&](const LayerProgress& p) { reports.push_back(p); });
                const Solution sol = solver.solve(b, metric, true);
                EXPECT_EQ(sol.length, quiet.length);
                EXPECT_EQ(sol.states, quiet.states);
                EXPECT_EQ(sol.stats.expanded, quiet.stats.expanded);
                EXPECT_EQ(sol.stats.generated, quiet.stats.generated);
                EXPECT_EQ(sol.length, ref.answer);
                const auto layers = layers_of(reports, Pass::Solve);
                ASSERT_EQ(layers.size(), reports.size());
                ASSERT_FALSE(layers.empty());
                if (ref.answer < 0) {
                    EXPECT_EQ(layers, want);  // every layer, complete
                } else {
                    const auto L = static_cast<std::size_t>(ref.answer);
                    ASSERT_EQ(layers.size(), L + 1);
                    // Complete up to the goal's layer (moves: up to the layer before it, which is
                    // partial, then the goal alone); partial layers are no larger than the real ones.
                    const std::size_t complete = metric == Metric::Moves && L > 0 ? L - 1 : L;
                    for (std::size_t d = 0; d < complete; ++d) EXPECT_EQ(layers[d], want[d]) << d;
                    for (std::size_t d = complete; d <= L && L > 0; ++d) {
                        EXPECT_GE(layers[d], 1u);
                        EXPECT_LE(layers[d], want[d]);
                    }
                    if (metric == Metric::Moves && L > 0) {
                        EXPECT_EQ(layers[L], 1u);
                    }
                }
                if (first.empty()) first = layers;
                EXPECT_EQ(layers, first);            // every kernel the same
                if (metric == Metric::Steps) break;  // no kernels there
            }
        }
}

TEST(RushLayerProgress, ClusterPassesAreTheReferenceLayers) {
    for (const std::string& s : boards())
        for (Metric metric : {Metric::Moves, Metric::Steps}) {
            SCOPED_TRACE(s + (metric == Metric::Moves ? " moves" : " steps"));
            const Board b = parse_board(s);
            const auto ref = test::reference(b, metric);
            ClusterAnalyzer a;
            std::vector<LayerProgress> reports;
            a.set_on_layer([&](const LayerProgress& p) { reports.push_back(p); });
            const ClusterReport r = a.analyze(b, metric);
            EXPECT_EQ(layers_of(reports, Pass::Forward), per_depth(ref.dist_from_start));
            const auto distance = layers_of(reports, Pass::Distance);
            EXPECT_EQ(distance, per_depth(ref.dist_to_goal));
            EXPECT_EQ(distance, r.histogram);
            for (std::size_t i = 1; i < reports.size(); ++i)  // the forward pass first
                EXPECT_FALSE(reports[i - 1].pass == Pass::Distance && reports[i].pass == Pass::Forward);
        }
}

}  // namespace
}  // namespace bitsolve::rush

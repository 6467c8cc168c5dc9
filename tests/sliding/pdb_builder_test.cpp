// The table builder: exact agreement with an independent 0-1 BFS over (placement, blank cell),
// independence of the thread count, and the flood fill it relies on.
#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/sliding/pdb/builder.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;

namespace {

// Reference: 0-1 BFS over (placement, blank cell): the blank swapping with a pattern tile costs
// 1, with any other tile 0. The table entry is the minimum over blank cells.
std::vector<std::uint8_t> reference_table(const PatternSpec& s) {
    const unsigned n = s.size(), k = s.k();
    const std::uint64_t count = s.entries();
    std::vector<int> dist(count * n, -1);
    std::deque<std::pair<std::uint64_t, unsigned>> q;
    const std::uint64_t g = rank_kperm(s.cells.data(), k, n);
    dist[g * n + s.blank_goal] = 0;
    q.emplace_back(g, s.blank_goal);
    std::vector<int> best(count, 1 << 30);
    std::uint8_t pos[8];
    std::vector<bool> done(count * n, false);
    while (!q.empty()) {
        auto [r, b] = q.front();
        q.pop_front();
        if (done[r * n + b]) continue;
        done[r * n + b] = true;
        const int d = dist[r * n + b];
        best[r] = std::min(best[r], d);
        unrank_kperm(r, k, n, pos);
        const int br = static_cast<int>(b / s.cols), bc = static_cast<int>(b % s.cols);
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int m = 0; m < 4; ++m) {
            const int rr = br + dr[m], cc = bc + dc[m];
            if (rr < 0 || cc < 0 || rr >= s.rows || cc >= s.cols) continue;
            const unsigned to = static_cast<unsigned>(rr * s.cols + cc);
            std::uint8_t np[8];
            std::copy(pos, pos + k, np);
            int cost = 0;
            for (unsigned i = 0; i < k; ++i)
                if (np[i] == to) {
                    np[i] = static_cast<std::uint8_t>(b);
                    cost = 1;
                }
            const std::uint64_t nr = rank_kperm(np, k, n);
            const std::uint64_t id = nr * n + to;
            if (dist[id] < 0 || dist[id] > d + cost) {
                dist[id] = d + cost;
                if (cost == 0) q.emplace_front(nr, to);
                else q.emplace_back(nr, to);
            }
        }
    }
    std::vector<std::uint8_t> out(count);
    for (std::uint64_t r = 0; r < count; ++r) out[r] = static_cast<std::uint8_t>(best[r] == (1 << 30) ? 0 : best[r]);
    return out;
}

}  // namespace

TEST(PdbBuilder, MatchesZeroOneBfs) {
    // Small boards where the blank is often walled in, so regions matter.
    const std::vector<PatternSpec> specs = {
        pdbtest::spec(3, 3, 0, {1, 2, 3}),       pdbtest::spec(3, 3, 8, {0, 1, 3, 4}),
        pdbtest::spec(2, 4, 0, {1, 4, 5}),       pdbtest::spec(2, 4, 7, {0, 1, 2, 3, 4}),
        pdbtest::spec(3, 3, 0, {4, 5, 7, 8, 6}), pdbtest::spec(2, 3, 0, {1, 3, 4}),
        pdbtest::spec(3, 4, 0, {1, 4, 5, 6}),    pdbtest::spec(2, 2, 0, {1, 2}),  // 2x2: some placements unreachable
    };
    unsigned by_region = 0;
    for (const auto& s : specs) {
        by_region += estimate_build(s).fields_by_region ? 1 : 0;
        BuildInfo info;
        const PdbTable t = build_table(s, 1, {}, &info);
        ASSERT_EQ(t.data.size(), s.entries()) << s.key();
        EXPECT_EQ(std::vector<std::uint8_t>(t.data.begin(), t.data.end()), reference_table(s)) << s.key();
        EXPECT_EQ(t.at(rank_kperm(s.cells.data(), s.k(), s.size())), 0) << s.key();
        EXPECT_GT(info.max_depth, 0u);
    }
    // Both slot layouts are covered.
    EXPECT_GT(by_region, 0u);
    EXPECT_LT(by_region, specs.size());
}

TEST(PdbBuilder, SameTableForAnyThreadCount) {
    const auto s = pdbtest::spec(4, 4, 0, {1, 2, 3, 5, 6});
    const PdbTable one = build_table(s, 1);
    const PdbTable two = build_table(s, 2);
    const PdbTable three = build_table(s, 3);
    EXPECT_EQ(one.data, two.data);
    EXPECT_EQ(one.data, three.data);
}

TEST(PdbBuilder, ProgressReportsEveryLayer) {
    const auto s = pdbtest::spec(3, 3, 0, {1, 2, 3});
    unsigned calls = 0, last_depth = 0;
    std::uint64_t last_placements = 0, total = 0;
    BuildInfo info;
    build_table(
        s, 1,
        [&](const BuildProgress& p) {
            EXPECT_EQ(p.depth, calls);
            ++calls;
            last_depth = p.depth;
            last_placements = p.placements;
            total = p.total;
        },
        &info);
    EXPECT_EQ(calls, info.max_depth + 1);
    EXPECT_EQ(last_depth, info.max_depth);
    EXPECT_EQ(last_placements, total);
}

TEST(PdbBuilder, RejectsMalformedSpecs) {
    EXPECT_THROW(build_table(pdbtest::spec(3, 3, 0, {0, 1}), 1), bitsolve::UsageError);     // on the blank
    EXPECT_THROW(build_table(pdbtest::spec(3, 3, 0, {1, 1}), 1), bitsolve::UsageError);     // repeated
    EXPECT_THROW(build_table(pdbtest::spec(3, 3, 0, {1, 9}), 1), bitsolve::UsageError);     // off board
    EXPECT_THROW(build_table(pdbtest::spec(2, 2, 0, {1, 2, 3}), 1), bitsolve::UsageError);  // no spare cell
    EXPECT_THROW(build_table(pdbtest::spec(6, 4, 0, {1}), 1), bitsolve::UsageError);        // too big
}

// The estimate before a build: one table byte an entry plus the slot of 2-bit fields (1, 2, 4 or 8
// bytes). A field per blank region where that makes the slot smaller, as many regions as any
// placement of the pattern's tiles can leave (counted apart by a brute force over every set of
// occupied cells; a checkerboard of tiles walls in the most cells), else a field per free cell.
// The peak is what the build checks against the memory budget.
TEST(PdbBuilder, EstimatesBeforeBuilding) {
    const BuildEstimate e78 = estimate_build(pdbtest::spec(4, 4, 0, {8, 9, 10, 11, 12, 13, 14, 15}));
    EXPECT_EQ(e78.entries, 518918400u);         // 16!/8!
    EXPECT_EQ(e78.peak_bytes, 518918400u * 3);  // 8 free cells, up to 8 regions: 2-byte slots either way
    EXPECT_FALSE(e78.fields_by_region);
    EXPECT_DOUBLE_EQ(e78.cpu_seconds, 518918400.0 / kBuildEntriesPerCpuSecond);
    EXPECT_EQ(estimate_build(pdbtest::spec(5, 5, 0, {1, 2, 3, 4, 5, 6})).peak_bytes, 127512000u * 3);  // 5 regions
    const BuildEstimate e7 = estimate_build(pdbtest::spec(5, 5, 0, {1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(e7.peak_bytes, 2422728000ULL * 3);  // 6 regions (18 free cells)
    EXPECT_TRUE(e7.fields_by_region);
    EXPECT_DOUBLE_EQ(e7.cpu_seconds, 2422728000.0 / kLargeBuildEntriesPerCpuSecond);
    EXPECT_EQ(estimate_build(pdbtest::spec(3, 3, 0, {1, 2})).peak_bytes, 72u * 2);               // 2 regions
    EXPECT_EQ(estimate_build(pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5})).peak_bytes, 524160u * 2);  // 4 regions
    EXPECT_THROW(estimate_build(pdbtest::spec(3, 3, 0, {1, 1})), bitsolve::UsageError);
    // A budget one byte under the peak refuses the build, the peak itself allows it.
    const auto spec = pdbtest::spec(3, 3, 0, {1, 2, 3});
    const std::size_t peak = estimate_build(spec).peak_bytes, before = bitsolve::memory_budget();
    bitsolve::set_memory_budget(peak - 1);
    EXPECT_THROW(build_table(spec, 1), bitsolve::LimitError);
    bitsolve::set_memory_budget(peak);
    EXPECT_NO_THROW(build_table(spec, 1));
    bitsolve::set_memory_budget(before);
}

TEST(PdbCellMasks, FloodStaysInsideFreeCells) {
    const CellMasks g(bitsolve::sliding::Geometry{4, 4});
    // A wall on column 1 splits column 0 from columns 2..3.
    const std::uint32_t wall = (1u << 1) | (1u << 5) | (1u << 9) | (1u << 13);
    const std::uint32_t free_cells = g.all & ~wall;
    EXPECT_EQ(g.flood(1u << 0, free_cells), (1u << 0) | (1u << 4) | (1u << 8) | (1u << 12));
    EXPECT_EQ(g.flood(1u << 3, free_cells), free_cells & ~((1u << 0) | (1u << 4) | (1u << 8) | (1u << 12)));
    EXPECT_EQ(g.neighbours(0), (1u << 1) | (1u << 4));
    EXPECT_EQ(g.neighbours(3), (1u << 2) | (1u << 7));  // no wrap to the next row
    EXPECT_EQ(g.neighbours(4), (1u << 0) | (1u << 5) | (1u << 8));
}

// The table builder: exact agreement with an independent 0-1 BFS over (placement, blank cell),
// independence of the thread count, and the flood fill it relies on.
#include <gtest/gtest.h>

#include <array>
#include <bit>
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
// 1, with any other tile 0. dist[placement * n + blank cell], -1 where not reached.
std::vector<int> reference_distances(const PatternSpec& s) {
    const unsigned n = s.size(), k = s.k();
    const std::uint64_t count = s.entries();
    std::vector<int> dist(count * n, -1);
    std::deque<std::pair<std::uint64_t, unsigned>> q;
    const std::uint64_t g = rank_kperm(s.cells.data(), k, n);
    dist[g * n + s.blank_goal] = 0;
    q.emplace_back(g, s.blank_goal);
    std::uint8_t pos[8];
    std::vector<bool> done(count * n, false);
    while (!q.empty()) {
        auto [r, b] = q.front();
        q.pop_front();
        if (done[r * n + b]) continue;
        done[r * n + b] = true;
        const int d = dist[r * n + b];
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
    return dist;
}

// The table entry is the minimum over blank cells (0 for a placement never reached).
std::vector<std::uint8_t> reference_table(const PatternSpec& s) {
    const unsigned n = s.size();
    const std::vector<int> dist = reference_distances(s);
    std::vector<std::uint8_t> out(s.entries());
    for (std::uint64_t r = 0; r < s.entries(); ++r) {
        int best = -1;
        for (unsigned b = 0; b < n; ++b)
            if (dist[r * n + b] >= 0 && (best < 0 || dist[r * n + b] < best)) best = dist[r * n + b];
        out[r] = static_cast<std::uint8_t>(best < 0 ? 0 : best);
    }
    return out;
}

// The regions of the cells not in `cells`, by a plain breadth-first search over neighbouring
// cells: region[c] = the ordinal of c's region in the order of the regions' lowest cells, -1 for
// an occupied cell. Returns the number of regions.
unsigned reference_regions(unsigned rows, unsigned cols, const std::uint8_t* cells, unsigned k, int* region) {
    const unsigned n = rows * cols;
    for (unsigned c = 0; c < n; ++c) region[c] = -2;  // free, not yet labelled
    for (unsigned i = 0; i < k; ++i) region[cells[i]] = -1;
    unsigned count = 0;
    for (unsigned start = 0; start < n; ++start) {
        if (region[start] != -2) continue;
        std::vector<unsigned> stack{start};
        region[start] = static_cast<int>(count);
        while (!stack.empty()) {
            const unsigned c = stack.back();
            stack.pop_back();
            const unsigned r = c / cols, col = c % cols;
            const unsigned next[4] = {r > 0 ? c - cols : n, r + 1 < rows ? c + cols : n, col > 0 ? c - 1 : n,
                                      col + 1 < cols ? c + 1 : n};
            for (const unsigned d : next)
                if (d < n && region[d] == -2) {
                    region[d] = static_cast<int>(count);
                    stack.push_back(d);
                }
        }
        ++count;
    }
    return count;
}

// A zero-aware table from the same BFS: per placement one entry per region (the distance of its
// cells, which the free moves of the blank make equal; 0 where not reached), 0xFF past the last.
std::vector<std::uint8_t> reference_zero_aware(const PatternSpec& s, unsigned fields) {
    const unsigned n = s.size(), k = s.k();
    const std::vector<int> dist = reference_distances(s);
    std::vector<std::uint8_t> out(s.entries() * fields, 0xFF);
    std::uint8_t pos[8];
    int region[32];
    for (std::uint64_t r = 0; r < s.entries(); ++r) {
        unrank_kperm(r, k, n, pos);
        const unsigned regions = reference_regions(s.rows, s.cols, pos, k, region);
        int seen[32];
        for (unsigned j = 0; j < regions; ++j) seen[j] = -1;
        for (unsigned b = 0; b < n; ++b) {
            if (region[b] < 0 || dist[r * n + b] < 0) continue;
            int& e = seen[region[b]];
            if (e >= 0) {
                EXPECT_EQ(e, dist[r * n + b]) << s.key() << ": a region's cells differ";
            }
            e = dist[r * n + b];
        }
        for (unsigned j = 0; j < regions; ++j)
            out[r * fields + j] = static_cast<std::uint8_t>(seen[j] < 0 ? 0 : seen[j]);
    }
    return out;
}

// The most regions any placement of the spec's tiles leaves, counted with reference_regions.
unsigned reference_max_regions(const PatternSpec& s) {
    std::uint8_t pos[8];
    int region[32];
    unsigned most = 1;
    for (std::uint64_t r = 0; r < s.entries(); ++r) {
        unrank_kperm(r, s.k(), s.size(), pos);
        most = std::max(most, reference_regions(s.rows, s.cols, pos, s.k(), region));
    }
    return most;
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

// Zero-aware tables: every (placement, blank region) distance of the same 0-1 BFS, in fields()
// entries a placement numbered as the regions' lowest cells; both slot layouts of the builder.
TEST(PdbBuilder, ZeroAwareMatchesZeroOneBfs) {
    std::vector<PatternSpec> specs = {
        pdbtest::spec(3, 3, 0, {1, 2, 3}),       pdbtest::spec(3, 3, 8, {0, 1, 3, 4}),
        pdbtest::spec(2, 4, 7, {0, 1, 2, 3, 4}), pdbtest::spec(3, 3, 0, {4, 5, 7, 8, 6}),
        pdbtest::spec(3, 4, 0, {1, 4, 5, 6}),    pdbtest::spec(2, 2, 0, {1, 2}),
    };
    unsigned by_region = 0, several = 0;
    for (auto& s : specs) {
        s.zero_aware = true;
        by_region += estimate_build(s).fields_by_region ? 1 : 0;
        const unsigned fields = reference_max_regions(s);
        ASSERT_EQ(s.fields(), fields) << s.key();
        several += fields > 1 ? 1 : 0;
        EXPECT_EQ(s.key().substr(s.key().size() - 2), "-z");
        const PdbTable t = build_table(s, 2);
        ASSERT_EQ(t.data.size(), s.entries() * fields) << s.key();
        EXPECT_EQ(std::vector<std::uint8_t>(t.data.begin(), t.data.end()), reference_zero_aware(s, fields)) << s.key();
        EXPECT_EQ(estimate_build(s).entries, s.entries() * fields);
    }
    EXPECT_GT(by_region, 0u);
    EXPECT_LT(by_region, specs.size());
    EXPECT_GT(several, 0u);
}

// The region table the search reads: every set of occupied cells against reference_regions.
TEST(PdbRegionLabels, EveryCellSetMatchesAPlainSearch) {
    for (const auto& [rows, cols, k] :
         std::vector<std::array<unsigned, 3>>{{3, 3, 3}, {3, 4, 4}, {4, 4, 6}, {2, 5, 3}}) {
        const bitsolve::sliding::Geometry g{static_cast<int>(rows), static_cast<int>(cols)};
        const RegionLabels labels(g, k);
        const unsigned n = rows * cols;
        unsigned sets = 0, most = 1;
        for (std::uint32_t set = 0; set < (1u << n); ++set) {
            if (static_cast<unsigned>(std::popcount(set)) != k) continue;
            std::uint8_t cells[8];
            unsigned i = 0;
            for (unsigned c = 0; c < n; ++c)
                if (set >> c & 1u) cells[i++] = static_cast<std::uint8_t>(c);
            int region[32];
            most = std::max(most, reference_regions(rows, cols, cells, k, region));
            for (unsigned c = 0; c < n; ++c)
                if (region[c] >= 0) {
                    ASSERT_EQ(labels.region(set, c), static_cast<unsigned>(region[c])) << set << " " << c;
                }
            ++sets;
        }
        EXPECT_GT(sets, 0u);
        EXPECT_EQ(max_blank_regions(g, k), most) << rows << "x" << cols << " k " << k;
    }
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
    // Zero-aware: an entry per placement and region (5 here) and a slower rate per placement.
    auto z6 = pdbtest::spec(5, 5, 0, {1, 2, 3, 4, 5, 6});
    z6.zero_aware = true;
    const BuildEstimate ez = estimate_build(z6);
    EXPECT_EQ(ez.entries, 127512000u * 5);
    EXPECT_EQ(ez.peak_bytes, 127512000u * 2 + 127512000u * 5);
    EXPECT_DOUBLE_EQ(ez.cpu_seconds, 127512000.0 / kZeroAwareBuildEntriesPerCpuSecond);
    // Loaded, its lookup form (table.hpp) at most: a byte per placement, 16 bytes per 64, and 5
    // nibbles (3 bytes) for each placement of the 65,920 sets of 6 of the 25 cells that leave
    // several regions (counted apart by a flood fill over every set), 720 orderings each.
    EXPECT_EQ(ez.memory_bytes, 127512000u + 1992375u * 16 + 65920u * 720 * 3);
    EXPECT_EQ(e78.memory_bytes, e78.entries);
    const BuildEstimate e7 = estimate_build(pdbtest::spec(5, 5, 0, {1, 2, 3, 4, 5, 6, 7}));
    EXPECT_EQ(e7.peak_bytes, 2422728000ULL * 3);  // 6 regions (18 free cells)
    EXPECT_TRUE(e7.fields_by_region);
    EXPECT_DOUBLE_EQ(e7.cpu_seconds, 2422728000.0 / kLargeBuildEntriesPerCpuSecond);
    auto z7 = pdbtest::spec(5, 5, 0, {1, 2, 3, 4, 5, 6, 7});
    z7.zero_aware = true;  // a large zero-aware table: the slowest rate
    EXPECT_DOUBLE_EQ(estimate_build(z7).cpu_seconds, 2422728000.0 / kLargeZeroAwareBuildEntriesPerCpuSecond);
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

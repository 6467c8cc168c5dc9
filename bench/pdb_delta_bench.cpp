// A cached zero-aware table of k + 1 tiles measured against the cached zero-aware table of its
// first k tiles (the base; `cells` of the large one = the base's plus one tile, last): how far
// each entry lies above the base's entry for the same placement of the base's tiles and the same
// blank cell, plus the Manhattan distance of the added tile to its goal cell.
//
// A solution of the k + 1 pattern tiles moves the added tile at least its Manhattan distance,
// and what is left of it solves the base's tiles, so entry >= base + distance; both sides have the
// parity of their moves (table.hpp), so the difference is 2 * d for an integer d >= 0. The program
// checks both on every entry (a failure is a wrong table), and counts d: for the placement's
// largest region (RegionLabels::largest), over all its regions, and how many placements with
// several regions have one d for all of them. Small d would let a search keep d alone (a few bits
// a placement) and add it to the base entry it has read already.
//
//   pdb_delta_bench DIR/5x5-b0-1.2.5.6.7.12.17-z.pdb DIR/5x5-b0-1.2.5.6.7.12-z.pdb
//
// Both tables are read whole (14.5 GB and 0.6 GB for those two); the scan runs on two threads.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "pdb_header.hpp"

using namespace bitsolve::sliding::pdb;

namespace {

constexpr unsigned kMaxD = 16;

struct Counts {
    std::array<std::uint64_t, kMaxD + 1> largest{}, all{};  // d, the last slot for kMaxD or more
    std::uint64_t broken = 0;                               // entries below base + distance, or of the other parity
    std::uint64_t several = 0, several_alike = 0;           // placements with several regions; of those, one d for all
};

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: pdb_delta_bench LARGE.pdb BASE.pdb (zero-aware; LARGE's tiles = BASE's + one)\n");
        return 2;
    }
    PdbHeader large_header, base_header;
    if (!read_pdb_header(argv[1], large_header) || !read_pdb_header(argv[2], base_header)) return 3;
    const PatternSpec &large = large_header.spec, &base = base_header.spec;
    const unsigned k = base.k();
    if (!large.zero_aware || !base.zero_aware || large.k() != k + 1 || large.rows != base.rows ||
        large.cols != base.cols || large.blank_goal != base.blank_goal ||
        !std::equal(base.cells.begin(), base.cells.end(), large.cells.begin())) {
        std::fprintf(stderr, "%s is not %s with one more tile, both zero-aware\n", argv[1], argv[2]);
        return 3;
    }
    const LoadResult lt = load_table(argv[1], large);
    const LoadResult bt = load_table(argv[2], base);
    for (const LoadResult* r : {&lt, &bt})
        if (r->status != LoadStatus::Ok) {
            std::fprintf(stderr, "%s: %s\n", r == &lt ? argv[1] : argv[2], r->reason.c_str());
            return 3;
        }
    const bitsolve::sliding::Geometry geo = large.geometry();
    const unsigned n = large.size();
    const RegionLabels large_labels(geo, k + 1), base_labels(geo, k);
    const unsigned large_fields = large.fields(), base_fields = base.fields();
    const std::uint64_t placements = large.entries();
    const std::uint32_t all_cells = CellMasks(geo).all;
    // The added tile's Manhattan distance to its goal cell, by the cell it stands on.
    std::array<int, bitsolve::sliding::kMaxCells> distance{};
    for (unsigned c = 0; c < n; ++c) {
        const int cell = static_cast<int>(c), goal = large.cells[k];
        distance[c] = std::abs(geo.row_of(cell) - geo.row_of(goal)) + std::abs(geo.col_of(cell) - geo.col_of(goal));
    }

    // The rank of a placement is a number in the radices n, n - 1, ..., so the base placement of
    // its first k tiles has rank r / (n - k).
    constexpr unsigned kThreads = 2;
    std::vector<Counts> counts(kThreads);
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            Counts& c = counts[t];
            std::uint8_t pos[kMaxPatternTiles];
            for (std::uint64_t r = placements * t / kThreads; r < placements * (t + 1) / kThreads; ++r) {
                unrank_kperm(r, k + 1, n, pos);
                std::uint32_t occupied = 0;
                for (unsigned i = 0; i <= k; ++i) occupied |= 1u << pos[i];
                const auto& row = large_labels.row(occupied);
                const auto& base_row = base_labels.row(occupied & ~(1u << pos[k]));
                const std::uint8_t* e = &lt.table.data[r * large_fields];
                const std::uint8_t* b = &bt.table.data[(r / (n - k)) * base_fields];
                const unsigned largest = RegionLabels::largest(row);
                std::uint32_t seen = 0;
                int first = -1;
                bool alike = true;
                unsigned regions = 0;
                for (std::uint32_t free_cells = all_cells & ~occupied; free_cells != 0; free_cells &= free_cells - 1) {
                    const auto cell = static_cast<unsigned>(std::countr_zero(free_cells));
                    const unsigned j = RegionLabels::region(row, cell);
                    if ((seen >> j & 1u) != 0) continue;
                    seen |= 1u << j;
                    ++regions;
                    const int twice = static_cast<int>(e[j]) -
                                      static_cast<int>(b[RegionLabels::region(base_row, cell)]) - distance[pos[k]];
                    if (twice < 0 || twice % 2 != 0) {
                        ++c.broken;
                        continue;
                    }
                    const auto d = static_cast<unsigned>(std::min(twice / 2, static_cast<int>(kMaxD)));
                    ++c.all[d];
                    if (j == largest) ++c.largest[d];
                    if (first < 0) first = twice;
                    alike = alike && first == twice;
                }
                if (regions > 1) {
                    ++c.several;
                    if (alike) ++c.several_alike;
                }
            }
        });
    for (std::thread& t : threads) t.join();
    Counts s;
    for (const Counts& c : counts) {
        for (unsigned d = 0; d <= kMaxD; ++d) {
            s.largest[d] += c.largest[d];
            s.all[d] += c.all[d];
        }
        s.broken += c.broken;
        s.several += c.several;
        s.several_alike += c.several_alike;
    }
    const auto u = [](std::uint64_t v) { return static_cast<unsigned long long>(v); };
    std::printf("# %s over %s: %llu placements\n", large.key().c_str(), base.key().c_str(), u(placements));
    std::printf("entries below base + distance or of the other parity: %llu\n", u(s.broken));
    std::printf("placements with several regions: %llu, one d for all of them: %llu, d differs: %llu\n", u(s.several),
                u(s.several_alike), u(s.several - s.several_alike));
    std::printf("d  largest-region  all-regions\n");
    for (unsigned d = 0; d <= kMaxD; ++d)
        if (s.all[d] != 0) std::printf("%u%s  %llu  %llu\n", d, d == kMaxD ? "+" : "", u(s.largest[d]), u(s.all[d]));
    return s.broken == 0 ? 0 : 1;
}

// Rush Hour database engine on a sample of slices: layouts, canonical, solvable, rows, states
// (and by search: DbStateSplit), CPU time, and the projection to the whole enumeration. A plain program (one thread):
//   rush_db_bench [size] [walls] [every] [offset]   runs the slices s with s % every == offset
// (defaults 6 0 100, offset every / 2); `rush_db_bench 6 0 1` is the whole database on one core,
// `rush_db_bench 6 0 2 0` and `rush_db_bench 6 0 2 1` its two halves. The wall-free 6x6 slices
// are numbered in base 6 by the rows' groups, so a stride with a factor 2 or 3 samples only some
// groups of the last rows; a stride with neither factor (`rush_db_bench 6 0 127 5`) represents
// the whole (docs/benchmarks.md).
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "bitsolve/rush/database.hpp"

int main(int argc, char** argv) {
    using namespace bitsolve::rush;
    DbParams p;
    p.size = argc > 1 ? std::atoi(argv[1]) : 6;
    p.max_walls = argc > 2 ? std::atoi(argv[2]) : 0;
    const std::uint64_t every = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 100;
    const std::uint64_t offset = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : every / 2;
    if (every == 0 || offset >= every) return 2;
    const DbEnumeration e(p);
    DbWorker w(e);
    DbCounts sum;
    std::uint64_t all_layouts = 0, slices = 0, rows_seen = 0;
    int hardest = 0;
    const std::clock_t t0 = std::clock();
    for (std::uint64_t s = 0; s < e.slice_count(); ++s) all_layouts += e.count_layouts(s);
    const double count_s = static_cast<double>(std::clock() - t0) / CLOCKS_PER_SEC;
    const std::clock_t t1 = std::clock();
    for (std::uint64_t s = offset; s < e.slice_count(); s += every) {
        const DbSlice r = w.run(s);
        sum += r.counts;
        ++slices;
        rows_seen += r.rows.size();
        if (!r.rows.empty() && r.rows.front().moves > hardest) hardest = r.rows.front().moves;
    }
    const double cpu = static_cast<double>(std::clock() - t1) / CLOCKS_PER_SEC;
    const double per_layout = sum.layouts ? cpu / static_cast<double>(sum.layouts) : 0;
    std::printf("size %d walls %d: %llu slices, %llu layouts (counting pass %.2f s CPU)\n", p.size, p.max_walls,
                static_cast<unsigned long long>(e.slice_count()), static_cast<unsigned long long>(all_layouts),
                count_s);
    std::printf(
        "sample: %llu slices, %llu layouts, %llu canonical, %llu solvable, %llu rows (hardest %d), %llu states\n",
        static_cast<unsigned long long>(slices), static_cast<unsigned long long>(sum.layouts),
        static_cast<unsigned long long>(sum.canonical), static_cast<unsigned long long>(sum.solvable),
        static_cast<unsigned long long>(sum.rows), hardest, static_cast<unsigned long long>(sum.states));
    const DbStateSplit& sp = w.states_split();
    auto share = [&](std::uint64_t n) {
        return sum.states ? 100.0 * static_cast<double>(n) / static_cast<double>(sum.states) : 0;
    };
    std::printf("states by search: unsolvable %llu (%.1f%%), distances %llu (%.1f%%), re-solves %llu (%.1f%%)\n",
                static_cast<unsigned long long>(sp.unsolvable), share(sp.unsolvable),
                static_cast<unsigned long long>(sp.distances), share(sp.distances),
                static_cast<unsigned long long>(sp.resolves), share(sp.resolves));
    std::printf("CPU %.2f s: %.3f us/layout, %.0f layouts/s, %.2f M states/s; whole enumeration %.0f CPU-s\n", cpu,
                per_layout * 1e6, cpu > 0 ? static_cast<double>(sum.layouts) / cpu : 0,
                cpu > 0 ? static_cast<double>(sum.states) / cpu / 1e6 : 0,
                per_layout * static_cast<double>(all_layouts));
    (void)rows_seen;
    return 0;
}

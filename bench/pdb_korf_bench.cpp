// Korf's instance sets solved with PDB-IDA*: nodes and time per instance and in total, and the
// build (or load) time of the tables. A plain program rather than a Google Benchmark fixture:
// the figures of interest are node counts and one timed pass over a fixed set.
//
//   pdb_korf_bench [--pdb pdb78 | pdb6666-dual | pdb6666+pdb7773 | …] [--dir DIR | --no-cache] [--threads N] [--first K] [--skip S]
//                  [--no-reflect] [--max-threshold T] [--budget N] [--iterations] [--prune-depth D] [FILE]
//                  (default FILE: data/sliding/korf100.txt)
//
// --max-threshold T stops each instance before its first IDA* iteration above T: a fixed,
// deterministic amount of work (the same nodes on every run), for comparing node rates.
// --budget N stops each instance before the first iteration that would take its generated nodes
// above N, the iteration's nodes predicted as the last one's times the last growth (the last
// iteration's nodes over the one's before). Deterministic too: the counts decide. A row cut off
// this way also gives the projection to the published length: each remaining iteration grows by
// the geometric mean of the last two growths (the last one with two iterations), and the
// projection is a range: without the final iteration (IDA* stops inside it, where the solution
// lies) and with it in full; the CPU time at the instance's own rate of generated nodes per CPU
// second.
// --iterations prints every iteration as a comment line: threshold, expanded, generated, seconds.
// --prune-depth D: duplicate-move pruning by move strings of up to D moves (sliding/move_fsm.hpp;
// default 2), its machine built before the clock of the search starts.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/select.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"

using namespace bitsolve::sliding::pdb;
using bitsolve::sliding::Board;
using bitsolve::sliding::Geometry;
using bitsolve::sliding::IterationStats;

// CPU seconds of the whole process: on a shared machine wall time says more about the neighbours
// than about the program, so both are reported.
static double cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// Thrown from the iteration callback to stop an instance at its node budget (solve_pdb calls it
// between iterations, outside its threads).
struct BudgetReached {};

// The growth per iteration the projection uses: the geometric mean of the last two growths.
static double growth(const std::vector<IterationStats>& its) {
    const std::size_t n = its.size();
    const auto g = [&](std::size_t i) {
        return static_cast<double>(its[i].generated) /
               static_cast<double>(std::max<std::uint64_t>(1, its[i - 1].generated));
    };
    return n >= 3 ? std::sqrt(g(n - 1) * g(n - 2)) : g(n - 1);
}

// Generated nodes projected from completed iterations (thresholds two apart) to a solution of
// `length` moves: the nodes so far and each remaining iteration; {without the final iteration,
// with it in full}.
static std::pair<double, double> projected_generated(const std::vector<IterationStats>& its, int length) {
    double total = 0;
    for (const auto& it : its) total += static_cast<double>(it.generated);
    const double r = growth(its);
    double n = static_cast<double>(its.back().generated);
    for (int t = its.back().threshold + 2; t < length; t += 2) {
        n *= r;
        total += n;
    }
    return {total, total + n * r};
}

int main(int argc, char** argv) {
    std::string pdb = "pdb78", file = "data/sliding/korf100.txt", dir;
    bool no_cache = false, reflect = true;
    unsigned threads = 1, first = 1000, skip = 0;
    int max_threshold = std::numeric_limits<int>::max(), prune_depth = 2;
    std::uint64_t budget = 0;  // 0: none
    bool print_iterations = false;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto next = [&] { return i + 1 < argc ? std::string(argv[++i]) : std::string(); };
        if (a == "--pdb") pdb = next();
        else if (a == "--dir") dir = next();
        else if (a == "--no-cache") no_cache = true;
        else if (a == "--no-reflect") reflect = false;
        else if (a == "--threads") threads = static_cast<unsigned>(std::stoul(next()));
        else if (a == "--first") first = static_cast<unsigned>(std::stoul(next()));
        else if (a == "--skip") skip = static_cast<unsigned>(std::stoul(next()));
        else if (a == "--max-threshold") max_threshold = std::stoi(next());
        else if (a == "--prune-depth") prune_depth = std::stoi(next());
        else if (a == "--budget") budget = std::stoull(next());
        else if (a == "--iterations") print_iterations = true;
        else file = a;
    }
    const Geometry geo = partition_geometry(pdb);
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", file.c_str());
        return 3;
    }
    std::vector<std::pair<Board, int>> inst;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        Board b;
        b.geo = geo;
        for (int c = 0; c < geo.cells(); ++c) {
            int v;
            ss >> v;
            b.tiles[c] = static_cast<std::uint8_t>(v);
        }
        int len;
        ss >> len;
        inst.emplace_back(b, len);
    }
    const Board goal = bitsolve::sliding::blank_first_goal(geo);

    const auto t0 = std::chrono::steady_clock::now();
    const double c0 = cpu_seconds();
    // Table builds and rebuilt files noted on stderr, one line each.
    const TableReport notes = [](const TableEvent& e) {
        if (e.kind == TableEvent::Kind::Building)
            std::fprintf(stderr, "building pattern database %s\n", e.spec.key().c_str());
        if (e.kind == TableEvent::Kind::Built)
            std::fprintf(stderr, "built %s in %.1f s (max distance %u)\n", e.spec.key().c_str(), e.info.seconds,
                         e.info.max_depth);
        if (e.kind == TableEvent::Kind::Rejected || e.kind == TableEvent::Kind::NotCached ||
            e.kind == TableEvent::Kind::FormRejected)
            std::fprintf(stderr, "pattern database %s: %s\n", e.file.string().c_str(), e.reason.c_str());
    };
    TableSource src{no_cache ? std::filesystem::path{}
                             : (dir.empty() ? default_cache_dir(std::getenv("XDG_CACHE_HOME"), std::getenv("HOME"))
                                            : std::filesystem::path(dir)),
                    threads, notes};
    // With reflection, as the tool loads them (select_pdb: a cached zero-aware table's form is read
    // from its file in pieces, so 7-tile tables never lie in memory whole); without, table by table.
    std::shared_ptr<const PdbHeuristic> heuristic;
    if (reflect) {
        heuristic = select_pdb(pdb, goal, bitsolve::sliding::Algorithm::Ida, src);
    } else {
        std::vector<PdbSet> sets;  // one per partition the name joins
        for (const auto& partition : named_partitions(pdb, geo, 0)) {
            PdbSet set;
            for (const auto& s : partition)
                set.tables.push_back(std::make_shared<const PdbTable>(obtain_table(s, src)));
            sets.push_back(std::move(set));
        }
        heuristic = std::make_shared<const PdbHeuristic>(goal, std::move(sets), false, is_dual_name(pdb));
    }
    const PdbHeuristic& h = *heuristic;
    const double t_tables = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double c_tables = cpu_seconds() - c0;
    const auto f0 = std::chrono::steady_clock::now();
    const bitsolve::sliding::MoveFsm& fsm = bitsolve::sliding::move_fsm(prune_depth, geo);
    std::printf(
        "# %s%s, tables ready in %.2f s wall, %.2f s cpu; threads %u; prune depth %d (%zu forbidden strings, "
        "%zu states, built in %.2f s)\n",
        pdb.c_str(), reflect ? " + reflection" : "", t_tables, c_tables, threads, prune_depth, fsm.forbidden(),
        fsm.states(), std::chrono::duration<double>(std::chrono::steady_clock::now() - f0).count());
    std::set<const bitsolve::sliding::pdb::ZeroAwareLookup*> forms;  // a table two partitions share once
    std::uint64_t form_bytes = 0;
    for (unsigned part = 0; part < h.partitions(); ++part)
        for (unsigned p = 0; p < h.patterns(part); ++p)
            if (const auto* z = h.lookup(p, part); z && forms.insert(z).second) form_bytes += z->bytes();
    if (form_bytes > 0)
        std::printf("# zero-aware lookup forms: %zu tables, %.1f MB\n", forms.size(),
                    static_cast<double>(form_bytes) / 1e6);
    std::printf("# %4s %4s %4s %4s %14s %14s %9s %9s\n", "no", "opt", "len", "h0", "expanded", "generated", "seconds",
                "cpu");

    std::uint64_t expanded = 0, generated = 0;
    double seconds = 0;
    unsigned solved = 0, wrong = 0;
    const double c1 = cpu_seconds();
    for (unsigned i = skip; i < inst.size() && i < skip + first; ++i) {
        const double ci = cpu_seconds();
        std::vector<IterationStats> its;
        std::uint64_t so_far = 0;
        const auto on_iteration = [&](const IterationStats& it) {
            its.push_back(it);
            so_far += it.generated;
            if (print_iterations)
                std::printf("# %6u iteration %4d %14llu %14llu %9.3f\n", i + 1, it.threshold,
                            static_cast<unsigned long long>(it.expanded), static_cast<unsigned long long>(it.generated),
                            it.seconds);
            // An iteration at the published length has found the solution: never thrown away.
            if (budget && its.size() >= 2 &&
                it.threshold<inst[i].second&& static_cast<double>(so_far) +
                             static_cast<double>(it.generated) * growth(its)> static_cast<double>(budget))
                throw BudgetReached{};
        };
        PdbSolution s;
        bool over_budget = false;
        try {
            s = solve_pdb(h, inst[i].first, threads, max_threshold, on_iteration, prune_depth);
        } catch (const BudgetReached&) {
            // The completed iterations are the run's: a cut-off solution made of them.
            over_budget = true;
            s.cut_off = true;
            s.initial_h = its.front().threshold;
            s.iterations = its;
            for (const auto& it : its) {
                s.stats.expanded += it.expanded;
                s.stats.generated += it.generated;
                s.stats.seconds += it.seconds;
            }
        }
        const double cpu = cpu_seconds() - ci;
        auto b = inst[i].first;
        const bool ok = s.cut_off
                            ? s.length == -1 && (s.iterations.empty() || s.iterations.back().threshold < inst[i].second)
                            : s.length == inst[i].second && bitsolve::sliding::replay(b, s.path) && b == goal;
        if (!ok) ++wrong;
        ++solved;
        expanded += s.stats.expanded;
        generated += s.stats.generated;
        seconds += s.stats.seconds;
        std::string projection;
        if (over_budget && ok) {
            const auto [lo, hi] = projected_generated(its, inst[i].second);
            const double rate = static_cast<double>(s.stats.generated) / std::max(1e-9, cpu);
            char buf[200];
            std::snprintf(buf, sizeof buf, " at %d, projected %.0f %.0f generated %.0f %.0f cpu", its.back().threshold,
                          lo, hi, lo / rate, hi / rate);
            projection = buf;
        }
        std::printf("%6u %4d %4d %4d %14llu %14llu %9.3f %9.3f%s%s%s\n", i + 1, inst[i].second, s.length, s.initial_h,
                    static_cast<unsigned long long>(s.stats.expanded),
                    static_cast<unsigned long long>(s.stats.generated), s.stats.seconds, cpu,
                    s.cut_off ? "  cut off" : "", projection.c_str(), ok ? "" : "  WRONG");
        std::fflush(stdout);
    }
    std::printf(
        "# instances %u, wrong %u, expanded %llu (%.0f per instance), generated %llu (%.0f per instance), "
        "search %.2f s wall, %.2f s cpu, %.0f generated per cpu second\n",
        solved, wrong, static_cast<unsigned long long>(expanded), solved ? static_cast<double>(expanded) / solved : 0.0,
        static_cast<unsigned long long>(generated), solved ? static_cast<double>(generated) / solved : 0.0, seconds,
        cpu_seconds() - c1, static_cast<double>(generated) / std::max(1e-9, cpu_seconds() - c1));
    return wrong ? 1 : 0;
}

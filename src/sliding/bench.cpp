#include "bitsolve/sliding/bench.hpp"

#include <fmt/format.h>

#include <chrono>
#include <ostream>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding {

namespace {

// Korf (1985) 15-puzzle instances 2, 5, 6, 8, 9 and 12 (among the easier ones for IDA* with
// Manhattan distance + linear conflict) with their optimal lengths; goal 0 1 2 .. 15. The same
// rows are in data/sliding/korf100.txt (with the source).
constexpr int kKorf[][17] = {
    {13, 5, 4, 10, 9, 12, 8, 14, 2, 3, 7, 1, 0, 15, 11, 6, 55},
    {4, 7, 14, 13, 10, 3, 9, 12, 11, 5, 6, 15, 1, 2, 8, 0, 56},
    {14, 7, 1, 9, 12, 3, 6, 15, 8, 11, 2, 5, 10, 0, 4, 13, 52},
    {12, 11, 15, 3, 8, 0, 4, 2, 6, 13, 9, 5, 14, 1, 10, 7, 50},
    {3, 14, 9, 11, 5, 4, 8, 2, 13, 12, 6, 7, 10, 1, 15, 0, 46},
    {14, 1, 9, 6, 4, 8, 12, 5, 7, 2, 3, 0, 10, 11, 13, 15, 45},
};

struct Part {
    const char* name;
    std::uint64_t nodes = 0;
    int boards = 0;
    int moves = 0;
    double seconds = 0;
};

// Solves `boards` and adds to the part; a wrong optimal length (when known) is an internal error.
void run_part(Part& p, const std::vector<Board>& boards, const std::vector<int>& expected, Algorithm algo,
              Heuristic h) {
    const auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < boards.size(); ++i) {
        SolveOptions o;
        o.algorithm = algo;
        o.heuristic = h;
        const Board goal =
            boards[i].geo.cells() == 16 ? blank_first_goal(boards[i].geo) : blank_last_goal(boards[i].geo);
        const Solution s = solve(boards[i], goal, o);
        if (i < expected.size() && s.length != expected[i])
            throw std::logic_error(fmt::format("bench: {} found {} moves, expected {}", p.name, s.length, expected[i]));
        p.nodes += s.stats.expanded;
        p.moves += s.length;
        ++p.boards;
    }
    p.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Uniformly random solvable 3x3 boards (blank-last goal), from a fixed seed.
std::vector<Board> random_3x3(int n, std::uint64_t seed) {
    SplitMix64 rng(seed);
    const Board goal = blank_last_goal({3, 3});
    std::vector<Board> boards;
    while (static_cast<int>(boards.size()) < n) {
        Board b = goal;
        for (int i = 8; i > 0; --i)
            std::swap(b.tiles[static_cast<std::size_t>(i)], b.tiles[rng.below(static_cast<std::uint64_t>(i) + 1)]);
        if (solvable(b, goal)) boards.push_back(b);
    }
    return boards;
}

}  // namespace

std::uint64_t run_bench(std::ostream& log) {
    std::vector<Board> korf;
    std::vector<int> korf_len;
    for (const auto& row : kKorf) {
        Board b;
        b.geo = {4, 4};
        for (int c = 0; c < 16; ++c) b.tiles[static_cast<std::size_t>(c)] = static_cast<Tile>(row[c]);
        korf.push_back(b);
        korf_len.push_back(row[16]);
    }
    const std::vector<Board> small = random_3x3(24, 1525);
    Part parts[] = {
        {"3x3 bfs"}, {"3x3 bidir"}, {"3x3 ida md+lc"}, {"4x4 ida md+lc (Korf)"}, {"4x4 ida md (Korf 9, 12)"}};
    run_part(parts[0], small, {}, Algorithm::Bfs, Heuristic::ManhattanLinearConflict);
    run_part(parts[1], small, {}, Algorithm::Bidir, Heuristic::ManhattanLinearConflict);
    run_part(parts[2], small, {}, Algorithm::Ida, Heuristic::ManhattanLinearConflict);
    run_part(parts[3], korf, korf_len, Algorithm::Ida, Heuristic::ManhattanLinearConflict);
    run_part(parts[4], {korf[4], korf[5]}, {korf_len[4], korf_len[5]}, Algorithm::Ida, Heuristic::Manhattan);
    std::uint64_t total = 0;
    for (const Part& p : parts) {
        log << fmt::format("  {:<24} boards {:>3}  moves {:>5}  nodes {:>10}  {:7.3f} s  {:6.1f} M nodes/s\n", p.name,
                           p.boards, p.moves, p.nodes, p.seconds,
                           p.seconds > 0 ? static_cast<double>(p.nodes) / p.seconds / 1e6 : 0.0);
        total += p.nodes;
    }
    return total;
}

}  // namespace bitsolve::sliding

// The C++ side of bench/python_calls.py: one `solve()` call per board, round-robin over the boards
// of a file (one board per line, as `baseline_sliding_hashbfs --generate` writes them), with the
// options the Python module uses by default (Auto, path wanted). Time per call = time per
// iteration.
//   sliding_calls_bench BOARDS_FILE [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace {

using namespace bitsolve::sliding;

std::vector<Board> g_boards;

void solve_each(benchmark::State& state) {
    const Board goal = blank_last_goal(g_boards.front().geo);
    const SolveOptions opt;
    std::size_t i = 0;
    for (auto _ : state) {
        const Solution s = solve(g_boards[i], goal, opt);
        benchmark::DoNotOptimize(s.length);
        if (++i == g_boards.size()) i = 0;
    }
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (argc != 2) {
        std::cerr << "usage: sliding_calls_bench BOARDS_FILE [benchmark flags]\n";
        return 2;
    }
    std::ifstream in(argv[1]);
    std::string line;
    for (std::size_t n = 1; std::getline(in, line); ++n)
        if (!line.empty() && line[0] != '#') g_boards.push_back(parse_board_line(line, n, std::nullopt));
    if (g_boards.empty()) {
        std::cerr << "sliding_calls_bench: no boards in " << argv[1] << '\n';
        return 3;
    }
    benchmark::RegisterBenchmark("BM_SolveEach", solve_each);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
}

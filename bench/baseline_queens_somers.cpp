// Baseline for the N-Queens benchmark: the classic bitmask counter in the style of Jeff Somers'
// program (three masks, lowest free bit by x & -x, mirror halving over the first row), written
// plainly with recursion and no further tricks. Prints the total and the time, so that
// docs/benchmarks.md can quote bitsolve's speed as a ratio measured in the same run.
//
//   baseline_queens_somers N [--nodes]    (N in 1..32)
// --nodes also prints the nodes searched (queens placed after the first row), in a separate
// instantiation so that the timed run carries no counter.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace {

std::uint64_t g_nodes = 0;

template <bool CountNodes>
std::uint64_t count(std::uint32_t all, std::uint32_t cols, std::uint32_t left, std::uint32_t right) {
    if (cols == all) return 1;
    std::uint64_t n = 0;
    for (std::uint32_t free = all & ~(cols | left | right); free;) {
        const std::uint32_t bit = free & (0u - free);
        free ^= bit;
        if constexpr (CountNodes) ++g_nodes;
        n += count<CountNodes>(all, cols | bit, (left | bit) << 1, (right | bit) >> 1);
    }
    return n;
}

template <bool CountNodes>
std::uint64_t total(int n) {
    const std::uint32_t all = n == 32 ? ~0u : (1u << n) - 1;
    std::uint64_t sum = 0;
    // Queens in the left half of row 0, doubled by the mirror; the middle column once.
    for (int c = 0; c < n / 2; ++c) sum += 2 * count<CountNodes>(all, 1u << c, (1u << c) << 1, (1u << c) >> 1);
    if (n % 2 == 1) {
        const std::uint32_t b = 1u << (n / 2);
        sum += count<CountNodes>(all, b, b << 1, b >> 1);
    }
    return sum;
}

}  // namespace

int main(int argc, char** argv) {
    const bool nodes = argc == 3 && std::string_view(argv[2]) == "--nodes";
    const int n = argc == 2 || nodes ? std::atoi(argv[1]) : 0;
    if (n < 1 || n > 32) {
        std::fprintf(stderr, "usage: baseline_queens_somers N [--nodes]   (N in 1..32)\n");
        return 2;
    }
    const auto t0 = std::chrono::steady_clock::now();
    const std::uint64_t t = nodes ? total<true>(n) : total<false>(n);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%llu\n", static_cast<unsigned long long>(t));
    std::fprintf(stderr, "Time: %.3f s\n", s);
    if (nodes) std::fprintf(stderr, "Nodes searched : %llu\n", static_cast<unsigned long long>(g_nodes));
    return 0;
}

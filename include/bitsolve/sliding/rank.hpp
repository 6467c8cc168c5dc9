#pragma once
// Perfect hashing of the reachable boards of a rows x cols puzzle (cells <= 12).
//
// rank = blank_cell * (m!/2) + half_rank(tiles), where m = cells - 1 and `tiles` is the board
// read row-major without the blank, as a permutation of 1..m.
//
// Why this is a bijection onto 0 .. cells!/2 - 1: with the blank on a fixed cell, the reachable
// boards are exactly the tile orders of one parity (parity.hpp). The lexicographic rank of a
// permutation is sum_i d_i * (m-1-i)!, d_i = number of values right of position i smaller than
// p[i]; ranks 2k and 2k+1 differ only by swapping the last two values, so they have opposite
// parity, and rank / 2 maps the permutations of one parity one-to-one onto 0 .. m!/2 - 1.
// (Ranking the whole board with the blank as value 0 would NOT work: swapping the last two cells
// can be a legal blank move, so both boards of such a pair are reachable.)
// d_i is a popcount over the values already seen, so ranking is O(cells).
#include <cstdint>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

inline constexpr int kMaxRankedCells = 12;  // 12!/2 = 239,500,800 fits 32 bits

constexpr std::uint64_t factorial(int n) {
    std::uint64_t f = 1;
    for (int i = 2; i <= n; ++i) f *= static_cast<std::uint64_t>(i);
    return f;
}

// Popcount of an 11-bit mask: the instruction where the build targets it, else a 2 KB table
// (without POPCNT, __builtin_popcount is a library call, which made the 3x3 BFS bench about a
// third slower in the baseline build).
#if defined(__POPCNT__)
inline int popcount11(std::uint32_t x) { return __builtin_popcount(x); }
#else
struct Popcount11Table {
    std::uint8_t n[1u << 11];
};
constexpr Popcount11Table make_popcount11() {
    Popcount11Table t{};
    for (unsigned x = 1; x < (1u << 11); ++x) t.n[x] = static_cast<std::uint8_t>(t.n[x >> 1] + (x & 1));
    return t;
}
inline constexpr Popcount11Table kPopcount11 = make_popcount11();
inline int popcount11(std::uint32_t x) { return kPopcount11.n[x]; }
#endif

// Number of reachable boards of a puzzle with n cells: n!/2 (n >= 4).
constexpr std::uint64_t reachable_count(int n) { return factorial(n) / 2; }

// Rank of a reachable board in 0 .. n!/2 - 1; n = cells <= 12, `blank` its blank cell.
template <class P>
std::uint32_t board_rank(typename P::Word cells, int blank, int n) {
    const int m = n - 1;
    std::uint32_t seen = 0;  // bit v set once tile v+1 was met
    std::uint64_t rank = 0;
    int i = 0;
    for (int c = 0; i < m - 2; ++c) {
        if (c == blank) continue;
        const int v = P::get(cells, c) - 1;  // a tile, 1..n-1: the blank's cell is skipped above
        const std::uint32_t below =
            seen & ((1u << v) - 1);  // NOLINT(clang-analyzer-core.UndefinedBinaryOperatorResult)
        rank = rank * static_cast<std::uint64_t>(m - i) + static_cast<std::uint64_t>(v - popcount11(below));
        seen |= 1u << v;
        ++i;
    }
    // Horner form: the full rank would continue with rank * 2 + d_{m-2} (then + 0 for the last
    // value), so stopping before i = m-2 yields exactly the full rank / 2.
    return static_cast<std::uint32_t>(static_cast<std::uint64_t>(blank) * (factorial(m) / 2) + rank);
}

// The reachability class of a board (0 or 1): permutation parity XOR the blank's row + column
// parity. Two boards of one geometry are mutually reachable iff their classes are equal.
int reach_class(const Board& b);

// Inverse of board_rank within the class `klass` (0 or 1) of geometry g.
Board board_unrank(std::uint32_t rank, Geometry g, int klass);

}  // namespace bitsolve::sliding

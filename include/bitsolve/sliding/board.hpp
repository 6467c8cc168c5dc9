#pragma once
// Sliding-tile boards: the plain board used by parsers and printers, the packed words the searches
// run on, and the move encoding.
//
// Cells are numbered row-major, cell = row * cols + col in 0 .. rows*cols-1. A board holds each of
// the values 0 .. rows*cols-1 once: tiles 1 .. rows*cols-1 and the blank 0. Any rectangle from 2x2
// to 5x5 is supported (rows and columns independently in 2..5).
//
// Packed layout (Packing<Word, B, N>): cell c occupies bits [B*c, B*c + B) of the word and holds
// its tile value (0 = blank). Boards of up to 16 cells use 4 bits per cell in a uint64_t
// (Pack16); boards of 17..25 cells use 5 bits per cell in an unsigned 128-bit word (Pack25).
// Playing a move swaps the blank with a tile: since the blank is 0, the swap is one XOR of the
// tile value at both cells.
//
// A move names the direction in which the BLANK moves: Up, Left, Right, Down (letters U L R D).
// The encoding makes the inverse move 3 - m.
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bitsolve::sliding {

inline constexpr int kMinSide = 2;
inline constexpr int kMaxSide = 5;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;

using Tile = std::uint8_t;  // 0 (blank) .. cells-1
using Cell = std::uint8_t;  // 0 .. cells-1, row-major

enum class Dir : std::uint8_t { Up = 0, Left = 1, Right = 2, Down = 3 };
inline constexpr int kDirs = 4;
constexpr Dir inverse(Dir d) { return static_cast<Dir>(3 - static_cast<int>(d)); }
constexpr char dir_letter(Dir d) { return "ULRD"[static_cast<int>(d)]; }
constexpr int drow(Dir d) { return d == Dir::Up ? -1 : d == Dir::Down ? 1 : 0; }
constexpr int dcol(Dir d) { return d == Dir::Left ? -1 : d == Dir::Right ? 1 : 0; }
static_assert(inverse(Dir::Up) == Dir::Down && inverse(Dir::Left) == Dir::Right);

// A path: the blank's moves in order (every solver and replayer uses this type).
using Path = std::vector<Dir>;

// The letters of a move sequence, e.g. "DRD".
template <class Range>
std::string path_letters(const Range& moves) {
    std::string s;
    for (Dir d : moves) s += dir_letter(d);
    return s;
}

// The moves of a string of letters U L R D; nothing when another character appears.
std::optional<Path> parse_path(std::string_view letters);

struct Geometry {
    int rows = 3;
    int cols = 3;
    constexpr int cells() const { return rows * cols; }
    constexpr int row_of(int cell) const { return cell / cols; }
    constexpr int col_of(int cell) const { return cell % cols; }
    // The cell the blank reaches from `cell` moving in direction d, or -1 off the board.
    constexpr int neighbour(int cell, Dir d) const {
        const int r = row_of(cell) + drow(d), c = col_of(cell) + dcol(d);
        return (r < 0 || r >= rows || c < 0 || c >= cols) ? -1 : r * cols + c;
    }
    friend constexpr bool operator==(const Geometry&, const Geometry&) = default;
};

// The plain board: one byte per cell. Not used inside searches (those run on packed words).
struct Board {
    Geometry geo;
    std::array<Tile, kMaxCells> tiles{};  // tiles[cell]; cells beyond geo.cells() are 0

    int cells() const { return geo.cells(); }
    int blank() const;  // the cell holding 0
    friend bool operator==(const Board&, const Board&) = default;
};

// Goal conventions: 1 2 .. n-1 0 (blank last, BOJ 1525) and 0 1 .. n-1 (blank first, Korf).
Board blank_last_goal(Geometry g);
Board blank_first_goal(Geometry g);

// True when the tiles are a permutation of 0 .. cells-1 and the size is within 2x2 .. 5x5.
bool is_valid(const Board& b);

// "1 2 3\n4 5 6\n7 8 0\n" with columns right-aligned when tiles have two digits.
std::string format_board(const Board& b);
// "1 2 3 4 5 6 7 8 0": one line, as in --batch input.
std::string format_board_line(const Board& b);

// Packed words: cell c at bits [B*c, B*c+B). Word must hold B*N bits.
__extension__ using u128 = unsigned __int128;

template <class W, int B, int N>
struct Packing {
    using Word = W;
    static constexpr int kBits = B;
    static constexpr int kCells = N;
    static constexpr W kMask = (W{1} << B) - 1;
    static_assert(B * N <= static_cast<int>(sizeof(W) * 8), "the cells must fit the word");
    static_assert((1 << B) >= N, "a cell must hold every tile value");

    static constexpr int get(W w, int cell) { return static_cast<int>((w >> (B * cell)) & kMask); }
    static constexpr W put(int tile, int cell) { return static_cast<W>(tile) << (B * cell); }
};
using Pack16 = Packing<std::uint64_t, 4, 16>;  // up to 4x4
using Pack25 = Packing<u128, 5, 25>;           // up to 5x5
static_assert(sizeof(Pack16::Word) == 8 && sizeof(Pack25::Word) == 16);

// A search state: the packed cells and where the blank is (cached, it is derivable).
template <class P>
struct State {
    typename P::Word cells;
    Cell blank;
    friend bool operator==(const State&, const State&) = default;
};
static_assert(sizeof(State<Pack16>) == 16);

template <class P>
State<P> pack(const Board& b) {
    State<P> s{0, 0};
    for (int c = 0; c < b.cells(); ++c) {
        s.cells |= P::put(b.tiles[c], c);
        if (b.tiles[c] == 0) s.blank = static_cast<Cell>(c);
    }
    return s;
}

template <class P>
Board unpack(const State<P>& s, Geometry g) {
    Board b;
    b.geo = g;
    for (int c = 0; c < g.cells(); ++c) b.tiles[c] = static_cast<Tile>(P::get(s.cells, c));
    return b;
}

// Plays blank moves on a plain board; returns false (board unchanged from that move on) at the
// first move that leaves the board. Used to replay and check paths.
bool replay(Board& b, std::span<const Dir> path);

// The boards along a path: the start, then "move k: X" and the board after each move.
std::string format_walk(const Board& start, std::span<const Dir> path);

}  // namespace bitsolve::sliding

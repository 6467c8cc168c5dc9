#pragma once
// A Rush Hour board as the user describes it: its size, its walls and its pieces at their
// starting places. This is the input/output type (parsing, printing, drawing); the search works
// on the compiled form in compiled_board.hpp.
//
// Geometry. Boards are square, N x N with N in 4..8. Cell (r, c) is bit r*8 + c of a 64-bit
// mask whatever N is (stride 8), so one layout serves every size and row r of a mask is its
// byte r. Rows are numbered from the top, columns from the left, both from 0 here and from 1
// in every message a user sees.
//
// Pieces. A piece is a straight run of 2 or 3 cells, horizontal or vertical. It moves only
// along its own line (its row if horizontal, its column if vertical), so `line` never changes
// and `pos` (the column, resp. row, of its first cell) is the only thing a move changes. The
// primary piece is horizontal; the exit is at the right edge of its row, and the goal is the
// primary piece touching that edge (pos == N - len).
#include <cstdint>
#include <string>
#include <vector>

namespace bitsolve::rush {

using u64 = std::uint64_t;

constexpr int kMinSize = 4;
constexpr int kMaxSize = 8;
constexpr int kMaxPieces = 32;  // a full 8x8 board of 2-cell pieces

constexpr int cell_index(int row, int col) { return row * 8 + col; }  // 0..63
constexpr u64 cell_bit(int row, int col) { return u64{1} << cell_index(row, col); }

// How the user named the pieces, which decides how moves and boards are printed back.
enum class Naming : std::uint8_t {
    Letters,  // Fogleman's strings: 'A' primary, 'B'..'Z' the others
    Numbers,  // the judge's grid: vehicle 1 primary, 2..n the others
};

struct Piece {
    std::uint8_t line = 0;  // row (horizontal) or column (vertical), 0..N-1
    std::uint8_t pos = 0;   // column (horizontal) or row (vertical) of the first cell, 0..N-len
    std::uint8_t len = 2;   // 2 or 3
    bool vertical = false;
    int id = 0;  // vehicle id (Numbers) or letter (Letters), as the user wrote it

    // Mask of the cells this piece covers when its first cell is at `at`.
    constexpr u64 cells_at(int at) const {
        u64 m = 0;
        for (int k = 0; k < len; ++k) m |= vertical ? cell_bit(at + k, line) : cell_bit(line, at + k);
        return m;
    }
    constexpr u64 cells() const { return cells_at(pos); }
};

struct Board {
    int size = 6;               // N, 4..8
    u64 walls = 0;              // fixed 1x1 obstacles ('x')
    std::vector<Piece> pieces;  // pieces[primary] is the primary piece
    int primary = 0;
    Naming naming = Naming::Letters;

    int goal_pos() const { return size - pieces[static_cast<std::size_t>(primary)].len; }
    bool solved() const { return pieces[static_cast<std::size_t>(primary)].pos == goal_pos(); }

    // The name printed for piece i in paths: its letter, or its vehicle id.
    std::string name(std::size_t i) const;
    // The letter drawn for piece i in a board string: its own letter for Letters; for Numbers,
    // vehicle 1 is 'A' and the others 'B', 'C', ... in order of id.
    char letter(std::size_t i) const;

    // Row-major string of N*N characters: 'o' empty, 'x' wall, letters for pieces (Fogleman's
    // format; for N = 6 it is 36 characters).
    std::string to_string() const;
};

// The board drawn as N lines (no trailing newline). With colour, each piece gets an ANSI
// background colour (the primary red) for a terminal; without, plain letters ('.' for empty),
// or right-aligned vehicle ids for a board given by ids.
std::string draw(const Board& b, bool colour);

}  // namespace bitsolve::rush

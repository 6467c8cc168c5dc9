#pragma once
// A plain move generator over a CompiledBoard, for tests (the reference CompiledBoard::children
// is checked against) and the generic-BFS baseline of bench/rush_bench.cpp: one call per move,
// with a loop over each piece's free cells, written from the board's pieces and the compiled
// board's public key layout. And the plain packed test of the database's tests.
#include <cstddef>

#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/compiled_board.hpp"

namespace bitsolve::rush::test {

// Calls f(child, piece, delta) for every move from k, piece by piece, left/up before
// right/down. Slides (Unit = false): every distance each piece can slide. Unit steps (Unit =
// true): each piece one cell either way. delta is signed, + for right or down.
template <bool Unit, class F>
void for_each_move(const CompiledBoard& space, Key k, F&& f) {
    const CompiledBoard::Occupancy o = space.occupancy(k);
    const Board& board = space.board();
    for (int i = 0; i < static_cast<int>(board.pieces.size()); ++i) {
        const Piece& piece = board.pieces[static_cast<std::size_t>(i)];
        const int p = space.pos(k, i);
        const u64 own = ((u64{1} << piece.len) - 1) << p;
        const u64 lines = piece.vertical ? o.occT : o.occ;
        const auto line = static_cast<std::size_t>(((lines >> (8 * piece.line)) & 0xFF) & ~own);
        const int back = detail::kFreeRuns.before[line][static_cast<std::size_t>(p)];
        const int ahead = detail::kFreeRuns.after[line][static_cast<std::size_t>(p + piece.len)];
        const u64 unit = u64{1} << space.shift(i);
        if constexpr (Unit) {
            if (back) f(k - unit, i, -1);
            if (ahead) f(k + unit, i, +1);
        } else {
            for (int d = 1; d <= back; ++d) f(k - unit * static_cast<u64>(d), i, -d);
            for (int d = 1; d <= ahead; ++d) f(k + unit * static_cast<u64>(d), i, d);
        }
    }
}

// No piece from pieces[first] on can move up or left: the cell before each is the edge, a wall
// or another piece (first = 1 leaves out the primary car, pieces[0] of a database layout).
inline bool packed(const Board& b, std::size_t first = 0) {
    u64 taken = b.walls;
    for (const Piece& p : b.pieces) taken |= p.cells();
    for (std::size_t i = first; i < b.pieces.size(); ++i) {
        const Piece& p = b.pieces[i];
        if (p.pos == 0) continue;
        if ((taken & (p.vertical ? cell_bit(p.pos - 1, p.line) : cell_bit(p.line, p.pos - 1))) == 0) return false;
    }
    return true;
}

}  // namespace bitsolve::rush::test

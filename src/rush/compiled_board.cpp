// Compiling a Board into its search form: key fields, per-piece occupancy tables, walls.
#include "bitsolve/rush/compiled_board.hpp"

#include <atomic>
#include <bit>
#include <string>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::rush {
namespace {

std::atomic<std::uint64_t> next_id{1};  // CompiledBoard::id

// Cell (r, c) of m moved to bit c*8 + r. Visits only the set bits: a CompiledBoard is built per puzzle,
// and a loop over all 64 bits of every mask was a measurable part of solving small puzzles.
u64 transpose_cells(u64 m) {
    u64 t = 0;
    for (; m; m &= m - 1) {
        const int b = std::countr_zero(m);
        t |= u64{1} << ((b % 8) * 8 + b / 8);
    }
    return t;
}

}  // namespace

CompiledBoard::CompiledBoard(const Board& board)
    : board_(board),
      id_(next_id.fetch_add(1, std::memory_order_relaxed)),
      n_(static_cast<int>(board.pieces.size())),
      primary_(board.primary) {
    const int n = board.size;
    max_slide_ = n - 2;
    u64 blocked = board.walls;
    for (int r = 0; r < 8; ++r)
        for (int c = 0; c < 8; ++c)
            if (r >= n || c >= n) blocked |= cell_bit(r, c);
    walls_ = blocked;
    wallsT_ = transpose_cells(blocked);
    auto is_blocked = [&](const Piece& p, int at) {
        return at < 0 || at >= n || ((p.vertical ? cell_bit(at, p.line) : cell_bit(p.line, at)) & board.walls);
    };
    int shift = 0;
    for (int i = 0; i < n_; ++i) {
        const Piece& p = board.pieces[static_cast<std::size_t>(i)];
        // The wall-free segment of the line around the piece, less the parallel pieces in it.
        int lo = p.pos, hi = p.pos + p.len - 1;
        while (!is_blocked(p, lo - 1)) --lo;
        while (!is_blocked(p, hi + 1)) ++hi;
        int before = 0, after = 0;
        for (const Piece& q : board.pieces) {
            if (&q == &p || q.vertical != p.vertical || q.line != p.line || q.pos < lo || q.pos > hi) continue;
            (q.pos < p.pos ? before : after) += q.len;
        }
        const int min = lo + before, max = hi + 1 - after - p.len;
        const int width = std::bit_width(static_cast<unsigned>(max - min));
        if (shift + width > 63)
            throw InputError(
                "board too crowded to search: its piece positions need more than 63 bits of "
                "state key");
        const auto s = static_cast<std::size_t>(i);
        shift_[s] = static_cast<std::uint8_t>(shift);
        base_[s] = static_cast<std::uint8_t>(min);
        len_[s] = p.len;
        line_id_[s] = static_cast<std::uint8_t>(p.vertical ? 8 + p.line : p.line);
        fmask_[s] = (u64{1} << width) - 1;
        lenmask_[s] = (u64{1} << p.len) - 1;
        for (int at = min; at <= max; ++at) {
            const u64 m = p.cells_at(at);
            cells_[s][static_cast<std::size_t>(at - min)] = m;
            cellsT_[s][static_cast<std::size_t>(at - min)] = transpose_cells(m);
            if (at > 0)
                behind_[s][static_cast<std::size_t>(at - min)] =
                    p.vertical ? cell_bit(at - 1, p.line) : cell_bit(p.line, at - 1);
        }
        start_ |= static_cast<u64>(p.pos - min) << shift;
        if (i == primary_ && board.size - p.len <= max) goal_field_ = static_cast<u64>(board.size - p.len - min);
        shift += width;
    }
    key_bits_ = shift;
    const Piece& a = board.pieces[static_cast<std::size_t>(primary_)];
    for (int at = 0; at + a.len <= n; ++at)
        for (int c = at + a.len; c < n; ++c) exit_way_[static_cast<std::size_t>(at)] |= cell_bit(a.line, c);
}

Board CompiledBoard::decode(Key k) const {
    Board b = board_;
    for (int i = 0; i < n_; ++i) b.pieces[static_cast<std::size_t>(i)].pos = static_cast<std::uint8_t>(pos(k, i));
    return b;
}

}  // namespace bitsolve::rush

// Moves as text, and the slow, obviously correct replay used to check every path.
#include "bitsolve/rush/path.hpp"

#include <cstdlib>

namespace bitsolve::rush {

std::string format_move(const Board& b, Move m) {
    return b.name(m.piece) + (m.delta > 0 ? "+" : "-") + std::to_string(std::abs(m.delta));
}

std::string format_path(const Board& b, const std::vector<Move>& path) {
    std::string s;
    for (const Move& m : path) {
        if (!s.empty()) s += ' ';
        s += format_move(b, m);
    }
    return s;
}

bool apply_move(Board& b, Move m) {
    if (m.piece >= b.pieces.size() || m.delta == 0) return false;
    Piece& p = b.pieces[m.piece];
    u64 others = b.walls;
    for (const Piece& q : b.pieces)
        if (&q != &p) others |= q.cells();
    const int step = m.delta > 0 ? 1 : -1;
    int at = p.pos;
    for (int k = 0; k != m.delta; k += step) {
        at += step;
        if (at < 0 || at + p.len > b.size || (p.cells_at(at) & others)) return false;
    }
    p.pos = static_cast<std::uint8_t>(at);
    return true;
}

int cost(Move m, Metric metric) { return metric == Metric::Moves ? 1 : std::abs(m.delta); }

}  // namespace bitsolve::rush

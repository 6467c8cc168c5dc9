#include "bitsolve/sliding/rank.hpp"

#include "bitsolve/sliding/parity.hpp"

namespace bitsolve::sliding {

int reach_class(const Board& b) {
    const int blank = b.blank();
    return permutation_parity(b) ^ ((b.geo.row_of(blank) + b.geo.col_of(blank)) & 1);
}

Board board_unrank(std::uint32_t rank, Geometry g, int klass) {
    const int n = g.cells(), m = n - 1;
    const std::uint64_t per_blank = factorial(m) / 2;
    // Geometries have at least 2x2 cells, so per_blank >= 3!/2.
    const int blank = static_cast<int>(rank / per_blank);  // NOLINT(clang-analyzer-core.DivideZero)
    std::uint64_t r = rank % per_blank;
    int digits[kMaxRankedCells] = {};
    for (int i = m - 3; i >= 0; --i) {
        digits[i] = static_cast<int>(r % static_cast<std::uint64_t>(m - i));
        r /= static_cast<std::uint64_t>(m - i);
    }
    // digits[m-2] orders the last two tiles: take the order that puts the board in `klass`.
    for (int last = 0; last < 2; ++last) {
        digits[m - 2] = last;
        Board b;
        b.geo = g;
        std::uint32_t used = 0;
        for (int i = 0, c = 0; i < m; ++i, ++c) {
            if (c == blank) ++c;
            int k = digits[i], v = 0;
            for (;; ++v)  // the k-th smallest unused tile
                if (!(used >> v & 1u) && k-- == 0) break;
            used |= 1u << v;
            b.tiles[c] = static_cast<Tile>(v + 1);
        }
        b.tiles[blank] = 0;
        if (reach_class(b) == klass) return b;
    }
    return Board{};  // not reached: one of the two orders has the wanted class
}

}  // namespace bitsolve::sliding

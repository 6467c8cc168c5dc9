// The tables of the moves search and its scalar kernel (see slide_kernel.hpp).
#include "bitsolve/rush/slide_kernel.hpp"

#include "slide_kernel_occ.hpp"

namespace bitsolve::rush {

void SlideTables::build(const CompiledBoard& board, bool with_movers) {
    const Board& b = board.board();
    n = static_cast<int>(b.pieces.size());
    primary = board.primary();
    walls = board.walls();
    wallsT = board.walls_t();
    goal_field = board.goal_field();
    for (std::size_t at = 0; at < exit_way.size(); ++at) {
        exit_way[at] = board.exit_way(static_cast<int>(at));
        exit_way32[0][at] = static_cast<std::uint32_t>(exit_way[at]);
        exit_way32[1][at] = static_cast<std::uint32_t>(exit_way[at] >> 32);
    }
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const Piece& p = b.pieces[u];
        shift[u] = static_cast<std::uint8_t>(board.shift(i));
        base[u] = static_cast<std::uint8_t>(board.base(i));
        len[u] = p.len;
        vert[u] = p.vertical ? 1 : 0;
        lshift[u] = static_cast<std::uint8_t>(8 * p.line);
        line_id[u] = static_cast<std::uint8_t>(p.vertical ? 8 + p.line : p.line);
        fmask[u] = board.field_mask(i);
        lenmask[u] = (u64{1} << p.len) - 1;
        for (std::size_t f = 0; f < 8; ++f) {
            cells[u][f] = board.cells(i, static_cast<int>(f));
            cellsT[u][f] = board.cells_t(i, static_cast<int>(f));
            cells32[u][0][f] = static_cast<std::uint32_t>(cells[u][f]);
            cells32[u][1][f] = static_cast<std::uint32_t>(cells[u][f] >> 32);
            cells32[u][2][f] = static_cast<std::uint32_t>(cellsT[u][f]);
            cells32[u][3][f] = static_cast<std::uint32_t>(cellsT[u][f] >> 32);
            behind[u][f] = board.behind(i, static_cast<int>(f));
        }
        for (std::size_t d = 0; d < 16; ++d) {
            const Key off = static_cast<Key>(d + 1) << shift[u];
            back[u][d] = Key{0} - off;
            ahead[u][d] = off;
        }
    }
    // The sweep table: cells of piece w at every field value from `from` to `to`. Only those
    // entries (both field values in w's range) and the root's are ever read: the others keep
    // what an earlier board left, not cleared for every search.
    tsweep = static_cast<std::size_t>(n + 1) * 64;
    if (sweep.size() < 2 * tsweep) sweep.resize(2 * tsweep);
    sweep[static_cast<std::size_t>(n) * 64] = sweep[tsweep + static_cast<std::size_t>(n) * 64] = 0;
    for (std::size_t u = 0; u < static_cast<std::size_t>(n); ++u) {
        const auto top = static_cast<std::size_t>(fmask[u]);
        for (std::size_t a = 0; a <= top; ++a) {
            u64 m = 0, mT = 0;
            for (std::size_t c = a; c <= top; ++c) {
                m |= cells[u][c], mT |= cellsT[u][c];
                const std::size_t lo = (u * 8 + a) * 8 + c, hi = (u * 8 + c) * 8 + a;
                sweep[lo] = sweep[hi] = m;
                sweep[tsweep + lo] = sweep[tsweep + hi] = mT;
            }
        }
    }
    if (!with_movers) return;
    std::array<u64, kMaxPieces> line{};  // each piece's row or column, occ layout
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        const Piece& p = b.pieces[i];
        line[i] = p.vertical ? 0x0101010101010101ULL << p.line : 0xFFULL << (8 * p.line);
    }
    const u64 all = (u64{1} << n) - 1;
    movers.assign(tsweep, 0);
    movers[static_cast<std::size_t>(n) * 64] = static_cast<std::uint32_t>(all);  // the root's record
    for (std::size_t w = 0; w < static_cast<std::size_t>(n); ++w) {
        const u64 above = all & ~((u64{2} << w) - 1);
        const auto top = static_cast<std::size_t>(fmask[w]);
        for (std::size_t a = 0; a <= top; ++a)
            for (std::size_t c = 0; c <= top; ++c) {
                const std::size_t at = (w * 8 + a) * 8 + c;
                const u64 freed = sweep[at] & ~cells[w][c];
                u64 m = above;
                for (std::size_t i = 0; i < w; ++i) m |= static_cast<u64>((freed & line[i]) != 0) << i;
                movers[at] = static_cast<std::uint32_t>(m);
            }
    }
}

std::size_t expand_scalar(const SlideTables& t, const SlideNodes& nodes, std::size_t head, std::size_t lanes,
                          SlideBatch& b) {
    return detail::expand_from_occupancy(t, nodes, head, lanes, b);
}

std::pair<std::size_t, std::size_t> classify_scalar(const SlideTables& t, const Key* keys, std::size_t count,
                                                    Key* packed, Key* goals) {
    const auto a = static_cast<std::size_t>(t.primary);
    std::size_t np = 0, ng = 0;
    for (std::size_t j = 0; j < count; ++j) {
        const Key k = keys[j];
        u64 occ = t.walls, behind = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(t.n); ++i) {
            const auto f = static_cast<std::size_t>(t.field(k, i));
            occ |= t.cells[i][f];
            behind |= t.behind[i][f];
        }
        packed[np] = k;  // kept only when packed: no branch on it
        np += (behind & ~occ) == 0;
        goals[ng] = k;
        ng += static_cast<u64>(t.field(k, a)) == t.goal_field;
    }
    return {np, ng};
}

}  // namespace bitsolve::rush

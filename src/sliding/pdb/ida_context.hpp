#pragma once
// The read-only part of PDB-IDA* (ida_worker.hpp): what every worker of one search shares --
// the tables, the moves of the blank, the tile -> pattern/slot maps on both sides, and the
// per-move rank-update tables (how moving a tile changes its pattern's rank on either side).
#include <algorithm>
#include <array>
#include <cstdint>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "ida_dual.hpp"

namespace bitsolve::sliding::pdb::detail {

// Read-only tables shared by all workers of one search.
struct Context {
    // How a move of the blank onto cell b from its neighbour a = nb[b][d] changes the rank of
    // the moved tile's pattern on one side (plain or reflected): sign (+1 when the tile's cell
    // grows), distance |b - a| on that side, and the board cells (original numbering) lying
    // strictly between a and b on that side.
    struct Side {
        std::int8_t sign;
        std::uint8_t dist, count;
        std::uint8_t between[kMaxCells];
    };

    const PdbHeuristic& h;
    const std::int32_t* fsm;  // duplicate-move pruning: MoveFsm::table()
    DualTables dual_tables;
    unsigned n, k[kMaxPatterns], patterns;
    const std::uint8_t* table[kMaxPatterns];
    std::int8_t nb[kMaxCells][kDirs];  // the blank's cell after each move, -1 off the board
    bool reflect, dual;
    std::array<Tile, kMaxCells> goal;
    std::uint8_t pattern_of[kMaxCells], slot_of[kMaxCells], sigma[kMaxCells], transpose[kMaxCells];
    std::uint64_t weight[kMaxPatterns][kMaxPatternTiles];
    // contrib[t][u]: what tile u strictly between the old and new cell of moving tile t adds to
    // the rank change: -W_s for an earlier tile of t's pattern, +W_i for a later one, else 0.
    // rcontrib: the same on the reflected board, indexed by the original tiles.
    std::int64_t contrib[kMaxCells][kMaxCells], rcontrib[kMaxCells][kMaxCells];
    Side plain[kMaxCells][kDirs], mirror[kMaxCells][kDirs];

    Context(const PdbHeuristic& heur, const MoveFsm& moves)
        : h(heur),
          fsm(moves.table()),
          dual_tables(heur),
          n(heur.cells()),
          patterns(heur.patterns()),
          reflect(heur.reflects()),
          dual(heur.dual()),
          goal(heur.goal().tiles) {
        for (unsigned p = 0; p < patterns; ++p) {
            k[p] = heur.pattern_size(p);
            table[p] = heur.table(p);
            for (unsigned i = 0; i < k[p]; ++i) {
                weight[p][i] = 1;
                for (unsigned j = i + 1; j < k[p]; ++j) weight[p][i] *= n - j;
            }
        }
        for (unsigned t = 0; t < n; ++t) {
            pattern_of[t] = t == 0 ? 0xFF : heur.pattern_of(t);
            slot_of[t] = t == 0 ? 0 : heur.slot_of(t);
            sigma[t] = heur.sigma(t);
            transpose[t] = heur.transpose(t);
        }
        auto contribution = [&](unsigned t, unsigned u) -> std::int64_t {
            if (t == 0 || u == 0 || u == t || pattern_of[u] != pattern_of[t]) return 0;
            const unsigned p = pattern_of[t], s = slot_of[t], i = slot_of[u];
            return i < s ? -static_cast<std::int64_t>(weight[p][s]) : static_cast<std::int64_t>(weight[p][i]);
        };
        for (unsigned t = 0; t < n; ++t)
            for (unsigned u = 0; u < n; ++u) {
                contrib[t][u] = contribution(t, u);
                rcontrib[t][u] = contribution(sigma[t], sigma[u]);
            }
        const Geometry geo = heur.geometry();
        for (int c = 0; c < static_cast<int>(n); ++c) {
            for (int d = 0; d < kDirs; ++d) nb[c][d] = static_cast<std::int8_t>(geo.neighbour(c, static_cast<Dir>(d)));
            for (int d = 0; d < kDirs; ++d) {
                if (nb[c][d] < 0) continue;
                const unsigned a = static_cast<unsigned>(nb[c][d]), b = static_cast<unsigned>(c);
                side(plain[c][d], a, b, false);
                side(mirror[c][d], transpose[a], transpose[b], true);
            }
        }
    }

    // The tile moves from a to b (cells on that side); `mirrored`: cells are reflected ones.
    void side(Side& s, unsigned a, unsigned b, bool mirrored) const {
        s.sign = static_cast<std::int8_t>(b > a ? 1 : -1);
        s.dist = static_cast<std::uint8_t>(b > a ? b - a : a - b);
        s.count = 0;
        for (unsigned x = std::min(a, b) + 1; x < std::max(a, b); ++x)
            s.between[s.count++] = mirrored ? transpose[x] : static_cast<std::uint8_t>(x);
    }
};

}  // namespace bitsolve::sliding::pdb::detail

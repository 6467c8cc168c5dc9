#pragma once
// The read-only part of PDB-IDA* (ida_worker.hpp): what every worker of one search shares --
// the moves of the blank, and per side (a partition looked up on the board or on its reflection)
// the tables, the tile -> pattern/slot maps and the per-move rank-update tables (how moving a tile
// changes its pattern's rank on that side).
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/move_fsm.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "ida_dual.hpp"

namespace bitsolve::sliding::pdb::detail {

// Two sides per partition with reflection (the board, then its reflection), else one.
inline constexpr unsigned kMaxSides = 2 * kMaxPartitions;

// Read-only tables shared by all workers of one search.
struct Context {
    // How a move of the blank onto cell b from its neighbour a = nb[b][d] changes the rank of
    // the moved tile's pattern, on the board or on the reflected board: sign (+1 when the tile's
    // cell grows), distance |b - a| on that board, and the board cells (original numbering)
    // lying strictly between a and b on that board.
    struct Shift {
        std::int8_t sign;
        std::uint8_t dist, count;
        std::uint8_t between[kMaxCells];
    };

    // One sum of the heuristic: a partition's tables, read on the board or on its reflection.
    // Everything is indexed by the board's own tiles and cells: the reflection is folded in.
    struct Side {
        unsigned patterns = 0, k[kMaxPatterns] = {};
        // A byte per placement: the table, or for zero-aware tables the first byte of lookup[p]
        // (table.hpp), the blank's region picked by labels[p].
        const std::uint8_t* table[kMaxPatterns] = {};
        bool zero_aware = false;
        const ZeroAwareLookup* lookup[kMaxPatterns] = {};
        const RegionLabels* labels[kMaxPatterns] = {};
        std::uint64_t weight[kMaxPatterns][kMaxPatternTiles] = {};
        bool mirrored = false;
        // The pattern and slot of the tile that stands for board tile t on this side.
        std::uint8_t pattern_of[kMaxCells] = {}, slot_of[kMaxCells] = {};
        std::uint8_t cell[kMaxCells] = {};  // board cell -> this side's cell
        // contrib[t][u]: what tile u strictly between the old and new cell of moving tile t adds
        // to the rank change on this side: -W_s for an earlier tile of t's pattern, +W_i for a
        // later one, else 0.
        std::int64_t contrib[kMaxCells][kMaxCells] = {};
    };

    const PdbHeuristic& h;
    const std::int32_t* fsm;  // duplicate-move pruning: MoveFsm::table()
    // Whether a child's row of the machine is prefetched with its entries: for machines larger
    // than kFsmCached bytes (5x5 depth 14, 1.3 MB, and 16, 8 MB), whose rows miss the second-level
    // cache; a smaller one stays cached and the prefetch only costs (docs/benchmarks.md).
    static constexpr std::size_t kFsmCached = std::size_t{1} << 20;
    bool prefetch_fsm;
    DualTables dual_tables;
    unsigned n, sides;
    std::int8_t nb[kMaxCells][kDirs];  // the blank's cell after each move, -1 off the board
    bool reflect, dual, zero_aware;    // zero_aware: some side's tables are zero-aware
    std::array<Tile, kMaxCells> goal;
    Shift shift[2][kMaxCells][kDirs];  // [mirrored][b][d]
    std::array<Side, kMaxSides> side;

    Context(const PdbHeuristic& heur, const MoveFsm& moves)
        : h(heur),
          fsm(moves.table()),
          prefetch_fsm(moves.states() * kDirs * sizeof(std::int32_t) > kFsmCached),
          dual_tables(heur),
          n(heur.cells()),
          sides(heur.partitions() * (heur.reflects() ? 2 : 1)),
          reflect(heur.reflects()),
          dual(heur.dual()),
          zero_aware(false),
          goal(heur.goal().tiles) {
        for (unsigned s = 0; s < sides; ++s) {
            init_side(side[s], s / (reflect ? 2 : 1), reflect && s % 2 == 1);
            zero_aware = zero_aware || side[s].zero_aware;
        }
        const Geometry geo = heur.geometry();
        for (int c = 0; c < static_cast<int>(n); ++c) {
            for (int d = 0; d < kDirs; ++d) nb[c][d] = static_cast<std::int8_t>(geo.neighbour(c, static_cast<Dir>(d)));
            for (int d = 0; d < kDirs; ++d) {
                if (nb[c][d] < 0) continue;
                const unsigned a = static_cast<unsigned>(nb[c][d]), b = static_cast<unsigned>(c);
                set_shift(shift[0][c][d], a, b, false);
                set_shift(shift[1][c][d], heur.transpose(a), heur.transpose(b), true);
            }
        }
    }

    // Side v: partition `part`, on the reflected board when `mirrored` (tile t is then sigma(t)
    // on cell transpose(c)).
    void init_side(Side& v, unsigned part, bool mirrored) const {
        v.patterns = h.patterns(part);
        v.mirrored = mirrored;
        v.zero_aware = h.zero_aware(part);
        for (unsigned p = 0; p < v.patterns; ++p) {
            v.k[p] = h.pattern_size(p, part);
            v.lookup[p] = h.lookup(p, part);
            v.table[p] = v.lookup[p] ? v.lookup[p]->first.data() : h.table(p, part);
            v.labels[p] = h.labels(v.k[p]);
            for (unsigned i = 0; i < v.k[p]; ++i) {
                v.weight[p][i] = 1;
                for (unsigned j = i + 1; j < v.k[p]; ++j) v.weight[p][i] *= n - j;
            }
        }
        for (unsigned t = 0; t < n; ++t) {
            const unsigned st = mirrored ? h.sigma(t) : t;
            v.pattern_of[t] = st == 0 ? 0xFF : h.pattern_of(st, part);
            v.slot_of[t] = st == 0 ? 0 : h.slot_of(st, part);
            v.cell[t] = static_cast<std::uint8_t>(mirrored ? h.transpose(t) : t);
        }
        for (unsigned t = 0; t < n; ++t)
            for (unsigned u = 0; u < n; ++u) {
                if (t == 0 || u == 0 || u == t || v.pattern_of[u] != v.pattern_of[t]) continue;
                const unsigned p = v.pattern_of[t], s = v.slot_of[t], i = v.slot_of[u];
                v.contrib[t][u] =
                    i < s ? -static_cast<std::int64_t>(v.weight[p][s]) : static_cast<std::int64_t>(v.weight[p][i]);
            }
    }

    // The tile moves from a to b (cells on that side); `mirrored`: cells are reflected ones.
    void set_shift(Shift& s, unsigned a, unsigned b, bool mirrored) const {
        s.sign = static_cast<std::int8_t>(b > a ? 1 : -1);
        s.dist = static_cast<std::uint8_t>(b > a ? b - a : a - b);
        s.count = 0;
        for (unsigned x = std::min(a, b) + 1; x < std::max(a, b); ++x)
            s.between[s.count++] = mirrored ? h.transpose(x) : static_cast<std::uint8_t>(x);
    }
};

}  // namespace bitsolve::sliding::pdb::detail

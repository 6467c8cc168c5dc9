#pragma once
// The dual lookups of PDB-IDA* (heuristic.hpp explains why they bound the distance): per-search
// tables that turn a board into the dual placements of every pattern, on the board and on its
// reflection, without building the dual board.
//
// The dual object q of a pattern (one of its goal cells) lies on the goal cell of the tile on q;
// on the reflected side it lies on transpose(goal cell of the tile on transpose(q)). So a side is
// a cell to read per slot and a map from tiles to cells. The blank's tile marks the pattern that
// holds the dual's blank; that pattern, and one whose goal leaves the blank's cell outside the
// region of its table's goal, count Manhattan distances instead of a table entry.
#include <algorithm>
#include <cstdint>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb::detail {

struct DualTables {
    unsigned n = 0, patterns = 0, k[kMaxPatterns] = {};
    const std::uint8_t* table[kMaxPatterns] = {};
    std::uint8_t read[2][kMaxPatterns][kMaxPatternTiles] = {};  // board cell per slot and side
    std::uint8_t cell[kMaxPatterns][kMaxPatternTiles] = {};     // the slot's goal cell
    std::uint8_t place[2][kMaxCells] = {};                      // tile -> dual object's cell, per side
    std::uint8_t transpose[kMaxCells] = {};
    std::uint8_t md[kMaxCells][kMaxCells] = {};
    std::uint32_t safe[kMaxPatterns] = {};

    explicit DualTables(const PdbHeuristic& h) : n(h.cells()), patterns(h.patterns()) {
        const unsigned cols = static_cast<unsigned>(h.geometry().cols);
        for (unsigned c = 0; c < n; ++c) transpose[c] = h.transpose(c);
        for (unsigned t = 0; t < n; ++t) {
            place[0][t] = h.goal_cell(t);
            place[1][t] = transpose[h.goal_cell(t)];
        }
        for (unsigned a = 0; a < n; ++a)
            for (unsigned b = 0; b < n; ++b) {
                const unsigned dr = a / cols > b / cols ? a / cols - b / cols : b / cols - a / cols;
                const unsigned dc = a % cols > b % cols ? a % cols - b % cols : b % cols - a % cols;
                md[a][b] = static_cast<std::uint8_t>(dr + dc);
            }
        for (unsigned p = 0; p < patterns; ++p) {
            k[p] = h.pattern_size(p);
            table[p] = h.table(p);
            safe[p] = h.dual_safe(p);
            for (unsigned i = 0; i < k[p]; ++i) {
                cell[p][i] = h.pattern_cells(p)[i];
                read[0][p][i] = cell[p][i];
                read[1][p][i] = transpose[cell[p][i]];
            }
        }  // The blank's cells (on the board) where a side's dual sum has at most one pattern falling
        // back to Manhattan distances (the pattern of the dual's blank): elsewhere it seldom beats
        // the plain sum (on 5x5 blank first, the pattern walling cell 0 in falls back too).
        for (unsigned side = 0; side < 2; ++side)
            for (unsigned b = 0; b < n; ++b) {
                unsigned fallbacks = 0;
                for (unsigned p = 0; p < patterns; ++p)
                    fallbacks += (safe[p] >> (side ? transpose[b] : b) & 1u) ? 0 : 1;
                if (fallbacks <= 1) useful[side] |= 1u << b;
            }
    }
    std::uint32_t useful[2] = {};  // bit b: the side's dual sum is worth its lookups with the blank on b

    // The dual sum of one side (0: the board, 1: its reflection) of `board`, blank on `blank`;
    // `lookups` counts the table entries read.
    int sum(unsigned side, const std::uint8_t* board, unsigned blank, std::uint64_t& lookups) const {
        const unsigned dual_blank = side ? transpose[blank] : blank;
        int h = 0;
        for (unsigned p = 0; p < patterns; ++p) {
            std::uint8_t pos[kMaxPatternTiles];
            for (unsigned i = 0; i < k[p]; ++i) pos[i] = place[side][board[read[side][p][i]]];
            if (safe[p] >> dual_blank & 1u) {
                h += table[p][rank_kperm(pos, k[p], n)];
                ++lookups;
                continue;
            }
            for (unsigned i = 0; i < k[p]; ++i)
                if (board[read[side][p][i]] != 0) h += md[pos[i]][cell[p][i]];
        }
        return h;
    }

    // The f of a child (`f`: from its plain and reflected sums; `g`: its depth; the blank moves
    // from `from` onto `to` on `board`) raised by its dual sums when f is within the bound (the
    // board side first, the reflected side only when the first does not prune; each side only
    // where `useful`; the child's board is made in place and restored), then rounded up to `parity`, that of every solution's
    // length: each move changes the blank's colour on the checkerboard, so g + distance always
    // has that parity. Without the rounding the dual's sums (of either parity) would add IDA*
    // iterations at thresholds no solution has. The rounded f is admissible whatever the sums.
    int raise(int f, int g, int bound, int parity, std::uint8_t* board, unsigned from, unsigned to, bool reflect,
              std::uint64_t& lookups) const {
        if (f <= bound && ((useful[0] | (reflect ? useful[1] : 0u)) >> to & 1u)) {
            board[from] = board[to];
            board[to] = 0;
            if (useful[0] >> to & 1u) f = std::max(f, g + sum(0, board, to, lookups));
            if (reflect && f <= bound && (useful[1] >> to & 1u)) f = std::max(f, g + sum(1, board, to, lookups));
            board[to] = board[from];
            board[from] = 0;
        }
        return f + ((f ^ parity) & 1);
    }
};

}  // namespace bitsolve::sliding::pdb::detail

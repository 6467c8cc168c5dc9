#pragma once
// Manhattan distance, optionally plus linear conflicts, as an incremental IDA* heuristic
// (core/search/idastar.hpp) for any geometry and any goal.
//
// Manhattan: the sum over tiles of the taxicab distance to the tile's goal cell (md_[tile][cell]).
// A move changes one tile's term: h' = h - md[t][from] + md[t][to].
//
// Linear conflict (Hansson, Mayer & Yung 1992): in one row, the tiles whose goal is in that row
// must end up in goal-column order; if k of them are there and the longest subsequence already in
// order has length L, at least k - L of them must leave the row and come back, two extra moves
// each beyond Manhattan. Likewise for columns. Row and column terms count different moves (a
// tile leaving its goal row is a vertical move, absent from every column term), so the sum is
// admissible. Each line is encoded as a base-6 code (digit i = goal position within the line + 1
// of the tile at position i if that tile belongs to the line, else 0) and looked up in lc_ (6^5
// entries, all line lengths). A horizontal move keeps every row's order and changes two columns
// (the tile leaves one, enters the other); a vertical move changes two rows. Both codes after
// the move follow from the codes before by one table term, so a move costs two line scans.
#include <array>
#include <cstdint>
#include <cstdlib>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

// 2 * (number of entries minus the longest increasing subsequence) for every line code.
const std::array<std::uint8_t, 7776>& linear_conflict_table();

template <class P, bool kLinearConflict>
class ManhattanHeuristic {
public:
    ManhattanHeuristic(Geometry g, const Board& goal) : geo_(g), lc_(linear_conflict_table().data()) {
        static constexpr int kPow6[kMaxSide] = {1, 6, 36, 216, 1296};
        int goal_cell[kMaxCells] = {};
        for (int c = 0; c < g.cells(); ++c) goal_cell[goal.tiles[c]] = c;
        for (int t = 0; t < g.cells(); ++t)
            for (int c = 0; c < g.cells(); ++c) {
                const int gc = goal_cell[t];
                md_[t][c] = t == 0 ? 0
                                   : static_cast<std::uint8_t>(std::abs(g.row_of(gc) - g.row_of(c)) +
                                                               std::abs(g.col_of(gc) - g.col_of(c)));
            }
        for (int c = 0; c < g.cells(); ++c)
            for (int d = 0; d < kDirs; ++d) target_[c][d] = static_cast<std::int8_t>(g.neighbour(c, static_cast<Dir>(d)));
        for (int line = 0; line < kMaxSide; ++line)
            for (int i = 0; i < kMaxSide; ++i)
                for (int t = 0; t < kMaxCells; ++t) {
                    row_code_[line][i][t] = col_code_[line][i][t] = 0;
                    if (t == 0 || t >= g.cells()) continue;
                    const int gr = g.row_of(goal_cell[t]), gcol = g.col_of(goal_cell[t]);
                    if (gr == line) row_code_[line][i][t] = static_cast<std::uint16_t>((gcol + 1) * kPow6[i]);
                    if (gcol == line) col_code_[line][i][t] = static_cast<std::uint16_t>((gr + 1) * kPow6[i]);
                }
    }

    int estimate(const State<P>& s) const {
        int h = 0;
        for (int c = 0; c < geo_.cells(); ++c) h += md_[P::get(s.cells, c)][c];
        if constexpr (kLinearConflict) {
            const std::uint8_t* lc = lc_;
            for (int r = 0; r < geo_.rows; ++r) h += lc[row_code(s, r)];
            for (int c = 0; c < geo_.cols; ++c) h += lc[col_code(s, c)];
        }
        return h;
    }

    // h after the blank moves in direction m (the tile at the target cell slides into the blank).
    int after(const State<P>& s, Dir m, int h) const {
        const int from = target_[s.blank][static_cast<int>(m)], to = s.blank;
        const int t = P::get(s.cells, from);
        h += md_[t][to] - md_[t][from];
        if constexpr (kLinearConflict) {
            const std::uint8_t* lc = lc_;
            if (m == Dir::Left || m == Dir::Right) {
                const int r = geo_.row_of(to), cf = geo_.col_of(from), ct = geo_.col_of(to);
                const int a = col_code(s, cf), b = col_code(s, ct);
                h += lc[a - col_code_[cf][r][t]] - lc[a] + lc[b + col_code_[ct][r][t]] - lc[b];
            } else {
                const int c = geo_.col_of(to), rf = geo_.row_of(from), rt = geo_.row_of(to);
                const int a = row_code(s, rf), b = row_code(s, rt);
                h += lc[a - row_code_[rf][c][t]] - lc[a] + lc[b + row_code_[rt][c][t]] - lc[b];
            }
        }
        return h;
    }

private:
    int row_code(const State<P>& s, int r) const {
        int code = 0;
        for (int i = 0; i < geo_.cols; ++i) code += row_code_[r][i][P::get(s.cells, r * geo_.cols + i)];
        return code;
    }
    int col_code(const State<P>& s, int c) const {
        int code = 0;
        for (int i = 0; i < geo_.rows; ++i) code += col_code_[c][i][P::get(s.cells, i * geo_.cols + c)];
        return code;
    }

    Geometry geo_;
    const std::uint8_t* lc_;  // linear_conflict_table(), cached: no call per node
    std::uint8_t md_[kMaxCells][kMaxCells];
    std::int8_t target_[kMaxCells][kDirs];
    std::uint16_t row_code_[kMaxSide][kMaxSide][kMaxCells];  // [row][column index][tile]
    std::uint16_t col_code_[kMaxSide][kMaxSide][kMaxCells];  // [column][row index][tile]
};

template <class P>
using Manhattan = ManhattanHeuristic<P, false>;
template <class P>
using ManhattanLinearConflict = ManhattanHeuristic<P, true>;

}  // namespace bitsolve::sliding

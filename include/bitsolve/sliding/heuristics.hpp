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
// entries, all line lengths). The codes of every row and column travel with h down the IDA*
// stack (Value): a horizontal move changes the conflicts of two columns (the tile leaves one,
// enters the other: one table term each) and shifts the tile within its row (the row's code
// changes, its conflicts do not); a vertical move likewise for rows and its column. So a move
// costs three code updates and four conflict look-ups, no line scan. A debug check
// (tests/sliding) compares the carried Value with estimate() of the child after every move.
#include <array>
#include <cstdint>
#include <cstdlib>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

// 2 * (number of entries minus the longest increasing subsequence) for every line code.
const std::array<std::uint8_t, 7776>& linear_conflict_table();

// Manhattan distance: h is a plain int.
template <class P>
class Manhattan {
public:
    Manhattan(Geometry g, const Board& goal) : geo_(g) {
        for (int c = 0; c < g.cells(); ++c) goal_cell_[goal.tiles[c]] = c;
        for (int t = 0; t < g.cells(); ++t)
            for (int c = 0; c < g.cells(); ++c) {
                const int gc = goal_cell_[t];
                md_[t][c] = t == 0 ? 0
                                   : static_cast<std::uint8_t>(std::abs(g.row_of(gc) - g.row_of(c)) +
                                                               std::abs(g.col_of(gc) - g.col_of(c)));
            }
        for (int c = 0; c < g.cells(); ++c)
            for (int d = 0; d < kDirs; ++d)
                target_[c][d] = static_cast<std::int8_t>(g.neighbour(c, static_cast<Dir>(d)));
    }

    int estimate(const State<P>& s) const {
        int h = 0;
        for (int c = 0; c < geo_.cells(); ++c) h += md_[P::get(s.cells, c)][c];
        return h;
    }

    // h after the blank moves in direction m (the tile at the target cell slides into the blank).
    int after(const State<P>& s, Dir m, int h) const {
        const int from = target_[s.blank][static_cast<int>(m)], to = s.blank;
        const int t = P::get(s.cells, from);
        return h + md_[t][to] - md_[t][from];
    }

protected:
    Geometry geo_;
    int goal_cell_[kMaxCells] = {};
    std::uint8_t md_[kMaxCells][kMaxCells];  // [tile][cell]: distance to the tile's goal cell
    std::int8_t target_[kMaxCells][kDirs];
};

// Manhattan distance + linear conflicts; the line codes travel with h (Value).
template <class P>
class ManhattanLinearConflict : Manhattan<P> {
public:
    struct Value {
        int h;
        std::uint16_t row[kMaxSide];  // row[r]: code of row r
        std::uint16_t col[kMaxSide];  // col[c]: code of column c
    };
    static int h(const Value& v) { return v.h; }

    ManhattanLinearConflict(Geometry g, const Board& goal)
        : Manhattan<P>(g, goal),
          lc_(linear_conflict_table().data()) {
        static constexpr int kPow6[kMaxSide] = {1, 6, 36, 216, 1296};
        for (int c = 0; c < g.cells(); ++c) {
            row_[c] = static_cast<std::uint8_t>(g.row_of(c));
            col_[c] = static_cast<std::uint8_t>(g.col_of(c));
        }
        for (int line = 0; line < kMaxSide; ++line)
            for (int i = 0; i < kMaxSide; ++i)
                for (int t = 0; t < kMaxCells; ++t) {
                    row_code_[line][i][t] = col_code_[line][i][t] = 0;
                    if (t == 0 || t >= g.cells()) continue;
                    const int gr = g.row_of(this->goal_cell_[t]), gcol = g.col_of(this->goal_cell_[t]);
                    if (gr == line) row_code_[line][i][t] = static_cast<std::uint16_t>((gcol + 1) * kPow6[i]);
                    if (gcol == line) col_code_[line][i][t] = static_cast<std::uint16_t>((gr + 1) * kPow6[i]);
                }
    }

    Value estimate(const State<P>& s) const {
        Value v{Manhattan<P>::estimate(s), {}, {}};
        const Geometry& g = this->geo_;
        for (int r = 0; r < g.rows; ++r) {
            for (int i = 0; i < g.cols; ++i)
                v.row[r] = static_cast<std::uint16_t>(v.row[r] + row_code_[r][i][P::get(s.cells, r * g.cols + i)]);
            v.h += lc_[v.row[r]];
        }
        for (int c = 0; c < g.cols; ++c) {
            for (int i = 0; i < g.rows; ++i)
                v.col[c] = static_cast<std::uint16_t>(v.col[c] + col_code_[c][i][P::get(s.cells, i * g.cols + c)]);
            v.h += lc_[v.col[c]];
        }
        return v;
    }

    Value after(const State<P>& s, Dir m, const Value& v) const {
        const int from = this->target_[s.blank][static_cast<int>(m)], to = s.blank;
        const int t = P::get(s.cells, from);
        Value n = v;
        n.h += this->md_[t][to] - this->md_[t][from];
        if (m == Dir::Left || m == Dir::Right) {
            const int r = row_[to], cf = col_[from], ct = col_[to];
            n.col[cf] = static_cast<std::uint16_t>(v.col[cf] - col_code_[cf][r][t]);
            n.col[ct] = static_cast<std::uint16_t>(v.col[ct] + col_code_[ct][r][t]);
            n.h += lc_[n.col[cf]] - lc_[v.col[cf]] + lc_[n.col[ct]] - lc_[v.col[ct]];
            // Within row r the tile only shifts by one position: the order of the row's tiles,
            // hence its conflicts, stay; its code still changes (the digit moves).
            n.row[r] = static_cast<std::uint16_t>(v.row[r] - row_code_[r][cf][t] + row_code_[r][ct][t]);
        } else {
            const int c = col_[to], rf = row_[from], rt = row_[to];
            n.row[rf] = static_cast<std::uint16_t>(v.row[rf] - row_code_[rf][c][t]);
            n.row[rt] = static_cast<std::uint16_t>(v.row[rt] + row_code_[rt][c][t]);
            n.h += lc_[n.row[rf]] - lc_[v.row[rf]] + lc_[n.row[rt]] - lc_[v.row[rt]];
            n.col[c] = static_cast<std::uint16_t>(v.col[c] - col_code_[c][rf][t] + col_code_[c][rt][t]);
        }
        return n;
    }

private:
    const std::uint8_t* lc_;                                 // linear_conflict_table(), cached: no call per node
    std::uint8_t row_[kMaxCells], col_[kMaxCells];           // row and column of a cell (no division per node)
    std::uint16_t row_code_[kMaxSide][kMaxSide][kMaxCells];  // [row][column index][tile]
    std::uint16_t col_code_[kMaxSide][kMaxSide][kMaxCells];  // [column][row index][tile]
};

}  // namespace bitsolve::sliding

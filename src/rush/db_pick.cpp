#include "bitsolve/rush/db_pick.hpp"

#include <algorithm>
#include <utility>

#include "bitsolve/core/rng.hpp"

namespace bitsolve::rush {

int row_pieces(const DbRow& row) {
    bool seen[26] = {};
    int n = 0;
    for (char c : row.board)
        if (c >= 'A' && c <= 'Z' && !seen[c - 'A']) seen[c - 'A'] = true, ++n;
    return n;
}

int row_walls(const DbRow& row) { return static_cast<int>(std::count(row.board.begin(), row.board.end(), 'x')); }

bool matches(const DbRow& row, const PickFilter& f) {
    return f.moves.contains(row.moves) && f.pieces.contains(row_pieces(row)) &&
           (f.walls < 0 || row_walls(row) == f.walls);
}

std::vector<std::size_t> pick_rows(const std::vector<DbRow>& rows, const PickFilter& filter, std::uint64_t count,
                                   std::uint64_t seed) {
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < rows.size(); ++i)
        if (matches(rows[i], filter)) idx.push_back(i);
    SplitMix64 rng(seed);
    const std::size_t k = static_cast<std::size_t>(std::min<std::uint64_t>(count, idx.size()));
    for (std::size_t i = 0; i < k; ++i) std::swap(idx[i], idx[i + rng.below(idx.size() - i)]);
    idx.resize(k);
    return idx;
}

}  // namespace bitsolve::rush

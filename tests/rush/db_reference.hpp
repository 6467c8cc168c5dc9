#pragma once
// An independent brute-force reference for the whole database of a board size: every packed
// layout by plain recursion over cells, every cluster by BFS over board strings (reference.hpp's
// naive moves, std::map and std::set), distances to the goal by multi-source BFS, the hardest
// state and its minimality by naive re-solves. It shares no code with the engine (no
// CompiledBoard, KeyTable, Solver, ClusterAnalyzer or database.hpp implementation). Small sizes
// only: 4x4 takes well under a second, the whole 5x5 about five minutes.
//
// Definitions (Fogleman's enumerator): the primary car 'A' is the one horizontal piece of row 2,
// of length 2 (at the exit too: his enumerator does not exclude it, and his layout counts include
// those layouts); no row is filled by horizontal pieces nor column by vertical ones; every cluster
// that holds a packed layout is analysed once; the hardest state is the farthest from a goal, ties to the smallest key; it makes a
// row when removing any other piece or wall strictly shortens its optimal solution.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/rush/parse.hpp"
#include "rush/reference.hpp"

namespace bitsolve::rush::test {

struct RefRow {
    int moves;
    std::string board;
    std::uint64_t cluster;
    friend bool operator==(const RefRow&, const RefRow&) = default;
};

struct RefDatabase {
    std::vector<RefRow> rows;    // hardest first, then by board string (of the sampled clusters)
    std::uint64_t clusters = 0;  // clusters analysed (= canonical layouts), all of them
    std::uint64_t solvable = 0;  // all of them
};

// A number every state of a cluster shares: moves keep each piece on its line and in its order
// along it, so the sequence of (orientation, line, length) of the pieces sorted by line and
// position, and the walls, are the same throughout a cluster. FNV-1a over them.
inline std::uint64_t cluster_invariant_hash(const Board& b) {
    std::vector<std::array<int, 4>> seq;
    for (const Piece& p : b.pieces) seq.push_back({p.vertical ? 1 : 0, p.line, p.pos, p.len});
    std::sort(seq.begin(), seq.end());
    std::uint64_t h = 14695981039346656037ULL;
    const auto mix = [&](std::uint64_t x) { h = (h ^ x) * 1099511628211ULL; };
    for (const auto& s : seq) mix(static_cast<std::uint64_t>(s[0] * 64 + s[1] * 4 + s[3]));
    mix(b.walls);
    return h;
}

namespace ref_detail {

inline std::pair<std::uint64_t, std::uint64_t> key(const Board& b) {
    std::uint64_t h = 0, v = 0;
    for (const Piece& p : b.pieces)
        for (int k = 0; k < p.len; ++k)
            (p.vertical ? v : h) |= std::uint64_t{1}
                                    << (p.vertical ? (p.pos + k) * b.size + p.line : p.line * b.size + p.pos + k);
    return {h, v};
}

// Every packed layout as a board string: cells filled in row-major order.
struct Layouts {
    int n, max_walls;
    std::string grid;
    std::vector<std::pair<int, int>> pieces;  // (first cell, 1 horizontal / 2 vertical) * len sign
    std::vector<std::string> out;
    char next = 'B';

    bool valid() const {
        // One horizontal piece on row 2: 'A', length 2 (at the exit too, as in Fogleman's enumerator); packed; no full line.
        for (int line = 0; line < n; ++line) {
            int h = 0, v = 0;
            for (int k = 0; k < n; ++k) {
                const char a = grid[static_cast<std::size_t>(line * n + k)];
                const char b = grid[static_cast<std::size_t>(k * n + line)];
                const bool ah = a != 'o' && a != 'x' &&
                                ((k > 0 && grid[static_cast<std::size_t>(line * n + k - 1)] == a) ||
                                 (k + 1 < n && grid[static_cast<std::size_t>(line * n + k + 1)] == a));
                const bool bv = b != 'o' && b != 'x' &&
                                ((k > 0 && grid[static_cast<std::size_t>((k - 1) * n + line)] == b) ||
                                 (k + 1 < n && grid[static_cast<std::size_t>((k + 1) * n + line)] == b));
                h += ah, v += bv;
            }
            if (h == n || v == n) return false;
        }
        return true;
    }
    void fill(int cell, int walls, bool has_a) {
        if (cell == n * n) {
            if (has_a && valid()) out.push_back(grid);
            return;
        }
        const int r = cell / n, c = cell % n;
        auto at = [&](int rr, int cc) -> char& { return grid[static_cast<std::size_t>(rr * n + cc)]; };
        if (at(r, c) != '.') return fill(cell + 1, walls, has_a);
        at(r, c) = 'o';
        fill(cell + 1, walls, has_a);
        if (walls < max_walls) {
            at(r, c) = 'x';
            fill(cell + 1, walls + 1, has_a);
        }
        at(r, c) = '.';
        for (int len = 2; len <= 3; ++len) {
            // Horizontal: packed means the cell to the left is not empty.
            if (c + len <= n && (c == 0 || at(r, c - 1) != 'o')) {
                bool free = true;
                for (int k = 0; k < len; ++k) free = free && at(r, c + k) == '.';
                const bool primary = r == 2;
                if (free && (!primary || (len == 2 && !has_a))) {
                    const char id = primary ? 'A' : next++;
                    for (int k = 0; k < len; ++k) at(r, c + k) = id;
                    fill(cell + 1, walls, has_a || primary);
                    for (int k = 0; k < len; ++k) at(r, c + k) = '.';
                    if (!primary) --next;
                }
            }
            if (r + len <= n && (r == 0 || at(r - 1, c) != 'o')) {
                bool free = true;
                for (int k = 0; k < len; ++k) free = free && at(r + k, c) == '.';
                if (free) {
                    const char id = next++;
                    for (int k = 0; k < len; ++k) at(r + k, c) = id;
                    fill(cell + 1, walls, has_a);
                    for (int k = 0; k < len; ++k) at(r + k, c) = '.';
                    --next;
                }
            }
        }
    }
};

// Fogleman's labels (those of his database files): 'A' the primary car, then the horizontal
// pieces in row-major order of their first cell, then the vertical ones in column-major order.
inline std::string relabel(const std::string& s) {
    int n = 0;
    while (n * n < static_cast<int>(s.size())) ++n;
    const auto at = [&](int r, int c) { return s[static_cast<std::size_t>(r * n + c)]; };
    const auto piece = [&](char ch) { return ch != 'o' && ch != 'x' && ch != '.'; };
    std::map<char, char> m{{'A', 'A'}};
    char next = 'B';
    for (int r = 0; r < n; ++r)
        for (int c = 0; c + 1 < n; ++c)
            if (piece(at(r, c)) && at(r, c + 1) == at(r, c) && m.emplace(at(r, c), next).second) ++next;
    for (int c = 0; c < n; ++c)
        for (int r = 0; r < n; ++r)
            if (piece(at(r, c)) && m.emplace(at(r, c), next).second) ++next;
    std::string out = s;
    for (char& ch : out)
        if (piece(ch)) ch = m[ch];
    return out;
}

}  // namespace ref_detail

// `sample_of` = k > 1 re-derives the rows of about one cluster in k only (those whose
// cluster_invariant_hash is 0 modulo k); every cluster is still counted.
inline RefDatabase reference_database(int n, int max_walls, std::uint64_t sample_of = 1) {
    using namespace ref_detail;
    Layouts gen{n, max_walls, std::string(static_cast<std::size_t>(n * n), '.'), {}, {}};
    gen.fill(0, 0, false);
    RefDatabase db;
    std::set<std::string> seen;
    for (const std::string& layout : gen.out) {
        if (seen.count(relabel(layout))) continue;
        // The whole cluster, by BFS over board strings.
        std::vector<Board> states{parse_board_string(layout)};
        std::map<std::string, std::size_t> index{{layout, 0}};
        for (std::size_t i = 0; i < states.size(); ++i)
            for (const Board& c : neighbours(states[i], Metric::Moves))
                if (index.emplace(c.to_string(), states.size()).second) states.push_back(c);
        for (const auto& [s, i] : index) seen.insert(relabel(s));
        ++db.clusters;
        // Distances to the nearest goal.
        std::vector<int> dist(states.size(), -1);
        std::vector<std::size_t> queue;
        for (std::size_t i = 0; i < states.size(); ++i)
            if (states[i].solved()) dist[i] = 0, queue.push_back(i);
        if (queue.empty()) continue;
        ++db.solvable;
        if (cluster_invariant_hash(states[0]) % sample_of != 0) continue;
        for (std::size_t q = 0; q < queue.size(); ++q)
            for (const Board& c : neighbours(states[queue[q]], Metric::Moves)) {
                const std::size_t j = index.at(c.to_string());
                if (dist[j] < 0) dist[j] = dist[queue[q]] + 1, queue.push_back(j);
            }
        std::size_t hard = 0;
        for (std::size_t i = 1; i < states.size(); ++i)
            if (dist[i] > dist[hard] || (dist[i] == dist[hard] && key(states[i]) < key(states[hard]))) hard = i;
        const Board& h = states[hard];
        bool minimal = true;
        for (std::size_t p = 0; p < h.pieces.size() && minimal; ++p) {
            if (static_cast<int>(p) == h.primary) continue;
            Board c = h;
            c.pieces.erase(c.pieces.begin() + static_cast<std::ptrdiff_t>(p));
            if (static_cast<int>(p) < c.primary) --c.primary;
            minimal = reference(c, Metric::Moves).answer < dist[hard];
        }
        for (int cell = 0; cell < 64 && minimal; ++cell)
            if (h.walls >> cell & 1) {
                Board c = h;
                c.walls &= ~(std::uint64_t{1} << cell);
                minimal = reference(c, Metric::Moves).answer < dist[hard];
            }
        if (minimal) db.rows.push_back(RefRow{dist[hard], relabel(h.to_string()), states.size()});
    }
    std::sort(db.rows.begin(), db.rows.end(), [](const RefRow& a, const RefRow& b) {
        return a.moves != b.moves ? a.moves > b.moves : a.board < b.board;
    });
    return db;
}

}  // namespace bitsolve::rush::test

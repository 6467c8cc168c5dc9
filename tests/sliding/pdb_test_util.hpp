#pragma once
// Test helpers for the pattern database tests: exact distances of small boards by plain BFS, and
// building a heuristic from hand-written patterns.
#include <cstdint>
#include <deque>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/builder.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"

namespace pdbtest {

using bitsolve::sliding::Board;
using bitsolve::sliding::Geometry;

// A board of up to 16 cells as a 4-bit-per-cell key (independent of the library's packing).
inline std::uint64_t pack(const Board& b) {
    std::uint64_t k = 0;
    for (int i = 0; i < b.cells(); ++i) k |= static_cast<std::uint64_t>(b.tiles[i]) << (4 * i);
    return k;
}
inline Board unpack(std::uint64_t k, Geometry g) {
    Board b;
    b.geo = g;
    for (int i = 0; i < g.cells(); ++i) b.tiles[i] = static_cast<std::uint8_t>(k >> (4 * i) & 15u);
    return b;
}

// Exact distance to `goal` of every board that reaches it (boards up to 16 cells), by a plain BFS
// with its own move rules.
inline std::unordered_map<std::uint64_t, int> exact_distances(const Board& goal) {
    const int rows = goal.geo.rows, cols = goal.geo.cols;
    std::unordered_map<std::uint64_t, int> dist;
    std::deque<std::uint64_t> q;
    dist[pack(goal)] = 0;
    q.push_back(pack(goal));
    while (!q.empty()) {
        const std::uint64_t k = q.front();
        q.pop_front();
        Board b = unpack(k, goal.geo);
        int z = 0;
        while (b.tiles[z] != 0) ++z;
        const int d = dist[k];
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int m = 0; m < 4; ++m) {
            const int r = z / cols + dr[m], c = z % cols + dc[m];
            if (r < 0 || c < 0 || r >= rows || c >= cols) continue;
            const int to = r * cols + c;
            std::swap(b.tiles[z], b.tiles[to]);
            const std::uint64_t nk = pack(b);
            if (dist.emplace(nk, d + 1).second) q.push_back(nk);
            std::swap(b.tiles[z], b.tiles[to]);
        }
    }
    return dist;
}

inline bitsolve::sliding::pdb::PatternSpec spec(unsigned rows, unsigned cols, unsigned blank,
                                                std::vector<std::uint8_t> cells) {
    bitsolve::sliding::pdb::PatternSpec s;
    s.rows = static_cast<std::uint8_t>(rows);
    s.cols = static_cast<std::uint8_t>(cols);
    s.blank_goal = static_cast<std::uint8_t>(blank);
    s.cells = std::move(cells);
    return s;
}

inline bitsolve::sliding::pdb::PdbSet build_set(const std::vector<bitsolve::sliding::pdb::PatternSpec>& specs,
                                                unsigned threads = 1) {
    bitsolve::sliding::pdb::PdbSet set;
    for (const auto& s : specs)
        set.tables.push_back(
            std::make_shared<const bitsolve::sliding::pdb::PdbTable>(bitsolve::sliding::pdb::build_table(s, threads)));
    return set;
}

// Three partitions of the 3x3 board (blank first), as sets: 4-4, 3-5 and 2-3-3 cells, for the
// tests of the maximum over partitions.
inline std::vector<bitsolve::sliding::pdb::PdbSet> three_3x3_partitions() {
    const std::vector<std::vector<std::vector<std::uint8_t>>> groups = {
        {{1, 2, 3, 4}, {5, 6, 7, 8}}, {{1, 2, 5}, {3, 4, 6, 7, 8}}, {{3, 6}, {1, 4, 7}, {2, 5, 8}}};
    std::vector<bitsolve::sliding::pdb::PdbSet> sets;
    for (const auto& partition : groups) {
        std::vector<bitsolve::sliding::pdb::PatternSpec> specs;
        for (const auto& g : partition) specs.push_back(spec(3, 3, 0, g));
        sets.push_back(build_set(specs));
    }
    return sets;
}

}  // namespace pdbtest

#include <fstream>
#include <sstream>
#include <string>

namespace pdbtest {

struct Instance {
    Board board;
    int length;
};

// Reads a Korf-format file: '#' comment lines, then per line the tiles of a board of geometry g
// and the optimal length.
inline std::vector<Instance> read_instances(const std::string& path, Geometry g) {
    std::ifstream in(path);
    std::vector<Instance> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        Instance inst;
        inst.board.geo = g;
        for (int i = 0; i < g.cells(); ++i) {
            int t;
            ss >> t;
            inst.board.tiles[i] = static_cast<std::uint8_t>(t);
        }
        ss >> inst.length;
        if (ss) out.push_back(inst);
    }
    return out;
}

}  // namespace pdbtest

#pragma once
// A deliberately naive Rush Hour search for cross-checking the bitboard engine: states are board
// strings in a std::map, moves are tried cell by cell with apply_move. Slow, but it shares no
// code with CompiledBoard, KeyTable, Solver or ClusterAnalyzer.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "bitsolve/rush/path.hpp"

namespace bitsolve::rush::test {

struct Reference {
    std::map<std::string, int> dist_from_start;
    std::map<std::string, int> dist_to_goal;  // -1 when no goal is reachable
    int answer = -1;                          // start's distance to a goal
    std::size_t goals = 0;
    int hardest = -1;
};

inline std::vector<Board> neighbours(const Board& b, Metric metric) {
    std::vector<Board> out;
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
        for (int d = -7; d <= 7; ++d) {
            if (d == 0 || (metric == Metric::Steps && d != 1 && d != -1)) continue;
            Board c = b;
            if (apply_move(c, Move{static_cast<std::uint8_t>(i), static_cast<std::int8_t>(d)})) out.push_back(c);
        }
    return out;
}

inline Reference reference(const Board& start, Metric metric) {
    Reference r;
    std::map<std::string, Board> boards;
    std::deque<Board> queue{start};
    r.dist_from_start[start.to_string()] = 0;
    boards.emplace(start.to_string(), start);
    while (!queue.empty()) {
        const Board b = queue.front();
        queue.pop_front();
        const int d = r.dist_from_start[b.to_string()];
        for (const Board& c : neighbours(b, metric))
            if (r.dist_from_start.emplace(c.to_string(), d + 1).second) {
                boards.emplace(c.to_string(), c);
                queue.push_back(c);
            }
    }
    for (const auto& [s, b] : boards)
        if (b.solved()) {
            r.dist_to_goal[s] = 0;
            queue.push_back(b);
            ++r.goals;
        }
    while (!queue.empty()) {
        const Board b = queue.front();
        queue.pop_front();
        const int d = r.dist_to_goal[b.to_string()];
        r.hardest = std::max(r.hardest, d);
        for (const Board& c : neighbours(b, metric))
            if (r.dist_to_goal.emplace(c.to_string(), d + 1).second) queue.push_back(c);
    }
    const auto it = r.dist_to_goal.find(start.to_string());
    r.answer = it == r.dist_to_goal.end() ? -1 : it->second;
    return r;
}

}  // namespace bitsolve::rush::test

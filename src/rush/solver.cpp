// Breadth-first search for one optimal Rush Hour solution (see solver.hpp).
#include "bitsolve/rush/solver.hpp"

#include <algorithm>
#include <chrono>

#include "bitsolve/core/limits.hpp"

namespace bitsolve::rush {

template <bool Unit>
Solution Solver::run(const Space& space, bool want_path, int max_length) {
    Solution sol;
    nodes_.clear();
    seen_.reset(size_hint_);
    const Key start = space.start();
    seen_.reserve_more(1);
    seen_.insert_key(start);
    Key kid_keys[Space::kChildBuffer];
    std::uint16_t kid_ends[kMaxPieces];
    nodes_.push_back(Node{start, 0, kNone});
    std::size_t found = 0;
    bool done = space.is_goal(start);
    if (done) sol.length = 0;
    std::uint64_t generated = 0;
    int depth = 0;  // depth of the node being expanded
    std::size_t layer_end = 1;
    for (std::size_t head = 0; !done && head < nodes_.size(); ++head) {
        if (head == layer_end) {
            ++depth;
            layer_end = nodes_.size();
        }
        if (depth >= max_length) break;
        if ((head & 0xFFF) == 0) check_stop();
        const Node node = nodes_[head];
        const int skip = Unit || node.piece == kNone ? -1 : node.piece;
        const auto parent = static_cast<std::uint32_t>(head);
        const std::size_t m = space.children<Unit>(node.key, skip, kid_keys, kid_ends);
        generated += m;
        seen_.reserve_more(m);
        std::size_t piece = 0;
        for (std::size_t j = 0; j < m; ++j) {
            if (!seen_.insert_key(kid_keys[j])) continue;
            while (j >= kid_ends[piece]) ++piece;
            nodes_.push_back(Node{kid_keys[j], parent, static_cast<std::uint8_t>(piece)});
            if (!done && space.is_goal(kid_keys[j])) done = true, found = nodes_.size() - 1;
        }
        ++sol.stats.expanded;
        if (done) sol.length = depth + 1;
    }
    sol.stats.generated = generated;
    size_hint_ = nodes_.size();
    sol.states = nodes_.size();
    if (want_path && sol.length > 0) {
        for (std::size_t i = found; i != 0; i = nodes_[i].parent) {
            const Node& n = nodes_[i];
            const int delta = space.pos(n.key, n.piece) - space.pos(nodes_[n.parent].key, n.piece);
            sol.path.push_back(Move{n.piece, static_cast<std::int8_t>(delta)});
        }
        std::reverse(sol.path.begin(), sol.path.end());
    }
    return sol;
}

Solution Solver::solve(const Board& board, Metric metric, bool want_path, int max_length) {
    const auto t0 = std::chrono::steady_clock::now();
    const Space space(board);
    Solution sol = metric == Metric::Steps ? run<true>(space, want_path, max_length)
                                           : run<false>(space, want_path, max_length);
    sol.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sol;
}

Solution solve(const Board& board, Metric metric, bool want_path) {
    Solver s;
    return s.solve(board, metric, want_path);
}

}  // namespace bitsolve::rush

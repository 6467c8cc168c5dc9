// Breadth-first search for one optimal Rush Hour solution (see solver.hpp).
#include "bitsolve/rush/solver.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>

#include "bitsolve/core/limits.hpp"

namespace bitsolve::rush {

Solution Solver::run_steps(const CompiledBoard& space, bool want_path, int max_length) {
    Solution sol;
    seen_.reset(size_hint_);
    const Key start = space.start();
    seen_.reserve_more(1);
    seen_.insert_key(start);
    Key kid_keys[CompiledBoard::kChildBuffer];
    std::uint8_t kid_pieces[CompiledBoard::kChildBuffer];
    if (nodes_.size() < 1024) nodes_.resize(1024);
    nodes_[0] = Node{start, 0, kNone};
    std::size_t count = 1;  // nodes_[0, count) are live; the vector's size is only room
    std::size_t found = 0;
    bool done = space.is_goal(start);
    if (done) sol.length = 0;
    std::uint64_t generated = 0;
    int depth = 0;  // depth of the node being expanded
    std::size_t layer_end = 1;
    auto report = [&](int d, std::size_t layer) {
        if (on_layer_) on_layer_(LayerProgress{LayerProgress::Pass::Solve, d, layer, count});
    };
    report(0, 1);
    for (std::size_t head = 0; !done && head < count; ++head) {
        if (head == layer_end) {
            report(depth + 1, count - layer_end);
            ++depth;
            layer_end = count;
        }
        if (depth >= max_length) break;
        if ((head & 0xFFF) == 0) check_stop();
        const Node node = nodes_[head];
        const std::size_t m = space.children<true>(node.key, kid_keys, kid_pieces);
        generated += m;
        if (seen_.needs_room(m)) {  // twice the room, filled again from the nodes
            seen_.reset(2 * (count + m));
            for (std::size_t i = 0; i < count; ++i) seen_.insert_key(nodes_[i].key);
        }
        if (count + m > nodes_.size()) {  // the old nodes beside the new while they are copied
            hold_.hold(3 * nodes_.size() * sizeof(Node), "the search frontier");
            nodes_.resize(2 * nodes_.size());
            hold_.hold(nodes_.size() * sizeof(Node), "the search frontier");
        }
        for (std::size_t j = 0; j < m; ++j) {
            const Key kid = kid_keys[j];
            if (!seen_.insert_key(kid)) continue;
            assert(space.valid(kid));
            nodes_[count] = Node{kid, static_cast<std::uint32_t>(head), kid_pieces[j]};
            if (!done && space.is_goal(kid)) done = true, found = count;
            ++count;
        }
        ++sol.stats.expanded;
        if (done) sol.length = depth + 1;
    }
    if (sol.length > 0) report(sol.length, count - layer_end);  // the goal's layer, as far as it went
    sol.stats.generated = generated;
    // The next table starts near this search's size, decaying slowly: in a batch of mixed
    // sizes, a table sized to the last search alone kept growing (rehashing) in the next.
    size_hint_ = std::max(count, size_hint_ / 2);
    sol.states = count;
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
    const CompiledBoard space(board);
    Solution sol;
    if (metric == Metric::Steps) sol = run_steps(space, want_path, max_length);
    else slides_.run(space, want_path, max_length, sol);
    sol.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return sol;
}

Solution solve(const Board& board, Metric metric, bool want_path) {
    Solver s;
    return s.solve(board, metric, want_path);
}

}  // namespace bitsolve::rush

// Breadth-first search for one optimal Rush Hour solution (see solver.hpp).
#include "bitsolve/rush/solver.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>

#include "bitsolve/core/limits.hpp"

namespace bitsolve::rush {

template <bool Unit>
Solution Solver::run(const Space& space, bool want_path, int max_length) {
    Solution sol;
    seen_.reset(size_hint_);
    const Key start = space.start();
    seen_.reserve_more(1);
    seen_.insert_key(start);
    Key kid_keys[Space::kChildBuffer];
    std::uint8_t kid_pieces[Space::kChildBuffer];
    if (nodes_.size() < 1024) nodes_.resize(1024);
    nodes_[0] = Node{start, Unit ? Space::Occupancy{} : space.occupancy(start), 0, kNone, 0};
    std::size_t count = 1;  // nodes_[0, count) are live; the vector's size is only room
    // In the moves metric a state whose primary piece has a clear way out is one move from the
    // goal, so the search stops when it generates one, a layer before the goal itself. That is
    // still optimal: a goal at depth d has a parent at depth d-1 with a clear way (the move into
    // the goal slid the primary piece), found one layer earlier.
    std::size_t found = 0;
    int last = Unit ? (space.is_goal(start) ? 0 : 2) : space.near_goal(start, nodes_[0].cells.occ);  // 0 or 1 once found
    bool done = last < 2;
    if (done) sol.length = last;
    std::uint64_t generated = 0;
    int depth = 0;  // depth of the node being expanded
    std::size_t layer_end = 1;
    for (std::size_t head = 0; !done && head < count; ++head) {
        if (head == layer_end) {
            ++depth;
            layer_end = count;
        }
        if (depth >= max_length) break;
        if ((head & 0xFFF) == 0) check_stop();
        const Node node = nodes_[head];
        const auto parent = static_cast<std::uint32_t>(head);
        std::size_t m;
        if constexpr (Unit) {
            m = space.children<true>(node.key, -1, kid_keys, kid_pieces);
        } else {
            const int moved = node.piece == kNone ? -1 : node.piece;
            m = space.slide_children(node.key, node.cells, moved, node.from, kid_keys, kid_pieces);
        }
        generated += m;
        if (seen_.needs_room(m)) {  // twice the room, filled again from the nodes
            seen_.reset(2 * (count + m));
            for (std::size_t i = 0; i < count; ++i) seen_.insert_key(nodes_[i].key);
        }
        if (count + m > nodes_.size()) {
            require_memory(2 * nodes_.size() * sizeof(Node), "the search frontier");
            nodes_.resize(2 * nodes_.size());
        }
        Node* out = nodes_.data();
        if constexpr (Unit) {
            for (std::size_t j = 0; j < m; ++j) {
                const Key kid = kid_keys[j];
                if (!seen_.insert_key(kid)) continue;
                assert(space.valid(kid));
                out[count] = Node{kid, {}, parent, kid_pieces[j], 0};
                if (!done && space.is_goal(kid)) done = true, found = count, last = 0;
                ++count;
            }
        } else {
            for (std::size_t j = 0; j < m; ++j) {
                const Key kid = kid_keys[j];
                if (!seen_.insert_key(kid)) continue;
                assert(space.valid(kid));
                const int i = kid_pieces[j];
                const int f0 = space.field(node.key, i);
                const Space::Occupancy cells = space.moved(node.cells, i, f0, space.field(kid, i));
                // Field by field: a Node built whole was assembled on the stack and copied
                // with overlapping loads that missed store forwarding.
                Node& n = out[count];
                n.key = kid;
                n.cells = cells;
                n.parent = parent;
                n.piece = static_cast<std::uint8_t>(i);
                n.from = static_cast<std::uint8_t>(f0);
                if (!done) {
                    const int r = space.near_goal(kid, cells.occ);
                    if (r < 2) done = true, found = count, last = r;
                }
                ++count;
            }
        }
        ++sol.stats.expanded;
        if (done) sol.length = depth + 1 + last;
    }
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
        if (last == 1) {  // the final slide out of the way-clear state
            const int a = space.primary();
            const int to = space.board().goal_pos();
            sol.path.push_back(Move{static_cast<std::uint8_t>(a), static_cast<std::int8_t>(to - space.pos(nodes_[found].key, a))});
        }
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

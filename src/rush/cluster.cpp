// Cluster analysis: forward enumeration, then multi-source BFS from the goals (cluster.hpp).
#include "bitsolve/rush/cluster.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/compiled_board.hpp"

namespace bitsolve::rush {
namespace {

constexpr std::uint16_t kUnset = 0xFFFF;
// Bytes per state across the arrays below (neighbour lists apart; the KeyIndex holds its own).
constexpr std::size_t kBytesPerState = sizeof(Key) + 4 + 2 + 4;

// The order of Fogleman's database among equally hard states: the cells of the horizontal
// pieces, then of the vertical ones, as integers with cell (r, c) at bit r*N + c.
std::pair<u64, u64> tie_order(const Board& b) {
    u64 h = 0, v = 0;
    const int n = b.size;
    for (const Piece& p : b.pieces)
        for (int k = 0; k < p.len; ++k) {
            const int r = p.vertical ? p.pos + k : p.line, c = p.vertical ? p.line : p.pos + k;
            (p.vertical ? v : h) |= u64{1} << (r * n + c);
        }
    return {h, v};
}

}  // namespace

ClusterReport ClusterAnalyzer::analyze(const Board& board, Metric metric) {
    const auto t0 = std::chrono::steady_clock::now();
    const CompiledBoard space(board);
    ClusterReport rep;
    keys_.clear();
    offsets_.clear();
    edges_.clear();
    index_.reset(size_hint_);

    // Forward: number every reachable state (index = BFS order) and record, for each, the
    // indices of all its neighbours in the metric's moves. The backward pass then walks these
    // arrays instead of regenerating moves and looking every child up in the hash table again
    // (that second round of look-ups was half the time). Moves are reversible, so a state's
    // neighbours are also the states one move closer to or further from it. Slides and unit
    // steps reach the same component; numbering it with the metric's own moves keeps one
    // neighbour list per state.
    keys_.push_back(space.start());
    offsets_.push_back(0);
    index_.reserve_more(1);
    index_.insert(space.start(), 0);
    std::uint64_t generated = 0;
    Key kid_keys[CompiledBoard::kChildBuffer];
    std::uint8_t kid_pieces[CompiledBoard::kChildBuffer];
    // Layer progress (layer_progress.hpp): a compare per node finds a layer's end, the only place
    // the callback is called.
    auto report = [&](LayerProgress::Pass pass, int depth, std::size_t layer, std::size_t states) {
        if (on_layer_) on_layer_(LayerProgress{pass, depth, layer, states});
    };
    auto forward = [&]<bool Unit>() {
        report(LayerProgress::Pass::Forward, 0, 1, 1);
        for (std::size_t h = 0, layer_end = 1, depth = 0; h < keys_.size(); ++h) {
            if (h == layer_end) {  // a layer expanded: the next one is complete
                report(LayerProgress::Pass::Forward, static_cast<int>(++depth), keys_.size() - layer_end, keys_.size());
                layer_end = keys_.size();
            }
            if ((h & 0xFFF) == 0) check_stop();
            const bool more_states = keys_.size() + CompiledBoard::kChildBuffer > keys_.capacity();
            const bool more_edges = edges_.size() + CompiledBoard::kChildBuffer > edges_.capacity();
            if (more_states || more_edges) {  // each array at most doubles; kept for the next clusters
                if (edges_.size() + CompiledBoard::kChildBuffer > ~std::uint32_t{0})
                    throw LimitError("clusters with more than 2^32 moves are not supported");
                const std::size_t after = 2 * keys_.size() * kBytesPerState +
                                          2 * (edges_.size() + CompiledBoard::kChildBuffer) * sizeof(std::uint32_t);
                hold_.hold(std::max(hold_.bytes(), after), "the cluster");
            }
            const std::size_t m = space.children<Unit>(keys_[h], kid_keys, kid_pieces);
            generated += m;
            index_.reserve_more(m);
            for (std::size_t j = 0; j < m; ++j) {
                const auto next = static_cast<std::uint32_t>(keys_.size());
                std::uint32_t t = index_.insert(kid_keys[j], next);
                if (t == KeyIndex::kAbsent) {
                    assert(space.valid(kid_keys[j]));
                    keys_.push_back(kid_keys[j]);
                    t = next;
                }
                edges_.push_back(t);
            }
            offsets_.push_back(static_cast<std::uint32_t>(edges_.size()));
        }
    };
    if (metric == Metric::Steps) forward.operator()<true>();
    else forward.operator()<false>();
    const std::size_t n = keys_.size();
    size_hint_ = n;
    rep.states = n;
    rep.stats.expanded = n;

    // Backward: every goal at distance 0, in index order, then BFS over the recorded moves.
    dist_.assign(n, kUnset);
    queue_.clear();
    for (std::size_t i = 0; i < n; ++i)
        if (space.is_goal(keys_[i])) {
            dist_[i] = 0;
            queue_.push_back(static_cast<std::uint32_t>(i));
        }
    rep.goal_states = queue_.size();
    if (!queue_.empty()) report(LayerProgress::Pass::Distance, 0, queue_.size(), queue_.size());
    for (std::size_t q = 0, layer_end = queue_.size(); q < queue_.size(); ++q) {
        if (q == layer_end) {
            report(LayerProgress::Pass::Distance, dist_[queue_[q]], queue_.size() - layer_end, queue_.size());
            layer_end = queue_.size();
        }
        if ((q & 0xFFF) == 0) check_stop();
        const std::uint32_t s = queue_[q];
        const auto d = static_cast<std::uint16_t>(dist_[s] + 1);
        if (d == kUnset) throw LimitError("cluster distances beyond 65534 are not supported");
        for (std::uint32_t e = offsets_[s]; e < offsets_[s + 1]; ++e) {
            const std::uint32_t t = edges_[e];
            if (dist_[t] != kUnset) continue;
            dist_[t] = d;
            queue_.push_back(t);
        }
    }
    rep.stats.expanded += queue_.size();
    rep.stats.generated = generated;

    if (!queue_.empty()) {
        // The queue is in distance order: its tail holds the hardest states.
        rep.hardest_distance = dist_[queue_.back()];
        rep.histogram.assign(static_cast<std::size_t>(rep.hardest_distance) + 1, 0);
        for (std::uint32_t s : queue_) ++rep.histogram[dist_[s]];
        rep.start_distance = dist_[0];
        bool any = false;
        std::pair<u64, u64> best;
        for (auto it = queue_.rbegin(); it != queue_.rend() && dist_[*it] == rep.hardest_distance; ++it) {
            ++rep.hardest_count;
            Board b = space.decode(keys_[*it]);
            const auto order = tie_order(b);
            if (!any || order < best) any = true, best = order, rep.hardest = std::move(b);
        }
    }
    rep.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return rep;
}

ClusterReport analyze_cluster(const Board& board, Metric metric) {
    ClusterAnalyzer a;
    return a.analyze(board, metric);
}

}  // namespace bitsolve::rush

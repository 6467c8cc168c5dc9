// The database's clusters, from a packed layout (the search from the layout: the cluster, its
// packed states and goals; then the search from the goals) or from a class's goal layouts (one
// search, labelled by cluster): distances, the hardest state and its minimality (db_cluster.hpp).
#include "bitsolve/rush/db_cluster.hpp"

#include <array>
#include <tuple>
#include <utility>

#include "bitsolve/core/limits.hpp"

namespace bitsolve::rush {

LayoutKey DbClusterAnalyzer::layout_key(const CompiledBoard& space, Key k) {
    LayoutKey key;
    key.firsts = space.board().walls;
    const std::vector<Piece>& pieces = space.board().pieces;
    for (int i = 0; i < space.pieces(); ++i) {
        const u64 c = space.cells(i, space.field(k, i));
        (pieces[static_cast<std::size_t>(i)].vertical ? key.vertical : key.horizontal) |= c;
        key.firsts |= c & (~c + 1);  // a piece's lowest cell is its first, either way
    }
    return key;
}

// Whether the hardest state (`moved`: the pieces its optimal solution moves) is minimal.
bool DbClusterAnalyzer::minimal(Key hardest, int moves, const std::array<bool, kMaxPieces>& moved,
                                DbClusterResult& out) {
    const Board hard = space_->decode(hardest);
    Board less = hard;
    auto shorter = [&]() {
        const Solution s = solver_.solve(less, Metric::Moves, false, moves - 1);
        out.states += s.states;
        out.split.resolves += s.states;
        return s.length >= 0;  // within the bound
    };
    for (int i = 1; i < space_->pieces(); ++i) {
        if (moved[static_cast<std::size_t>(i)]) continue;
        less.pieces = hard.pieces;
        less.pieces.erase(less.pieces.begin() + i);
        if (!shorter()) return false;
    }
    less.pieces = hard.pieces;
    for (u64 w = hard.walls; w; w &= w - 1) {
        less.walls = hard.walls & ~(w & (~w + 1));
        if (!shorter()) return false;
    }
    return true;
}

void DbClusterAnalyzer::grow(std::size_t size) {
    if (size > goals_.size()) {  // room for every state, kept for the clusters after
        const std::string_view what = "the cluster's goals and packed states";
        hold_.hold(2 * (goals_.size() + size) * sizeof(Key), what);  // the old arrays beside the new
        goals_.resize(size);
        packed_.resize(size);
        hold_.hold(2 * size * sizeof(Key), what);
    }
}

void DbClusterAnalyzer::analyze(const Board& layout, DbClusterResult& out) {
    out = DbClusterResult{};
    space_.emplace(layout);
    const CompiledBoard& space = *space_;
    // The cluster: every state reachable from the layout; its packed states and its goals.
    const Key start = space.start();
    search_.explore(space, &start, 1);
    const std::size_t size = search_.states();
    out.states = size;
    out.cluster_size = size;
    grow(size);
    std::tie(packed_n_, goals_n_) = search_.classify(packed_.data(), goals_.data());
    if (goals_n_ == 0) {
        out.split.unsolvable = size;
        return;
    }
    out.split.distances = size;
    out.solvable = true;

    // Distances: the same search from all the goals at once. A slide of any piece but the
    // primary car keeps a goal a goal, so from the goals only the car's slides are generated.
    search_.explore(space, goals_.data(), goals_n_, space.primary());
    out.states += search_.states();
    out.split.distances += search_.states();
    finish_whole(out);
}

void DbClusterAnalyzer::analyze_goals(CompiledBoard space, const Key* goal_layouts, std::size_t count,
                                      std::vector<DbClusterResult>& out) {
    out.clear();
    space_.emplace(std::move(space));
    const CompiledBoard& s = *space_;
    // One search from every goal layout, closed first under the slides of the other pieces: its
    // depth 0 holds every goal of the clusters, so its layers are the distances.
    search_.explore(s, goal_layouts, count,
                    SlideSearch::Options{.only = s.primary(), .close = true, .labelled = count > 1});
    const std::size_t size = search_.states();
    grow(size);
    std::tie(packed_n_, goals_n_) = search_.classify(packed_.data(), goals_.data());
    const std::vector<std::size_t>& ends = search_.layer_ends();
    const int layers = static_cast<int>(ends.size());
    bool one = true;
    for (std::uint32_t l = 1; l < count && one; ++l) one = search_.label_root(l) == 0;
    if (one) {
        DbClusterResult& r = out.emplace_back();
        r.solvable = true;
        r.cluster_size = r.states = r.split.distances = size;
        finish_whole(r);
        return;
    }
    // The clusters: one per joined set of labels, numbered by their smallest label. A cluster's
    // depth is the deepest layer that holds one of its states.
    constexpr std::uint32_t kNone = ~std::uint32_t{0};
    cluster_of_.assign(count, kNone);
    std::size_t clusters = 0;
    for (std::uint32_t l = 0; l < count; ++l) {
        const std::uint32_t root = search_.label_root(l);  // <= l: numbered already
        cluster_of_[l] = root == l ? static_cast<std::uint32_t>(clusters++) : cluster_of_[root];
    }
    depth_.assign(clusters, 0);
    out.resize(clusters);
    const std::uint32_t* labels = search_.labels();
    std::size_t node = 0;
    for (int d = 0; d < layers; ++d)
        for (; node < ends[static_cast<std::size_t>(d)]; ++node) {
            const std::uint32_t c = cluster_of_[labels[node]];
            ++out[c].cluster_size;
            depth_[c] = d;
        }
    for (std::size_t c = 0; c < clusters; ++c) {
        DbClusterResult& r = out[c];
        r.solvable = true;
        r.states = r.split.distances = r.cluster_size;
        r.moves = depth_[c];
    }
    // Each cluster's hardest state: the smallest in Fogleman's order of its deepest layer, for
    // all clusters in one pass. A node past depth 0 is in a cluster of depth >= 1, and in its
    // deepest layer when past that layer's start.
    hardest_.assign(clusters, kNone);
    const Key* keys = search_.keys();
    for (std::size_t i = ends[0]; i < size; ++i) {
        const std::uint32_t c = cluster_of_[labels[i]];
        if (i >= ends[static_cast<std::size_t>(depth_[c] - 1)] &&
            (hardest_[c] == kNone || order(keys[i]) < order(keys[hardest_[c]])))
            hardest_[c] = static_cast<std::uint32_t>(i);
    }
    for (std::size_t c = 0; c < clusters; ++c)
        if (out[c].moves > 0) finish(out[c], hardest_[c]);
}

std::pair<u64, u64> DbClusterAnalyzer::order(Key k) const {
    const LayoutKey l = layout_key(*space_, k);
    return {l.horizontal, l.vertical};
}

void DbClusterAnalyzer::finish_whole(DbClusterResult& out) {
    const std::vector<std::size_t>& ends = search_.layer_ends();
    out.moves = static_cast<int>(ends.size()) - 1;
    if (out.moves == 0) return;
    const Key* keys = search_.keys();
    std::size_t best = ends[ends.size() - 2];
    for (std::size_t i = best + 1; i < ends.back(); ++i)
        if (order(keys[i]) < order(keys[best])) best = i;
    finish(out, best);
}

void DbClusterAnalyzer::finish(DbClusterResult& out, std::size_t best) {
    const CompiledBoard& space = *space_;
    // An optimal solution from it: its parents lead to a goal (depth 0), one move closer each.
    std::array<bool, kMaxPieces> moved{};
    const std::uint64_t* records = search_.records();
    for (std::size_t i = best; i >= search_.layer_ends()[0]; i = record_parent(records[i]))
        moved[static_cast<std::size_t>(record_piece(records[i]))] = true;
    const Key hardest = search_.keys()[best];
    if (!minimal(hardest, out.moves, moved, out)) return;
    out.row = true;
    out.board = space.decode(hardest).to_string();
}

}  // namespace bitsolve::rush

// One cluster of the database from a packed layout: the search from the layout (the cluster,
// its packed states and goals), the search from the goals (distances), the hardest state and
// its minimality (db_cluster.hpp).
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
        return s.length >= 0 && s.length < moves;  // it may report one beyond its bound
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

bool DbClusterAnalyzer::packed_but_primary(Key k) const {
    const CompiledBoard& space = *space_;
    const int a = space.primary();
    u64 occ = space.walls(), behind = 0;
    for (int i = 0; i < space.pieces(); ++i) {
        const int f = space.field(k, i);
        occ |= space.cells(i, f);
        behind |= i == a ? 0 : space.behind(i, f);
    }
    return (behind & ~occ) == 0;
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
    finish(out);
}

void DbClusterAnalyzer::analyze_goal(const Board& goal_layout, DbClusterResult& out) {
    out = DbClusterResult{};
    space_.emplace(goal_layout);
    const CompiledBoard& space = *space_;
    const int a = space.primary();
    goals_n_ = 0;
    // The sources: the goals reached from `g` by slides of the other pieces, added after the
    // sources so far (a goal met outside them is not among them, nor are any of its own).
    auto add_sources = [&](Key g) {
        search_.explore(space, &g, 1, SlideSearch::Options{.exclude = a});
        const std::size_t found = search_.states();
        out.states += found;
        out.split.goal_sets += found;
        grow(goals_n_ + found);
        std::copy(search_.keys(), search_.keys() + found, goals_.begin() + static_cast<std::ptrdiff_t>(goals_n_));
        goals_n_ += found;
    };
    add_sources(space.start());
    while (search_.explore(space, goals_.data(), goals_n_, SlideSearch::Options{.only = a, .stop_at_goal = true})) {
        out.states += search_.states();  // the search given up
        out.split.given_up += search_.states();
        ++out.split.restarts;
        add_sources(search_.found_goal());
    }
    const std::size_t size = search_.states();
    out.states += size;
    out.split.distances += size;
    out.cluster_size = size;
    out.solvable = true;
    grow(size);
    std::tie(packed_n_, goals_n_) = search_.classify(packed_.data(), goals_.data());
    finish(out);
}

void DbClusterAnalyzer::finish(DbClusterResult& out) {
    const CompiledBoard& space = *space_;
    const int n = space.pieces();
    // The last layer holds the farthest states; the hardest is the smallest of them in
    // Fogleman's order.
    const std::vector<std::size_t>& ends = search_.layer_ends();
    const int moves = static_cast<int>(ends.size()) - 1;
    out.moves = moves;
    if (moves == 0) return;  // every state a goal: removing any piece leaves 0 moves
    const Key* keys = search_.keys();
    // Fogleman's order: the horizontal pieces' cells, then the vertical ones' (not the first cells).
    auto order = [&](Key k) {
        const LayoutKey l = layout_key(space, k);
        return std::pair{l.horizontal, l.vertical};
    };
    std::size_t best = ends[ends.size() - 2];
    for (std::size_t i = best + 1; i < ends.back(); ++i)
        if (order(keys[i]) < order(keys[best])) best = i;
    // An optimal solution from it: its parents lead to a goal, one move closer each.
    std::array<bool, kMaxPieces> moved{};
    const std::uint64_t* records = search_.records();
    for (std::size_t i = best; record_piece(records[i]) != n; i = record_parent(records[i]))
        moved[static_cast<std::size_t>(record_piece(records[i]))] = true;
    const Key hardest = keys[best];
    if (!minimal(hardest, moves, moved, out)) return;
    out.row = true;
    out.board = space.decode(hardest).to_string();
}

}  // namespace bitsolve::rush

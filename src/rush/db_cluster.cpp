// One cluster of the database from a packed layout: forward numbering, distances, hardest
// state, minimality (db_cluster.hpp).
#include "bitsolve/rush/db_cluster.hpp"

#include <algorithm>
#include <bit>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"

namespace bitsolve::rush {
namespace {

constexpr Key kEmpty = ~Key{0};
constexpr std::uint16_t kUnset = 0xFFFF;
// Bytes per state: key, distance, queue entry, offset, the index's used entry, and its 16-byte
// slots at load 1/4.
constexpr std::size_t kBytesPerState = 8 + 2 + 4 + 4 + 4 + 4 * 16;

}  // namespace

std::pair<u64, u64> DbClusterAnalyzer::cells(const CompiledBoard& space, Key k) const {
    std::pair<u64, u64> hv{0, 0};
    for (int i = 0; i < space.pieces(); ++i) {
        const auto pi = static_cast<std::size_t>(i);
        (vertical_[pi] ? hv.second : hv.first) |= cells_[pi][static_cast<std::size_t>(space.pos(k, i))];
    }
    return hv;
}

u64 DbClusterAnalyzer::firsts(const CompiledBoard& space, Key k) const {
    u64 f = 0;
    for (int i = 0; i < space.pieces(); ++i) {
        const u64 c = cells_[static_cast<std::size_t>(i)][static_cast<std::size_t>(space.pos(k, i))];
        f |= c & (~c + 1);  // a piece's lowest cell is its first, either way
    }
    return f;
}

void DbClusterAnalyzer::Index::clear() {
    for (std::uint32_t s : used_) slots_[s].key = kEmpty;
    used_.clear();
    if (slots_.size() < kFirstSlots) {
        require_memory(kFirstSlots * sizeof(Slot), "the cluster index");
        slots_.assign(kFirstSlots, Slot{kEmpty, 0});
    }
    mask_ = kFirstSlots - 1;
    shift_ = 64 - std::countr_zero(kFirstSlots);
}

void DbClusterAnalyzer::Index::reserve(std::size_t n, const std::vector<Key>& keys) {
    if (4 * n <= mask_ + 1) return;
    std::size_t cap = mask_ + 1;
    while (cap < 4 * n) cap *= 2;
    resize(cap, keys);
}

// Every slot past the first mask_ + 1 is empty, so a larger table in use needs no clearing.
// The entries are keys[i] -> i, re-inserted from the array in order.
void DbClusterAnalyzer::Index::resize(std::size_t cap, const std::vector<Key>& keys) {
    if (cap > slots_.size()) {
        require_memory(cap * sizeof(Slot) * 2, "the cluster index");
        slots_.resize(cap, Slot{kEmpty, 0});
    }
    for (std::uint32_t s : used_) slots_[s].key = kEmpty;
    used_.clear();
    mask_ = cap - 1;
    shift_ = 64 - std::countr_zero(cap);
    for (std::size_t i = 0; i < keys.size(); ++i) insert(keys[i], static_cast<std::uint32_t>(i));
}

std::uint32_t DbClusterAnalyzer::Index::insert(Key k, std::uint32_t v) {
    std::size_t i = slot(k);
    for (;;) {
        const Key at = slots_[i].key;
        if (at == k) return slots_[i].value;
        if (at == kEmpty) break;
        i = (i + 1) & mask_;
    }
    slots_[i] = Slot{k, v};
    used_.push_back(static_cast<std::uint32_t>(i));
    return kAbsent;
}

std::uint32_t DbClusterAnalyzer::Index::find(Key k) const {
    for (std::size_t i = slot(k);; i = (i + 1) & mask_) {
        const Key at = slots_[i].key;
        if (at == k) return slots_[i].value;
        if (at == kEmpty) return kAbsent;
    }
}

// Numbers the whole cluster in BFS order and lists its packed states (no piece can move up or
// left) in packed_.
void DbClusterAnalyzer::forward(const CompiledBoard& space, bool& goal) {
    Key kid_keys[CompiledBoard::kChildBuffer];
    goal = space.is_goal(space.start());
    for (std::size_t h = 0; h < keys_.size(); ++h) {
        if ((h & 0xFFF) == 0xFFF) check_stop();
        const Key k = keys_[h];
        const std::size_t m = space.children<false, false>(k, kid_keys, nullptr);
        if (keys_.size() + m > keys_.capacity()) require_memory(2 * (keys_.size() + m) * kBytesPerState, "the cluster");
        index_.reserve(keys_.size() + m, keys_);
        bool back = false;
        if (edges_.size() + m > edges_.capacity()) {
            if (edges_.size() + m > ~std::uint32_t{0})
                throw LimitError("clusters with more than 2^32 moves are not supported");
            require_memory(2 * (edges_.size() + m) * sizeof(std::uint32_t), "the cluster's moves");
        }
        for (std::size_t j = 0; j < m; ++j) {
            const Key kid = kid_keys[j];
            // One field changes: the key drops exactly when the piece moves up or left.
            back |= kid < k;
            const auto next = static_cast<std::uint32_t>(keys_.size());
            const std::uint32_t t = index_.insert(kid, next);
            if (t != Index::kAbsent) {
                edges_.push_back(t);
                continue;
            }
            edges_.push_back(next);
            keys_.push_back(kid);
            goal |= space.is_goal(kid);
        }
        offsets_.push_back(static_cast<std::uint32_t>(edges_.size()));
        if (!back) packed_.push_back(h);
    }
}

// Distance of every state to its nearest goal; queue_ ends with the farthest.
void DbClusterAnalyzer::distances(const CompiledBoard& space) {
    const std::size_t n = keys_.size();
    dist_.assign(n, kUnset);
    queue_.clear();
    for (std::size_t i = 0; i < n; ++i)
        if (space.is_goal(keys_[i])) dist_[i] = 0, queue_.push_back(static_cast<std::uint32_t>(i));
    for (std::size_t q = 0; q < queue_.size(); ++q) {
        if ((q & 0xFFF) == 0xFFF) check_stop();
        const std::uint32_t s = queue_[q];
        const auto d = static_cast<std::uint16_t>(dist_[s] + 1);
        for (std::uint32_t e = offsets_[s]; e < offsets_[s + 1]; ++e) {
            const std::uint32_t t = edges_[e];
            if (dist_[t] != kUnset) continue;
            dist_[t] = d;
            queue_.push_back(t);
        }
    }
}

// Whether state `hardest` (at `moves` from a goal) is minimal.
bool DbClusterAnalyzer::minimal(const CompiledBoard& space, std::size_t hardest, int moves, std::uint64_t& states) {
    // The pieces that move in one optimal solution, read off the distances.
    std::array<bool, kMaxPieces> moved{};
    Key kid_keys[CompiledBoard::kChildBuffer];
    std::uint8_t kid_pieces[CompiledBoard::kChildBuffer];
    Key k = keys_[hardest];
    for (int d = moves; d > 0; --d) {
        const std::size_t m = space.children<false>(k, kid_keys, kid_pieces);
        std::size_t j = 0;
        while (dist_[index_.find(kid_keys[j])] != d - 1) ++j;
        moved[kid_pieces[j]] = true;
        k = kid_keys[j];
        (void)m;
    }
    const Board hard = space.decode(keys_[hardest]);
    Board less = hard;
    auto shorter = [&]() {
        const Solution s = solver_.solve(less, Metric::Moves, false, moves - 1);
        states += s.states;
        return s.length >= 0 && s.length < moves;  // it may report one beyond its bound
    };
    for (int i = 1; i < space.pieces(); ++i) {
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

void DbClusterAnalyzer::analyze(const Board& layout, DbClusterResult& out) {
    out = DbClusterResult{};
    space_.emplace(layout);
    const CompiledBoard& space = *space_;
    const int n = space.pieces();
    for (int i = 0; i < n; ++i) {
        const Piece& p = layout.pieces[static_cast<std::size_t>(i)];
        const auto pi = static_cast<std::size_t>(i);
        vertical_[pi] = p.vertical;
        for (int at = 0; at + p.len <= layout.size; ++at) cells_[pi][static_cast<std::size_t>(at)] = p.cells_at(at);
    }
    index_.clear();
    keys_.clear();
    keys_.push_back(space.start());
    index_.insert(space.start(), 0);
    packed_.clear();
    edges_.clear();
    offsets_.assign(1, 0);
    bool goal = false;
    forward(space, goal);
    out.states = keys_.size();
    out.cluster_size = keys_.size();
    if (!goal) return;
    out.solvable = true;
    distances(space);
    const int moves = dist_[queue_.back()];
    out.moves = moves;
    std::size_t best = queue_.back();
    for (auto it = queue_.rbegin(); it != queue_.rend() && dist_[*it] == moves; ++it)
        if (cells(space, keys_[*it]) < cells(space, keys_[best])) best = *it;
    if (moves == 0) return;  // every state a goal: removing any piece leaves 0 moves
    if (!minimal(space, best, moves, out.states)) return;
    out.row = true;
    out.board = space.decode(keys_[best]).to_string();
}

}  // namespace bitsolve::rush

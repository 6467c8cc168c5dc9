// The database's units of work: slices of the packed layouts, each analysed by a worker
// (database.hpp).
#include "bitsolve/rush/database.hpp"

#include <algorithm>
#include <bit>
#include <tuple>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/db_cluster.hpp"
#include "bitsolve/rush/db_layouts.hpp"

namespace bitsolve::rush {

bool row_before(const DbRow& a, const DbRow& b) { return std::tie(b.moves, a.board) < std::tie(a.moves, b.board); }

DbCounts& DbCounts::operator+=(const DbCounts& o) {
    layouts += o.layouts;
    canonical += o.canonical;
    solvable += o.solvable;
    rows += o.rows;
    states += o.states;
    return *this;
}

DbStateSplit& DbStateSplit::operator+=(const DbStateSplit& o) {
    unsolvable += o.unsolvable;
    goal_sets += o.goal_sets;
    given_up += o.given_up;
    distances += o.distances;
    resolves += o.resolves;
    restarts += o.restarts;
    return *this;
}

void check_params(const DbParams& params) {
    if (params.size < 4 || params.size > 7)
        throw UsageError("database board size must be 4..7, not " + std::to_string(params.size));
    if (params.max_walls < 0 || params.max_walls > 2)
        throw UsageError("database walls must be 0..2, not " + std::to_string(params.max_walls));
}

struct DbEnumeration::Impl {
    DbParams params;
    DbLayouts layouts;
    explicit Impl(const DbParams& p) : params(p), layouts((check_params(p), p.size), p.max_walls) {}
};

DbEnumeration::DbEnumeration(const DbParams& params) : impl_(std::make_unique<Impl>(params)) {}
DbEnumeration::~DbEnumeration() = default;
const DbParams& DbEnumeration::params() const { return impl_->params; }
std::uint64_t DbEnumeration::slice_count() const { return impl_->layouts.slice_count(); }

std::uint64_t DbEnumeration::count_layouts(std::uint64_t slice) const {
    if (slice >= slice_count()) throw UsageError("database slice out of range");
    return impl_->layouts.count(slice);
}

namespace {

// The packed layouts of the clusters a slice has analysed, by their LayoutKey (horizontal cells,
// vertical cells, first cells with the walls; db_cluster.hpp): open addressing, cleared in time
// proportional to its use.
class LayoutSet {
public:
    void clear() {
        for (std::uint32_t s : used_) h_[s] = kEmpty;
        used_.clear();
    }
    bool contains(u64 h, u64 v, u64 f) const {
        if (h_.empty()) return false;
        for (std::size_t i = slot(h, v, f);; i = (i + 1) & mask_) {
            if (h_[i] == kEmpty) return false;
            if (h_[i] == h && v_[i] == v && f_[i] == f) return true;
        }
    }
    void insert(u64 h, u64 v, u64 f) {
        if (2 * (used_.size() + 1) > h_.size()) grow();
        std::size_t i = slot(h, v, f);
        for (; h_[i] != kEmpty; i = (i + 1) & mask_)
            if (h_[i] == h && v_[i] == v && f_[i] == f) return;
        h_[i] = h;
        v_[i] = v;
        f_[i] = f;
        used_.push_back(static_cast<std::uint32_t>(i));
    }
    std::size_t size() const { return used_.size(); }

private:
    static constexpr u64 kEmpty = ~u64{0};  // never a set of horizontal cells (cell 63 is off-board)
    std::size_t slot(u64 h, u64 v, u64 f) const {
        const u64 x = (h * 0x9E3779B97F4A7C15ULL) ^ (v * 0xC2B2AE3D27D4EB4FULL) ^ (f * 0x165667B19E3779F9ULL);
        return static_cast<std::size_t>(x >> shift_);
    }
    void grow() {
        const std::size_t cap = h_.empty() ? 4096 : 2 * h_.size();
        if (cap > 0xFFFFFFFFu) throw LimitError("a database slice with more than 2^31 layouts is not supported");
        // The table at its new size, the parked entries and used_ beside it at most as large.
        hold_.hold(cap * 3 * sizeof(u64) * 2, "the analysed layouts of a slice");
        std::vector<u64> oh, ov, of;
        for (std::uint32_t s : used_) oh.push_back(h_[s]), ov.push_back(v_[s]), of.push_back(f_[s]);
        h_.assign(cap, kEmpty);
        v_.resize(cap);
        f_.resize(cap);
        mask_ = cap - 1;
        shift_ = 64 - std::countr_zero(cap);
        used_.clear();
        for (std::size_t i = 0; i < oh.size(); ++i) insert(oh[i], ov[i], of[i]);
    }
    MemoryHold hold_;
    std::vector<u64> h_, v_, f_;
    std::vector<std::uint32_t> used_;
    std::size_t mask_ = 0;
    int shift_ = 64;
};

}  // namespace

struct DbWorker::Impl {
    const DbLayouts& layouts;
    Board board;  // the layout being analysed, refilled in place
    DbClusterAnalyzer analyzer;
    DbClusterResult result;
    LayoutSet done;  // layouts of the clusters this slice has analysed
    DbStateSplit split;
    explicit Impl(const DbLayouts& l) : layouts(l) {}
};

DbWorker::DbWorker(const DbEnumeration& enumeration) : impl_(std::make_unique<Impl>(enumeration.impl_->layouts)) {}
DbWorker::~DbWorker() = default;
const DbStateSplit& DbWorker::states_split() const { return impl_->split; }

// A slice holds every layout of each of its clusters, and every goal layout of its solvable
// clusters (db_layouts.hpp). The solvable clusters are analysed first, each from the first of its
// goal layouts met in the slice's order; then the layouts are counted and the clusters of those
// not yet met (unsolvable ones) explored from the first of their layouts met. The others are
// skipped by a look-up: each cluster is explored once, and no search is spent on layouts that
// are not canonical. A solvable cluster analysed from its goals needs no search from a layout
// (db_cluster.hpp: analyze_goal).
DbSlice DbWorker::run(std::uint64_t slice) {
    Impl& w = *impl_;
    if (slice >= w.layouts.slice_count()) throw UsageError("database slice out of range");
    check_stop();
    DbSlice out;
    DbCounts& c = out.counts;
    w.done.clear();
    std::uint64_t met = 0;
    // One analysed cluster: its layouts and goal layouts marked, its counts and row kept.
    auto take = [&](bool goals) {
        w.analyzer.for_each_packed([&](u64 ph, u64 pv, u64 pf) { w.done.insert(ph, pv, pf); });
        if (goals) w.analyzer.for_each_goal_layout([&](u64 ph, u64 pv, u64 pf) { w.done.insert(ph, pv, pf); });
        const DbClusterResult& r = w.result;
        c.states += r.states;
        w.split += r.split;
        ++c.canonical;
        c.solvable += r.solvable;
        if (!r.row) return;
        ++c.rows;
        out.rows.push_back(DbRow{r.moves, r.board, r.cluster_size});
    };
    w.layouts.for_each_goal(slice, w.board, [&](const Board& goal) {
        if ((++met & 0xFF) == 0) check_stop();
        const auto [h, v, f] = layout_key(goal);
        if (w.done.contains(h, v, f)) return;
        w.analyzer.analyze_goal(goal, w.result);
        take(true);
    });
    w.layouts.for_each(slice, w.board, [&](const Board& layout) {
        if ((++c.layouts & 0xFF) == 0) check_stop();
        const auto [h, v, f] = layout_key(layout);
        if (w.done.contains(h, v, f)) return;
        w.analyzer.analyze(layout, w.result);
        take(false);  // (a solvable cluster here would be one whose goal layouts were missed: same result)
    });
    w.done.clear();
    std::sort(out.rows.begin(), out.rows.end(), row_before);
    return out;
}

}  // namespace bitsolve::rush

// The database's units of work: slices of the packed layouts, each analysed by a worker
// (database.hpp).
#include "bitsolve/rush/database.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <tuple>
#include <unordered_map>

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
    distances += o.distances;
    resolves += o.resolves;
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

// A hash of three words (each multiplied by its own odd constant), best in its top bits.
constexpr u64 mix3(u64 a, u64 b, u64 c) {
    return (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL) ^ (c * 0x165667B19E3779F9ULL);
}

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
    std::size_t slot(u64 h, u64 v, u64 f) const { return static_cast<std::size_t>(mix3(h, v, f) >> shift_); }
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

// What a move never changes: the walls, and along every row and column the sequence of its
// pieces' lengths and of the wall-free runs they are in. A line's sequence is a number in base 7
// with a digit per piece, in the board's order of its pieces (which DbLayouts gives along each
// line): its length less 1 plus twice the walls before it on the line (1..6; at most three pieces
// and two walls to a line), 9 bits a line. Layouts of one class list the same pieces in the same
// order, each between the same walls and parallel pieces, so they share their key layout.
struct ClassKey {
    u64 walls = 0, rows = 0, columns = 0;
    bool operator==(const ClassKey&) const = default;
};

ClassKey class_of(const Board& b) {
    std::array<u64, kMaxSize> row{}, column{};
    for (const Piece& p : b.pieces) {
        u64 line_cells = 0;  // the cells of the piece's line before its first
        for (int k = 0; k < p.pos; ++k) line_cells |= p.vertical ? cell_bit(k, p.line) : cell_bit(p.line, k);
        u64& line = (p.vertical ? column : row)[p.line];
        line = 7 * line + (p.len - 1U) + 2 * static_cast<u64>(std::popcount(b.walls & line_cells));
    }
    ClassKey k{b.walls, 0, 0};
    assert(b.size <= 7);  // the database's sizes: 7 lines of 9 bits
    for (std::size_t i = 0; i < static_cast<std::size_t>(b.size); ++i) {
        assert(row[i] < 512 && column[i] < 512);
        k.rows |= row[i] << (9 * i);
        k.columns |= column[i] << (9 * i);
    }
    return k;
}

struct ClassHash {
    std::size_t operator()(const ClassKey& k) const {
        return static_cast<std::size_t>(mix3(k.walls, k.rows, k.columns));
    }
};

// A slice's goal layouts by class: each class's first layout met, and every layout's piece
// positions (four bits a piece), chained to the next layout of its class.
class GoalClasses {
public:
    void clear() {
        index_.clear();
        classes_ = 0;
        layouts_.clear();
    }
    void add(const Board& goal) {
        const auto [it, fresh] = index_.try_emplace(class_of(goal), static_cast<std::uint32_t>(classes_));
        const std::uint32_t cls = it->second;
        if (layouts_.size() == layouts_.capacity() || (fresh && classes_ == firsts_.size())) grow();
        const auto at = static_cast<std::uint32_t>(layouts_.size());
        Layout& l = layouts_.emplace_back();
        for (std::size_t i = 0; i < goal.pieces.size(); ++i)
            (i < 16 ? l.low : l.high) |= static_cast<u64>(goal.pieces[i].pos) << (4 * (i % 16));
        if (fresh) {
            firsts_[classes_] = goal;
            head_[classes_] = tail_[classes_] = at;
            ++classes_;
        } else {
            layouts_[tail_[cls]].next = at;
            tail_[cls] = at;
        }
    }
    // Calls f(space, keys, count) for every class in the order first met: its layouts' keys in
    // the order met, in the key layout of `space`, compiled from its first layout.
    template <class F>
    void for_each(F&& f) {
        for (std::size_t cls = 0; cls < classes_; ++cls) {
            CompiledBoard space(firsts_[cls]);
            keys_.clear();
            for (std::uint32_t i = head_[cls]; i != kNone; i = layouts_[i].next) {
                Key k = 0;
                for (int p = 0; p < space.pieces(); ++p) {
                    const u64 pos = ((p < 16 ? layouts_[i].low : layouts_[i].high) >> (4 * (p % 16))) & 15;
                    k |= (pos - static_cast<u64>(space.base(p))) << space.shift(p);
                }
                assert(space.valid(k));
                keys_.push_back(k);
            }
            f(std::move(space), keys_.data(), keys_.size());
        }
    }

private:
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    struct Layout {
        u64 low = 0, high = 0;  // pieces 0..15, 16..31
        std::uint32_t next = kNone;
    };
    // Room for twice the layouts or classes that filled their arrays, held against the budget
    // with the arrays before beside the new ones (a class: its first board, its place in the
    // index, its chain's ends).
    void grow() {
        constexpr std::size_t kClassBytes = sizeof(Board) + kMaxPieces * sizeof(Piece) + 64 + 2 * sizeof(std::uint32_t);
        const bool more_layouts = layouts_.size() == layouts_.capacity(), more_classes = classes_ == firsts_.size();
        const std::size_t layouts =
            more_layouts ? std::max<std::size_t>(1024, 2 * layouts_.capacity()) : layouts_.capacity();
        const std::size_t classes = more_classes ? std::max<std::size_t>(256, 2 * firsts_.size()) : firsts_.size();
        if (layouts > kNone) throw LimitError("a database slice with more than 2^32 goal layouts is not supported");
        hold_.hold(((more_layouts ? layouts_.capacity() : 0) + layouts) * sizeof(Layout) +
                       ((more_classes ? firsts_.size() : 0) + classes) * kClassBytes,
                   "the goal layouts of a slice");
        if (more_layouts) layouts_.reserve(layouts);
        if (more_classes) {
            firsts_.resize(classes);
            head_.resize(classes);
            tail_.resize(classes);
        }
    }
    std::unordered_map<ClassKey, std::uint32_t, ClassHash> index_;
    std::vector<Board> firsts_;               // [class]: its first layout (the first classes_ in use)
    std::vector<std::uint32_t> head_, tail_;  // [class]: its chain's first and last layouts
    std::size_t classes_ = 0;
    std::vector<Layout> layouts_;
    std::vector<Key> keys_;
    MemoryHold hold_;
};

}  // namespace

struct DbWorker::Impl {
    const DbLayouts& layouts;
    Board board;  // the layout being analysed, refilled in place
    DbClusterAnalyzer analyzer;
    DbClusterResult result;
    std::vector<DbClusterResult> results;
    GoalClasses goals;
    LayoutSet done;  // layouts of the clusters this slice has analysed
    DbStateSplit split;
    explicit Impl(const DbLayouts& l) : layouts(l) {}
};

DbWorker::DbWorker(const DbEnumeration& enumeration) : impl_(std::make_unique<Impl>(enumeration.impl_->layouts)) {}
DbWorker::~DbWorker() = default;
const DbStateSplit& DbWorker::states_split() const { return impl_->split; }

// A slice holds every layout of each of its clusters, and every goal layout of its solvable
// clusters (db_layouts.hpp). The solvable clusters are analysed first, all those of a class at
// once from its goal layouts (db_cluster.hpp: analyze_goals, which needs no search from a
// layout); then the layouts are counted and the clusters of those not yet met (unsolvable ones)
// explored from the first of their layouts met. The others are skipped by a look-up: each
// cluster is explored once, and no search is spent on layouts that are not canonical.
DbSlice DbWorker::run(std::uint64_t slice) {
    Impl& w = *impl_;
    if (slice >= w.layouts.slice_count()) throw UsageError("database slice out of range");
    check_stop();
    DbSlice out;
    DbCounts& c = out.counts;
    w.done.clear();
    // The last analysis's layouts marked.
    auto mark = [&]() { w.analyzer.for_each_packed([&](u64 ph, u64 pv, u64 pf) { w.done.insert(ph, pv, pf); }); };
    // One analysed cluster: its counts and row kept.
    auto take = [&](const DbClusterResult& r) {
        c.states += r.states;
        w.split += r.split;
        ++c.canonical;
        c.solvable += r.solvable;
        if (!r.row) return;
        ++c.rows;
        out.rows.push_back(DbRow{r.moves, r.board, r.cluster_size});
    };
    w.goals.clear();
    std::uint64_t met = 0;
    w.layouts.for_each_goal(slice, w.board, [&](const Board& goal) {
        if ((++met & 0xFF) == 0) check_stop();
        w.goals.add(goal);
    });
    w.goals.for_each([&](CompiledBoard space, const Key* keys, std::size_t count) {
        w.analyzer.analyze_goals(std::move(space), keys, count, w.results);
        mark();
        for (const DbClusterResult& r : w.results) take(r);
    });
    w.goals.clear();
    w.layouts.for_each(slice, w.board, [&](const Board& layout) {
        if ((++c.layouts & 0xFF) == 0) check_stop();
        const auto [h, v, f] = layout_key(layout);
        if (w.done.contains(h, v, f)) return;
        w.analyzer.analyze(layout, w.result);
        mark();
        take(w.result);  // (a solvable cluster here would be one whose goal layouts were missed: same result)
    });
    w.done.clear();
    std::sort(out.rows.begin(), out.rows.end(), row_before);
    return out;
}

}  // namespace bitsolve::rush

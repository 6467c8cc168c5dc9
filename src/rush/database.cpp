// The database's units of work: slices of the packed layouts, each analysed by a worker
// (database.hpp).
#include "bitsolve/rush/database.hpp"

#include <algorithm>
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

struct DbWorker::Impl {
    const DbLayouts& layouts;
    Board board;  // the layout being analysed, refilled in place
    DbClusterAnalyzer analyzer;
    DbClusterResult result;
    explicit Impl(const DbLayouts& l) : layouts(l) {}
};

DbWorker::DbWorker(const DbEnumeration& enumeration) : impl_(std::make_unique<Impl>(enumeration.impl_->layouts)) {}
DbWorker::~DbWorker() = default;

DbSlice DbWorker::run(std::uint64_t slice) {
    Impl& w = *impl_;
    if (slice >= w.layouts.slice_count()) throw UsageError("database slice out of range");
    check_stop();
    DbSlice out;
    DbCounts& c = out.counts;
    w.layouts.for_each(slice, w.board, [&](const Board& layout) {
        if ((++c.layouts & 0xFF) == 0) check_stop();
        w.analyzer.analyze(layout, w.result);
        const DbClusterResult& r = w.result;
        c.states += r.states;
        c.canonical += r.canonical;
        c.solvable += r.solvable;
        if (!r.row) return;
        ++c.rows;
        out.rows.push_back(DbRow{r.moves, r.board, r.cluster_size});
    });
    std::sort(out.rows.begin(), out.rows.end(), row_before);
    return out;
}

}  // namespace bitsolve::rush

#include "bitsolve/rush/db_run.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/rush/db_checkpoint.hpp"

namespace bitsolve::rush {

std::vector<std::uint64_t> shard_slices(std::uint64_t slice_count, DbShard shard) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t s = shard.index; s < slice_count; s += shard.count) out.push_back(s);
    return out;
}

DbRunResult run_database(const DbEnumeration& e, const DbRunOptions& o) {
    if (o.shard.count == 0 || o.shard.index >= o.shard.count) throw UsageError("bad shard " + to_string(o.shard));
    const std::vector<std::uint64_t> slices = shard_slices(e.slice_count(), o.shard);
    std::vector<std::optional<DbSlice>> done(slices.size());
    std::unique_ptr<DbJournal> journal;
    DbProgress progress;
    progress.slices_total = slices.size();
    if (!o.checkpoint.empty()) {
        journal = std::make_unique<DbJournal>(o.checkpoint, e.params(), o.shard, e.slice_count());
        for (auto& [s, r] : journal->finished()) {
            const std::size_t i = static_cast<std::size_t>((s - o.shard.index) / o.shard.count);
            progress.counts += r.counts;
            done[i] = std::move(r);
        }
        journal->finished().clear();
        progress.resumed = progress.slices_done = static_cast<std::uint64_t>(
            std::count_if(done.begin(), done.end(), [](const auto& d) { return d.has_value(); }));
    }
    if (o.progress) o.progress(progress);

    std::vector<std::size_t> todo;
    for (std::size_t i = 0; i < slices.size(); ++i)
        if (!done[i]) todo.push_back(i);
    std::mutex mutex;  // guards progress, the journal and the worker pool
    std::vector<std::unique_ptr<DbWorker>> idle;
    auto last_sync = std::chrono::steady_clock::now();
    auto body = [&](std::size_t k) {
        std::unique_ptr<DbWorker> w;
        {
            std::lock_guard lock(mutex);
            if (!idle.empty()) w = std::move(idle.back()), idle.pop_back();
        }
        if (!w) w = std::make_unique<DbWorker>(e);
        const std::size_t i = todo[k];
        DbSlice r = w->run(slices[i]);
        std::lock_guard lock(mutex);
        idle.push_back(std::move(w));
        if (journal) {
            journal->append(slices[i], r);
            const auto now = std::chrono::steady_clock::now();
            if (std::chrono::duration<double>(now - last_sync).count() >= o.sync_seconds) {
                journal->sync();
                last_sync = now;
            }
        }
        progress.counts += r.counts;
        ++progress.slices_done;
        done[i] = std::move(r);
        if (o.progress) o.progress(progress);
    };
    try {
        parallel_for(todo.size(), o.threads, body);
    } catch (const LimitError&) {
        if (journal) journal->sync();
        throw;
    }
    if (journal) journal->sync();
    check_stop();  // a stop that came between slices: the run is not whole

    DbRunResult res;
    res.slices = slices.size();
    res.resumed = progress.resumed;
    std::size_t total = 0;
    for (const auto& d : done) total += d->rows.size();
    res.rows.reserve(total);
    for (auto& d : done) {
        res.counts += d->counts;
        for (DbRow& r : d->rows) res.rows.push_back(std::move(r));
        d.reset();
    }
    std::sort(res.rows.begin(), res.rows.end(), row_before);
    for (const DbRow& r : res.rows) {
        const auto m = static_cast<std::size_t>(r.moves);
        if (res.rows_by_moves.size() <= m) res.rows_by_moves.resize(m + 1);
        ++res.rows_by_moves[m];
    }
    return res;
}

}  // namespace bitsolve::rush

#include "farm.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "common.hpp"
#include "farm_wire.hpp"
#include "mpi_env.hpp"

namespace bitsolve::mpi {
namespace {

using Clock = std::chrono::steady_clock;
using namespace wire;

// Work in flight per thread of a worker rank, in seconds of its measured pace: it asks again at
// half of that, which covers rank 0's polling (kMasterPoll) and the round trip many times over.
// Near the end a worker holds no more than its share of the units still to hand out.
constexpr double kAheadSeconds = 0.05;
// Rank 0's main thread probes for messages this often when there are none. Every wake-up takes
// the core from a compute thread for a moment, so it wakes seldom; workers ask well ahead.
constexpr std::chrono::microseconds kMasterPoll{2000};
// A worker's main thread, with no reply awaited, checks for a stop (signal, rank 0's kStop)
// this often while it waits for its threads to run low.
constexpr std::chrono::milliseconds kWorkerCheck{10};

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// The units rank 0 still has to hand out, shared by its main thread (requests of other ranks)
// and its compute threads.
class Scheduler {
public:
    explicit Scheduler(const std::vector<std::uint64_t>& order) : order_(order) {}
    // Up to `want` units, fewer near the end so that the last ones spread over all threads.
    std::vector<std::uint64_t> take(std::size_t want, std::size_t all_threads) {
        std::lock_guard lock(mutex_);
        const std::size_t left = stopped_ ? 0 : order_.size() - next_;
        const std::size_t share = std::max<std::size_t>(1, left / (2 * std::max<std::size_t>(all_threads, 1)));
        const std::size_t n = std::min({want, share, left});
        std::vector<std::uint64_t> units(order_.begin() + static_cast<std::ptrdiff_t>(next_),
                                         order_.begin() + static_cast<std::ptrdiff_t>(next_ + n));
        next_ += n;
        return units;
    }
    void stop() {
        std::lock_guard lock(mutex_);
        stopped_ = true;
    }
    std::size_t left() {
        std::lock_guard lock(mutex_);
        return stopped_ ? 0 : order_.size() - next_;
    }

private:
    const std::vector<std::uint64_t>& order_;
    std::mutex mutex_;
    std::size_t next_ = 0;
    bool stopped_ = false;
};

// This rank's compute threads: units given by the main thread (add), or pulled from rank 0's
// scheduler directly; results collected for the main thread (take).
class LocalPool {
public:
    LocalPool(const Job& job, unsigned threads, Scheduler* pull, std::size_t all_threads)
        : job_(job),
          pull_(pull),
          all_threads_(all_threads) {
        for (unsigned t = 0; t < threads; ++t) {
            try {
                pool_.emplace_back([this] { work(); });
            } catch (const std::system_error&) {
                if (pool_.empty()) throw;  // no thread to compute on
                break;                     // the system refuses more: those running share the units
            }
        }
    }
    ~LocalPool() { close(); }
    LocalPool(const LocalPool&) = delete;
    LocalPool& operator=(const LocalPool&) = delete;

    // The threads that started (fewer than asked when the system refused some).
    unsigned started() const { return static_cast<unsigned>(pool_.size()); }

    void add(std::uint64_t unit) {
        {
            std::lock_guard lock(mutex_);
            todo_.push_back(unit);
        }
        wake_.notify_one();
    }
    // No more units will come: threads end once the queue is empty.
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        wake_.notify_all();
        for (auto& t : pool_)
            if (t.joinable()) t.join();
    }
    // A stop: the queued units are dropped (not computed, not counted).
    void drop_queued() {
        std::lock_guard lock(mutex_);
        todo_.clear();
    }
    std::size_t in_flight() {
        std::lock_guard lock(mutex_);
        return todo_.size() + computing_;
    }
    // Waits until at most `level` units are queued or computing, or until `timeout`.
    void wait_low(std::size_t level, std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex_);
        low_mark_ = level;
        waiting_low_ = true;
        low_.wait_for(lock, timeout, [&] { return todo_.size() + computing_ <= level; });
        waiting_low_ = false;
    }
    Results take() {
        std::lock_guard lock(mutex_);
        return std::exchange(finished_, {});
    }
    double busy() {
        std::lock_guard lock(mutex_);
        return busy_;
    }
    std::uint64_t computed() {
        std::lock_guard lock(mutex_);
        return computed_;
    }

private:
    bool next_unit(std::uint64_t& unit) {
        std::unique_lock lock(mutex_);
        for (;;) {
            if (!todo_.empty()) {
                unit = todo_.front();
                todo_.pop_front();
                ++computing_;
                return true;
            }
            if (pull_) {
                ++computing_;  // counted before the scheduler is asked, so that none looks idle early
                lock.unlock();
                const std::vector<std::uint64_t> got = pull_->take(1, all_threads_);
                lock.lock();
                if (!got.empty()) {
                    unit = got[0];
                    return true;
                }
                --computing_;
                return false;
            }
            if (closed_) return false;
            wake_.wait(lock);
        }
    }

    void work() {
        std::uint64_t unit = 0;
        while (next_unit(unit)) {
            const auto t0 = Clock::now();
            std::string result;
            try {
                result = job_.compute(unit);
            } catch (...) {
                if (stop_requested()) {  // a stop (timeout, signal): the unit is abandoned, not counted
                    std::lock_guard lock(mutex_);
                    --computing_;
                    notify_if_low();
                    continue;
                }
                // Any other failure ends the job with its exit code by meaning (a limit: 1).
                const std::string where = "unit " + std::to_string(unit);
                abort_all(cli::report_current_exception([&](const std::string& message) {
                    std::fprintf(stderr, "bitsolve-mpi: %s: %s\n", where.c_str(), message.c_str());
                }));
            }
            const double seconds = since(t0);
            std::lock_guard lock(mutex_);
            finished_.emplace_back(unit, std::move(result));
            --computing_;
            busy_ += seconds;
            ++computed_;
            notify_if_low();
        }
    }

    // Under the lock: wakes the main thread waiting in wait_low once its level is reached (only
    // then, so that it is not woken by every unit).
    void notify_if_low() {
        if (waiting_low_ && todo_.size() + computing_ <= low_mark_) low_.notify_one();
    }

    const Job& job_;
    Scheduler* pull_;
    std::size_t all_threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable low_;
    std::size_t low_mark_ = 0;
    bool waiting_low_ = false;
    std::deque<std::uint64_t> todo_;
    Results finished_;
    std::size_t computing_ = 0;
    bool closed_ = false;
    double busy_ = 0;
    std::uint64_t computed_ = 0;
    std::vector<std::thread> pool_;
};

std::vector<RankStats> run_master(const Job& job, unsigned threads) {
    const auto t0 = Clock::now();
    const double cpu0 = thread_cpu_seconds();
    const int p = ranks();
    const std::size_t all_threads = static_cast<std::size_t>(p) * threads;
    std::vector<RankStats> stats(static_cast<std::size_t>(p));
    std::vector<std::uint8_t> rank_done(static_cast<std::size_t>(p), 0);
    Scheduler scheduler(job.order);
    LocalPool pool(job, threads, &scheduler, all_threads);
    auto results = [&](const Results& rs) {
        for (const auto& [unit, bytes] : rs) {
            bool more = false;
            try {
                more = job.on_result(unit, bytes);
            } catch (...) {
                scheduler.stop();  // the threads end after their current unit; the caller aborts
                throw;
            }
            if (!more) scheduler.stop();
        }
    };
    // A stop (this rank's timeout or signal, or a worker's signal): no more units handed out, and
    // every rank still working abandons the units in hand.
    bool stopping = false;
    auto stop_all = [&] {
        stopping = true;
        scheduler.stop();
        std::string msg;
        put(msg, static_cast<std::uint8_t>(stop_reason()));
        for (int r = 1; r < p; ++r)
            if (!rank_done[static_cast<std::size_t>(r)]) send_bytes(msg, r, kStop), ++stats[0].messages;
    };
    int done_ranks = 1;  // rank 0 itself, once its threads have ended
    auto last_tick = Clock::now();
    for (;;) {
        if (!stopping && stop_requested()) stop_all();
        // Rank 0's own results do not shorten the wait (only messages do): its units can be a few
        // microseconds each, and waking at their pace would make this thread take a core of its own.
        results(pool.take());
        bool active = false;
        while (message_waiting(MPI_ANY_SOURCE, MPI_ANY_TAG)) {
            active = true;
            int from = 0, tag = 0;
            const std::string msg = recv_bytes(MPI_ANY_SOURCE, MPI_ANY_TAG, &from, &tag);
            ++stats[0].messages;
            if (tag == kRequest) {
                std::size_t at = 0;
                const auto want = get<std::uint32_t>(msg, at);
                results(get_results(msg, at));
                const std::vector<std::uint64_t> units = scheduler.take(want, all_threads);
                std::string reply;
                put(reply, std::uint64_t{scheduler.left() / all_threads});
                for (std::uint64_t u : units) put(reply, u);
                send_bytes(reply, from, kWork);
                ++stats[0].messages;
            } else if (tag == kDone) {
                std::size_t at = 0;
                const bool signalled = get<std::uint8_t>(msg, at) != 0;
                results(get_results(msg, at));
                stats[static_cast<std::size_t>(from)] = unpack_stats(recv_when_there(from, kStats, nullptr));
                send_bytes({}, from, kBye);
                stats[0].messages += 2;
                rank_done[static_cast<std::size_t>(from)] = 1;
                ++done_ranks;
                if (signalled && !stopping) {
                    request_stop(StopReason::Interrupted);
                    stop_all();
                }
            }
        }
        if (job.tick && (active || since(last_tick) > 0.2)) job.tick(), last_tick = Clock::now();
        if (done_ranks == p && scheduler.left() == 0 && pool.in_flight() == 0) break;
        if (!active) std::this_thread::sleep_for(kMasterPoll);
    }
    pool.close();
    results(pool.take());
    if (job.tick) job.tick();
    stats[0].units = pool.computed();
    stats[0].busy = pool.busy();
    stats[0].wall = since(t0);
    stats[0].main_cpu = thread_cpu_seconds() - cpu0;
    stats[0].threads = pool.started();
    return stats;
}

RankStats run_worker(const Job& job, unsigned threads) {
    const auto t0 = Clock::now();
    const double cpu0 = thread_cpu_seconds();
    RankStats s;
    LocalPool pool(job, threads, nullptr, 0);
    bool asked = false, no_more = false, stopping = false, signalled = false;
    std::uint64_t share = ~std::uint64_t{0};                       // units per thread rank 0 had left at its last reply
    Backoff backoff{std::chrono::microseconds{100}, kMasterPoll};  // while rank 0's reply is due
    for (;;) {
        bool active = false;
        if (!stopping && (stop_requested() || message_waiting(0, kStop))) {
            // A signal to this rank (rank 0 is told with kDone), or rank 0's stop: the threads
            // abandon their units (the library's searches see the stop) and the queue is dropped.
            signalled = stop_requested();
            if (!signalled) {
                const std::string msg = recv_bytes(0, kStop, nullptr, nullptr);
                ++s.messages;
                std::size_t at = 0;
                request_stop(static_cast<StopReason>(get<std::uint8_t>(msg, at)));
            }
            stopping = active = true;
            pool.drop_queued();
        }
        const std::size_t in_flight = pool.in_flight();
        // The units to keep in flight: kAheadSeconds of work per thread at the pace so far.
        const double busy = pool.busy();
        const std::uint64_t computed = pool.computed();
        std::size_t cap = threads + 1;
        if (computed > 0 && busy > 0) {
            const double per_unit = busy / static_cast<double>(computed);
            cap = static_cast<std::size_t>(std::clamp(kAheadSeconds * threads / per_unit, double(threads + 1), 4096.0));
        }
        if (share < cap / threads) cap = std::max<std::size_t>(threads + 1, share * threads);
        if (!stopping && !no_more && !asked && in_flight <= cap / 2) {
            std::string msg;
            put(msg, static_cast<std::uint32_t>(cap - in_flight));
            put_results(msg, pool.take());
            send_bytes(msg, 0, kRequest);
            ++s.messages;
            asked = active = true;
            backoff.reset();
        }
        if (asked && message_waiting(0, kWork)) {
            const std::string reply = recv_bytes(0, kWork, nullptr, nullptr);
            ++s.messages;
            asked = false;
            active = true;
            std::size_t at = 0;
            share = get<std::uint64_t>(reply, at);
            if (reply.size() < at + 8) no_more = true;
            if (!stopping)
                for (; at + 8 <= reply.size();) pool.add(get<std::uint64_t>(reply, at));
        }
        if ((no_more || stopping) && !asked && pool.in_flight() == 0) break;
        if (active) continue;
        if (asked) backoff.pause();
        else  // until the threads run low (or have finished, at the end), or a stop check is due
            pool.wait_low(no_more || stopping ? 0 : cap / 2, kWorkerCheck);
    }
    pool.close();
    s.units = pool.computed();
    s.busy = pool.busy();
    s.wall = since(t0);
    s.main_cpu = thread_cpu_seconds() - cpu0;
    s.threads = pool.started();
    s.messages += 3;  // the last three
    std::string last;
    put(last, static_cast<std::uint8_t>(signalled ? 1 : 0));
    put_results(last, pool.take());
    send_bytes(last, 0, kDone);
    send_bytes(pack_stats(s), 0, kStats);
    // Until rank 0's answer, taking a stop that crossed kDone on the way.
    for (int tag = 0; tag != kBye;) recv_when_there(0, MPI_ANY_TAG, &tag);
    return s;
}

}  // namespace

namespace {
bool g_farm_completed = false;
}

std::vector<RankStats> run_farm(const Job& job, unsigned threads) {
    threads = resolve_threads(threads);
    std::vector<RankStats> stats = rank() == 0 ? run_master(job, threads) : std::vector{run_worker(job, threads)};
    g_farm_completed = true;
    return stats;
}

bool farm_completed() { return g_farm_completed; }

std::string format_rank_stats(const std::vector<RankStats>& stats) {
    std::string out;
    for (std::size_t r = 0; r < stats.size(); ++r) {
        const RankStats& s = stats[r];
        out += fmt::format(
            "Rank {}: {} units, {} messages, {} threads, busy {:.3f} s, idle {:.3f} s, main thread {:.3f} s CPU\n", r,
            s.units, s.messages, s.threads, s.busy, s.idle(), s.main_cpu);
    }
    return out;
}

}  // namespace bitsolve::mpi

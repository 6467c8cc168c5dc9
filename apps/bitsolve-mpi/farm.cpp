#include "farm.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "bitsolve/core/parallel.hpp"
#include "mpi_env.hpp"

namespace bitsolve::mpi {
namespace {

using Clock = std::chrono::steady_clock;
using Results = std::vector<std::pair<std::uint64_t, std::string>>;

// kRequest: u32 units wanted, then finished results; kWork: u64 unit numbers (none: no more);
// kDone: the last results; kStats: the rank's statistics.
enum Tag : int { kRequest = 1, kWork = 2, kDone = 3, kStats = 4 };

// Work in flight per thread of a worker rank, in seconds of its measured pace: enough to cover
// the round trip of the next request many times over, little enough to end evenly.
constexpr double kAheadSeconds = 0.02;

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
    bool exhausted() {
        std::lock_guard lock(mutex_);
        return stopped_ || next_ == order_.size();
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
        for (unsigned t = 0; t < threads; ++t) pool_.emplace_back([this] { work(); });
    }
    ~LocalPool() { close(); }
    LocalPool(const LocalPool&) = delete;
    LocalPool& operator=(const LocalPool&) = delete;

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
    std::size_t in_flight() {
        std::lock_guard lock(mutex_);
        return todo_.size() + computing_;
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
            } catch (const std::exception& e) {
                std::fprintf(stderr, "bitsolve-mpi: internal error in unit %llu: %s\n",
                             static_cast<unsigned long long>(unit), e.what());
                abort_all(4);
            }
            const double seconds = since(t0);
            std::lock_guard lock(mutex_);
            finished_.emplace_back(unit, std::move(result));
            --computing_;
            busy_ += seconds;
            ++computed_;
        }
    }

    const Job& job_;
    Scheduler* pull_;
    std::size_t all_threads_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::uint64_t> todo_;
    Results finished_;
    std::size_t computing_ = 0;
    bool closed_ = false;
    double busy_ = 0;
    std::uint64_t computed_ = 0;
    std::vector<std::thread> pool_;
};

// Idle waits grow from 50 us to 1 ms while nothing happens and shrink back on any activity.
struct Backoff {
    std::chrono::microseconds wait{50};
    void pause(bool active) {
        if (active) {
            wait = std::chrono::microseconds{50};
            return;
        }
        std::this_thread::sleep_for(wait);
        wait = std::min(wait * 2, std::chrono::microseconds{1000});
    }
};

template <class T>
void put(std::string& out, T v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
T get(const std::string& in, std::size_t& at) {
    T v{};
    if (at + sizeof v <= in.size()) std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
}

void put_results(std::string& out, const Results& results) {
    for (const auto& [unit, bytes] : results) {
        put(out, unit);
        put(out, static_cast<std::uint64_t>(bytes.size()));
        out += bytes;
    }
}
Results get_results(const std::string& in, std::size_t at) {
    Results results;
    while (at + 16 <= in.size()) {
        const auto unit = get<std::uint64_t>(in, at);
        const auto len = get<std::uint64_t>(in, at);
        results.emplace_back(unit, in.substr(at, len));
        at += len;
    }
    return results;
}

std::string recv_bytes(int source, int tag, int* from, int* got_tag) {
    MPI_Status st;
    MPI_Probe(source, tag, MPI_COMM_WORLD, &st);
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    std::string bytes(static_cast<std::size_t>(n), '\0');
    MPI_Recv(bytes.data(), n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (from) *from = st.MPI_SOURCE;
    if (got_tag) *got_tag = st.MPI_TAG;
    return bytes;
}

void send_bytes(const std::string& bytes, int dest, int tag) {
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD);
}

bool message_waiting(int source, int tag) {
    int flag = 0;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
}

std::string pack_stats(const RankStats& s) {
    std::string out;
    put(out, s.units), put(out, s.messages), put(out, s.busy), put(out, s.wall), put(out, s.threads);
    return out;
}
RankStats unpack_stats(const std::string& in) {
    RankStats s;
    std::size_t at = 0;
    s.units = get<std::uint64_t>(in, at);
    s.messages = get<std::uint64_t>(in, at);
    s.busy = get<double>(in, at);
    s.wall = get<double>(in, at);
    s.threads = get<unsigned>(in, at);
    return s;
}

std::vector<RankStats> run_master(const Job& job, unsigned threads) {
    const auto t0 = Clock::now();
    const int p = ranks();
    const std::size_t all_threads = static_cast<std::size_t>(p) * threads;
    std::vector<RankStats> stats(static_cast<std::size_t>(p));
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
    int done_ranks = 1;  // rank 0 itself, once its threads have ended
    Backoff backoff;
    auto last_tick = Clock::now();
    for (;;) {
        const Results local = pool.take();
        bool active = !local.empty();
        results(local);
        while (message_waiting(MPI_ANY_SOURCE, MPI_ANY_TAG)) {
            active = true;
            int from = 0, tag = 0;
            const std::string msg = recv_bytes(MPI_ANY_SOURCE, MPI_ANY_TAG, &from, &tag);
            ++stats[0].messages;
            if (tag == kRequest) {
                std::size_t at = 0;
                const auto want = get<std::uint32_t>(msg, at);
                results(get_results(msg, at));
                std::string reply;
                for (std::uint64_t u : scheduler.take(want, all_threads)) put(reply, u);
                send_bytes(reply, from, kWork);
                ++stats[0].messages;
            } else if (tag == kDone) {
                results(get_results(msg, 0));
                stats[static_cast<std::size_t>(from)] = unpack_stats(recv_bytes(from, kStats, nullptr, nullptr));
                ++stats[0].messages;
                ++done_ranks;
            }
        }
        if (job.tick && (active || since(last_tick) > 0.2)) job.tick(), last_tick = Clock::now();
        if (done_ranks == p && scheduler.exhausted() && pool.in_flight() == 0) break;
        backoff.pause(active);
    }
    pool.close();
    results(pool.take());
    if (job.tick) job.tick();
    stats[0].units = pool.computed();
    stats[0].busy = pool.busy();
    stats[0].wall = since(t0);
    stats[0].threads = threads;
    return stats;
}

RankStats run_worker(const Job& job, unsigned threads) {
    const auto t0 = Clock::now();
    RankStats s;
    LocalPool pool(job, threads, nullptr, 0);
    bool asked = false, no_more = false;
    Backoff backoff;
    for (;;) {
        bool active = false;
        const std::size_t in_flight = pool.in_flight();
        // The units to keep in flight: kAheadSeconds of work per thread at the pace so far.
        const double busy = pool.busy();
        const std::uint64_t computed = pool.computed();
        std::size_t cap = threads + 1;
        if (computed > 0 && busy > 0) {
            const double per_unit = busy / static_cast<double>(computed);
            cap = static_cast<std::size_t>(std::clamp(kAheadSeconds * threads / per_unit, double(threads + 1), 4096.0));
        }
        if (!no_more && !asked && in_flight <= cap / 2) {
            std::string msg;
            put(msg, static_cast<std::uint32_t>(cap - in_flight));
            put_results(msg, pool.take());
            send_bytes(msg, 0, kRequest);
            ++s.messages;
            asked = active = true;
        }
        if (asked && message_waiting(0, kWork)) {
            const std::string reply = recv_bytes(0, kWork, nullptr, nullptr);
            ++s.messages;
            asked = false;
            active = true;
            if (reply.empty()) no_more = true;
            for (std::size_t at = 0; at + 8 <= reply.size();) pool.add(get<std::uint64_t>(reply, at));
        }
        if (no_more && pool.in_flight() == 0) break;
        backoff.pause(active);
    }
    pool.close();
    s.units = pool.computed();
    s.busy = pool.busy();
    s.wall = since(t0);
    s.threads = threads;
    s.messages += 2;  // the last two
    std::string last;
    put_results(last, pool.take());
    send_bytes(last, 0, kDone);
    send_bytes(pack_stats(s), 0, kStats);
    return s;
}

}  // namespace

std::vector<RankStats> run_farm(const Job& job, unsigned threads) {
    threads = resolve_threads(threads);
    if (rank() == 0) return run_master(job, threads);
    return {run_worker(job, threads)};
}

std::string format_rank_stats(const std::vector<RankStats>& stats) {
    std::string out;
    for (std::size_t r = 0; r < stats.size(); ++r) {
        const RankStats& s = stats[r];
        out += fmt::format("Rank {}: {} units, {} messages, {} threads, busy {:.3f} s, idle {:.3f} s\n", r, s.units,
                           s.messages, s.threads, s.busy, s.idle());
    }
    return out;
}

}  // namespace bitsolve::mpi

#pragma once
// Minimal std::thread parallelism: a dynamic parallel-for over indices, and the thread count
// policy. Results are always written per index by the caller, so output never depends on the
// number of threads or on scheduling.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "bitsolve/core/limits.hpp"

namespace bitsolve {

// 0 means "all cores".
inline unsigned resolve_threads(unsigned requested) {
    if (requested != 0) return requested;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : hw;
}

// Calls f(i) for every i in [0, n) on `threads` threads (0 = all cores; fewer when the system
// refuses to start more), handing out indices in increasing order. Stops handing out work once
// a stop is requested. The first exception thrown by f is rethrown on the calling thread after
// all workers have joined.
template <class F>
void parallel_for(std::size_t n, unsigned threads, F&& f) {
    threads = static_cast<unsigned>(std::min<std::size_t>(resolve_threads(threads), std::max<std::size_t>(n, 1)));
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&] {
        for (;;) {
            if (stop_requested()) return;
            const std::size_t i = next.fetch_add(1, std::memory_order_relaxed);
            if (i >= n) return;
            try {
                f(i);
            } catch (...) {
                std::lock_guard lock(error_mutex);
                if (!error) error = std::current_exception();
                next.store(n);
                return;
            }
        }
    };
    if (threads <= 1) {
        worker();
    } else {
        std::vector<std::thread> pool;
        pool.reserve(threads - 1);
        // A thread the system refuses (its limit, or no memory for the stack) leaves the work
        // to the threads already running: every index is still done, by fewer of them.
        for (unsigned t = 1; t < threads; ++t) {
            try {
                pool.emplace_back(worker);
            } catch (const std::system_error&) {
                break;
            }
        }
        worker();
        for (auto& th : pool) th.join();
    }
    if (error) std::rethrow_exception(error);
}

}  // namespace bitsolve

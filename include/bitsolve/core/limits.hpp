#pragma once
// Cooperative limits: a process-wide stop flag and the memory budget. The front end sets the
// flag (its timeout watchdog, its signal handlers); searches poll `stop_requested()` (one relaxed
// atomic load) every few thousand nodes and unwind by throwing LimitError via `check_stop()`.
// The large structures of a run hold their sizes against the memory budget (`MemoryHold`), and
// one that would take the holds past it refuses up front.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {

enum class StopReason : int { None = 0, Timeout = 1, Interrupted = 2 };

namespace detail {
inline std::atomic<int> g_stop_reason{0};
}

inline bool stop_requested() noexcept { return detail::g_stop_reason.load(std::memory_order_relaxed) != 0; }
StopReason stop_reason() noexcept;
// The first reason wins. `limit_seconds` is the time limit that was reached (Timeout), for the
// message. Async-signal-safe: a signal handler may call it.
void request_stop(StopReason reason, double limit_seconds = 0) noexcept;
void reset_stop() noexcept;  // for tests
std::string stop_message();  // "time limit of 2 s reached", "interrupted by a signal"

// Throws LimitError(stop_message()) when a stop was requested.
void check_stop();

// Memory budget for exhaustive searches, in bytes. Default: 80% of physical memory.
std::size_t memory_budget() noexcept;
void set_memory_budget(std::size_t bytes) noexcept;

// What a large structure (a visited set, a frontier, a loaded table) holds against the budget, for
// as long as it keeps it: the budget bounds the sum of every hold of the process, all threads
// together. A structure that grows holds its new size before it allocates. Moving passes the hold
// on; a structure that holds memory is not copied.
class MemoryHold {
public:
    MemoryHold() = default;
    ~MemoryHold() { release(); }
    MemoryHold(const MemoryHold&) = delete;
    MemoryHold& operator=(const MemoryHold&) = delete;
    MemoryHold(MemoryHold&& other) noexcept : bytes_(other.bytes_) { other.bytes_ = 0; }
    MemoryHold& operator=(MemoryHold&& other) noexcept;

    // Holds `bytes` in place of what it held. Throws LimitError naming `what` (and holds what it
    // held) when the holds together would exceed the budget.
    void hold(std::size_t bytes, std::string_view what);
    void release() noexcept;
    std::size_t bytes() const noexcept { return bytes_; }

private:
    std::size_t bytes_ = 0;
};

// The sum of the holds now.
std::size_t memory_held() noexcept;

// Throws LimitError naming `what` when `bytes` more than what is held would exceed the budget,
// before anything is allocated (a passing need: a table build's peak, a file read whole).
void require_memory(std::size_t bytes, std::string_view what);

// Batch work: runs one item's body. Returns false when a stop (timeout, signal) ended it before
// it finished, so the caller can still print every finished item and report the stop once.
// A LimitError of this item alone (e.g. a table refused by the memory budget) is that item's
// result: its message goes to `error` and the item counts as finished.
template <class F>
bool run_batch_item(F&& body, std::string& error) {
    try {
        body();
        return true;
    } catch (const LimitError& e) {
        if (stop_requested()) return false;
        error = e.what();
        return true;
    }
}

// "1.5 GiB", "512 MiB", ...
std::string format_size(std::size_t bytes);

}  // namespace bitsolve

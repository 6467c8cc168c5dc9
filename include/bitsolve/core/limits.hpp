#pragma once
// Cooperative limits: a process-wide stop flag set by a timeout watchdog, by SIGINT/SIGTERM, or
// by a search that would exceed the memory budget. Searches poll `stop_requested()` (one relaxed
// atomic load) every few thousand nodes and unwind by throwing LimitError via `check_stop()`.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {

enum class StopReason : int { None = 0, Timeout = 1, Interrupted = 2, Memory = 3 };

namespace detail {
inline std::atomic<int> g_stop_reason{0};
}

inline bool stop_requested() noexcept { return detail::g_stop_reason.load(std::memory_order_relaxed) != 0; }
StopReason stop_reason() noexcept;
void request_stop(StopReason reason) noexcept;  // the first reason wins
void reset_stop() noexcept;                     // for tests
std::string stop_message();                     // "time limit of 2 s reached", "interrupted", ...

// Throws LimitError(stop_message()) when a stop was requested.
void check_stop();

// SIGINT and SIGTERM request a stop (Interrupted) instead of killing the process.
void install_signal_handlers();

// Starts a detached watchdog that requests a stop after `seconds` (> 0).
void arm_timeout(double seconds);

// Memory budget for exhaustive searches, in bytes. Default: 80% of physical memory.
std::size_t memory_budget() noexcept;
void set_memory_budget(std::size_t bytes) noexcept;
// Throws LimitError naming `what` when `bytes` exceeds the budget, before anything is allocated.
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

// Parses "512M", "8G", "1.5G", "100000" (bytes), "64K"; throws UsageError.
std::size_t parse_size(std::string_view text);
// "1.5 GiB", "512 MiB", ...
std::string format_size(std::size_t bytes);

}  // namespace bitsolve

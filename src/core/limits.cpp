#include "bitsolve/core/limits.hpp"

#include <unistd.h>

#include <cstdio>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {

namespace {
std::atomic<double> g_timeout_seconds{0.0};
std::atomic<std::size_t> g_memory_budget{0};
}  // namespace

StopReason stop_reason() noexcept {
    return static_cast<StopReason>(detail::g_stop_reason.load(std::memory_order_relaxed));
}

void request_stop(StopReason reason, double limit_seconds) noexcept {
    // Stored before the flag, so that whoever sees the stop also sees its limit.
    if (reason == StopReason::Timeout) g_timeout_seconds.store(limit_seconds);
    int expected = 0;
    detail::g_stop_reason.compare_exchange_strong(expected, static_cast<int>(reason));
}

void reset_stop() noexcept { detail::g_stop_reason.store(0); }

std::string stop_message() {
    char buf[160];
    switch (stop_reason()) {
        case StopReason::Timeout:
            std::snprintf(buf, sizeof buf, "time limit of %g s reached", g_timeout_seconds.load());
            return buf;
        case StopReason::Interrupted: return "interrupted by a signal";
        case StopReason::None: break;
    }
    return "stopped";
}

void check_stop() {
    if (stop_requested()) throw LimitError(stop_message());
}

std::size_t memory_budget() noexcept {
    std::size_t b = g_memory_budget.load();
    if (b != 0) return b;
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0) return std::size_t{8} << 30;
    return static_cast<std::size_t>(pages) / 10 * 8 * static_cast<std::size_t>(page);
}

void set_memory_budget(std::size_t bytes) noexcept { g_memory_budget.store(bytes); }

void require_memory(std::size_t bytes, std::string_view what) {
    if (bytes <= memory_budget()) return;
    throw LimitError(std::string(what) + " needs " + format_size(bytes) + ", more than the memory limit of " +
                     format_size(memory_budget()));
}

std::string format_size(std::size_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = static_cast<double>(bytes);
    int u = 0;
    while (v >= 1024 && u < 4) {
        v /= 1024;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, u == 0 ? "%.0f %s" : "%.1f %s", v, units[u]);
    return buf;
}

}  // namespace bitsolve

#include "bitsolve/core/limits.hpp"

#include <unistd.h>

#include <cstdio>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {

namespace {
std::atomic<double> g_timeout_seconds{0.0};
std::atomic<std::size_t> g_memory_budget{0};
std::atomic<std::size_t> g_memory_held{0};

[[noreturn]] void refuse_memory(std::string_view what, std::size_t bytes, std::size_t others) {
    std::string message = std::string(what) + " needs " + format_size(bytes);
    message += others == 0 ? std::string(",") : ", which with the " + format_size(others) + " already held is";
    message += " more than the memory limit of " + format_size(memory_budget());
    throw LimitError(message);
}

// Whether `bytes` fit beside `others` (overflow-safe).
bool fits(std::size_t bytes, std::size_t others) {
    const std::size_t budget = memory_budget();
    return bytes <= budget && others <= budget - bytes;
}
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
    const std::size_t others = memory_held();
    if (!fits(bytes, others)) refuse_memory(what, bytes, others);
}

std::size_t memory_held() noexcept { return g_memory_held.load(); }

void MemoryHold::hold(std::size_t bytes, std::string_view what) {
    if (bytes <= bytes_) {
        g_memory_held.fetch_sub(bytes_ - bytes);
    } else {
        const std::size_t more = bytes - bytes_;
        const std::size_t before = g_memory_held.fetch_add(more);
        if (!fits(bytes, before - bytes_)) {
            g_memory_held.fetch_sub(more);
            refuse_memory(what, bytes, before - bytes_);
        }
    }
    bytes_ = bytes;
}

void MemoryHold::release() noexcept {
    g_memory_held.fetch_sub(bytes_);
    bytes_ = 0;
}

MemoryHold& MemoryHold::operator=(MemoryHold&& other) noexcept {
    if (this != &other) {
        release();
        bytes_ = other.bytes_;
        other.bytes_ = 0;
    }
    return *this;
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

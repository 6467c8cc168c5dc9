#include "bitsolve/core/limits.hpp"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <thread>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve {

namespace {
std::atomic<double> g_timeout_seconds{0.0};
std::atomic<std::size_t> g_memory_budget{0};
std::atomic<std::size_t> g_memory_refused{0};

extern "C" void on_signal(int) {
    int expected = 0;
    detail::g_stop_reason.compare_exchange_strong(expected, static_cast<int>(StopReason::Interrupted));
}
}  // namespace

StopReason stop_reason() noexcept {
    return static_cast<StopReason>(detail::g_stop_reason.load(std::memory_order_relaxed));
}

void request_stop(StopReason reason) noexcept {
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
        case StopReason::Memory:
            return "memory limit of " + format_size(memory_budget()) + " reached (needed " +
                   format_size(g_memory_refused.load()) + ")";
        case StopReason::None: break;
    }
    return "stopped";
}

void check_stop() {
    if (stop_requested()) throw LimitError(stop_message());
}

void install_signal_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

void arm_timeout(double seconds) {
    if (!(seconds > 0) || !std::isfinite(seconds)) return;
    g_timeout_seconds.store(seconds);
    std::thread([seconds] {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < deadline) {
            if (stop_requested()) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        request_stop(StopReason::Timeout);
    }).detach();
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
    g_memory_refused.store(bytes);
    throw LimitError(std::string(what) + " needs " + format_size(bytes) + ", more than the memory limit of " +
                     format_size(memory_budget()));
}

std::size_t parse_size(std::string_view text) {
    auto bad = [&] {
        // Quoted: the value comes from the command line and may hold control bytes.
        return UsageError("invalid size '" + quote(text, 40) +
                          "' (expected a number with an optional K, M, G or T suffix, e.g. 512M)");
    };
    if (text.empty() || text.size() > 32) throw bad();
    std::size_t i = 0;
    double value = 0;
    bool digits = false, dot = false;
    double scale = 1;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            digits = true;
            if (dot) {
                scale /= 10;
                value += (c - '0') * scale;
            } else {
                value = value * 10 + (c - '0');
            }
        } else if (c == '.' && !dot) {
            dot = true;
        } else {
            break;
        }
    }
    if (!digits) throw bad();
    std::string_view unit = text.substr(i);
    if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b')) unit.remove_suffix(1);
    if (unit == "i" || (unit.size() == 2 && unit[1] != 'i')) throw bad();
    if (unit.size() == 2) unit.remove_suffix(1);  // "Gi" -> "G"
    double mult = 1;
    if (unit.empty()) mult = 1;
    else if (unit == "K" || unit == "k") mult = 1024.0;
    else if (unit == "M" || unit == "m") mult = 1024.0 * 1024;
    else if (unit == "G" || unit == "g") mult = 1024.0 * 1024 * 1024;
    else if (unit == "T" || unit == "t") mult = 1024.0 * 1024 * 1024 * 1024;
    else throw bad();
    const double bytes = value * mult;
    if (bytes < 1 || bytes > 1e18) throw bad();
    return static_cast<std::size_t>(bytes);
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

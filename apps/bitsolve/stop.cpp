#include "stop.hpp"

#include <chrono>
#include <cmath>
#include <csignal>
#include <thread>

#include "bitsolve/core/limits.hpp"

namespace bitsolve::cli {

namespace {
extern "C" void on_signal(int) { request_stop(StopReason::Interrupted); }
}  // namespace

void install_signal_handlers() {
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
    sigaction(SIGTERM, &sa, nullptr);
}

void arm_timeout(double seconds) {
    if (!(seconds > 0) || !std::isfinite(seconds)) return;
    std::thread([seconds] {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
        while (std::chrono::steady_clock::now() < deadline) {
            if (stop_requested()) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        request_stop(StopReason::Timeout, seconds);
    }).detach();
}

}  // namespace bitsolve::cli

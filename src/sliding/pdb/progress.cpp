#include "bitsolve/sliding/pdb/progress.hpp"

#include <unistd.h>

#include <cstdio>

#include <fmt/format.h>

namespace bitsolve::sliding::pdb {

BuildReporter::BuildReporter(std::string what) : what_(std::move(what)), tty_(isatty(STDERR_FILENO) == 1) {
    std::fputs(fmt::format("building pattern database {}\n", what_).c_str(), stderr);
}

void BuildReporter::operator()(const BuildProgress& p) {
    if (!tty_) return;
    constexpr int kWidth = 30;
    const double frac = p.total ? static_cast<double>(p.placements) / static_cast<double>(p.total) : 1.0;
    const int filled = static_cast<int>(frac * kWidth);
    std::fputs(fmt::format("\r  [{}{}] {:5.1f}%  depth {:3}  states {:>13}",
                           std::string(static_cast<std::size_t>(filled), '#'),
                           std::string(static_cast<std::size_t>(kWidth - filled), '.'), frac * 100.0, p.depth, p.states)
                   .c_str(),
               stderr);
    std::fflush(stderr);
}

void BuildReporter::done(const BuildInfo& info) {
    if (tty_) std::fputs("\n", stderr);
    std::fputs(fmt::format("built {} in {:.1f} s (max distance {}, {} states)\n", what_, info.seconds, info.max_depth,
                           info.states)
                   .c_str(),
               stderr);
}

}  // namespace bitsolve::sliding::pdb

#include "progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

#include <fmt/format.h>

namespace bitsolve::cli {
namespace {

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// One write per piece of text (stderr is unbuffered), so that lines never interleave mid-line.
void put(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stderr); }

}  // namespace

ProgressDisplay::ProgressDisplay(Style style)
    : style_(style),
      tty_(::isatty(STDERR_FILENO) == 1),
      start_ns_(now_ns()) {}

double ProgressDisplay::seconds() const { return static_cast<double>(now_ns() - start_ns_) * 1e-9; }

void ProgressDisplay::status(const std::function<std::string()>& text) {
    if (!tty_) return;
    const double s = seconds();
    if (s < style_.delay || (shown_ && s - last_ < style_.interval)) return;
    last_ = s;
    // Appended, not `"\r" + text()`: that operator+ draws a false -Wrestrict from GCC 12.
    std::string out = "\r";
    out += text();
    put(out);
    shown_ = true;
}

void ProgressDisplay::line(std::string_view text) {
    finish();
    put(std::string(text) + "\n");
}

void ProgressDisplay::finish() {
    if (shown_) put(style_.erase ? "\r\033[K" : "\n");
    shown_ = false;
}

void print_note(std::string_view text) {
    // On a terminal a job's status line may be showing: the note replaces it (the job redraws it).
    static const bool tty = ::isatty(STDERR_FILENO) == 1;
    put((tty ? "\r\033[K" : "") + std::string(text) + "\n");
}

std::string progress_bar(double fraction, int width) {
    const int filled = fraction <= 0 ? 0 : fraction >= 1 ? width : static_cast<int>(fraction * width);
    std::string bar = "[";
    bar.append(static_cast<std::size_t>(filled), '#');
    bar.append(static_cast<std::size_t>(width - filled), '.');
    return bar += ']';
}

std::string human_duration(double s) {
    if (s < 90) return fmt::format("{:.0f} s", s);
    if (s < 5400) return fmt::format("{:.0f} min", s / 60);
    if (s < 172800) return fmt::format("{:.1f} h", s / 3600);
    return fmt::format("{:.1f} days", s / 86400);
}

Pace pace_of(std::uint64_t done, std::uint64_t total, std::uint64_t done_before, double seconds) {
    Pace p;
    if (seconds > 0 && done > done_before) p.rate = static_cast<double>(done - done_before) / seconds;
    if (p.rate > 0 && total > done) p.eta = static_cast<double>(total - done) / p.rate;
    return p;
}

}  // namespace bitsolve::cli

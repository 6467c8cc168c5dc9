#pragma once
// The CLI's display of long jobs on stderr (queens counts, pattern database builds, and every
// later long job): the library reports progress to callbacks, this draws it. On a terminal a
// status line is redrawn in place; elsewhere (a log file, a pipe) only the whole lines a job
// prints (its start and end lines) appear, so that a log stays readable.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace bitsolve::cli {

class ProgressDisplay {
public:
    struct Style {
        double delay = 0;     // seconds before the first redraw: short jobs show no status line
        double interval = 0;  // least seconds between two redraws
        bool erase = false;   // at the end, erase the status line (else end it with a new line)
    };
    explicit ProgressDisplay(Style style);
    ~ProgressDisplay() { finish(); }
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    bool on_terminal() const { return tty_; }
    double seconds() const;  // since the display was made

    // Redraws the status line when stderr is a terminal and a redraw is due; `text` (one line,
    // no '\r' or '\n') is only made then, so that a call between redraws costs a clock read.
    void status(const std::function<std::string()>& text);
    // Prints a whole line (without its '\n'), terminal or not; ends a status line first.
    void line(std::string_view text);
    // Ends the status line (erased or kept, per the style); nothing when none is shown.
    void finish();

private:
    Style style_;
    bool tty_;
    std::int64_t start_ns_;
    double last_ = 0;
    bool shown_ = false;
};

// A whole line (without its '\n') on stderr, for notes outside any job's display (on a terminal it
// takes the place of a status line being shown).
void print_note(std::string_view text);

// "[#########.....................]": `fraction` (0..1) of `width` cells filled.
std::string progress_bar(double fraction, int width);

// "45 s", "12 min", "3.5 h", "2.1 days".
std::string human_duration(double seconds);

// Items per second over this run (the items done before it, e.g. resumed ones, left out) and
// the seconds left at that rate (0 while the rate is unknown).
struct Pace {
    double rate = 0;
    double eta = 0;
};
Pace pace_of(std::uint64_t done, std::uint64_t total, std::uint64_t done_before, double seconds);

}  // namespace bitsolve::cli

#pragma once
// Error types and exit codes shared by every family and the CLI.
//
// Exit codes are grouped by meaning, so scripts can tell them apart:
//   0 answered (including "no solution"), 1 a time or memory limit was hit or the run was
//   interrupted, 2 usage error, 3 bad input, 4 internal error.
#include <cstddef>
#include <stdexcept>
#include <string>

namespace bitsolve {

enum class Exit : int { Ok = 0, Limit = 1, Usage = 2, BadInput = 3, Internal = 4 };

constexpr int to_int(Exit e) { return static_cast<int>(e); }

// Bad input: what is wrong and where. line/column are 1-based; 0 means "not applicable".
// `what()` renders "line L, column C: message" (or the parts that apply).
class InputError : public std::runtime_error {
public:
    InputError(std::string message, std::size_t line = 0, std::size_t column = 0);
    const std::string& message() const { return message_; }
    std::size_t line() const { return line_; }
    std::size_t column() const { return column_; }
    // The same error, located at another line (batch mode re-bases per-line errors).
    InputError at_line(std::size_t line) const { return InputError(message_, line, column_); }

private:
    std::string message_;
    std::size_t line_;
    std::size_t column_;
};

// A usage error (bad option value, conflicting options): exit code 2.
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A time or memory limit was hit, or the run was interrupted: exit code 1.
class LimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace bitsolve

#pragma once
// Error types shared by every family, by meaning: bad input, bad usage, a limit or a stop. Front
// ends map them to their own outcomes (the CLI's exit codes: apps/bitsolve/common.hpp).
#include <cstddef>
#include <stdexcept>
#include <string>

namespace bitsolve {

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

// A usage error (a bad parameter value, parameters that conflict).
class UsageError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A time or memory limit was hit, or the run was interrupted.
class LimitError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The system's text for an errno value ("No such file or directory"), safe to call from any
// thread (std::strerror is not).
std::string errno_text(int errnum);

}  // namespace bitsolve

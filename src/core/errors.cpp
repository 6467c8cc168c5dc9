#include "bitsolve/core/errors.hpp"

#include <cstring>

namespace bitsolve {

namespace {
std::string render(const std::string& message, std::size_t line, std::size_t column) {
    std::string where;
    if (line != 0) where = "line " + std::to_string(line);
    if (column != 0) where += (where.empty() ? "" : ", ") + std::string("column ") + std::to_string(column);
    return where.empty() ? message : where + ": " + message;
}
}  // namespace

InputError::InputError(std::string message, std::size_t line, std::size_t column)
    : std::runtime_error(render(message, line, column)),
      message_(std::move(message)),
      line_(line),
      column_(column) {}

std::string errno_text(int errnum) {
    char buf[256];
    // GNU strerror_r: returns the message, in buf or in a static string.
    return ::strerror_r(errnum, buf, sizeof buf);
}

}  // namespace bitsolve

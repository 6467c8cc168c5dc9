#include "terminal.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace bitsolve::cli {

bool use_colour(const std::string& mode, int fd) {
    if (mode == "always") return true;
    if (mode == "never") return false;
    // getenv is safe here: nothing in the program writes the environment.
    const char* no_color = std::getenv("NO_COLOR");  // NOLINT(concurrency-mt-unsafe)
    if (no_color != nullptr && no_color[0] != '\0') return false;
    const char* term = std::getenv("TERM");  // NOLINT(concurrency-mt-unsafe)
    if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
    return ::isatty(fd) == 1;
}

bool want_progress(bool asked) { return asked || ::isatty(STDERR_FILENO) == 1; }

}  // namespace bitsolve::cli

#pragma once
// What the CLI draws on a terminal: --color auto|always|never for board drawings, and whether a
// progress line is wanted (--progress, or stderr a terminal). The library never looks at these.
#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::cli {

// Adds `--color auto|always|never` (auto by default).
// (Defined in common.cpp with the other option adders: only the files that add options compile CLI11.)
void add_color_option(CLI::App* cmd, std::string& mode);

// Whether to colour what goes to file descriptor fd: always, never, or for auto when fd is a
// terminal, NO_COLOR is unset or empty and TERM is not "dumb".
bool use_colour(const std::string& mode, int fd);

// Whether to print a progress line on stderr: asked for, or stderr is a terminal.
bool want_progress(bool asked);

}  // namespace bitsolve::cli

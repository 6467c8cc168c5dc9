#pragma once
// Version strings; the definitions are generated at build time (cmake/version.cmake).
namespace bitsolve {
const char* version();       // "MAJOR.MINOR.PATCH"
const char* git_revision();  // short hash, "-dirty" when built from a modified tree, or "unknown"
}  // namespace bitsolve

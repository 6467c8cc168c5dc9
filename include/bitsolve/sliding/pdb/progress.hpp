#pragma once
// Progress of a table build on stderr: a bar redrawn in place on a terminal; otherwise (a log
// file, a pipe) only a line when the build starts and one when it ends.
#include <string>

#include "bitsolve/sliding/pdb/builder.hpp"

namespace bitsolve::sliding::pdb {

class BuildReporter {
public:
    explicit BuildReporter(std::string what);  // prints the start line
    void operator()(const BuildProgress& p);   // one call per BFS layer
    void done(const BuildInfo& info);          // prints the end line

private:
    std::string what_;
    bool tty_;
};

}  // namespace bitsolve::sliding::pdb

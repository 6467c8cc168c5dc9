#pragma once
// Search statistics and their stable `Key: value` rendering on stderr.
#include <cstdint>
#include <string>

namespace bitsolve {

struct SearchStats {
    std::uint64_t expanded = 0;   // nodes whose successors were generated
    std::uint64_t generated = 0;  // successors produced
    double seconds = 0;           // wall time of the search

    SearchStats& operator+=(const SearchStats& o) {
        expanded += o.expanded;
        generated += o.generated;
        seconds += o.seconds;
        return *this;
    }
};

// "Nodes expanded: N\nNodes generated: N\nTime: S s\nNodes/second: R\n" (stable keys).
std::string format_stats(const SearchStats& s);

}  // namespace bitsolve

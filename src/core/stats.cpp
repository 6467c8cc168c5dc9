#include "bitsolve/core/stats.hpp"

#include <fmt/format.h>

namespace bitsolve {

std::string format_stats(const SearchStats& s) {
    const double rate = s.seconds > 0 ? static_cast<double>(s.expanded) / s.seconds : 0.0;
    return fmt::format("Nodes expanded: {}\nNodes generated: {}\nTime: {:.6f} s\nNodes/second: {:.0f}\n", s.expanded,
                       s.generated, s.seconds, rate);
}

}  // namespace bitsolve

#pragma once
// The fixed single-threaded sliding workload of `bitsolve bench sliding`. Its node count (the sum
// of the nodes expanded by every search) is the bench signature: it depends only on the search
// code, never on the machine, and a test checks it.
#include <cstdint>
#include <iosfwd>

namespace bitsolve::sliding {

// Runs the workload, one line per part on `log`; returns the nodes expanded.
std::uint64_t run_bench(std::ostream& log);

}  // namespace bitsolve::sliding

#pragma once
// Progress of the Rush Hour breadth-first searches, one call per layer: Solver (both metrics)
// and ClusterAnalyzer (its forward numbering and its distance pass) call it when a layer's
// states are known, never per node, and only when a callback is set. The library prints
// nothing; the CLI draws the lines (apps/bitsolve/rush_progress.cpp).
#include <cstdint>
#include <functional>

namespace bitsolve::rush {

struct LayerProgress {
    enum class Pass : std::uint8_t {
        Solve,     // Solver: depth = moves (or steps) from the board
        Forward,   // ClusterAnalyzer's numbering: depth = moves (or steps) from the board
        Distance,  // ClusterAnalyzer's distance pass: depth = distance to the nearest goal
    };
    Pass pass = Pass::Solve;
    int depth = 0;
    std::uint64_t layer = 0;   // states at this depth
    std::uint64_t states = 0;  // states of this pass so far, this layer included (the sum of `layer`)
};

// Called once per layer, in depth order from 0. A solve that finds the goal reports the goal's
// layer last as far as it was generated, so that the last depth is the solution's length; the
// moves metric stops one slide before the goal (slide_search.hpp), and reports the goal as a
// layer of one state after that partial layer. A search cut short by max_length or a stop
// reports the layers it completed.
using LayerFn = std::function<void(const LayerProgress&)>;

}  // namespace bitsolve::rush

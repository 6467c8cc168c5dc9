#pragma once
// Random boards for the sliding tests, from the project's own PRNG (the same boards on every
// platform): a uniformly random permutation of a geometry's cells, solvable or not (about half
// of them cannot reach a given goal).
#include <cstdint>
#include <utility>

#include "bitsolve/core/rng.hpp"
#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

// Fisher-Yates over the cells of the blank-first board.
inline Board random_board(Geometry g, SplitMix64& rng) {
    Board b = blank_first_goal(g);
    for (int i = g.cells() - 1; i > 0; --i)
        std::swap(b.tiles[static_cast<std::size_t>(i)], b.tiles[rng.below(static_cast<std::uint64_t>(i) + 1)]);
    return b;
}

}  // namespace bitsolve::sliding

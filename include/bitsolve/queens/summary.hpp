#pragma once
// From weighted counts to the numbers a user asks for: total solutions (OEIS A000170), unique
// solutions up to the 8 symmetries of the square (A002562) and the unique ones per symmetry
// class.
//
// By Burnside's lemma the number of orbits is the average number of solutions each symmetry
// fixes. For N >= 2 no reflection fixes a solution, so only the rotations matter:
//   90-degree symmetric solutions: orbits of 2  -> rot90 / 2 unique
//   180- but not 90-degree:        orbits of 4  -> (rot180 - rot90) / 4 unique
//   no symmetry:                   orbits of 8  -> (total - rot180) / 8 unique
// N = 1 is the one board whose solution all 8 symmetries fix (an orbit of 1).
#include <cstdint>

#include "bitsolve/queens/split.hpp"

namespace bitsolve::queens {

struct Summary {
    Count total = 0;
    Count unique = 0;
    Count asymmetric = 0;  // unique solutions with 8 distinct images
    Count rot180 = 0;      // unique solutions symmetric under 180 but not 90 degrees (4 images)
    Count rot90 = 0;       // unique solutions symmetric under 90 degrees (2 images)
    Count full = 0;        // unique solutions fixed by all 8 symmetries (N = 1 only)
};

// Throws InputError when the counts cannot come from a whole board (merged partial results
// that were edited, or a set that is not complete).
Summary summarise(int n, const Counts& c);

}  // namespace bitsolve::queens

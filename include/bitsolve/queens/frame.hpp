#pragma once
// The search frame of one border: which rows are still free and, per free row, which columns
// the border queens leave open.
//
// With the four border queens placed, the inner search fills the free rows (rows 1..N-2 that
// hold no left/right border queen) from top to bottom, using only inner columns 1..N-2. The
// border queens' attacks on every row are folded into `allowed`, so the search masks carry only
// the inner queens: three masks as in the classic bitmask method, bit c = column c.
//   cols  - columns taken by inner queens
//   left  - squares of this row attacked along down-left diagonals  (shift left per row)
//   right - squares of this row attacked along down-right diagonals (shift right per row)
// Consecutive free rows may be 1..3 rows apart (a border row lies between); `shift[t]` is the
// distance from level t-1 to level t and both diagonal masks move by that many bits.
#include <array>
#include <cstdint>

#include "bitsolve/queens/border.hpp"

namespace bitsolve::queens {

struct Masks {
    std::uint32_t cols = 0, left = 0, right = 0;
    constexpr std::uint32_t taken() const { return cols | left | right; }
};

struct Frame {
    int n = 0;
    int levels = 0;  // number of free rows, 0..30
    Border border;
    std::array<std::uint8_t, kMaxN> row{};       // board row of level t
    std::array<std::uint8_t, kMaxN> shift{};     // row[t] - row[t-1]; shift[0] = 0
    std::array<std::uint32_t, kMaxN> allowed{};  // inner columns of row[t] no border queen attacks
};

// Builds the frame of a valid border (is_valid(b, n)); n in 2..32.
Frame make_frame(const Border& b, int n);

// The masks of level t+1 after a queen on `bit` at level t.
constexpr Masks place(const Masks& m, std::uint32_t bit, int shift_to_next) {
    return Masks{m.cols | bit, (m.left | bit) << shift_to_next, (m.right | bit) >> shift_to_next};
}

}  // namespace bitsolve::queens

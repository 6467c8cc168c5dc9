#pragma once
// The border of an N-Queens solution and its symmetry class.
//
// Every solution has exactly one queen on each of the four border lines (row 0, row N-1,
// column 0, column N-1); a corner queen sits on two of them. The four positions are the
// `Border` of the solution. The 8 symmetries of the square map solutions to solutions and
// borders to borders, so the search enumerates only one canonical border per orbit and
// weights its completions by the orbit size. For N >= 2 no reflection fixes a border (two of
// its queens would share a diagonal or a row), so a border's stabiliser is {id}, {id, r180}
// or the four rotations, and the orbit size is 8, 4 or 2 (the Q27 project's weighting).
//
// Packed layout (`pack()`, 20 bits, each field 0..31 because N <= 32):
//   bits 0-4 top    column of the queen in row 0
//   bits 5-9 bottom column of the queen in row N-1
//   bits 10-14 left row of the queen in column 0
//   bits 15-19 right row of the queen in column N-1
#include <cstdint>
#include <vector>

namespace bitsolve::queens {

inline constexpr int kMaxN = 32;

struct Border {
    std::uint8_t top = 0, bottom = 0, left = 0, right = 0;

    constexpr std::uint32_t pack() const {
        return std::uint32_t{top} | std::uint32_t{bottom} << 5 | std::uint32_t{left} << 10 | std::uint32_t{right} << 15;
    }
    static constexpr Border unpack(std::uint32_t v) {
        return Border{static_cast<std::uint8_t>(v & 31), static_cast<std::uint8_t>(v >> 5 & 31),
                      static_cast<std::uint8_t>(v >> 10 & 31), static_cast<std::uint8_t>(v >> 15 & 31)};
    }
    friend constexpr bool operator==(const Border&, const Border&) = default;
};
inline constexpr int kBorderBits = 20;
// The layout above: four 5-bit fields hold every row and column of N <= kMaxN, in 20 bits.
static_assert(kMaxN <= 32, "a border field holds 0..31");
static_assert(Border{31, 31, 31, 31}.pack() == (1u << kBorderBits) - 1, "four 5-bit fields fill kBorderBits");
static_assert(Border::unpack(Border{1, 2, 3, 31}.pack()) == Border{1, 2, 3, 31}, "unpack inverts pack");
static_assert(sizeof(Border) == 4);

// The 8 symmetries of the square, as maps of (row, col): index 0 is the identity,
// 1..3 the rotations by 90, 180, 270 degrees clockwise, 4..7 the reflections.
enum class Symmetry : int { Id = 0, Rot90 = 1, Rot180 = 2, Rot270 = 3 };

// Applies symmetry g (0..7) to the square (r, c) of an n x n board.
constexpr void apply_symmetry(int g, int n, int& r, int& c) {
    const int m = n - 1;
    int rr = r, cc = c;
    if (g >= 4) cc = m - cc;  // reflect first, then rotate
    for (int k = 0; k < (g & 3); ++k) {
        const int t = rr;
        rr = cc;
        cc = m - t;
    }
    r = rr;
    c = cc;
}

// The border as it looks after symmetry g.
Border transform(const Border& b, int g, int n);

// Which symmetries fix this border: bit g set when transform(b, g, n) == b.
unsigned stabiliser(const Border& b, int n);

// 8 / |stabiliser|: how many borders the orbit of b holds.
int orbit_size(const Border& b, int n);

// True when b has the smallest pack() in its orbit.
bool is_canonical(const Border& b, int n);

// True when the four lines' queens are consistent (a corner queen is on both of its lines)
// and no two distinct queens attack each other.
bool is_valid(const Border& b, int n);

// All valid canonical borders for n in 2..32, in increasing pack() order.
std::vector<Border> canonical_borders(int n);

}  // namespace bitsolve::queens

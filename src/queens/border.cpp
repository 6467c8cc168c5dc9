#include "bitsolve/queens/border.hpp"

#include <array>
#include <cstdlib>

namespace bitsolve::queens {

namespace {

struct Square {
    int r, c;
};

std::array<Square, 4> squares(const Border& b, int n) {
    return {Square{0, b.top}, Square{n - 1, b.bottom}, Square{b.left, 0}, Square{b.right, n - 1}};
}

bool attacks(Square x, Square y) { return x.r == y.r || x.c == y.c || std::abs(x.r - y.r) == std::abs(x.c - y.c); }

}  // namespace

Border transform(const Border& b, int g, int n) {
    Border out;
    for (Square s : squares(b, n)) {
        apply_symmetry(g, n, s.r, s.c);
        // A corner square lies on two lines; set every line it lies on.
        if (s.r == 0) out.top = static_cast<std::uint8_t>(s.c);
        if (s.r == n - 1) out.bottom = static_cast<std::uint8_t>(s.c);
        if (s.c == 0) out.left = static_cast<std::uint8_t>(s.r);
        if (s.c == n - 1) out.right = static_cast<std::uint8_t>(s.r);
    }
    return out;
}

unsigned stabiliser(const Border& b, int n) {
    unsigned s = 0;
    for (int g = 0; g < 8; ++g)
        if (transform(b, g, n) == b) s |= 1u << g;
    return s;
}

int orbit_size(const Border& b, int n) { return 8 / __builtin_popcount(stabiliser(b, n)); }

bool is_canonical(const Border& b, int n) {
    const std::uint32_t key = b.pack();
    for (int g = 1; g < 8; ++g)
        if (transform(b, g, n).pack() < key) return false;
    return true;
}

bool is_valid(const Border& b, int n) {
    const int m = n - 1;
    // A queen on a corner belongs to both lines through it; no other queen may sit on them.
    if ((b.top == 0) != (b.left == 0)) return false;
    if ((b.top == m) != (b.right == 0)) return false;
    if ((b.bottom == 0) != (b.left == m)) return false;
    if ((b.bottom == m) != (b.right == m)) return false;
    const auto sq = squares(b, n);
    for (int i = 0; i < 4; ++i)
        for (int j = i + 1; j < 4; ++j) {
            if (sq[i].r == sq[j].r && sq[i].c == sq[j].c) continue;  // the same corner queen
            if (attacks(sq[i], sq[j])) return false;
        }
    return true;
}

std::vector<Border> canonical_borders(int n) {
    std::vector<Border> out;
    for (int right = 0; right < n; ++right)
        for (int left = 0; left < n; ++left)
            for (int bottom = 0; bottom < n; ++bottom)
                for (int top = 0; top < n; ++top) {
                    const Border b{static_cast<std::uint8_t>(top), static_cast<std::uint8_t>(bottom),
                                   static_cast<std::uint8_t>(left), static_cast<std::uint8_t>(right)};
                    if (is_valid(b, n) && is_canonical(b, n)) out.push_back(b);
                }
    return out;  // loops nest from the most significant field, so pack() increases
}

}  // namespace bitsolve::queens

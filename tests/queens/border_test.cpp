// The symmetry group on squares and borders, canonical borders and their orbit weights.
#include <gtest/gtest.h>

#include <set>

#include "bitsolve/queens/border.hpp"
#include "bitsolve/queens/frame.hpp"

namespace bitsolve::queens {
namespace {

TEST(QueensBorder, SymmetriesFormTheGroupOfTheSquare) {
    const int n = 7;
    std::set<std::vector<int>> images;
    for (int g = 0; g < 8; ++g) {
        std::vector<int> img;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                int rr = r, cc = c;
                apply_symmetry(g, n, rr, cc);
                ASSERT_TRUE(rr >= 0 && rr < n && cc >= 0 && cc < n);
                img.push_back(rr * n + cc);
            }
        images.insert(img);
    }
    EXPECT_EQ(images.size(), 8u);  // 8 distinct maps
    int r = 1, c = 2;
    for (int k = 0; k < 4; ++k) apply_symmetry(1, n, r, c);
    EXPECT_EQ(r, 1);
    EXPECT_EQ(c, 2);
}

TEST(QueensBorder, PackRoundTrips) {
    const Border b{31, 0, 17, 5};
    EXPECT_EQ(Border::unpack(b.pack()), b);
    EXPECT_LT(b.pack(), 1u << kBorderBits);
}

TEST(QueensBorder, OrbitsOfCanonicalBordersCoverEveryValidBorder) {
    for (int n = 2; n <= 11; ++n) {
        std::uint64_t valid = 0;
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                for (int c = 0; c < n; ++c)
                    for (int d = 0; d < n; ++d)
                        valid +=
                            is_valid(Border{std::uint8_t(a), std::uint8_t(b), std::uint8_t(c), std::uint8_t(d)}, n);
        std::uint64_t covered = 0;
        std::uint32_t prev = 0;
        for (const Border& b : canonical_borders(n)) {
            const int o = orbit_size(b, n);
            EXPECT_TRUE(o == 2 || o == 4 || o == 8) << "no reflection fixes a border";
            EXPECT_GE(b.pack(), prev);
            prev = b.pack();
            covered += static_cast<std::uint64_t>(o);
            for (int g = 0; g < 8; ++g) EXPECT_TRUE(is_valid(transform(b, g, n), n));
        }
        EXPECT_EQ(covered, valid) << "N=" << n;
    }
}

TEST(QueensBorder, FrameLeavesOnlyOpenInnerSquares) {
    const int n = 9;
    for (const Border& b : canonical_borders(n)) {
        const Frame f = make_frame(b, n);
        int inner_rows = 0;
        for (int r = 1; r < n - 1; ++r) inner_rows += (r != b.left && r != b.right);
        ASSERT_EQ(f.levels, inner_rows);
        for (int t = 0; t < f.levels; ++t) {
            EXPECT_EQ(f.allowed[t] & 1u, 0u);
            EXPECT_EQ(f.allowed[t] >> (n - 1), 0u);
            if (t > 0) {
                EXPECT_EQ(f.shift[t], f.row[t] - f.row[t - 1]);
            }
        }
    }
}

}  // namespace
}  // namespace bitsolve::queens

// Listing in lexicographic order: every listed board is a solution, the order is strict, and a
// full listing has as many boards as the count.
#include <gtest/gtest.h>

#include <vector>

#include "bitsolve/queens/list.hpp"
#include "queens/reference.hpp"

namespace bitsolve::queens {
namespace {

std::vector<std::vector<std::uint8_t>> collect(int n, std::uint64_t k) {
    std::vector<std::vector<std::uint8_t>> out;
    list_solutions(n, k, [&](const std::uint8_t* c) { out.emplace_back(c, c + n); });
    return out;
}

TEST(QueensList, ValidSortedAndComplete) {
    const auto published = test::published_counts();
    for (int n = 1; n <= 9; ++n) {
        const auto all = collect(n, 1u << 20);
        EXPECT_EQ(all.size(), published.at(n).first) << "N=" << n;
        for (std::size_t i = 0; i < all.size(); ++i) {
            EXPECT_TRUE(is_solution(n, all[i].data()));
            if (i) {
                EXPECT_LT(all[i - 1], all[i]);
            }
        }
    }
}

TEST(QueensList, FirstSolutionsAndFormats) {
    const auto first = collect(8, 2);
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(format_solution(8, first[0].data()), "1 5 8 6 3 7 2 4");
    EXPECT_EQ(format_solution(8, first[1].data()), "1 6 8 3 7 4 2 5");
    const auto four = collect(4, 1);
    EXPECT_EQ(draw_solution(4, four[0].data()), ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
    EXPECT_TRUE(collect(3, 5).empty());
    EXPECT_TRUE(collect(8, 0).empty());
}

TEST(QueensList, IsSolutionRejectsAttacks) {
    const std::uint8_t diag[4] = {0, 1, 3, 2};
    const std::uint8_t col[4] = {1, 3, 1, 2};
    const std::uint8_t ok[4] = {1, 3, 0, 2};
    EXPECT_FALSE(is_solution(4, diag));
    EXPECT_FALSE(is_solution(4, col));
    EXPECT_TRUE(is_solution(4, ok));
}

}  // namespace
}  // namespace bitsolve::queens

// N = 16 and 17 against OEIS (a few seconds each on two cores).
#include <gtest/gtest.h>

#include "bitsolve/queens/run.hpp"
#include "bitsolve/queens/summary.hpp"
#include "queens/reference.hpp"

namespace bitsolve::queens {
namespace {

TEST(QueensSlow, MatchesOeis16And17) {
    const auto published = test::published_counts();
    for (int n : {16, 17}) {
        const Split split = make_split(n);
        RunState st = fresh_state(split, {});
        run(split, st, 0);
        const Summary s = summarise(n, st.counts);
        EXPECT_EQ(to_string(s.total), std::to_string(published.at(n).first)) << "N=" << n;
        EXPECT_EQ(to_string(s.unique), std::to_string(published.at(n).second)) << "N=" << n;
    }
}

}  // namespace
}  // namespace bitsolve::queens

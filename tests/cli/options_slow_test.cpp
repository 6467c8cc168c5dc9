// End-to-end test of `sliding --heuristic auto --stats` naming the table it chose (slow: it
// builds the pdb663 tables in memory, seconds).
#include <gtest/gtest.h>

#include <string>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

TEST(OptionsSlow, AutoHeuristicStatsNameTheChosenTable) {
    // Without a cache the pdb78 tables are never there, so auto picks pdb663 on 4x4.
    const auto r = run_cli({"sliding", "--stats", "--heuristic", "auto", "--no-cache"},
                           "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, "1\n");
    EXPECT_NE(r.err.find("Algorithm: ida-pdb663\n"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

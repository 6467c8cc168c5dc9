// The database engine: every row of the 4x4 databases re-checked by the cluster analysis and
// the solver, slices independent of their order, bad parameters, stopping. (5x5 and known 6x6
// rows: db_engine_slow_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/database.hpp"
#include "rush/db_check.hpp"

namespace bitsolve::rush {
namespace {

TEST(RushDbEngine, Rows4x4) {
    test::expect_rows_right(DbParams{4, 0});
    test::expect_rows_right(DbParams{4, 2});
}

TEST(RushDbEngine, ParamsAndSlicesChecked) {
    EXPECT_THROW(check_params(DbParams{3, 0}), UsageError);
    EXPECT_THROW(check_params(DbParams{8, 0}), UsageError);
    EXPECT_THROW(check_params(DbParams{6, 3}), UsageError);
    EXPECT_THROW(check_params(DbParams{6, -1}), UsageError);
    EXPECT_NO_THROW(check_params(DbParams{7, 2}));
    const DbEnumeration e(DbParams{4, 0});
    DbWorker w(e);
    EXPECT_THROW(w.run(e.slice_count()), UsageError);
    EXPECT_THROW((void)e.count_layouts(e.slice_count()), UsageError);
}

TEST(RushDbEngine, StopRequestedThrowsAndYieldsNothing) {
    const DbEnumeration e(DbParams{5, 0});
    DbWorker w(e);
    request_stop(StopReason::Interrupted);
    EXPECT_THROW(w.run(0), LimitError);
    reset_stop();
    EXPECT_NO_THROW(w.run(0));
}

}  // namespace
}  // namespace bitsolve::rush

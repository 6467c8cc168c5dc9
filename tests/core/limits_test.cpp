#include "bitsolve/core/limits.hpp"

#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {
namespace {

TEST(Limits, RequireMemoryRefusesAboveBudget) {
    const std::size_t old = memory_budget();
    set_memory_budget(1 << 20);
    EXPECT_NO_THROW(require_memory(1000, "x"));
    EXPECT_THROW(require_memory(std::size_t{2} << 20, "x"), LimitError);
    set_memory_budget(old);
}

TEST(Limits, StopFlagFirstReasonWins) {
    reset_stop();
    EXPECT_FALSE(stop_requested());
    request_stop(StopReason::Timeout);
    request_stop(StopReason::Interrupted);
    EXPECT_EQ(stop_reason(), StopReason::Timeout);
    EXPECT_THROW(check_stop(), LimitError);
    reset_stop();
    EXPECT_NO_THROW(check_stop());
}

}  // namespace
}  // namespace bitsolve

#include "bitsolve/core/limits.hpp"

#include <gtest/gtest.h>

#include "bitsolve/core/errors.hpp"

namespace bitsolve {
namespace {

TEST(Limits, ParseSize) {
    EXPECT_EQ(parse_size("512M"), std::size_t{512} << 20);
    EXPECT_EQ(parse_size("8G"), std::size_t{8} << 30);
    EXPECT_EQ(parse_size("8GiB"), std::size_t{8} << 30);
    EXPECT_EQ(parse_size("1.5K"), std::size_t{1536});
    EXPECT_EQ(parse_size("100000"), std::size_t{100000});
    EXPECT_THROW(parse_size(""), UsageError);
    EXPECT_THROW(parse_size("M"), UsageError);
    EXPECT_THROW(parse_size("12Q"), UsageError);
    EXPECT_THROW(parse_size("-5M"), UsageError);
    EXPECT_THROW(parse_size(std::string(40, '9')), UsageError);
}

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

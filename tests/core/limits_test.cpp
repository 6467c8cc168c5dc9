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

// The budget bounds the holds together: each of two structures fits alone, not both.
TEST(Limits, HoldsAreWeighedTogether) {
    const std::size_t old = memory_budget();
    ASSERT_EQ(memory_held(), 0u);
    set_memory_budget(1 << 20);
    {
        MemoryHold a, b;
        a.hold(600 << 10, "a");
        EXPECT_EQ(memory_held(), std::size_t{600} << 10);
        try {
            b.hold(600 << 10, "the second set");
            ADD_FAILURE() << "both held";
        } catch (const LimitError& e) {
            EXPECT_STREQ(e.what(),
                         "the second set needs 600.0 KiB, which with the 600.0 KiB already held is more than the "
                         "memory limit of 1.0 MiB");
        }
        EXPECT_EQ(b.bytes(), 0u);  // a refused hold changes nothing
        EXPECT_EQ(memory_held(), std::size_t{600} << 10);
        EXPECT_THROW(require_memory(600 << 10, "a passing need"), LimitError);
        a.hold(100 << 10, "a");  // less: never refused
        b.hold(600 << 10, "the second set");
        MemoryHold c = std::move(a);  // the hold moves with it
        EXPECT_EQ(a.bytes(), 0u);
        EXPECT_EQ(c.bytes(), std::size_t{100} << 10);
        EXPECT_EQ(memory_held(), std::size_t{700} << 10);
        EXPECT_THROW(c.hold(~std::size_t{0}, "c"), LimitError);  // no overflow
        EXPECT_EQ(memory_held(), std::size_t{700} << 10);
    }
    EXPECT_EQ(memory_held(), 0u);  // released with their structures
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

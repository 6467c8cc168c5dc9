// `--max-memory` values and queens N: parse_size and parse_board_size (apps/bitsolve/size.hpp),
// compiled into this test.
#include "size.hpp"

#include <gtest/gtest.h>

#include <string>

#include "bitsolve/core/errors.hpp"

namespace bitsolve::cli {
namespace {

TEST(Size, ParseSize) {
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

TEST(Size, ParseBoardSize) {
    EXPECT_EQ(parse_board_size("1", "bitsolve"), 1);
    EXPECT_EQ(parse_board_size("8", "bitsolve"), 8);
    EXPECT_EQ(parse_board_size("0032", "bitsolve"), 32);
    for (const char* bad : {"", "0", "33", "-1", "+8", "8 ", "1e1", "00001", "99999"})
        EXPECT_THROW(parse_board_size(bad, "bitsolve"), UsageError) << bad;
    try {
        parse_board_size("x\x1b", "bitsolve-mpi");
        FAIL() << "expected UsageError";
    } catch (const UsageError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "N must be an integer from 1 to 32, not 'x\\x1B' (see bitsolve-mpi queens --help)");
    }
}

TEST(Size, RejectedValueIsQuotedInTheMessage) {
    // Found by the cli_size (then core_size) fuzz target: the raw bytes used to reach the message.
    try {
        parse_size(std::string("\x03\x00G\n\x1b[2J", 8));
        FAIL() << "expected UsageError";
    } catch (const UsageError& e) {
        for (char ch : std::string(e.what())) {
            const auto c = static_cast<unsigned char>(ch);
            EXPECT_TRUE(c >= 0x20 && c < 0x7F) << "raw byte " << int(c) << " in: " << e.what();
        }
    }
}

}  // namespace
}  // namespace bitsolve::cli

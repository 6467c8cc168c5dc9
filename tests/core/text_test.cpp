#include "bitsolve/core/text.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <string_view>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "text_lines.hpp"

namespace bitsolve {
namespace {

using testing_text::all_tokens;
using testing_text::lines;

TEST(Text, LinesHandleCrlfBomAndFinalLine) {
    const auto ls = lines(
        "\xEF\xBB\xBF"
        "a b\r\nc\n\nd");
    ASSERT_EQ(ls.size(), 4u);
    EXPECT_EQ(ls[0].text, "a b");
    EXPECT_EQ(ls[1].text, "c");
    EXPECT_EQ(ls[2].text, "");
    EXPECT_EQ(ls[3].text, "d");
    EXPECT_EQ(ls[3].number, 4u);
    EXPECT_EQ(lines("x\n").size(), 1u);
    EXPECT_TRUE(lines("").empty());
}

TEST(Text, TokenizeGivesColumns) {
    const auto t = all_tokens(Line{"  12\t-3  x", 7});
    ASSERT_EQ(t.size(), 3u);
    EXPECT_EQ(t[0].text, "12");
    EXPECT_EQ(t[0].column, 3u);
    EXPECT_EQ(t[1].column, 6u);
    EXPECT_EQ(t[2].column, 10u);
    EXPECT_EQ(t[2].line, 7u);
}

TEST(Text, TokenizeRejectsNulWithColumn) {
    try {
        all_tokens(Line{std::string_view("1 \0 2", 5), 3});
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 3u);
        EXPECT_EQ(e.column(), 3u);
        EXPECT_NE(std::string(e.what()).find("\\x00"), std::string::npos);
    }
}

TEST(Text, ParseIntBoundsAndGarbage) {
    const Token ok{"42", 1, 1};
    EXPECT_EQ(parse_int(ok, 0, 100, "tile"), 42);
    EXPECT_THROW(parse_int(Token{"101", 1, 1}, 0, 100, "tile"), InputError);
    EXPECT_THROW(parse_int(Token{"-1", 1, 1}, 0, 100, "tile"), InputError);
    EXPECT_THROW(parse_int(Token{"4x", 1, 1}, 0, 100, "tile"), InputError);
    EXPECT_THROW(parse_int(Token{"-", 1, 1}, 0, 100, "tile"), InputError);
    const std::string forty(40, '9');
    EXPECT_THROW(parse_int(Token{forty, 1, 1}, 0, 100, "tile"), InputError);
    EXPECT_EQ(parse_int(Token{"-3", 1, 1}, -5, 5, "x"), -3);
}

TEST(Text, QuoteEscapesAndTruncates) {
    EXPECT_EQ(quote("a\x01z"), "a\\x01z");
    EXPECT_EQ(quote(std::string(30, 'q'), 4), "qqqq...");
}

// The published FNV-1a 64-bit test vectors, and a hash continued over two parts.
TEST(Text, Fnv1aMatchesTheReferenceValues) {
    EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ULL);
    EXPECT_EQ(fnv1a("a"), 0xaf63dc4c8601ec8cULL);
    EXPECT_EQ(fnv1a("foobar"), 0x85944171f73967e8ULL);
    EXPECT_EQ(fnv1a("bar", fnv1a("foo")), fnv1a("foobar"));
}

TEST(Text, BlankOrComment) {
    EXPECT_TRUE(is_blank_or_comment("   "));
    EXPECT_TRUE(is_blank_or_comment("  # hi"));
    EXPECT_FALSE(is_blank_or_comment(" 1 # x"));
}

TEST(Text, ReadInputErrors) {
    EXPECT_THROW(read_input("/nonexistent/file"), InputError);
    EXPECT_THROW(read_input("/tmp"), InputError);
}

}  // namespace
}  // namespace bitsolve

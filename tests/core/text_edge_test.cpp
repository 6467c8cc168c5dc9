// Edge cases of the shared text parsers that hostile input reaches: integer overflow at the
// int64 boundary, hostile bytes in tokens, very long lines, and BOM/CRLF interplay.
#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "text_lines.hpp"

namespace bitsolve {
namespace {

using testing_text::all_tokens;
using testing_text::lines;

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::int64_t parse(const std::string& s, std::int64_t lo = -kMax, std::int64_t hi = kMax) {
    return parse_int(Token{s, 1, 1}, lo, hi, "n");
}

TEST(TextEdge, ParseIntAtInt64Boundary) {
    EXPECT_EQ(parse("9223372036854775807"), kMax);
    EXPECT_EQ(parse("-9223372036854775807"), -kMax);
    EXPECT_EQ(parse("+17"), 17);
    EXPECT_EQ(parse("000000000000000000000000000042"), 42);  // leading zeros are not overflow
    EXPECT_THROW(parse("9223372036854775808"), InputError);
    // 18 and 19 nines: the first fits, the second is the case that used to overflow in the
    // accumulator (undefined behaviour caught by UBSan) before being reported.
    EXPECT_EQ(parse(std::string(18, '9')), 999999999999999999);
    EXPECT_THROW(parse(std::string(20, '9')), InputError);
    EXPECT_THROW(parse("-" + std::string(40, '9')), InputError);
}

TEST(TextEdge, OutOfRangeMessageNamesWhatAndWhere) {
    try {
        parse_int(Token{std::string(40, '7'), 4, 9}, 0, 8, "tile");
        FAIL() << "expected InputError";
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 4u);
        EXPECT_EQ(e.column(), 9u);
        const std::string what = e.what();
        EXPECT_NE(what.find("tile"), std::string::npos) << what;
        EXPECT_NE(what.find("0..8"), std::string::npos) << what;
        EXPECT_LT(what.size(), 120u) << "the quoted token must be cut";
    }
}

TEST(TextEdge, SignsAloneAndDoubleSignsAreNotNumbers) {
    for (const char* s : {"+", "-", "--1", "+-1", "1-", " 1", "0x10", "1e3", "１"})
        EXPECT_THROW(parse(s), InputError) << s;
}

TEST(TextEdge, TokenizeRejectsEveryControlByteButTab) {
    for (int c = 0; c < 0x20; ++c) {
        const std::string line = std::string("1 ") + static_cast<char>(c) + " 2";
        if (c == '\t') {
            EXPECT_EQ(all_tokens(Line{line, 1}).size(), 2u);
            continue;
        }
        try {
            all_tokens(Line{line, 1});
            ADD_FAILURE() << "byte " << c << " accepted";
        } catch (const InputError& e) {
            EXPECT_EQ(e.column(), 3u) << "byte " << c;
        }
    }
    EXPECT_THROW(all_tokens(Line{"ab\x7F", 1}), InputError);
    // Bytes >= 0x80 (UTF-8 text, binary) are token bytes; the parsers reject them by value.
    EXPECT_EQ(all_tokens(Line{"\xC3\xA9 \xFF", 1}).size(), 2u);
}

TEST(TextEdge, LongLineIsOneLineWithoutCopies) {
    const std::string big(10u << 20, '7');
    const auto ls = lines(big);
    ASSERT_EQ(ls.size(), 1u);
    EXPECT_EQ(ls[0].text.data(), big.data()) << "lines are views into the input";
    const auto tokens = all_tokens(ls[0]);
    ASSERT_EQ(tokens.size(), 1u);
    EXPECT_THROW(parse_int(tokens[0], 0, 100, "n"), InputError);
}

TEST(TextEdge, BomOnlyAtStartAndCrOnlyBeforeNewline) {
    const auto a = lines("\xEF\xBB\xBF\r\n");
    ASSERT_EQ(a.size(), 1u);
    EXPECT_EQ(a[0].text, "");
    // A BOM in the middle is not stripped; it reaches the tokenizer as ordinary bytes.
    const auto b = lines(
        "1\n\xEF\xBB\xBF"
        "2\n");
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(b[1].text,
              "\xEF\xBB\xBF"
              "2");
    // A lone CR inside a line is a control byte for the tokenizer, not a line end.
    const auto c = lines("1\r2\n");
    ASSERT_EQ(c.size(), 1u);
    EXPECT_THROW(all_tokens(c[0]), InputError);
}

TEST(TextEdge, LinesOfSplitsAtNewlinesOnly) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"", {}},
        {"\n", {""}},
        {"a", {"a"}},
        {"a\n", {"a"}},
        {"a\n\n", {"a", ""}},
        {"\n\nb", {"", "", "b"}},
        {"\xEF\xBB\xBF", {}},
        {"\xEF\xBB\xBF\r\n", {""}},
        {"x\r\ny\r\n", {"x", "y"}},
        {"x\ry\r\r\n", {"x\ry\r"}},  // one '\r' before the '\n' goes, the others stay
        {"1 2\n\n# c\n3 4", {"1 2", "", "# c", "3 4"}},
    };
    for (const auto& [text, expected] : cases) {
        std::size_t i = 0;
        for (const Line& l : lines_of(text)) {
            ASSERT_LT(i, expected.size()) << quote(text);
            EXPECT_EQ(l.text, expected[i]) << quote(text);
            EXPECT_EQ(l.number, i + 1) << quote(text);
            ++i;
        }
        EXPECT_EQ(i, expected.size()) << quote(text);
    }
    const auto r = lines_of("p\nq");
    EXPECT_EQ(std::distance(r.begin(), r.end()), 2);
}

TEST(TextEdge, TokenizeWithACapStopsAfterOneExtraToken) {
    const std::string line = "1 2 3 4 5 6 7 \x01";
    const auto capped = tokenize(Line{line, 2}, 5);
    ASSERT_EQ(capped.size(), 6u) << "five plus the first one too many";
    EXPECT_EQ(capped[5].text, "6");
    EXPECT_EQ(capped[5].column, 11u);
    EXPECT_THROW(all_tokens(Line{line, 2}), InputError) << "uncapped, the control byte is seen";
    EXPECT_EQ(tokenize(Line{"1 2", 1}, 5).size(), 2u);
    EXPECT_THROW(tokenize(Line{"1 \x02", 1}, 5), InputError);
    // A hostile line of millions of tokens costs only the cap.
    std::string big;
    for (int k = 0; k < 1000000; ++k) big += "7 ";
    EXPECT_EQ(tokenize(Line{big, 1}, 25).size(), 26u);
}

TEST(TextEdge, ForEachTokenMatchesTokenizeAndItsErrors) {
    for (const std::string line : {"", "   ", "1", " 12\t-3  x ", "a\tb c\t\t", "\xC3\xA9 \xFF"}) {
        const auto all = all_tokens(Line{line, 4});
        std::vector<Token> seen;
        for_each_token(Line{line, 4}, [&](const Token& t) { seen.push_back(t); });
        ASSERT_EQ(seen.size(), all.size()) << line;
        for (std::size_t i = 0; i < all.size(); ++i) {
            EXPECT_EQ(seen[i].text, all[i].text);
            EXPECT_EQ(seen[i].line, 4u);
            EXPECT_EQ(seen[i].column, all[i].column);
        }
    }
    // The same error, at the same place, after the tokens before it were visited.
    for (const std::string line : {"1 2\x01", "1 \x1F 2", "\x7F"}) {
        std::string expected, got;
        try {
            all_tokens(Line{line, 2});
        } catch (const InputError& e) {
            expected = e.what();
        }
        try {
            for_each_token(Line{line, 2}, [](const Token&) {});
        } catch (const InputError& e) {
            got = e.what();
        }
        EXPECT_FALSE(expected.empty()) << line;
        EXPECT_EQ(got, expected);
    }
}

TEST(TextEdge, ReadStreamReadsAllAndRefusesOversizedInput) {
    std::istringstream small("1 2\n3");
    EXPECT_EQ(read_stream(small, "stdin"), "1 2\n3");
    std::istringstream big(std::string(1000, 'x'));
    try {
        read_stream(big, "stdin", 999);
        ADD_FAILURE() << "oversized input accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("stdin: input larger than 999 bytes"), std::string::npos) << e.what();
    }
}

TEST(TextEdge, QuoteNeverEmitsRawControlOrHighBytes) {
    std::string all;
    for (int c = 0; c < 256; ++c) all += static_cast<char>(c);
    const std::string q = quote(all, 1000);
    for (char ch : q) {
        const auto c = static_cast<unsigned char>(ch);
        EXPECT_TRUE(c >= 0x20 && c < 0x7F) << int(c);
    }
    EXPECT_EQ(quote("", 5), "");
    EXPECT_EQ(quote("abc", 0), "...");
}

}  // namespace
}  // namespace bitsolve

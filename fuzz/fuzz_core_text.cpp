// Fuzz target: the shared text layer every parser stands on (lines_of, tokenize,
// for_each_token, parse_int, quote). Besides "no crash", it checks what the parsers rely on:
// lines and tokens are views at the reported line and column, for_each_token agrees with
// tokenize, and parse_int agrees with std::from_chars on every token.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/core/text.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;

namespace {

// Every token of a line (tokenize with no effective cap).
std::vector<Token> all_tokens(const Line& line) { return tokenize(line, std::numeric_limits<std::size_t>::max() - 1); }

void check_int(const Token& t, std::int64_t lo, std::int64_t hi) {
    // Reference: optional sign, then digits only, read by std::from_chars (which rejects '+').
    std::string_view digits = t.text;
    const bool negative = !digits.empty() && digits[0] == '-';
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
    bool well_formed = !digits.empty();
    for (char c : digits) well_formed = well_formed && c >= '0' && c <= '9';
    std::int64_t ref = 0;
    bool in_range = false;
    if (well_formed) {
        std::uint64_t mag = 0;
        const auto r = std::from_chars(digits.data(), digits.data() + digits.size(), mag);
        if (r.ec == std::errc() && mag <= static_cast<std::uint64_t>(INT64_MAX)) {
            ref = negative ? -static_cast<std::int64_t>(mag) : static_cast<std::int64_t>(mag);
            in_range = ref >= lo && ref <= hi;
        }
    }
    std::int64_t got = 0;
    const bool ok = fuzz::accepts([&] { got = parse_int(t, lo, hi, "value"); });
    FUZZ_CHECK(ok == in_range);
    if (ok) FUZZ_CHECK(got == ref);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    // Bounds for parse_int from the first bytes, so small and huge ranges both get exercised.
    std::int64_t lo = 0, hi = 100;
    if (size >= 2) {
        lo = -static_cast<std::int64_t>(data[0]) * 1000003;
        hi = static_cast<std::int64_t>(data[1]) * static_cast<std::int64_t>(data[1]) * 99991 * 99991;
    }
    std::vector<Line> lines;
    for (const Line& line : lines_of(text)) lines.push_back(line);
    std::size_t expected_number = 1;
    for (const Line& line : lines) {
        FUZZ_CHECK(line.number == expected_number++);
        FUZZ_CHECK(line.text.find('\n') == std::string_view::npos);
        FUZZ_CHECK(line.text.data() >= text.data() && line.text.data() + line.text.size() <= text.data() + text.size());
        const std::string q = quote(line.text, 16);
        fuzz::check_message(q.empty() ? "-" : q);
        FUZZ_CHECK(q.size() <= 16 * 4 + 3);
        std::vector<Token> tokens;
        if (!fuzz::accepts([&] { tokens = all_tokens(line); })) continue;
        std::size_t last_end = 0;
        for (const Token& t : tokens) {
            FUZZ_CHECK(!t.text.empty());
            FUZZ_CHECK(t.line == line.number);
            FUZZ_CHECK(t.column >= 1 && t.column - 1 >= last_end);
            FUZZ_CHECK(line.text.substr(t.column - 1, t.text.size()) == t.text);
            for (char c : t.text) FUZZ_CHECK(c != ' ' && c != '\t' && static_cast<unsigned char>(c) >= 0x20);
            last_end = t.column - 1 + t.text.size();
            check_int(t, lo, hi);
            check_int(t, INT64_MIN + 1, INT64_MAX);
        }
    }
    // A capped tokenize returns a prefix of the full one (when the full one succeeds).
    for (const Line& line : lines) {
        std::vector<Token> all;
        if (!fuzz::accepts([&] { all = all_tokens(line); })) continue;
        const std::size_t cap = size > 0 ? data[0] % 8 : 3;
        const auto some = tokenize(line, cap);
        FUZZ_CHECK(some.size() == std::min(all.size(), cap + 1));
        for (std::size_t k = 0; k < some.size(); ++k)
            FUZZ_CHECK(some[k].text == all[k].text && some[k].column == all[k].column);
    }
    // for_each_token visits exactly tokenize's tokens, or fails with exactly its error.
    for (const Line& line : lines) {
        std::vector<Token> all, seen;
        std::string all_error, seen_error;
        try {
            all = all_tokens(line);
        } catch (const std::exception& e) {
            all_error = e.what();
        }
        try {
            for_each_token(line, [&](const Token& t) { seen.push_back(t); });
        } catch (const std::exception& e) {
            seen_error = e.what();
        }
        FUZZ_CHECK(seen_error == all_error);
        if (!all_error.empty()) continue;
        FUZZ_CHECK(seen.size() == all.size());
        for (std::size_t k = 0; k < seen.size(); ++k)
            FUZZ_CHECK(seen[k].text == all[k].text && seen[k].column == all[k].column && seen[k].line == all[k].line);
    }
    // No line is lost: every '\n' of the text (after a BOM) ends exactly one line.
    const std::string_view body = strip_bom(text);
    std::size_t newlines = 0;
    for (char c : body) newlines += c == '\n';
    const bool open_last = !body.empty() && body.back() != '\n';
    FUZZ_CHECK(lines.size() == newlines + (open_last ? 1 : 0));
    return 0;
}

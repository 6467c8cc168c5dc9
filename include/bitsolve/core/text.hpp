#pragma once
// Text input shared by every parser: reading a FILE or stdin, splitting lines, tokens with
// their line and column, bounded integer parsing, and quoting of hostile bytes in messages.
//
// Conventions: a UTF-8 byte-order mark at the start is skipped; "\r\n" line ends are accepted;
// line and column numbers are 1-based and count bytes. Nothing here allocates per token.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bitsolve {

// Reads a whole FILE ("-" or "" = stdin). Throws InputError for a missing, unreadable or
// directory path, or input larger than max_bytes.
std::string read_input(const std::string& path, std::size_t max_bytes = std::size_t{1} << 30);

// Removes a leading UTF-8 byte-order mark, if any.
std::string_view strip_bom(std::string_view text);

struct Line {
    std::string_view text;  // without the line end (and without a trailing '\r')
    std::size_t number;     // 1-based
};

// Splits text into lines (after strip_bom). A final line without '\n' is kept; a trailing
// newline does not make an extra empty line.
std::vector<Line> split_lines(std::string_view text);

// True for a line with only blanks (spaces and tabs), or starting with '#' after blanks.
bool is_blank_or_comment(std::string_view line);

struct Token {
    std::string_view text;
    std::size_t line;
    std::size_t column;
};

// Splits one line into blank-separated tokens (spaces and tabs). Throws InputError at the first
// control byte or NUL (other than tab), naming its column.
std::vector<Token> tokenize(const Line& line);

// Parses a decimal integer token within [lo, hi]. Throws InputError naming the token's position:
// "'x1' is not a number", "number 40000 out of range 0..8". Never overflows (40 digits are fine).
std::int64_t parse_int(const Token& token, std::int64_t lo, std::int64_t hi, std::string_view what);

// Quotes a fragment of untrusted input for an error message: at most max_chars characters,
// non-printable bytes as \xHH, with an ellipsis when cut.
std::string quote(std::string_view text, std::size_t max_chars = 24);

}  // namespace bitsolve

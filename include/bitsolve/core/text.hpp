#pragma once
// Text input shared by every parser: reading a FILE or stdin, lines one at a time, tokens with
// their line and column, bounded integer parsing, and quoting of hostile bytes in messages.
//
// Conventions: a UTF-8 byte-order mark at the start is skipped; "\r\n" line ends are accepted;
// line and column numbers are 1-based and count bytes. Nothing here allocates per token.
#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

namespace bitsolve {

// Reads a whole FILE ("-" or "" = stdin). Throws InputError for a missing, unreadable or
// directory path, or input larger than max_bytes; LimitError when a stop (a signal, a time limit)
// is requested while stdin is read, so that no part of it is taken for the whole.
std::string read_input(const std::string& path, std::size_t max_bytes = std::size_t{1} << 30);

// The same for an open stream (the judge problems read std::cin); `name` names it in errors.
std::string read_stream(std::istream& in, const std::string& name, std::size_t max_bytes = std::size_t{1} << 30);

// Removes a leading UTF-8 byte-order mark, if any.
std::string_view strip_bom(std::string_view text);

// The 64-bit FNV-1a hash of `bytes`, continued from `h` (a hash can run over several parts in
// turn): the checksum of the text files a run saves, checkpoints and journals.
inline constexpr std::uint64_t kFnv1aBasis = 0xcbf29ce484222325ULL;
std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h = kFnv1aBasis);

struct Line {
    std::string_view text;  // without the line end (and without a trailing '\r')
    std::size_t number;     // 1-based
};

// Splits text into lines (after strip_bom), one at a time: `for (const Line& l : lines_of(text))`.
// A final line without '\n' is kept; a trailing newline does not make an extra empty line.
// Memory stays constant whatever the input (a vector of lines would hold 24 bytes per line: a
// hostile 10 MB file of newlines would cost 240 MB).
class LineRange {
public:
    class iterator {
    public:
        using value_type = Line;
        using difference_type = std::ptrdiff_t;
        using reference = const Line&;
        using pointer = const Line*;
        using iterator_category = std::forward_iterator_tag;

        iterator() = default;  // the end
        explicit iterator(std::string_view text) : rest_(text), more_(!text.empty()), end_(false) { advance(); }
        const Line& operator*() const { return line_; }
        const Line* operator->() const { return &line_; }
        iterator& operator++() {
            advance();
            return *this;
        }
        iterator operator++(int) {
            iterator old = *this;
            advance();
            return old;
        }
        friend bool operator==(const iterator& a, const iterator& b) {
            return a.end_ == b.end_ && (a.end_ || a.line_.number == b.line_.number);
        }

    private:
        void advance() {
            if (!more_) {
                end_ = true;
                return;
            }
            const std::size_t nl = rest_.find('\n');
            std::string_view t = rest_.substr(0, nl);
            if (!t.empty() && t.back() == '\r') t.remove_suffix(1);
            line_ = Line{t, line_.number + 1};
            if (nl == std::string_view::npos) {
                more_ = false;
            } else {
                rest_.remove_prefix(nl + 1);
                more_ = !rest_.empty();
            }
        }
        std::string_view rest_;
        Line line_{{}, 0};
        bool more_ = false;
        bool end_ = true;
    };

    explicit LineRange(std::string_view text) : text_(strip_bom(text)) {}
    iterator begin() const { return iterator(text_); }
    iterator end() const { return iterator(); }

private:
    std::string_view text_;
};
inline LineRange lines_of(std::string_view text) { return LineRange(text); }

// True for a line with only blanks (spaces and tabs), or starting with '#' after blanks.
bool is_blank_or_comment(std::string_view line);

struct Token {
    std::string_view text;
    std::size_t line;
    std::size_t column;
};

// Splits one line into blank-separated tokens (spaces and tabs), stopping after max_tokens + 1
// tokens: enough to report "too many" at the first extra token, without holding 40 bytes per
// token of a hostile multi-megabyte line. Throws InputError at the first control byte or NUL
// (other than tab) before that, naming its column; bytes after the last token returned are not
// looked at.
std::vector<Token> tokenize(const Line& line, std::size_t max_tokens);

// Throws the InputError of tokenize for the control byte at index i of the line.
[[noreturn]] void throw_control_byte(const Line& line, std::size_t i);

// The tokens of one line, one at a time: f(token) for each, with the same control-byte errors
// as tokenize. Memory stays constant however many tokens the line holds; f may throw to stop.
template <class F>
void for_each_token(const Line& line, F&& f) {
    const std::string_view s = line.text;
    auto blank = [](char c) { return c == ' ' || c == '\t'; };
    auto check = [&](std::size_t i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F) throw_control_byte(line, i);
    };
    std::size_t i = 0;
    while (i < s.size()) {
        if (blank(s[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        for (; j < s.size() && !blank(s[j]); ++j) check(j);
        f(Token{s.substr(i, j - i), line.number, i + 1});
        i = j;
    }
}

// Parses a decimal integer token within [lo, hi]. Throws InputError naming the token's position:
// "'x1' is not a number", "number 40000 out of range 0..8". Never overflows (40 digits are fine).
std::int64_t parse_int(const Token& token, std::int64_t lo, std::int64_t hi, std::string_view what);

// Quotes a fragment of untrusted input for an error message: at most max_chars characters,
// non-printable bytes as \xHH, with an ellipsis when cut.
std::string quote(std::string_view text, std::size_t max_chars = 24);

}  // namespace bitsolve

#include "bitsolve/sliding/parse.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::sliding {

namespace {

std::string size_name(int rows, int cols) { return std::to_string(rows) + "x" + std::to_string(cols); }

// Checks that the tokens are a permutation of 0..cells-1 and fills the board, naming the first
// offending token. Tokens were already checked to be numbers.
Board fill(const std::vector<Token>& tokens, const std::vector<std::int64_t>& values, Geometry g) {
    const int n = g.cells();
    Board b;
    b.geo = g;
    int first[kMaxCells];
    for (int& f : first) f = -1;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const std::int64_t v = values[i];
        const Token& t = tokens[i];
        if (v < 0 || v >= n)
            throw InputError("tile " + quote(t.text) + " out of range 0.." + std::to_string(n - 1) + " for a " +
                                 size_name(g.rows, g.cols) + " board",
                             t.line, t.column);
        if (first[v] >= 0) {
            const Token& f = tokens[static_cast<std::size_t>(first[v])];
            std::string missing;
            for (int x = 0; x < n; ++x) {
                bool present = first[x] >= 0;
                for (std::size_t j = i + 1; j < tokens.size() && !present; ++j) present = values[j] == x;
                if (!present) missing += (missing.empty() ? "" : ", ") + std::to_string(x);
            }
            throw InputError("tile " + std::to_string(v) + " appears twice (first at line " + std::to_string(f.line) +
                                 ", column " + std::to_string(f.column) + ")" +
                                 (missing.empty() ? "" : "; missing: " + missing),
                             t.line, t.column);
        }
        first[v] = static_cast<int>(i);
        b.tiles[i] = static_cast<Tile>(v);
    }
    return b;
}

// Tiles of a board of n cells: numbers in 0..n-1 (huge numbers are reported as out of range).
std::vector<std::int64_t> numbers(const std::vector<Token>& tokens, int n) {
    std::vector<std::int64_t> v;
    v.reserve(tokens.size());
    for (const Token& t : tokens) v.push_back(parse_int(t, 0, n - 1, "tile"));
    return v;
}

// No line of a board holds more numbers than a 5x5 board: lines are tokenised up to one token
// past that, so a hostile line of millions of numbers costs no more than a board.
constexpr std::size_t kMaxTokens = kMaxCells;

// "7", or "more than 25" when the line was cut at kMaxTokens.
std::string count_text(std::size_t count) {
    return count > kMaxTokens ? "more than " + std::to_string(kMaxTokens) : std::to_string(count);
}

Geometry square_of(std::size_t count, std::size_t line) {
    if (const auto g = square_geometry(count)) return *g;
    throw InputError(count_text(count) + " numbers do not make a square board of 2x2 to 5x5", line);
}

}  // namespace

std::optional<Geometry> square_geometry(std::size_t numbers) {
    for (int s = kMinSide; s <= kMaxSide; ++s)
        if (numbers == static_cast<std::size_t>(s) * static_cast<std::size_t>(s)) return Geometry{s, s};
    return std::nullopt;
}

Board parse_board(std::string_view text) {
    std::vector<Token> tokens;
    int rows = 0, cols = 0;
    std::size_t first_row_line = 0;
    for (const Line& line : lines_of(text)) {
        if (is_blank_or_comment(line.text)) continue;
        const std::vector<Token> row = tokenize(line, kMaxTokens);
        const int width = static_cast<int>(row.size());
        if (rows == 0) {
            cols = width;
            first_row_line = line.number;
            if (cols > kMaxSide)
                throw InputError("a row of " + count_text(row.size()) + " numbers: boards have at most " +
                                     std::to_string(kMaxSide) + " columns",
                                 line.number, row[kMaxSide].column);
        } else if (width != cols) {
            const std::size_t column = width > cols ? row[static_cast<std::size_t>(cols)].column : line.text.size() + 1;
            throw InputError("row " + std::to_string(rows + 1) + " has " + count_text(row.size()) +
                                 " numbers, row 1 (line " + std::to_string(first_row_line) + ") has " +
                                 std::to_string(cols),
                             line.number, column);
        }
        if (++rows > kMaxSide)
            throw InputError("more than " + std::to_string(kMaxSide) + " rows: boards are at most 5x5", line.number, 1);
        tokens.insert(tokens.end(), row.begin(), row.end());
    }
    if (rows == 0) throw InputError("empty input: expected a board, one row per line");
    if (rows < kMinSide || cols < kMinSide)
        throw InputError("a " + size_name(rows, cols) + " board: boards need at least 2 rows and 2 columns",
                         first_row_line);
    const Geometry g{rows, cols};
    return fill(tokens, numbers(tokens, g.cells()), g);
}

Board parse_board_line(std::string_view text, std::size_t line, std::optional<Geometry> size) {
    const std::vector<Token> tokens = tokenize(Line{text, line}, kMaxTokens);
    if (tokens.empty()) throw InputError("empty line: expected a board", line);
    const Geometry g = size ? *size : square_of(tokens.size(), line);
    if (tokens.size() != static_cast<std::size_t>(g.cells())) {
        const std::size_t column = tokens.size() > static_cast<std::size_t>(g.cells())
                                       ? tokens[static_cast<std::size_t>(g.cells())].column
                                       : text.size() + 1;
        throw InputError("expected " + std::to_string(g.cells()) + " numbers for a " + size_name(g.rows, g.cols) +
                             " board, found " + count_text(tokens.size()),
                         line, column);
    }
    return fill(tokens, numbers(tokens, g.cells()), g);
}

Board parse_goal(std::string_view spec, Geometry g) {
    if (spec == "blank-last") return blank_last_goal(g);
    if (spec == "blank-first") return blank_first_goal(g);
    // A '/' separates rows on one line ("1 2 3 / 4 5 6 / 7 8 0"), as a line break does.
    std::string text(spec);
    std::replace(text.begin(), text.end(), '/', '\n');
    std::vector<Token> tokens;
    for (const Line& line : lines_of(text)) {
        const std::vector<Token> row = tokenize(line, kMaxTokens);
        tokens.insert(tokens.end(), row.begin(), row.end());
        if (tokens.size() > kMaxTokens) break;  // already too many for any board
    }
    if (tokens.empty()) throw InputError("empty goal: expected blank-last, blank-first or the goal's numbers");
    if (tokens.size() == 1 && tokens[0].text.find_first_not_of("+-0123456789") != std::string_view::npos)
        throw InputError("unknown goal '" + quote(tokens[0].text) +
                         "': expected blank-last, blank-first or the goal's numbers");
    if (tokens.size() != static_cast<std::size_t>(g.cells()))
        throw InputError("the goal has " + count_text(tokens.size()) + " numbers, the " + size_name(g.rows, g.cols) +
                         " board " + std::to_string(g.cells()));
    return fill(tokens, numbers(tokens, g.cells()), g);
}

Geometry parse_geometry(std::string_view text) {
    auto bad = [&] {
        return UsageError("invalid size '" + quote(text) + "': expected RxC with R and C in 2..5, e.g. 3x4");
    };
    const std::size_t x = text.find_first_of("xX");
    if (x != 1 || text.size() != 3) throw bad();  // npos != 1 too
    const int r = text[0] - '0', c = text[2] - '0';
    if (r < kMinSide || r > kMaxSide || c < kMinSide || c > kMaxSide) throw bad();
    return Geometry{r, c};
}

}  // namespace bitsolve::sliding

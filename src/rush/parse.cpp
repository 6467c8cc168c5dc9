// Rush Hour input: the judge's integer grid and Fogleman's character format, validated into a
// Board. Parsing first reads a grid of labels with the source position of every cell, then one
// shared validator checks the pieces, so both formats report the same errors the same way.
#include "bitsolve/rush/parse.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::rush {
namespace {

constexpr int kWall = -1;
constexpr int kJudgeMaxVehicles = 10;

struct Cell {
    int label = 0;  // 0 empty, kWall, a letter code or a vehicle id
    std::size_t line = 0, column = 0;
};

struct Grid {
    int n = 0;
    Naming naming = Naming::Letters;
    std::vector<Cell> cells;  // row-major, n*n
    const Cell& at(int r, int c) const { return cells[static_cast<std::size_t>(r * n + c)]; }
};

std::string label_name(const Grid& g, int label) {
    if (g.naming == Naming::Numbers) return "vehicle " + std::to_string(label);
    return std::string("piece ") + static_cast<char>(label);
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s, std::size_t& offset) {
    offset = 0;
    while (!s.empty() && is_blank(s.front())) s.remove_prefix(1), ++offset;
    while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
    return s;
}

// The judge's grid starts with a number; a character board never does ('0'..'9' are not cells).
bool starts_like_number(std::string_view s) {
    std::size_t offset = 0;
    s = trim(s, offset);
    return !s.empty() && ((s[0] >= '0' && s[0] <= '9') || s[0] == '-' || s[0] == '+');
}

int size_for_length(std::size_t len) {
    for (int n = kMinSize; n <= kMaxSize; ++n)
        if (static_cast<std::size_t>(n * n) == len) return n;
    return 0;
}

// One character of Fogleman's format into a label; throws at (line, column) otherwise.
int char_label(char ch, std::size_t line, std::size_t column) {
    if (ch == 'o' || ch == '.') return 0;
    if (ch == 'x') return kWall;
    if (ch >= 'A' && ch <= 'Z') return ch;
    throw InputError("unknown character '" + quote(std::string_view(&ch, 1)) +
                         "' (expected 'o' or '.' empty, 'x' wall, 'A'..'Z' pieces)",
                     line, column);
}

// The labels' cells grouped into 4-connected components (cells are given in row-major order).
std::vector<std::vector<int>> components(const std::vector<int>& cells, int n) {
    std::vector<std::vector<int>> comps;
    std::vector<bool> seen(cells.size(), false);
    for (std::size_t s = 0; s < cells.size(); ++s) {
        if (seen[s]) continue;
        std::vector<int> comp{cells[s]};
        seen[s] = true;
        for (std::size_t k = 0; k < comp.size(); ++k)
            for (std::size_t t = 0; t < cells.size(); ++t) {
                if (seen[t]) continue;
                const int a = comp[k], b = cells[t];
                const bool adjacent = (a / n == b / n && std::abs(a - b) == 1) || std::abs(a - b) == n;
                if (adjacent) seen[t] = true, comp.push_back(b);
            }
        std::sort(comp.begin(), comp.end());
        comps.push_back(std::move(comp));
    }
    std::sort(comps.begin(), comps.end());
    return comps;
}

bool straight_run(const std::vector<int>& cells, int n) {
    bool row = true, col = true;
    for (int c : cells) row &= c / n == cells[0] / n, col &= c % n == cells[0] % n;
    return cells.size() >= 2 && (row || col);
}

// Validates the pieces of a grid and builds the board; `exit_row` < 0 means "the primary's row".
Board build(const Grid& g, int exit_row) {
    const int n = g.n;
    std::map<int, std::vector<int>> by_label;  // label -> cells, row-major
    Board b;
    b.size = n;
    b.naming = g.naming;
    for (int i = 0; i < n * n; ++i) {
        const int label = g.cells[static_cast<std::size_t>(i)].label;
        if (label == kWall) b.walls |= cell_bit(i / n, i % n);
        if (label > 0) by_label[label].push_back(i);
    }
    auto where = [&](int cell) -> const Cell& { return g.cells[static_cast<std::size_t>(cell)]; };
    auto fail = [&](const std::string& msg, int cell) -> InputError {
        return InputError(msg, where(cell).line, where(cell).column);
    };
    const int primary_label = g.naming == Naming::Numbers ? 1 : 'A';
    if (g.naming == Naming::Numbers) {
        const int count = static_cast<int>(by_label.size());
        if (count > kJudgeMaxVehicles) {
            const int cell = std::next(by_label.begin(), kJudgeMaxVehicles)->second.front();
            throw fail(std::to_string(count) + " vehicles; the judge's grid allows at most " +
                           std::to_string(kJudgeMaxVehicles),
                       cell);
        }
        for (int id = 1; id <= count; ++id)
            if (!by_label.count(id)) {
                const int bad = std::prev(by_label.end())->first;
                throw fail("vehicle ids must be numbered 1.." + std::to_string(count) + ": vehicle " +
                               std::to_string(id) + " is missing but vehicle " + std::to_string(bad) + " is present",
                           std::prev(by_label.end())->second.front());
            }
    }
    if (!by_label.count(primary_label))
        throw InputError(g.naming == Naming::Numbers ? "no vehicle 1 (the red car)" : "no primary piece 'A'");
    for (const auto& [label, cells] : by_label) {
        const std::string who = label_name(g, label);
        if (cells.size() == 1) throw fail(who + " is 1 cell long; a piece is 2 or 3 cells long", cells[0]);
        const auto comps = components(cells, n);
        if (comps.size() > 1) {
            const bool all_pieces = std::all_of(comps.begin(), comps.end(),
                                                [&](const auto& c) { return straight_run(c, n) && c.size() <= 3; });
            bool same_row = true, same_col = true;
            for (int c : cells) same_row &= c / n == cells[0] / n, same_col &= c % n == cells[0] % n;
            const bool one_line = same_row || same_col;
            const std::string what = all_pieces ? "two pieces are named " + who.substr(who.find(' ') + 1)
                                     : one_line ? who + " is split (its cells are not contiguous)"
                                                : who + " is not straight (diagonal or scattered cells)";
            throw fail(what, comps[1][0]);
        }
        if (!straight_run(cells, n)) throw fail(who + " is not straight (L-shaped)", cells[0]);
        if (cells.size() > 3)
            throw fail(who + " is " + std::to_string(cells.size()) + " cells long; a piece is 2 or 3 cells long",
                       cells[0]);
        Piece p;
        p.vertical = cells[0] % n == cells[1] % n;
        p.line = static_cast<std::uint8_t>(p.vertical ? cells[0] % n : cells[0] / n);
        p.pos = static_cast<std::uint8_t>(p.vertical ? cells[0] / n : cells[0] % n);
        p.len = static_cast<std::uint8_t>(cells.size());
        p.id = label;
        if (label == primary_label) {
            if (p.vertical)
                throw fail("the primary car (" + who + ") is vertical; it must be horizontal, on the exit row",
                           cells[0]);
            if (exit_row >= 0 && p.line != exit_row)
                throw fail("the primary car (" + who + ") is in row " + std::to_string(p.line + 1) +
                               "; it must be in row " + std::to_string(exit_row + 1) + ", the exit row",
                           cells[0]);
        }
        b.pieces.push_back(p);
    }
    // Labels are ordered ('A' < 'B' < ..., 1 < 2 < ...), so the primary piece comes first.
    b.primary = 0;
    return b;
}

Grid char_grid_one_line(std::string_view text, std::size_t line) {
    std::size_t offset = 0;
    const std::string_view s = trim(text, offset);
    const int n = size_for_length(s.size());
    if (n == 0)
        throw InputError("a board string has " + std::to_string(s.size()) +
                             " characters; expected N*N for N = 4..8 (16, 25, 36, 49 or 64)",
                         line, offset + 1);
    Grid g;
    g.n = n;
    for (std::size_t i = 0; i < s.size(); ++i)
        g.cells.push_back({char_label(s[i], line, offset + i + 1), line, offset + i + 1});
    return g;
}

// A board has at most kMaxSize lines; collecting stops two lines past that (enough for every
// message), so millions of short lines cost no more than a board.
constexpr std::size_t kMaxBoardLines = kMaxSize + 2;

std::string line_count(const std::vector<Line>& lines) {
    return lines.size() >= kMaxBoardLines ? "at least " + std::to_string(kMaxBoardLines) : std::to_string(lines.size());
}

Grid char_grid_lines(const std::vector<Line>& lines) {
    std::size_t offset = 0;
    const int n = static_cast<int>(trim(lines[0].text, offset).size());
    if (n < kMinSize || n > kMaxSize)
        throw InputError(
            "a board line has " + std::to_string(n) + " characters; expected N characters on each of N lines, N = 4..8",
            lines[0].number, 1);
    if (lines.size() != static_cast<std::size_t>(n)) {
        const std::size_t at = lines.size() > static_cast<std::size_t>(n) ? lines[static_cast<std::size_t>(n)].number
                                                                          : lines.back().number + 1;
        throw InputError("expected " + std::to_string(n) + " lines of " + std::to_string(n) + " characters, found " +
                             line_count(lines) + " lines",
                         at, 1);
    }
    Grid g;
    g.n = n;
    for (const Line& l : lines) {
        const std::string_view s = trim(l.text, offset);
        if (s.size() != static_cast<std::size_t>(n))
            throw InputError("line has " + std::to_string(s.size()) + " characters; expected " + std::to_string(n),
                             l.number, offset + 1);
        for (std::size_t i = 0; i < s.size(); ++i)
            g.cells.push_back({char_label(s[i], l.number, offset + i + 1), l.number, offset + i + 1});
    }
    return g;
}

Grid judge_grid(const std::vector<Line>& lines) {
    constexpr int n = 6;
    Grid g;
    g.n = n;
    g.naming = Naming::Numbers;
    for (std::size_t r = 0; r < lines.size(); ++r) {
        if (r == static_cast<std::size_t>(n))
            throw InputError("expected 6 lines of 6 numbers, found " + line_count(lines) + " lines", lines[r].number,
                             1);
        // Counted exactly up to a board's worth of cells, so a hostile line costs nothing.
        constexpr std::size_t kMaxTokens = std::size_t{kMaxSize} * kMaxSize;
        const auto tokens = tokenize(lines[r], kMaxTokens);
        if (tokens.size() != static_cast<std::size_t>(n)) {
            const std::size_t col = tokens.size() > static_cast<std::size_t>(n)
                                        ? tokens[static_cast<std::size_t>(n)].column
                                        : lines[r].text.size() + 1;
            const std::string count =
                tokens.size() > kMaxTokens ? "more than " + std::to_string(kMaxTokens) : std::to_string(tokens.size());
            throw InputError("line has " + count + " numbers; expected 6", lines[r].number, col);
        }
        for (const Token& t : tokens)
            g.cells.push_back({static_cast<int>(parse_int(t, 0, 99, "vehicle id")), t.line, t.column});
    }
    if (lines.size() != static_cast<std::size_t>(n))
        throw InputError("expected 6 lines of 6 numbers, found " + line_count(lines) + " lines",
                         lines.back().number + 1, 1);
    return g;
}

std::vector<Line> board_lines(std::string_view text) {
    std::vector<Line> lines;
    for (const Line& l : lines_of(text)) {
        if (!is_blank_or_comment(l.text)) lines.push_back(l);
        if (lines.size() == kMaxBoardLines) break;
    }
    if (lines.empty()) throw InputError("no board in the input");
    return lines;
}

}  // namespace

Board parse_board(std::string_view text) {
    const auto lines = board_lines(text);
    if (starts_like_number(lines[0].text)) return build(judge_grid(lines), 2);
    if (lines.size() == 1) return build(char_grid_one_line(lines[0].text, lines[0].number), -1);
    std::size_t offset = 0;
    if (size_for_length(trim(lines[0].text, offset).size()) != 0)
        throw SeveralBoardsError("another line after a whole board string; one board is expected", lines[1].number, 1);
    return build(char_grid_lines(lines), -1);
}

Board parse_board_string(std::string_view line) { return build(char_grid_one_line(line, 1), -1); }

Board parse_batch_line(std::string_view line) {
    // A database line has three fields; the board is looked for among the first four.
    const auto tokens = tokenize(Line{line, 1}, 3);
    if (tokens.size() <= 1) return parse_board_string(line);
    for (const Token& t : tokens) {
        if (size_for_length(t.text.size()) == 0) continue;
        try {
            return parse_board_string(t.text);
        } catch (const InputError& e) {
            throw InputError(e.message(), 1, e.column() + t.column - 1);
        }
    }
    throw InputError("no field of board length (16, 25, 36, 49 or 64 characters) on the line", 1, tokens[0].column);
}

Board parse_judge_grid(std::string_view text) { return build(judge_grid(board_lines(text)), 2); }

}  // namespace bitsolve::rush

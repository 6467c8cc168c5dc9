#pragma once
// Parsers for sliding-tile boards: pure functions over text that throw InputError (what and
// where: line and column, 1-based) or UsageError for option values. Nothing here reads files.
//
// A board (FILE or stdin): one row per line, integers separated by blanks, 0 = blank, tiles
// 1..rows*cols-1 once each; 2..5 rows and 2..5 columns. Blank lines and lines starting with '#'
// are skipped.
// A batch line: rows*cols integers on one line, in row-major order.
// A goal: "blank-last" (1 2 .. n-1 0), "blank-first" (0 1 .. n-1), or the goal's integers in
// row-major order, separated by blanks or newlines.
// A size: "RxC", e.g. "3x4" (rows x columns).
#include <optional>
#include <string_view>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

Board parse_board(std::string_view text);

// One line of a batch; `line` is the line number used in messages; without `size` the board must
// be square (4, 9, 16 or 25 numbers).
Board parse_board_line(std::string_view text, std::size_t line, std::optional<Geometry> size);

// The square board of `numbers` cells (2x2 .. 5x5), if there is one.
std::optional<Geometry> square_geometry(std::size_t numbers);

// The goal: "blank-last", "blank-first", or its numbers, rows separated by blanks, line breaks
// or '/'. Throws InputError when the goal is not a permutation of the board's values or has the wrong
// number of cells (the message names neither the goal nor where it came from: callers add that).
Board parse_goal(std::string_view spec, Geometry g);

// Throws UsageError for anything but "RxC" with R and C in 2..5.
Geometry parse_geometry(std::string_view text);

}  // namespace bitsolve::sliding

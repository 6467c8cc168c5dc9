#pragma once
// Parsing Rush Hour boards. Pure functions over text; every error is an InputError with the
// line and column of the offending cell, and nothing here crashes on hostile bytes.
//
// Formats, recognised automatically by parse_board (blank lines and '#' comment lines are
// skipped around the board):
//   1. the judge's grid (BOJ 18139): 6 lines of 6 integers; 0 empty, vehicles 1..n (n <= 10),
//      vehicle 1 the primary car, horizontal, in row 3; the exit at the right end of row 3.
//      Chosen when the first board line holds a digit.
//   2. Fogleman's string: N*N characters on one line (N = 4..8, so 16, 25, 36, 49 or 64), or N
//      lines of N characters; 'o' or '.' empty, 'x' a wall, 'A' the primary piece, 'B'..'Z' the
//      others. The exit is at the right end of the row of 'A'.
// Every piece must be a straight run of 2 or 3 cells; the primary piece must be horizontal.
#include <string_view>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/rush/board.hpp"

namespace bitsolve::rush {

// The input holds a whole board string and more lines after it: several boards where one was
// expected (a front end that reads batches can say so).
class SeveralBoardsError : public InputError {
public:
    using InputError::InputError;
};

// Either format; see above. Throws SeveralBoardsError for several board strings.
Board parse_board(std::string_view text);

// One board string on one line (batch mode): N*N characters, surrounding blanks ignored.
// Errors are reported at line 1; the caller re-bases them with InputError::at_line.
Board parse_board_string(std::string_view line);

// One line of a batch: a board string alone, or a line of Fogleman's database
// ("<moves> <board> <cluster size>"), whose first field of board length (16, 25, 36, 49 or 64
// characters) is the board. Errors are at line 1 with the column in the line.
Board parse_batch_line(std::string_view line);

// The judge's grid only (what `bitsolve boj 18139` reads).
Board parse_judge_grid(std::string_view text);

}  // namespace bitsolve::rush

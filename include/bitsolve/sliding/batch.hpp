#pragma once
// Many boards, one per line, solved in parallel with results in input order.
//
// Lines that are blank or start with '#' are skipped. Each other line is parsed on its own
// (parse_board_line), so a bad line yields an error for that line only and the others are still
// answered. Boards are solved with parallel_for and each result is stored at its line's index,
// so the results never depend on the number of threads.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/core/stats.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding {

struct BatchOptions {
    std::optional<Geometry> size;    // --size; without it boards are square (or the goal's size)
    std::optional<Board> goal;       // an explicit goal; otherwise `blank_first` decides
    bool blank_first = false;
    SolveOptions solve;
    unsigned threads = 0;            // 0 = all cores
};

struct BatchItem {
    std::size_t line = 0;
    bool ok = false;
    Board board;                    // when ok
    Solution solution;              // when ok
    std::string error;              // "line L, column C: ..." when not ok
};

std::vector<BatchItem> solve_batch(std::string_view text, const BatchOptions& opt);

}  // namespace bitsolve::sliding

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

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
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
    std::string error;              // "line L, column C: ..." when not ok, or a limit of this board
    bool done = false;              // solved, or failed with `error`; false when a stop cut it short
    bool limited = false;           // error is a limit of this board alone (exit code 1)
};

// Solves every parsed item in parallel (solve_item(item) fills item.solution). A timeout or
// signal stops handing out boards; the items already finished keep their results (done).
template <class SolveItem>
void solve_items(std::vector<BatchItem>& items, unsigned threads, SolveItem&& solve_item) {
    parallel_for(items.size(), threads, [&](std::size_t i) {
        BatchItem& item = items[i];
        if (!item.ok) {
            item.done = true;
            return;
        }
        std::string limit;
        item.done = run_batch_item([&] { solve_item(item); }, limit);
        if (!limit.empty()) item.ok = false, item.limited = true, item.error = "line " + std::to_string(item.line) + ": " + limit;
    });
}

std::vector<BatchItem> solve_batch(std::string_view text, const BatchOptions& opt);

}  // namespace bitsolve::sliding

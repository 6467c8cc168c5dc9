#pragma once
// Many boards, one per line, solved in parallel with results in input order.
//
// Lines that are blank or start with '#' are skipped. Each other line is parsed on its own
// (parse_board_line), so a bad line yields an error for that line only and the others are still
// answered. Boards are solved in chunks with parallel_for and handed out in input order, so the
// results never depend on the number of threads.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/stats.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding {

struct BatchOptions {
    std::optional<Geometry> size;  // without it boards are square (or the goal's size)
    std::optional<Board> goal;     // an explicit goal; otherwise `blank_first` decides
    bool blank_first = false;
    // A line may end with one more number, the board's expected length, as in Korf's files
    // (data/sliding/korf100.txt): a line that is a board once that number is dropped is read so,
    // the number kept in BatchItem::expected.
    bool length_column = false;
    // With pattern_db set, every board has the databases' size (other lines are bad lines) and
    // is solved with PDB-IDA* on one thread (solve.threads is not used: boards run in parallel).
    SolveOptions solve;
    unsigned threads = 0;  // 0 = all cores
};

struct BatchItem {
    std::size_t line = 0;
    bool ok = false;
    Board board;                        // when ok
    Solution solution;                  // when ok
    std::string error;                  // "line L, column C: ..." when not ok, or a limit of this board
    bool done = false;                  // solved, or failed with `error`; false when a stop cut it short
    bool limited = false;               // error is a limit of this board alone (exit code 1)
    bool no_size = false;               // error: no size was given and the line's numbers make no square board
    std::optional<long long> expected;  // the line's length column (BatchOptions::length_column)
};

// One parsed line of a batch: the board (ok) or the error of that line (done, nothing to solve).
BatchItem parse_batch_item(const Line& line, std::optional<Geometry> size, bool length_column = false);

// Solves one parsed item with solve_item(item) (which fills item.solution), in a parallel loop.
// A limit of this board alone becomes its error; a stop (timeout, signal) leaves it not done.
template <class SolveItem>
void solve_batch_item(BatchItem& item, SolveItem&& solve_item) {
    std::string limit;
    item.done = run_batch_item([&] { solve_item(item); }, limit);
    if (!limit.empty())
        item.ok = false, item.limited = true, item.error = "line " + std::to_string(item.line) + ": " + limit;
}

// Solves a batch, streamed in chunks (core/batch_stream.hpp): emit(item) gets every finished
// item in input order, memory stays at one chunk whatever the batch. Returns false when a stop
// cut the batch short (every item before the first unfinished one was emitted).
bool solve_batch(std::string_view text, const BatchOptions& opt, const std::function<void(const BatchItem&)>& emit);

}  // namespace bitsolve::sliding

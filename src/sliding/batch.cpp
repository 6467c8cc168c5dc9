#include "bitsolve/sliding/batch.hpp"

#include "bitsolve/core/batch_stream.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"

namespace bitsolve::sliding {
namespace {

// True when the line's numbers are too few or too many for any square board (a line that does
// not even tokenise fails for another reason).
bool makes_no_square(const Line& line) {
    try {
        return !square_geometry(tokenize(line, kMaxCells).size());
    } catch (const InputError&) {
        return false;
    }
}

}  // namespace

BatchItem parse_batch_item(const Line& line, std::optional<Geometry> size) {
    BatchItem item;
    item.line = line.number;
    try {
        item.board = parse_board_line(line.text, line.number, size);
        item.ok = true;
    } catch (const InputError& e) {
        item.error = e.what();
        item.done = true;
        item.no_size = !size && makes_no_square(line);
    }
    return item;
}

bool solve_batch(std::string_view text, const BatchOptions& opt, const std::function<void(const BatchItem&)>& emit) {
    std::optional<Geometry> size = opt.size;
    if (!size && opt.goal) size = opt.goal->geo;
    SolveOptions solve_opt = opt.solve;
    if (solve_opt.pattern_db) {
        size = solve_opt.pattern_db->geometry();
        solve_opt.threads = 1;
    }
    return stream_batch<BatchItem>(
        text, opt.threads, [&](const Line& line) { return parse_batch_item(line, size); },
        [&](BatchItem& item) {
            solve_batch_item(item, [&](BatchItem& it) {
                const Board goal =
                    opt.goal ? *opt.goal
                             : (opt.blank_first ? blank_first_goal(it.board.geo) : blank_last_goal(it.board.geo));
                it.solution = solve(it.board, goal, solve_opt);
            });
        },
        emit);
}

}  // namespace bitsolve::sliding

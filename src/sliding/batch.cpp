#include "bitsolve/sliding/batch.hpp"

#include <string>
#include <string_view>

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

BatchItem parse_batch_item(const Line& line, std::optional<Geometry> size, bool length_column) {
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
    if (item.ok || !length_column) return item;
    // The board and a last number, its expected length: read again without that number.
    std::string_view text = line.text;
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    const std::size_t cut = text.find_last_of(" \t");
    if (cut == std::string_view::npos) return item;
    const std::string_view last = text.substr(cut + 1);
    if (last.empty() || last.size() > 6 || last.find_first_not_of("0123456789") != std::string_view::npos) return item;
    try {
        BatchItem with_column;
        with_column.line = line.number;
        with_column.board = parse_board_line(text.substr(0, cut), line.number, size);
        with_column.ok = true;
        with_column.expected = std::stoll(std::string(last));
        return with_column;
    } catch (const InputError&) {
        return item;  // not a board either way: the error of the whole line
    }
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
        text, opt.threads, [&](const Line& line) { return parse_batch_item(line, size, opt.length_column); },
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

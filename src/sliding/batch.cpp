#include "bitsolve/sliding/batch.hpp"

#include "bitsolve/core/batch_stream.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"

namespace bitsolve::sliding {

BatchItem parse_batch_item(const Line& line, std::optional<Geometry> size) {
    BatchItem item;
    item.line = line.number;
    try {
        item.board = parse_board_line(line.text, line.number, size);
        item.ok = true;
    } catch (const InputError& e) {
        item.error = e.what();
        item.done = true;
    }
    return item;
}

bool solve_batch(std::string_view text, const BatchOptions& opt, const std::function<void(const BatchItem&)>& emit) {
    std::optional<Geometry> size = opt.size;
    if (!size && opt.goal) size = opt.goal->geo;
    return stream_batch<BatchItem>(
        text, opt.threads, [&](const Line& line) { return parse_batch_item(line, size); },
        [&](BatchItem& item) {
            solve_batch_item(item, [&](BatchItem& it) {
                const Board goal =
                    opt.goal ? *opt.goal
                             : (opt.blank_first ? blank_first_goal(it.board.geo) : blank_last_goal(it.board.geo));
                it.solution = solve(it.board, goal, opt.solve);
            });
        },
        emit);
}

}  // namespace bitsolve::sliding

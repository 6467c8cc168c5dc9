#include "bitsolve/sliding/batch.hpp"

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"

namespace bitsolve::sliding {

std::vector<BatchItem> solve_batch(std::string_view text, const BatchOptions& opt) {
    std::vector<BatchItem> items;
    for (const Line& line : lines_of(text)) {
        if (is_blank_or_comment(line.text)) continue;
        BatchItem item;
        item.line = line.number;
        try {
            std::optional<Geometry> size = opt.size;
            if (!size && opt.goal) size = opt.goal->geo;
            item.board = parse_board_line(line.text, line.number, size);
            item.ok = true;
        } catch (const InputError& e) {
            item.error = e.what();
        }
        items.push_back(std::move(item));
    }
    // Parsing is cheap and sequential (errors keep their order); solving is parallel.
    solve_items(items, opt.threads, [&](BatchItem& item) {
        const Board goal = opt.goal ? *opt.goal
                                    : (opt.blank_first ? blank_first_goal(item.board.geo) : blank_last_goal(item.board.geo));
        item.solution = solve(item.board, goal, opt.solve);
    });
    return items;
}

}  // namespace bitsolve::sliding

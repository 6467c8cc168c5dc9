#include "sliding_hints.hpp"

#include <string_view>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parity.hpp"
#include "bitsolve/sliding/parse.hpp"

namespace bitsolve::cli {

using namespace bitsolve::sliding;

// The trap of the two standard goals: a board that cannot reach the goal asked for but reaches the
// other one (on boards of even width they are on opposite sides of the parity). Empty otherwise.
std::string other_goal_hint(const std::string& goal, const Board& start) {
    if (goal == "blank-last" && solvable(start, blank_first_goal(start.geo)))
        return "unreachable for blank-last (1 2 .. 0); the board reaches blank-first (0 1 2 ..): Korf's instances "
               "use --goal blank-first";
    if (goal == "blank-first" && solvable(start, blank_last_goal(start.geo)))
        return "unreachable for blank-first (0 1 2 ..); the board reaches blank-last (1 2 .. 0), the default goal "
               "(drop --goal blank-first)";
    return {};
}

// parse_board, with a hint when the input is one line of numbers: a batch line, not a grid.
Board parse_single_board(const std::string& text) {
    try {
        return parse_board(text);
    } catch (const InputError& e) {
        std::size_t lines = 0, numbers = 0;
        for (const Line& line : lines_of(text)) {
            const std::size_t first = line.text.find_first_not_of(" \t\r");
            if (first == std::string_view::npos || line.text[first] == '#') continue;  // blank or comment
            if (++lines > 1) break;
            try {
                numbers = tokenize(line, kMaxCells + 2).size();
            } catch (const InputError&) {
                numbers = 0;
            }
        }
        if (lines == 1 && numbers >= 4)
            throw InputError(
                std::string(e.what()) +
                " (a board is one row per line; for one board per line, as in --batch files, give --batch)");
        throw;
    }
}

}  // namespace bitsolve::cli

#include "sliding_batch.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "sliding_hints.hpp"

namespace bitsolve::cli {

using namespace bitsolve::sliding;

Board goal_option(const std::string& goal, Geometry g) {
    try {
        return parse_goal(goal, g);
    } catch (const InputError& e) {
        throw UsageError("--goal: " + std::string(e.what()));
    }
}

BatchOptions batch_settings(const std::string& size, const std::string& goal, const SolveOptions& solve) {
    BatchOptions b;
    if (!size.empty()) b.size = parse_geometry(size);
    if (goal == "blank-first") {
        b.blank_first = true;
    } else if (goal != "blank-last") {
        // An explicit goal fixes the size: --size, or the square its numbers make.
        Geometry g{};
        if (b.size) {
            g = *b.size;
        } else {
            std::string text = goal;  // '/' separates rows, as in parse_goal
            std::replace(text.begin(), text.end(), '/', ' ');
            std::size_t n = 0;
            try {
                for (const Line& line : lines_of(text)) n += tokenize(line, kMaxCells).size();
            } catch (const InputError& e) {
                throw UsageError("--goal: " + std::string(e.what()));
            }
            bool square = false;
            for (int s = kMinSide; s <= kMaxSide; ++s)
                if (static_cast<std::size_t>(s * s) == n) g = Geometry{s, s}, square = true;
            if (!square)
                throw UsageError("--goal: " + std::to_string(n) +
                                 " numbers do not make a square board (give --size RxC)");
        }
        b.goal = goal_option(goal, g);
    }
    b.solve = solve;
    b.length_column = true;  // Korf's files as they are: the board, then its length
    return b;
}

std::string batch_error(const BatchItem& item, const BatchOptions& b) {
    if (item.no_size) return item.error + " (give --size RxC)";
    if (item.limited && !refusal(b.solve.algorithm, item.board.geo).empty()) return item.error + "; use --algo ida";
    return item.error;
}

void BatchHints::add(std::size_t line, std::optional<long long> expected, int length, bool other_goal) {
    if (expected) {
        ++checked_;
        if (*expected != length && differ_++ == 0)
            first_difference_ = fmt::format("line {}: {} in the file, {} found", line, *expected, length);
    }
    if (other_goal) ++other_goal_;
}

bool BatchHints::reaches_other_goal(const BatchItem& item, const BatchOptions& b, const std::string& goal) {
    return item.solution.length < 0 && !b.goal && !other_goal_hint(goal, item.board).empty();
}

std::vector<std::string> BatchHints::messages(bool blank_first) const {
    std::vector<std::string> out;
    if (differ_ > 0)
        out.push_back(fmt::format("hint: {} of {} answers differ from the length column of the input (first: {})",
                                  differ_, checked_, first_difference_));
    if (other_goal_ > 0)
        out.push_back(fmt::format("hint: {} board(s) answered -1 reach the other standard goal; {}", other_goal_,
                                  blank_first ? "the default goal is blank-last (drop --goal blank-first)"
                                              : "Korf's instances use --goal blank-first"));
    return out;
}

}  // namespace bitsolve::cli

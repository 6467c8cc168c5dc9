#pragma once
// Test helpers over the shared text layer: a text's lines and a line's tokens, collected.
#include <cstddef>
#include <limits>
#include <string_view>
#include <vector>

#include "bitsolve/core/text.hpp"

namespace bitsolve::testing_text {

// The lines of text, collected (lines_of yields them one at a time).
inline std::vector<Line> lines(std::string_view text) {
    std::vector<Line> out;
    for (const Line& l : lines_of(text)) out.push_back(l);
    return out;
}

// Every token of a line (tokenize with no effective cap).
inline std::vector<Token> all_tokens(const Line& line) {
    return tokenize(line, std::numeric_limits<std::size_t>::max() - 1);
}

}  // namespace bitsolve::testing_text

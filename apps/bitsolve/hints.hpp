#pragma once
// Hints the CLI adds for common slips: "did you mean" for a mistyped option or command.
#include <string>
#include <vector>

namespace bitsolve::cli {

// Edits (insert, delete, substitute, swap two neighbours) that turn a into b.
std::size_t edit_distance(const std::string& a, const std::string& b);

// The candidate nearest to word when it is near enough to be a typo (at most 2 edits, fewer
// than a third of the word), else empty. Ties go to the first candidate.
std::string closest(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace bitsolve::cli

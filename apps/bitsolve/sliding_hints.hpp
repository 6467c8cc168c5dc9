#pragma once
// The hints `bitsolve sliding` adds for its common traps (the library states facts only).
#include <string>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::cli {

// For a board answered -1 with --goal `goal` ("blank-last" or "blank-first"): the hint when the
// other standard goal is reachable (on boards of even width they are on opposite sides of the
// parity), empty otherwise.
std::string other_goal_hint(const std::string& goal, const sliding::Board& start);

// parse_board, with a hint when the input is one line of numbers: a batch line, not a grid.
sliding::Board parse_single_board(const std::string& text);

}  // namespace bitsolve::cli

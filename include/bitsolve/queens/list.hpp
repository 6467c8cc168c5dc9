#pragma once
// Listing solutions in lexicographic order (row 1 first, columns increasing), for `--list K`.
//
// A plain three-mask backtracking search without symmetry: the order of the list matters here,
// not speed. Taking the lowest free bit first visits columns in increasing order, so solutions
// come out sorted. It stops after K solutions and polls the stop flag.
#include <cstdint>
#include <functional>
#include <string>

#include "bitsolve/queens/border.hpp"

namespace bitsolve::queens {

// Calls `emit(cols)` for the first k solutions of an n x n board (n in 1..32); cols[r] is the
// 0-based column of the queen in row r. Returns how many were emitted (fewer than k when the
// board has fewer solutions).
std::uint64_t list_solutions(int n, std::uint64_t k, const std::function<void(const std::uint8_t* cols)>& emit);

// "2 4 1 3": the 1-based columns, space separated.
std::string format_solution(int n, const std::uint8_t* cols);

// The board drawn as n lines of n cells, 'Q' for a queen and '.' for an empty square.
std::string draw_solution(int n, const std::uint8_t* cols);

// True when cols places n queens, one per row, no two attacking (for checks of listed output).
bool is_solution(int n, const std::uint8_t* cols);

}  // namespace bitsolve::queens

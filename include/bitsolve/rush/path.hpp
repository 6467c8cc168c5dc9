#pragma once
// Moves as the user sees them, and a checked replay on the Board (cell by cell, independent of
// the bitboard engine, so tests that replay a path cross-check the search).
//
// A Move names a piece by its index in Board::pieces and a signed distance: + is right for a
// horizontal piece and down for a vertical one. It prints as the piece's name and the distance,
// "C-1", "B+2", or "7-1" for a board given by vehicle ids.
#include <cstdint>
#include <string>
#include <vector>

#include "bitsolve/rush/board.hpp"

namespace bitsolve::rush {

enum class Metric : std::uint8_t {
    Moves,  // one move slides one piece any distance (ThinkFun's cards, Fogleman's database)
    Steps,  // one step moves one piece by one cell (the judge's metric)
};

struct Move {
    std::uint8_t piece = 0;  // index in Board::pieces
    std::int8_t delta = 0;   // signed distance, never 0
};
static_assert(sizeof(Move) == 2);

// "C-1", or "7-1" for vehicle ids.
std::string format_move(const Board& b, Move m);
// "C-1 B+2 A+4": the moves separated by spaces (empty for an empty path).
std::string format_path(const Board& b, const std::vector<Move>& path);

// Plays m on b if it is legal (a piece of b, every crossed cell free and on the board);
// returns false and leaves b unchanged otherwise.
bool apply_move(Board& b, Move m);

// The number of entries m counts for in a metric: 1 move, or |delta| steps.
int cost(Move m, Metric metric);

}  // namespace bitsolve::rush

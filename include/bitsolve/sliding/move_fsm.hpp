#pragma once
// Duplicate-move pruning with a finite-state machine (Taylor & Korf 1993).
//
// A string of blank moves has an effect that does not depend on where it is played: where the
// blank ends, and which tile ends on which cell of the cells it passed. Strings are ordered by
// length, then lexicographically (moves in Dir order). A string is *forbidden* when an earlier
// string has the same effect and stays within its bounding box: on a rectangular board wherever
// the forbidden string can be played the earlier one can too, and it reaches the same board in
// as many moves or fewer. Replacing a forbidden substring of a path by its earlier twin gives a
// path to the same board that is earlier in that order, so every board reachable in n moves is
// reachable in n moves by a path without a forbidden substring, and a search that never plays
// one still finds an optimal solution (and, with IDA*, the same length).
//
// Only strings whose blank stays within a box of the board's size can be played on it, so the
// machine is made for a board size: the others are neither enumerated nor forbidden. It
// recognises the forbidden strings up to a length (an Aho-Corasick automaton over them): a
// search keeps one state per node and plays move d from state s only when next(s, d)
// is not kPruned. Depth 2 forbids exactly the four move-and-back strings, the usual "never undo
// the previous move"; longer depths also cut longer cycles and transpositions.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

class MoveFsm {
public:
    static constexpr std::int32_t kStart = 0;    // the state before any move
    static constexpr std::int32_t kPruned = -1;  // next() of a move that completes a forbidden string
    static constexpr int kMaxDepth = 16;

    // The machine of the forbidden strings of up to `depth` moves (2..kMaxDepth) on boards of
    // geometry g (2x2 to kMaxSide x kMaxSide); UsageError otherwise. The cost grows about
    // eightfold per two moves of depth: on 5x5 depth 12 takes about 0.3 s and 30 MB, depth 14
    // about 2.5 s and 230 MB, depth 16 13-30 s and 1.7 GB.
    MoveFsm(int depth, Geometry g);
    // UsageError unless 2 <= depth <= kMaxDepth (what the constructor checks first, at no cost).
    static void check_depth(int depth);

    int depth() const { return depth_; }
    Geometry geometry() const { return geometry_; }
    std::size_t states() const { return next_.size() / kDirs; }
    std::size_t forbidden() const { return forbidden_; }  // forbidden strings, none with a forbidden substring
    std::int32_t next(std::int32_t state, Dir d) const {
        return next_[static_cast<std::size_t>(state) * kDirs + static_cast<std::size_t>(d)];
    }
    const std::int32_t* table() const { return next_.data(); }  // next(s, d) = table()[s * kDirs + d]

private:
    int depth_;
    Geometry geometry_;
    std::size_t forbidden_ = 0;
    std::vector<std::int32_t> next_;
};

// The machine of a depth and board size, built on first use and kept for the process
// (thread-safe).
const MoveFsm& move_fsm(int depth, Geometry g);

}  // namespace bitsolve::sliding

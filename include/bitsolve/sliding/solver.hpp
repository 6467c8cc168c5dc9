#pragma once
// Solving one sliding-tile board: the library entry point behind `bitsolve sliding`.
//
//   Solution s = solve(start, goal, SolveOptions{});   // s.length == -1: unreachable
//
// Unreachable boards are answered at once by parity (parity.hpp); otherwise the chosen algorithm
// runs on packed states: 64-bit words up to 16 cells, 128-bit words up to 25.
//   Bfs    breadth-first search from the start; visited set = DenseParentMap over board_rank,
//          so only boards of <= 12 cells (3x4); larger ones are refused (LimitError).
//   Bidir  bidirectional BFS: dense stores up to 6 cells, hashed 64-bit keys up to 16 cells,
//          refused beyond (the packed key no longer fits 64 bits). May hit the memory limit.
//   Ida    IDA* with an admissible heuristic (Heuristic below, or pattern databases when
//          SolveOptions::pattern_db is set: PDB-IDA*, pdb/solver.hpp); any size.
//   Auto   choose_algorithm(): the fastest for the geometry (measured, see docs/benchmarks.md):
//          bidirectional BFS on 2x4, 2x5 (and transposed), IDA* otherwise.
// All return optimal lengths; paths are blank moves (board.hpp).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bitsolve/core/stats.hpp"
#include "bitsolve/sliding/board.hpp"

namespace bitsolve::sliding {

namespace pdb {
class PdbHeuristic;  // pdb/heuristic.hpp
}

enum class Algorithm { Auto, Bfs, Bidir, Ida };

// Computed heuristics for IDA*: a new one adds a kind here and a case in solve_ida() in
// src/sliding/solver.cpp. Pattern databases, which need tables, are SolveOptions::pattern_db.
enum class Heuristic { ManhattanLinearConflict, Manhattan };

// One IDA* iteration: its threshold and what it counted.
struct IterationStats {
    int threshold = 0;
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::uint64_t lookups = 0;  // pattern database entries read (PDB search only)
    double seconds = 0;         // wall time of the iteration (PDB search only)
};

struct SolveOptions {
    Algorithm algorithm = Algorithm::Auto;
    Heuristic heuristic = Heuristic::ManhattanLinearConflict;
    // When set, IDA* uses these pattern databases instead of `heuristic` (Auto then means IDA*);
    // pdb/select.hpp picks and loads them. The goal must be the one they were made for.
    std::shared_ptr<const pdb::PdbHeuristic> pattern_db;
    unsigned threads = 1;  // threads of PDB-IDA* on one board (0 = all cores); the others use one
    // PDB-IDA* only: duplicate-move pruning by the redundant move strings of up to this many
    // moves (sliding/move_fsm.hpp, 2..16); 2 = never undo the previous move. The length found is
    // the same; the nodes (and possibly the path among equally short ones) are fewer.
    int prune_depth = 2;
    bool want_path = true;
    // Called after each IDA* iteration (plain or PDB) with what it counted, for a progress
    // display; BFS and bidirectional BFS never call it.
    std::function<void(const IterationStats&)> on_iteration;
};

struct Solution {
    int length = -1;  // fewest moves; -1 when the goal cannot be reached
    Path path;
    Algorithm used = Algorithm::Auto;  // the algorithm that ran (Auto when parity decided)
    SearchStats stats;
    std::vector<IterationStats> iterations;  // PDB-IDA* only: per iteration, in order
};

const char* algorithm_name(Algorithm a);

// Auto's choice for a geometry.
Algorithm choose_algorithm(Geometry g);

// Why `algorithm` cannot solve boards of this geometry (the message solve() throws as a
// LimitError), or empty when it can. Bfs indexes at most 12 cells, Bidir keys at most 16.
std::string refusal(Algorithm algorithm, Geometry g);

// start and goal must be valid boards of the same geometry (parse.hpp guarantees it).
// Throws LimitError when the algorithm cannot fit the board in memory (refusal()), or on
// timeout; UsageError when pattern databases are set with Bfs or Bidir or for another goal.
Solution solve(const Board& start, const Board& goal, const SolveOptions& opt);

// "3" or, with the path, "3 DRD" (the result line of `bitsolve sliding`).
std::string format_answer(const Solution& s, bool with_path);

// Distance distribution of the whole reachable space from `goal` (BFS from the goal over ranks):
// layers[d] = number of boards at distance d. Boards of at most 12 cells (LimitError beyond).
std::vector<std::uint64_t> distance_layers(const Board& goal, SearchStats* stats = nullptr);

}  // namespace bitsolve::sliding

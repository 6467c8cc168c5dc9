// Parses a sliding-tile board, solves it optimally, prints the length, the path and the boards.
// Usage: sliding_solve ["BOARD" [GOAL [HEURISTIC]]], e.g. sliding_solve "8 6 7 2 5 4 3 0 1"
// GOAL: blank-last, blank-first or numbers; HEURISTIC: lc, or a pattern-database name (pdb555...).
#include <iostream>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "bitsolve/sliding/pdb/select.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bs = bitsolve::sliding;

int main(int argc, char** argv) {
    try {
        const bs::Board start = bs::parse_board_line(argc > 1 ? argv[1] : "8 6 7 2 5 4 3 0 1", 1, {});
        const bs::Board goal = bs::parse_goal(argc > 2 ? argv[2] : "blank-last", start.geo);
        bs::SolveOptions opt;
        // Pattern databases built in memory (a TableSource with a directory caches them).
        if (argc > 3) opt.pattern_db = bs::pdb::select_pdb(argv[3], goal, opt.algorithm, {});
        const bs::Solution s = bs::solve(start, goal, opt);
        if (s.length < 0) {
            std::cout << "unsolvable\n";
            return 0;
        }
        std::cout << "length " << s.length << "\npath " << bs::path_letters(s.path) << '\n'
                  << bs::format_walk(start, s.path);
    } catch (const bitsolve::InputError& e) {
        std::cerr << "bad board: " << e.what() << '\n';
        return 3;
    } catch (const std::exception& e) {  // UsageError, LimitError
        std::cerr << "error: " << e.what() << '\n';
        return 2;
    }
}

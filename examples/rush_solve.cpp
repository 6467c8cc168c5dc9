// Solves a Rush Hour board in the moves metric and analyses its cluster (every reachable state).
// Usage: rush_solve [BOARD], BOARD in Fogleman's 36-character form ('o' empty, 'A' the red car).
#include <iostream>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/solver.hpp"

namespace rh = bitsolve::rush;

int main(int argc, char** argv) {
    try {
        const rh::Board board = rh::parse_board(argc > 1 ? argv[1] : "ooBoCCooBoooAABoooDDDooEoooooEoooooE");
        std::cout << rh::draw(board, /*colour=*/false) << '\n';
        const rh::Solution s = rh::solve(board, rh::Metric::Moves);
        std::cout << "moves " << s.length << "\npath " << rh::format_path(board, s.path) << '\n';
        const rh::ClusterReport c = rh::analyze_cluster(board, rh::Metric::Moves);
        std::cout << "cluster " << c.states << " states, " << c.goal_states << " goal states\n";
        if (c.hardest_distance >= 0)
            std::cout << "hardest " << c.hardest_distance << ' ' << c.hardest.to_string() << '\n';
    } catch (const bitsolve::InputError& e) {
        std::cerr << "bad board: " << e.what() << '\n';
        return 3;
    }
}

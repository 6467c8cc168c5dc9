#include "job_options.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

#include "bitsolve/queens/summary.hpp"

namespace bitsolve::cli {

void add_queens_count_options(CLI::App* cmd, std::string& n_text, bool& unique) {
    cmd->add_option("N", n_text, "Board size, 1..32")->type_name("N");
    cmd->add_flag("--unique", unique, "Count solutions distinct under rotations and reflections");
}

void add_rush_db_options(CLI::App* cmd, int& size, int& walls, std::string& shard) {
    cmd->add_option("--size", size, "Board size, 4..7 (default 6)")->type_name("N");
    cmd->add_option("--walls", walls, "At most W walls, 0..2 (default 0)")->type_name("W");
    cmd->add_option("--shard", shard, "Do only part i of K, 1 <= i <= K (writes a shard file; rush merge joins them)")
        ->type_name("i/K");
}

void add_rows_output_option(CLI::App* cmd, std::string& output) {
    cmd->add_option("-o,--output", output, "Write the rows to FILE (.zst: compressed), not stdout")->type_name("FILE");
}

void print_queens_stats(const queens::Summary& s) {
    using queens::to_string;
    std::cerr << "Solutions: " << to_string(s.total) << "\nUnique: " << to_string(s.unique)
              << "\nUnique asymmetric (8 images): " << to_string(s.asymmetric)
              << "\nUnique 180-degree symmetric (4 images): " << to_string(s.rot180)
              << "\nUnique 90-degree symmetric (2 images): " << to_string(s.rot90)
              << "\nUnique fully symmetric (1 image): " << to_string(s.full) << "\n";
}

}  // namespace bitsolve::cli

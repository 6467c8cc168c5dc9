#pragma once
// The options of the jobs that bitsolve and bitsolve-mpi both run, declared once so that their
// names, help and checks stay the same in both programs, and what both print of those jobs.
#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::queens {
struct Summary;
}  // namespace bitsolve::queens

namespace bitsolve::cli {

// `queens N [--unique]`: N as text (checked by the command) and --unique.
void add_queens_count_options(CLI::App* cmd, std::string& n_text, bool& unique);

// `rush enumerate`: --size, --walls and --shard i/K.
void add_rush_db_options(CLI::App* cmd, int& size, int& walls, std::string& shard);

// -o,--output FILE of database rows (.zst: compressed).
void add_rows_output_option(CLI::App* cmd, std::string& output);

// `queens --stats` on stderr: the total, the unique count and the unique ones by symmetry class.
void print_queens_stats(const queens::Summary& s);

}  // namespace bitsolve::cli

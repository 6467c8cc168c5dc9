#pragma once
// Pattern databases in `bitsolve sliding`: the --heuristic, --pdb-dir and --no-cache options,
// the `sliding build-pdb NAME` subcommand, and solving single boards and batches with PDB-IDA*.
// Kept apart from cmd_sliding.cpp, which only calls the hooks below.
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/solver.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "common.hpp"

namespace bitsolve::cli {

struct PdbCliOptions {
    std::string heuristic = "lc";  // md | lc | pdb555 | pdb663 | pdb78 | pdb6666 | auto
    std::string dir;               // --pdb-dir (empty: the default cache directory)
    bool no_cache = false;
    std::string build_name;  // build-pdb NAME
    std::string build_goal = "blank-last";
    unsigned build_threads = 0;
    CommonOptions build_limits;  // build-pdb --timeout, --max-memory
};

void add_pdb_options(CLI::App* cmd, PdbCliOptions& o);

// `sliding build-pdb NAME [--pdb-dir DIR] [--threads N] [--timeout SECONDS] [--max-memory SIZE]`:
// the subcommand, run by run_build_pdb.
CLI::App* add_build_pdb_command(CLI::App* sliding, PdbCliOptions& o);
int run_build_pdb(const PdbCliOptions& o);

// md or lc for the classic IDA* (lc also when a pattern database is chosen but not used).
sliding::Heuristic classic_heuristic(const PdbCliOptions& o);

// The pattern database heuristic the options select for boards of this goal, loading or building
// the tables; null when the options select md or lc (or auto picks lc for this size). Throws
// UsageError when a named database does not fit the board or goal, or the algorithm is not IDA*.
std::shared_ptr<const sliding::pdb::PdbHeuristic> select_pdb(const PdbCliOptions& o, const sliding::Board& goal,
                                                             const std::string& algo, unsigned threads);

// For --batch: the goal the boards are solved towards when a pattern database applies (its size
// from --size, the explicit goal, or the database's name), else nothing (classic solver).
std::optional<sliding::Board> pdb_batch_goal(const PdbCliOptions& o, const sliding::BatchOptions& b);

// One board with PDB-IDA*; `iterations` receives the per-iteration thresholds and node counts.
sliding::Solution solve_with_pdb(const sliding::pdb::PdbHeuristic& h, const sliding::Board& start, unsigned threads,
                                 std::vector<sliding::pdb::IterationStats>* iterations = nullptr);

// A batch like sliding::solve_batch, every board solved with PDB-IDA* (one thread per board,
// boards in parallel). Boards of another size than the heuristic's are reported as bad lines.
// Streamed the same way: emit(item) in input order; false when a stop cut it short.
bool solve_batch_pdb(std::string_view text, const sliding::BatchOptions& opt, const sliding::pdb::PdbHeuristic& h,
                     const std::function<void(const sliding::BatchItem&)>& emit);

// "Iteration N: threshold T, expanded E, generated G" lines on stderr.
void print_iterations(const std::vector<sliding::pdb::IterationStats>& iterations);

}  // namespace bitsolve::cli

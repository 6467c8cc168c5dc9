#pragma once
// Pattern databases in `bitsolve sliding`: the --heuristic, --pdb-dir and --no-cache options and
// the `sliding build-pdb NAME` subcommand. Choosing, loading and solving with the databases is
// the library's (sliding/pdb/select.hpp, SolveOptions::pattern_db); this file maps the options to
// it and words the hints. Kept apart from cmd_sliding.cpp, which only calls the hooks below.
#include <memory>
#include <string>
#include <vector>

#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/solver.hpp"
#include "common.hpp"

namespace CLI {
class App;
}  // namespace CLI

namespace bitsolve::cli {

struct PdbCliOptions {
    std::string heuristic = "lc";  // md | lc | pdb555 | pdb663 | pdb78 | pdb6666 (-dual) | auto | best
    std::string dir;               // --pdb-dir (empty: the default cache directory)
    bool no_cache = false;
    int prune_depth = 0;     // --prune-depth (SolveOptions::prune_depth); 0: not given
    std::string build_name;  // build-pdb NAME
    std::string build_size;  // build-pdb --size RxC (needed by best)
    std::string build_goal = "blank-last";
    unsigned build_threads = 0;
    CommonOptions build_limits;  // build-pdb --timeout, --max-memory
};

void add_pdb_options(CLI::App* cmd, PdbCliOptions& o);

// `sliding build-pdb NAME [--size RxC] [--goal G] [--pdb-dir DIR] [--threads N] [--timeout
// SECONDS] [--max-memory SIZE]`: the subcommand, run by run_build_pdb. Before it builds, a line
// on stderr says what the missing tables need (disk, memory, estimated time); a cache directory
// without the disk space for them is refused before any work.
CLI::App* add_build_pdb_command(CLI::App* sliding, PdbCliOptions& o);
int run_build_pdb(const PdbCliOptions& o);

// md or lc for the classic IDA* (lc also when a pattern database is chosen but not used).
sliding::Heuristic classic_heuristic(const PdbCliOptions& o);

// The pattern databases the options select for boards of this goal (for SolveOptions::pattern_db),
// loading or building the tables; null when the options select md or lc (or auto picks lc for
// this size). Throws UsageError, naming the options, when a named database does not fit the
// board or the algorithm is not IDA*. `chosen`, if given, receives the database's name ("pdb663"
// when auto picks it), empty when none.
std::shared_ptr<const sliding::pdb::PdbHeuristic> pattern_db(const PdbCliOptions& o, const sliding::Board& goal,
                                                             sliding::Algorithm algo, unsigned threads,
                                                             std::string* chosen = nullptr);

// For --batch: the databases the options select for every board (pdb::batch_goal), or null;
// `chosen` as for pattern_db.
std::shared_ptr<const sliding::pdb::PdbHeuristic> batch_pattern_db(const PdbCliOptions& o,
                                                                   const sliding::BatchOptions& b, unsigned threads,
                                                                   std::string* chosen = nullptr);

// The usage errors pattern_db and apply_prune_depth would give for this goal, without loading or
// building a table (for a board that parity answers).
void check_pdb_options(const PdbCliOptions& o, const sliding::Board& goal, sliding::Algorithm algo);

// --prune-depth into the options of a search whose pattern_db is already chosen: UsageError,
// with the options to use, when it asks for more than 2 and no pattern database is chosen.
// Without --prune-depth: pdb::choose_prune_depth's default (12 for --heuristic best on 5x5).
void apply_prune_depth(const PdbCliOptions& o, sliding::SolveOptions& opt);

// "Iteration N: threshold T, expanded E, generated G, lookups L (L/G per node), S s" lines on stderr.
void print_iterations(const std::vector<sliding::IterationStats>& iterations);

}  // namespace bitsolve::cli

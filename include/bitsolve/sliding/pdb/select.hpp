#pragma once
// Pattern databases as a heuristic of sliding::solve: a heuristic name chooses the partition
// (pattern.hpp) for a goal, its tables are loaded from the cache or built (cache.hpp), and the
// result goes into SolveOptions::pattern_db (also for batches, BatchOptions::solve).
//
//   SolveOptions opt;
//   opt.pattern_db = select_pdb("pdb663", goal, opt.algorithm, TableSource{dir, 0, true});
//   Solution s = solve(start, goal, opt);
//
// Names: "md" and "lc" select no database (the computed heuristics of SolveOptions::heuristic);
// "pdb555", "pdb663", "pdb78" (4x4) and "pdb6666", "zpdb6666", "pdb7773" (5x5) select that partition, with the suffix
// "-dual" (e.g. "pdb6666-dual") the same tables with dual lookups; names joined by '+' (e.g.
// "pdb6666+pdb7773") the maximum over those partitions; "best" selects the strongest
// one shipped for the size (pattern.hpp: best_partition), "auto" the same but the 4x4's 7-8
// only once it is cached; both none where no database applies.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "bitsolve/sliding/batch.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/solver.hpp"

namespace bitsolve::sliding::pdb {

// The partition `name` selects for boards of this goal, or empty for none. A partition name
// throws UsageError when the algorithm is Bfs or Bidir, or (named_partition) when the partition
// is for another size or the goal's blank is neither first nor last. "best": best_partition
// (pdb78 on 4x4, built when missing: minutes; pdb6666 on 5x5). "auto": pdb78 on 4x4 when its
// tables are in `cache_dir`, else pdb663; pdb6666 on 5x5. Both: none for other sizes, for a
// blank goal elsewhere than first or last, or for Bfs and Bidir.
std::string choose_partition(std::string_view name, const Board& goal, Algorithm algorithm,
                             const std::filesystem::path& cache_dir);

// The heuristic for SolveOptions::pattern_db: the tables of choose_partition(name, goal,
// algorithm, source.dir) obtained from `source` (obtain_table), or null when none is selected.
// A zero-aware table in the cache gives its lookup form straight from its file, read in pieces
// (load_zero_aware_lookup), on source.threads threads; any other is turned into its form as
// soon as it is obtained (a thread of its own builds it while the next table is obtained, unless
// source.threads is 1) and its bytes freed. So loading holds the forms and at most two tables.
// source.report hears Loading, then Ready as each distinct table is ready and Reading as the cache
// files are read (TableEvent), besides obtain_table's events; one at a time, some from the
// loading threads.
std::shared_ptr<const PdbHeuristic> select_pdb(std::string_view name, const Board& goal, Algorithm algorithm,
                                               const TableSource& source);

// The duplicate-move pruning depth (SolveOptions::prune_depth) of a search with heuristic `name`
// whose pattern databases are `db` (null: none): `given` when set; else best_prune_depth for
// "best" with databases; else 2.
int choose_prune_depth(std::string_view name, const PdbHeuristic* db, std::optional<int> given);

// The goal of every board of a batch, when pattern databases may serve it: the explicit goal,
// else the blank-first or blank-last goal of the batch's size, else of the size the named
// partition is for. Nothing for "md" and "lc", nor for "auto" or "best" without a goal or size
// (boards of several sizes then keep the computed heuristic).
std::optional<Board> batch_goal(std::string_view name, const BatchOptions& batch);

}  // namespace bitsolve::sliding::pdb

#pragma once
// Fogleman's database of "interesting" Rush Hour puzzles, rebuilt from scratch.
//
// Every packed layout of a board size (each piece pushed as far up/left as it goes, up to
// `max_walls` single-cell walls) is enumerated once. The cluster of a layout is the set of states
// reachable from it; each cluster is analysed once, from its canonical member (the smallest state
// key in the cluster, keys compared as Fogleman does). A solvable cluster yields a row when its
// hardest state (farthest from a goal in the moves metric, ties to the smallest key) is minimal:
// removing any one piece other than the primary car, walls included, lowers its optimal length.
//
// Units of work. The enumeration is cut into `slice_count()` slices, fixed by the parameters
// alone. A slice is the unit that threads, shards (`i/K` takes the slices s with s mod K == i),
// checkpoints and cluster ranks share; the rows of a whole run are the union of the rows of its
// slices, sorted by `row_before`. Counts of slices add up. A slice holds every layout of each
// of its clusters (slices are cut by what no move changes, rows' piece sequences), and every
// goal layout of them, so it analyses each solvable cluster once, from the first of its goal
// layouts it meets, then each other cluster from the first of its layouts, and skips the rest;
// the result is that of an analysis from the canonical member (db_layouts.hpp, db_cluster.hpp).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace bitsolve::rush {

struct DbParams {
    int size = 6;       // board size, 4..7
    int max_walls = 0;  // at most this many walls, 0..2
};

// One row of the database, as Fogleman prints it: `moves board cluster_size`.
struct DbRow {
    int moves = 0;                   // optimal length of the hardest state, moves metric
    std::string board;               // that state as a board string ('A' primary, 'o' empty, 'x' wall)
    std::uint64_t cluster_size = 0;  // states in its cluster
};

// Hardest first, then by board string: the order of the rows in a database file.
bool row_before(const DbRow& a, const DbRow& b);

struct DbCounts {
    std::uint64_t layouts = 0;    // packed layouts enumerated
    std::uint64_t canonical = 0;  // of those, canonical members of their cluster (= clusters)
    std::uint64_t solvable = 0;   // clusters with at least one goal state
    std::uint64_t rows = 0;       // clusters whose hardest state is minimal
    std::uint64_t states = 0;     // states visited by the cluster analyses (DbClusterResult::states)

    DbCounts& operator+=(const DbCounts& o);
    friend bool operator==(const DbCounts&, const DbCounts&) = default;
};

// Where the states of DbCounts::states went, by the search that visited them (db_cluster.hpp), for
// measurements: the searches from the layouts of unsolvable clusters; the distance searches (and,
// for a solvable cluster analysed from a layout, its search from the layout); the minimality
// re-solves.
struct DbStateSplit {
    std::uint64_t unsolvable = 0, distances = 0, resolves = 0;

    std::uint64_t total() const { return unsolvable + distances + resolves; }
    DbStateSplit& operator+=(const DbStateSplit& o);
};

struct DbSlice {
    std::vector<DbRow> rows;  // sorted by row_before
    DbCounts counts;
};

// Throws UsageError for a size outside 4..7 or walls outside 0..2.
void check_params(const DbParams& params);

// The slicing of one parameter set. Cheap to build; shared read-only by all threads.
class DbEnumeration {
public:
    explicit DbEnumeration(const DbParams& params);
    const DbParams& params() const;
    std::uint64_t slice_count() const;
    // Layouts in one slice, without any cluster analysis (the fast counting pass).
    std::uint64_t count_layouts(std::uint64_t slice) const;
    ~DbEnumeration();
    DbEnumeration(const DbEnumeration&) = delete;
    DbEnumeration& operator=(const DbEnumeration&) = delete;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    friend class DbWorker;
};

// Per-thread scratch (visited sets, queues) reused from slice to slice. `run` polls the stop
// flag of core/limits.hpp and throws LimitError when a stop was requested: a slice either
// finishes whole or yields nothing.
class DbWorker {
public:
    explicit DbWorker(const DbEnumeration& enumeration);
    ~DbWorker();
    DbWorker(const DbWorker&) = delete;
    DbWorker& operator=(const DbWorker&) = delete;
    DbSlice run(std::uint64_t slice);
    // The split of the states of every slice this worker has run (not kept by checkpoints).
    const DbStateSplit& states_split() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace bitsolve::rush

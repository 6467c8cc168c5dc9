#pragma once
// The work farm of bitsolve-mpi: rank 0 hands out work units on request and collects their
// results; every rank (rank 0 too) computes units on its own threads. Plain point-to-point MPI
// messages: a worker rank asks for k units, sending with the request the results it finished
// since the last one; it keeps about 50 ms of work per thread in flight (from its measured pace)
// and asks again at half of that, so that a reply is on its way while it computes. Rank 0
// answers with up to k unit numbers (fewer near the end, so that the last units spread over all
// threads) and the units per thread it has left, which caps what the worker keeps in flight near
// the end; with no unit numbers when all are handed out, the worker then sends its last results
// and its statistics. Rank 0's threads take units from the same queue directly. MPI is called from
// each rank's main thread only (MPI_THREAD_FUNNELED), which never blocks in MPI: it probes, sends
// with MPI_Isend and tests, and sleeps between tries (Open MPI's blocking calls spin a core that
// the threads need; a send past the eager limit waits for the other rank's receive). Each wake-up
// takes a core from a compute thread, so the main threads wake seldom: rank 0 every 2 ms when no
// message came (its own results do not wake it), a worker when its threads run low, when a reply
// is due, or every 10 ms to check for a stop. A stop (timeout, signal on any rank) is sent to every rank: its
// threads abandon their units (not counted, not journaled), and the farm ends with every
// finished unit collected (farm_wire.hpp: the messages).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bitsolve::mpi {

struct Job {
    std::uint64_t units = 0;
    // Rank 0: the units to hand out, in this order (biggest first where sizes are known). Units
    // already finished (from a journal) are left out by the caller.
    std::vector<std::uint64_t> order;
    // Every rank: computes one unit (called on worker threads) into its result bytes.
    std::function<std::string(std::uint64_t)> compute;
    // Rank 0, main thread: a finished unit's result, in the order they arrive. Returns false to
    // hand out no more units (the farm then ends once the units in flight are back).
    std::function<bool(std::uint64_t, const std::string&)> on_result;
    // Rank 0, main thread: called about every 0.2 s and at each result (progress display).
    std::function<void()> tick;
};

struct RankStats {
    std::uint64_t units = 0;     // units this rank computed
    std::uint64_t messages = 0;  // messages it sent and received
    double busy = 0;             // seconds its threads computed (summed over threads)
    double wall = 0;             // seconds in the farm
    double main_cpu = 0;         // CPU seconds of the main thread (messages, polling, results)
    unsigned threads = 0;        // that started (fewer than asked when the system refused some)
    double idle() const { return wall * threads > busy ? wall * threads - busy : 0; }
};

// Runs the farm on every rank with `threads` compute threads per rank (0 = all cores). Returns,
// on rank 0, every rank's statistics (index = rank); on other ranks, their own only.
std::vector<RankStats> run_farm(const Job& job, unsigned threads);

// Whether run_farm has returned on this rank: every rank is then past the farm, so an error of
// rank 0 after it ends the job with a shared exit code instead of MPI_Abort.
bool farm_completed();

// "Rank 0: 12 units, 40 messages, 2 threads, busy 1.234 s, idle 0.010 s, main thread 0.020 s CPU"
// lines for --stats.
std::string format_rank_stats(const std::vector<RankStats>& stats);

}  // namespace bitsolve::mpi

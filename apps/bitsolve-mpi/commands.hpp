#pragma once
// The subcommands of bitsolve-mpi (one file each) and what they share: the error line
// "bitsolve-mpi <command>: <message>" printed once, by rank 0, with the exit codes of bitsolve.
#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "common.hpp"

namespace bitsolve::mpi {

struct Command {
    CLI::App* app;             // the subcommand added to the program's app
    std::function<int()> run;  // called on every rank when it was chosen; returns the exit code
};

Command add_queens(CLI::App& app);
Command add_sliding(CLI::App& app);
Command add_rush_enumerate(CLI::App& rush);

// Runs body on rank 0 (checks and setup), turning its exceptions into one error line and the
// exit code by meaning (as bitsolve does); every rank then returns the same code (0: go on).
int checked_on_rank0(const std::string& command, const std::function<int()>& body);

// Runs body on every rank (the job itself); every rank then returns rank 0's exit code. An
// exception on any rank prints its line and ends every rank with its exit code (MPI_Abort), but
// one of rank 0 after the farm (a stop, --max-units) is shared as the verdict: one line, no abort.
int run_or_abort(const std::string& command, const std::function<int()>& body);

// --timeout and --max-memory: called by rank 0 in its checks (arms the timeout, which only rank
// 0 watches; throws UsageError for a bad size), then by the other ranks (the memory budget).
void apply_limits(const cli::CommonOptions& o);

// The one line of a job stopped by a timeout or a signal (rank 0): the reason, the units done,
// and with a checkpoint the command that resumes (`resume`: the command without the program and
// --checkpoint).
std::string stop_report(std::uint64_t done, std::uint64_t total, const std::string& checkpoint,
                        const std::string& resume);

void print_error(const std::string& command, const std::string& message);

// Progress of rank 0: under mpirun stderr is seldom a terminal (mpirun forwards it), so besides
// the status line of a terminal, a whole line every 10 s (from the 10th second) for logs.
class ProgressReport {
public:
    ProgressReport();
    ~ProgressReport();
    ProgressReport(const ProgressReport&) = delete;
    ProgressReport& operator=(const ProgressReport&) = delete;
    double seconds() const;
    void update(const std::function<std::string()>& text);
    void finish();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace bitsolve::mpi

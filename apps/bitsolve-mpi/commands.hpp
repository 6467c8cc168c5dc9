#pragma once
// The subcommands of bitsolve-mpi (one file each) and what they share: the error line
// "bitsolve-mpi <command>: <message>" printed once, by rank 0, with the exit codes of bitsolve.
#include <CLI/CLI.hpp>

#include <functional>
#include <memory>
#include <string>

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
// exception on any rank prints its line and ends every rank with its exit code (MPI_Abort).
int run_or_abort(const std::string& command, const std::function<int()>& body);

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

#pragma once
// The few MPI facts the subcommands of bitsolve-mpi need: this rank, the number of ranks, one
// verdict shared by all, one string sent from rank 0 to all. Without mpirun a program is one rank.
#include <string>

namespace bitsolve::mpi {

int rank();
int ranks();

// Rank 0's exit code (0 = go on) given to every rank, so that bad input checked once on rank 0
// ends every rank with the same code.
int share_verdict(int code);

// Rank 0's `text` on every rank (input files are read on rank 0 only).
std::string share_text(const std::string& text);

// Ends every rank with `code` after a failure in the middle of a job.
[[noreturn]] void abort_all(int code);

}  // namespace bitsolve::mpi

#include "mpi_env.hpp"

#include <mpi.h>

#include <algorithm>
#include <cstdlib>

namespace bitsolve::mpi {

int rank() {
    int r = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int ranks() {
    int p = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &p);
    return p;
}

int share_verdict(int code) {
    MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return code;
}

std::string share_text(const std::string& text) {
    unsigned long long n = text.size();
    MPI_Bcast(&n, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    std::string out = rank() == 0 ? text : std::string(static_cast<std::size_t>(n), '\0');
    // In pieces of at most 1 GiB: MPI counts are ints.
    for (std::size_t at = 0; at < out.size(); at += std::size_t{1} << 30) {
        const std::size_t len = std::min(out.size() - at, std::size_t{1} << 30);
        MPI_Bcast(out.data() + at, static_cast<int>(len), MPI_BYTE, 0, MPI_COMM_WORLD);
    }
    return out;
}

void abort_all(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);
}

}  // namespace bitsolve::mpi

#pragma once
// The messages of the bitsolve-mpi work farm (farm.cpp): byte strings sent with plain MPI
// point-to-point calls, their tags, and the packing of results and statistics.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "farm.hpp"

namespace bitsolve::mpi::wire {

using Results = std::vector<std::pair<std::uint64_t, std::string>>;

// kRequest (worker to rank 0): u32 units wanted, then finished results. kWork (rank 0 to worker):
// u64 units per thread still to hand out, then u64 unit numbers (none: no more). kDone (worker):
// u8 1 when the worker itself was stopped (a signal), then its last results; kStats (worker): its
// statistics. kStop (rank 0 to worker): u8 the stop's reason; abandon the units in hand. kBye
// (rank 0 to worker): the last message, the answer to kDone (a kStop sent before it is received
// first: messages between two ranks keep their order).
enum Tag : int { kRequest = 1, kWork = 2, kDone = 3, kStats = 4, kStop = 5, kBye = 6 };

template <class T>
inline void put(std::string& out, T v) {
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
template <class T>
inline T get(const std::string& in, std::size_t& at) {
    T v{};
    if (at + sizeof v <= in.size()) std::memcpy(&v, in.data() + at, sizeof v);
    at += sizeof v;
    return v;
}

inline void put_results(std::string& out, const Results& results) {
    for (const auto& [unit, bytes] : results) {
        put(out, unit);
        put(out, static_cast<std::uint64_t>(bytes.size()));
        out += bytes;
    }
}
inline Results get_results(const std::string& in, std::size_t at) {
    Results results;
    while (at + 16 <= in.size()) {
        const auto unit = get<std::uint64_t>(in, at);
        const auto len = get<std::uint64_t>(in, at);
        results.emplace_back(unit, in.substr(at, len));
        at += len;
    }
    return results;
}

inline std::string recv_bytes(int source, int tag, int* from, int* got_tag) {
    MPI_Status st;
    MPI_Probe(source, tag, MPI_COMM_WORLD, &st);
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    std::string bytes(static_cast<std::size_t>(n), '\0');
    MPI_Recv(bytes.data(), n, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (from) *from = st.MPI_SOURCE;
    if (got_tag) *got_tag = st.MPI_TAG;
    return bytes;
}

// Sleeps between polls: from `first`, doubling up to `most`. Open MPI's blocking calls spin a
// core, which the compute threads of this rank need.
class Backoff {
public:
    Backoff(std::chrono::microseconds first, std::chrono::microseconds most) : first_(first), most_(most) {}
    void reset() { wait_ = first_; }
    void pause() {
        std::this_thread::sleep_for(wait_);
        wait_ = std::min(wait_ * 2, most_);
    }

private:
    std::chrono::microseconds first_, most_, wait_ = first_;
};

// A short wait that ends within a millisecond of the event: for messages due at once.
inline Backoff short_backoff() { return Backoff{std::chrono::microseconds{20}, std::chrono::microseconds{1000}}; }

// The next message from `source` with `tag` (or any), once it has arrived (the wait sleeps).
inline std::string recv_when_there(int source, int tag, int* got_tag) {
    for (Backoff backoff = short_backoff();; backoff.pause()) {
        int flag = 0;
        MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
        if (flag) return recv_bytes(source, tag, nullptr, got_tag);
    }
}

// Waits for a request with MPI_Test and short sleeps: a send larger than the eager limit (a few
// KiB on shared memory) waits until the other rank posts its receive, which can take a
// millisecond of the other rank's polling.
inline void wait_politely(MPI_Request& request) {
    for (Backoff backoff = short_backoff();; backoff.pause()) {
        int done = 0;
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done) return;
    }
}

// The MPI checker looks for MPI_Wait and does not see wait_politely complete the request.
// NOLINTBEGIN(clang-analyzer-optin.mpi.MPI-Checker)
inline void send_bytes(const std::string& bytes, int dest, int tag) {
    MPI_Request request;
    MPI_Isend(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, dest, tag, MPI_COMM_WORLD, &request);
    wait_politely(request);
}
// NOLINTEND(clang-analyzer-optin.mpi.MPI-Checker)

inline bool message_waiting(int source, int tag) {
    int flag = 0;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
    return flag != 0;
}

inline std::string pack_stats(const RankStats& s) {
    std::string out;
    put(out, s.units), put(out, s.messages), put(out, s.busy), put(out, s.wall), put(out, s.threads);
    put(out, s.main_cpu);
    return out;
}
inline RankStats unpack_stats(const std::string& in) {
    RankStats s;
    std::size_t at = 0;
    s.units = get<std::uint64_t>(in, at);
    s.messages = get<std::uint64_t>(in, at);
    s.busy = get<double>(in, at);
    s.wall = get<double>(in, at);
    s.threads = get<unsigned>(in, at);
    s.main_cpu = get<double>(in, at);
    return s;
}

}  // namespace bitsolve::mpi::wire

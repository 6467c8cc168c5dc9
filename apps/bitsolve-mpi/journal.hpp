#pragma once
// The checkpoint of a bitsolve-mpi job: an append-only journal on rank 0. A header names the
// job (its parameters and number of units); each finished unit is one record
//   u <unit> <length> <checksum>\n<result bytes>\n
// (checksum: FNV-1a 64 of the unit number and the result, 16 hex digits). A record is written
// with one write() before its result is counted, so a job killed at any moment keeps every unit
// it counted; the file is fsynced at most once a second and when the job ends. A torn or damaged
// record at the end (a kill in the middle of a write, a crash before the fsync) is dropped and
// that unit is done again; a file of other parameters is refused.
#include <cstdint>
#include <map>
#include <string>

namespace bitsolve::mpi {

// FNV-1a 64 of some bytes: names an input (a batch file) in a journal's parameters.
std::uint64_t content_hash(const std::string& bytes);

class Journal {
public:
    // Opens `path` for the job `params` (one line) of `units` units, creating it (atomically:
    // temporary file, fsync, rename) when it does not exist. Throws InputError for a file that
    // is not such a journal or is one of another job or when a system call fails (exit code 3, as bitsolve does).
    Journal(std::string path, const std::string& params, std::uint64_t units);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    // Finished units read back from the file, by unit number.
    const std::map<std::uint64_t, std::string>& recovered() const { return recovered_; }
    // Bytes of a torn or damaged tail that were dropped when the file was opened.
    std::uint64_t dropped_bytes() const { return dropped_; }

    // Appends one finished unit (throws InputError when the write fails).
    void append(std::uint64_t unit, const std::string& result);
    // fsync now.
    void sync();

private:
    std::string path_;
    int fd_ = -1;
    std::map<std::uint64_t, std::string> recovered_;
    std::uint64_t dropped_ = 0;
    double last_sync_ = 0;
};

}  // namespace bitsolve::mpi

#include "journal.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::mpi {
namespace {

constexpr const char* kMagic = "bitsolve-mpi journal 1\n";

// The journal's hashes are FNV-1a from this basis, a digit short of FNV's own
// (14695981039346656037): kept, so that the journals and input hashes written so far still match.
constexpr std::uint64_t kJournalBasis = 1469598103934665603ULL;

// A record's checksum: over the unit's 8 bytes (little-endian), then the result's.
std::uint64_t record_checksum(std::uint64_t unit, const std::string& bytes) {
    char u[8];
    for (int i = 0; i < 8; ++i) u[i] = static_cast<char>(unit >> (8 * i));
    return fnv1a(bytes, fnv1a(std::string_view(u, sizeof u), kJournalBasis));
}

[[noreturn]] void fail(const std::string& what, const std::string& path) {
    throw InputError(fmt::format("{} '{}': {}", what, quote(path, 200), errno_text(errno)));
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

void write_all(int fd, const std::string& bytes, const std::string& path) {
    std::size_t at = 0;
    while (at < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + at, bytes.size() - at);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail("cannot write the checkpoint", path);
        at += static_cast<std::size_t>(n);
    }
}

// Parses one record at `at`; returns the offset after it, or 0 when it is torn or damaged.
std::size_t parse_record(const std::string& text, std::size_t at, std::uint64_t units, std::uint64_t& unit,
                         std::string& result) {
    const std::size_t eol = text.find('\n', at);
    if (eol == std::string::npos) return 0;
    std::istringstream line(text.substr(at, eol - at));
    std::string u, hex;
    std::uint64_t len = 0;
    if (!(line >> u >> unit >> len >> hex) || u != "u" || hex.size() != 16 || unit >= units) return 0;
    if (len > text.size() || eol + 1 + len + 1 > text.size() || text[eol + 1 + len] != '\n') return 0;
    result = text.substr(eol + 1, len);
    if (fmt::format("{:016x}", record_checksum(unit, result)) != hex) return 0;
    return eol + 1 + len + 1;
}

}  // namespace

std::uint64_t content_hash(const std::string& bytes) { return fnv1a(bytes, kJournalBasis); }

Journal::Journal(std::string path, const std::string& params, std::uint64_t units) : path_(std::move(path)) {
    const std::string header = fmt::format("{}params {}\nunits {}\n", kMagic, params, units);
    struct stat st {};
    if (::stat(path_.c_str(), &st) != 0) {
        if (errno != ENOENT) fail("cannot open the checkpoint", path_);
        const std::string tmp = path_ + ".tmp";
        const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
        if (fd < 0) fail("cannot create the checkpoint", tmp);
        write_all(fd, header, tmp);
        if (::fsync(fd) != 0 || ::close(fd) != 0) fail("cannot write the checkpoint", tmp);
        if (::rename(tmp.c_str(), path_.c_str()) != 0) fail("cannot create the checkpoint", path_);
    } else {
        std::ifstream in(path_, std::ios::binary);
        if (!in) fail("cannot read the checkpoint", path_);
        std::ostringstream all;
        all << in.rdbuf();
        const std::string text = all.str();
        const std::string name = "checkpoint '" + quote(path_, 200) + "'";
        if (text.rfind(kMagic, 0) != 0) throw InputError(name + " is not a bitsolve-mpi journal");
        if (text.rfind(header, 0) != 0) {
            const std::size_t from = std::strlen(kMagic);
            const std::size_t eol = text.find('\n', from);
            const std::string theirs = text.substr(from, eol == std::string::npos ? 80 : eol - from);
            throw InputError(name + " is the journal of another job (" + quote(theirs, 200) + ", not params " +
                             quote(params, 200) + ", " + std::to_string(units) + " units)");
        }
        std::size_t at = header.size();
        while (at < text.size()) {
            std::uint64_t unit = 0;
            std::string result;
            const std::size_t end = parse_record(text, at, units, unit, result);
            if (end == 0) break;
            recovered_.emplace(unit, std::move(result));
            at = end;
        }
        dropped_ = text.size() - at;
        if (dropped_ > 0 && ::truncate(path_.c_str(), static_cast<off_t>(at)) != 0)
            fail("cannot repair the checkpoint", path_);
    }
    fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0) fail("cannot open the checkpoint", path_);
    last_sync_ = now();
}

Journal::~Journal() {
    if (fd_ >= 0) {
        ::fsync(fd_);
        ::close(fd_);
    }
}

void Journal::append(std::uint64_t unit, const std::string& result) {
    std::string record = fmt::format("u {} {} {:016x}\n", unit, result.size(), record_checksum(unit, result));
    record += result;
    record += '\n';
    write_all(fd_, record, path_);
    if (now() - last_sync_ >= 1.0) sync();
}

void Journal::sync() {
    if (::fsync(fd_) != 0) fail("cannot write the checkpoint", path_);
    last_sync_ = now();
}

}  // namespace bitsolve::mpi

#include "bitsolve/core/file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve {

namespace {

// A file that cannot be written for lack of room (or a failing disk) is a limit (exit code 1); any
// other failure (a missing directory, no permission, a directory where the file should be) is the
// path's (bad input, exit code 3).
[[noreturn]] void fail(const char* step, std::string_view what, const std::string& path, int err) {
    const std::string message =
        "cannot " + std::string(step) + " " + std::string(what) + "'" + quote(path, 200) + "': " + errno_text(err);
    if (err == ENOSPC || err == EDQUOT || err == EFBIG || err == EIO) throw LimitError(message);
    throw InputError(message);
}

// Where the bytes for `path` go: the file itself when it is a device or a pipe (/dev/null, a
// FIFO: written in place, never replaced), else a regular file written whole and renamed over
// `path`, or over the file a symbolic link names (the link is kept).
struct Target {
    std::string file;  // what the rename replaces
    bool in_place = false;
};

Target target_of(const std::string& path, std::string_view what) {
    struct stat st {};
    const bool exists = ::stat(path.c_str(), &st) == 0;
    if ((!path.empty() && path.back() == '/') || (exists && S_ISDIR(st.st_mode)))
        throw InputError("cannot write " + std::string(what) + "'" + quote(path, 200) +
                         "': it is a directory, not a file");
    if (!exists) return {path, false};  // a new file (or a dangling link)
    if (!S_ISREG(st.st_mode)) return {path, true};
    struct stat link {};
    if (::lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
        std::error_code ec;
        const std::filesystem::path real = std::filesystem::canonical(path, ec);
        if (!ec) return {real.string(), false};
    }
    return {path, false};
}

void write_in_place(const std::string& path, const std::vector<std::string_view>& parts, std::string_view what) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) fail("open", what, path, errno);
    for (std::string_view part : parts) {
        if (!write_all(fd, part)) {
            const int err = errno;
            ::close(fd);
            fail("write", what, path, err);
        }
    }
    if (::close(fd) != 0) fail("flush", what, path, errno);
}

// Writes and flushes the temporary file beside the target; its name, or "" when written in place.
std::string stage(const std::string& path, const Target& target, const std::vector<std::string_view>& parts,
                  std::string_view what) {
    if (target.in_place) {
        write_in_place(path, parts, what);
        return {};
    }
    std::string tmp = temp_path_for(target.file);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", what, path, errno);
    auto give_up = [&](const char* step, bool close_fd) {
        const int err = errno;
        if (close_fd) ::close(fd);
        ::unlink(tmp.c_str());
        fail(step, what, path, err);
    };
    for (std::string_view part : parts)
        if (!write_all(fd, part)) give_up("write", true);
    if (::fsync(fd) != 0) give_up("flush", true);
    if (::close(fd) != 0) give_up("flush", false);
    return tmp;
}

}  // namespace

std::string temp_path_for(const std::string& path) {
    static std::atomic<unsigned> serial{0};
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(serial.fetch_add(1));
}

bool write_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t w = ::write(fd, data.data(), data.size());
        if (w < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(w));
    }
    return true;
}

void write_file_atomic(const std::string& path, std::initializer_list<std::string_view> parts, std::string_view what) {
    write_files_atomic({{path, std::vector<std::string_view>(parts)}}, what);
}

void check_writable(const std::string& path, std::string_view what) {
    const Target target = target_of(path, what);
    if (target.in_place) {
        if (::access(path.c_str(), W_OK) != 0) fail("open", what, path, errno);
        return;
    }
    const std::string tmp = temp_path_for(target.file);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", what, path, errno);
    ::close(fd);
    ::unlink(tmp.c_str());
}

void write_files_atomic(const std::vector<std::pair<std::string, std::vector<std::string_view>>>& files,
                        std::string_view what) {
    std::vector<Target> targets;
    targets.reserve(files.size());
    for (const auto& [path, parts] : files) targets.push_back(target_of(path, what));
    std::vector<std::string> staged;
    try {
        for (std::size_t i = 0; i < files.size(); ++i)
            staged.push_back(stage(files[i].first, targets[i], files[i].second, what));
    } catch (...) {
        for (const std::string& tmp : staged)
            if (!tmp.empty()) ::unlink(tmp.c_str());
        throw;
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (staged[i].empty()) continue;
        if (std::rename(staged[i].c_str(), targets[i].file.c_str()) != 0) {
            const int err = errno;
            for (std::size_t j = i; j < files.size(); ++j)
                if (!staged[j].empty()) ::unlink(staged[j].c_str());
            fail("replace", what, files[i].first, err);
        }
    }
}

}  // namespace bitsolve

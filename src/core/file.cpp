#include "bitsolve/core/file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve {

namespace {

[[noreturn]] void fail(const char* step, std::string_view what, const std::string& path, int err) {
    throw InputError("cannot " + std::string(step) + " " + std::string(what) + "'" + quote(path, 200) +
                     "': " + errno_text(err));
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
    const std::string tmp = temp_path_for(path);
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", what, tmp, errno);
    auto give_up = [&](const char* step, const std::string& where, bool close_fd) {
        const int err = errno;
        if (close_fd) ::close(fd);
        ::unlink(tmp.c_str());
        fail(step, what, where, err);
    };
    for (std::string_view part : parts)
        if (!write_all(fd, part)) give_up("write", tmp, true);
    if (::fsync(fd) != 0) give_up("flush", tmp, true);
    if (::close(fd) != 0) give_up("flush", tmp, false);
    if (std::rename(tmp.c_str(), path.c_str()) != 0) give_up("replace", path, false);
}

}  // namespace bitsolve

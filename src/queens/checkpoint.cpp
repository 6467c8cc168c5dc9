#include "bitsolve/queens/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::queens {

namespace {

std::string shard_text(ShardSpec s) { return std::to_string(s.index) + "/" + std::to_string(s.count); }

[[noreturn]] void fail(const std::string& what, const std::string& path) {
    throw InputError("cannot " + what + " checkpoint '" + quote(path, 200) + "': " + errno_text(errno));
}

}  // namespace

void save_checkpoint(const std::string& path, const RunState& state) {
    const std::string text = format_checkpoint(state);
    const std::string tmp = path + ".tmp";
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) fail("create", tmp);
    std::size_t off = 0;
    while (off < text.size()) {
        const ssize_t w = ::write(fd, text.data() + off, text.size() - off);
        if (w < 0) {
            if (errno == EINTR) continue;
            ::close(fd);
            fail("write", tmp);
        }
        off += static_cast<std::size_t>(w);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) fail("flush", tmp);
    if (std::rename(tmp.c_str(), path.c_str()) != 0) fail("replace", path);
}

RunState resume_state(const CheckpointData& cp, const Split& split, ShardSpec shard) {
    if (cp.n != split.n || !(cp.shard == shard))
        throw InputError("the checkpoint is for N=" + std::to_string(cp.n) + " shard " + shard_text(cp.shard) +
                         ", not for N=" + std::to_string(split.n) + " shard " + shard_text(shard) +
                         "; use another file");
    RunState st = fresh_state(split, shard);
    if (cp.depth != st.depth || cp.items != st.items)
        throw InputError("the checkpoint splits the work differently (depth " + std::to_string(cp.depth) + ", " +
                         std::to_string(cp.items) + " sub-problems; this version: depth " + std::to_string(st.depth) +
                         ", " + std::to_string(st.items) + "); it was written by another version");
    for (const auto& [a, b] : cp.done)
        for (std::uint64_t i = a; i <= b; ++i) st.done[i] = 1;
    st.done_count = cp.done_count();
    st.counts = cp.counts;
    return st;
}

}  // namespace bitsolve::queens

#pragma once
// Files written whole or not at all: the one place that writes a temporary file beside the
// target, flushes it to disk and renames it over the target (checkpoints, database files, pattern
// database caches). A reader never sees a half-written file, and a failed write leaves the old
// file as it was.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace bitsolve {

// A temporary name beside `path`, unique to this process and call.
std::string temp_path_for(const std::string& path);

// Writes all of `data` to the open descriptor, retrying interrupted writes. False (errno set) on
// failure.
bool write_all(int fd, std::string_view data);

// Writes the concatenation of `parts` to `path` atomically (temporary file, fsync, rename). A
// device or pipe (/dev/null, a FIFO) is written in place, never replaced; a symbolic link keeps
// pointing at the file it names, which is replaced. On failure the temporary file is removed and
// the error says which step failed, where and why: "cannot <create|write|flush|replace> <what>
// '<path>': <system text>"; `what` names the kind of file with a trailing space ("checkpoint ") or
// is empty. LimitError when the disk has no room or fails (ENOSPC, EDQUOT, EFBIG, EIO), InputError
// otherwise (a missing directory, no permission, a directory at `path` or a name ending in '/':
// "cannot write '<path>': it is a directory, not a file").
void write_file_atomic(const std::string& path, std::initializer_list<std::string_view> parts,
                       std::string_view what = {});

// Fails now, with the error write_file_atomic(path, ...) would give, when it could not write
// `path` (a directory or a name ending in '/', a device or pipe not writable, no file creatable
// beside the target), so that a long run does not find out at its end. Leaves nothing behind.
void check_writable(const std::string& path, std::string_view what = {});

// Several files, each as write_file_atomic: every one is written and flushed before any is
// renamed, so a failure to write one leaves none of them changed.
void write_files_atomic(const std::vector<std::pair<std::string, std::vector<std::string_view>>>& files,
                        std::string_view what = {});

}  // namespace bitsolve

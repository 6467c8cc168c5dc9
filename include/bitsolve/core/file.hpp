#pragma once
// Files written whole or not at all: the one place that writes a temporary file beside the
// target, flushes it to disk and renames it over the target (checkpoints, database files, pattern
// database caches). A reader never sees a half-written file, and a failed write leaves the old
// file as it was.
#include <initializer_list>
#include <string>
#include <string_view>

namespace bitsolve {

// A temporary name beside `path`, unique to this process and call.
std::string temp_path_for(const std::string& path);

// Writes all of `data` to the open descriptor, retrying interrupted writes. False (errno set) on
// failure.
bool write_all(int fd, std::string_view data);

// Writes the concatenation of `parts` to `path` atomically (temporary file, fsync, rename). On
// failure the temporary file is removed and InputError says which step failed, where and why:
// "cannot <create|write|flush|replace> <what>'<path>': <system text>"; `what` names the kind of
// file with a trailing space ("checkpoint ") or is empty.
void write_file_atomic(const std::string& path, std::initializer_list<std::string_view> parts,
                       std::string_view what = {});

}  // namespace bitsolve

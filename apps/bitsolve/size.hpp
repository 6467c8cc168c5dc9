#pragma once
// Sizes as the user types them: memory (--max-memory: "512M", "8G", "1.5G", "100000" bytes, "64K")
// and the N of `queens N`.
#include <cstddef>
#include <string_view>

namespace bitsolve::cli {

// Throws UsageError (the value quoted) for anything but a size of 1 byte to 10^18 bytes.
std::size_t parse_size(std::string_view text);

// N as the user typed it: throws UsageError (the value quoted, then "see PROGRAM queens --help")
// for anything but an integer from 1 to queens::kMaxN.
int parse_board_size(std::string_view text, std::string_view program);

}  // namespace bitsolve::cli

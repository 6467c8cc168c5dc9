#pragma once
// Sizes as the user types them (--max-memory): "512M", "8G", "1.5G", "100000" (bytes), "64K".
#include <cstddef>
#include <string_view>

namespace bitsolve::cli {

// Throws UsageError (the value quoted) for anything but a size of 1 byte to 10^18 bytes.
std::size_t parse_size(std::string_view text);

}  // namespace bitsolve::cli

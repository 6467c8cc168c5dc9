// Fuzz target: parse_size (apps/bitsolve/size.hpp, compiled in), the parser of --max-memory
// values ("512M", "8G", "1.5G"). Any text is either a size of at least one byte or a UsageError
// with a clean one-line message; a plain number of bytes reads back as itself.
#include <cstdint>
#include <string>

#include "bitsolve/core/limits.hpp"
#include "fuzz_check.hpp"
#include "size.hpp"

using namespace bitsolve;
using bitsolve::cli::parse_size;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    std::size_t bytes = 0;
    if (!fuzz::accepts_option([&] { bytes = parse_size(text); })) return 0;
    FUZZ_CHECK(bytes >= 1);
    FUZZ_CHECK(bytes <= static_cast<std::size_t>(1e18));
    bool digits_only = !text.empty() && text.size() <= 15;
    for (char c : text) digits_only = digits_only && c >= '0' && c <= '9';
    if (digits_only) FUZZ_CHECK(bytes == std::stoull(text));
    FUZZ_CHECK(!format_size(bytes).empty());
    return 0;
}

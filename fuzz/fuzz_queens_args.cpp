// Fuzz target: the N-Queens option values parsed from text, --shard i/K and the 128-bit counts
// of partial results. Accepted values are in range and print back to the same text (modulo
// leading zeros).
#include <cstdint>
#include <string>

#include "bitsolve/queens/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::queens;

namespace {
std::string without_leading_zeros(std::string_view s) {
    while (s.size() > 1 && s[0] == '0') s.remove_prefix(1);
    return std::string(s);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    ShardSpec s;
    if (fuzz::accepts([&] { s = parse_shard(text); })) {
        FUZZ_CHECK(s.count >= 1 && s.count <= kMaxShards && s.index >= 1 && s.index <= s.count);
        const std::string back = std::to_string(s.index) + "/" + std::to_string(s.count);
        FUZZ_CHECK(parse_shard(back) == s);
    }
    Count c = 0;
    if (fuzz::accepts([&] { c = parse_count(text, 1, 1); })) FUZZ_CHECK(to_string(c) == without_leading_zeros(text));
    return 0;
}

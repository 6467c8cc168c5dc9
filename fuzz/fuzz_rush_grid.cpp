// Fuzz target: the Rush Hour judge grid parser (BOJ 18139: 6 lines of 6 vehicle ids). An
// accepted board must survive the trip through Fogleman's board string unchanged.
#include <cstdint>
#include <string>

#include "bitsolve/rush/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::rush;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    Board b;
    if (!fuzz::accepts([&] { b = parse_judge_grid(text); })) return 0;
    FUZZ_CHECK(b.size == 6);
    FUZZ_CHECK(!b.pieces.empty() && b.primary >= 0 && static_cast<std::size_t>(b.primary) < b.pieces.size());
    const std::string s = b.to_string();
    FUZZ_CHECK(s.size() == 36);
    FUZZ_CHECK(parse_board_string(s).to_string() == s);
    FUZZ_CHECK(!draw(b, false).empty());
    return 0;
}

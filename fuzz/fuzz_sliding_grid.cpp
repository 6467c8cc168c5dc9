// Fuzz target: the sliding-tile board parser (FILE or stdin: one row per line). A board it
// accepts must be valid and must read back identically from its own printed forms.
#include <cstdint>
#include <string>

#include "bitsolve/sliding/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::sliding;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    Board b;
    if (!fuzz::accepts([&] { b = parse_board(text); })) return 0;
    FUZZ_CHECK(is_valid(b));
    FUZZ_CHECK(parse_board(format_board(b)) == b);
    FUZZ_CHECK(parse_board_line(format_board_line(b), 1, b.geo) == b);
    return 0;
}

// Fuzz target: the Rush Hour board parsers that read user files and batch lines (either
// format, recognised automatically; one board string per line). Accepted boards are checked
// to be consistent and to read back from their own board string.
#include <bit>
#include <cstdint>
#include <string>

#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::rush;

namespace {

void check_board(const Board& b) {
    FUZZ_CHECK(b.size >= 4 && b.size <= 8);
    FUZZ_CHECK(!b.pieces.empty() && b.primary >= 0 && static_cast<std::size_t>(b.primary) < b.pieces.size());
    FUZZ_CHECK(!b.pieces[static_cast<std::size_t>(b.primary)].vertical);
    // Pieces lie on the board, never overlap each other or a wall.
    std::uint64_t used = b.walls;
    for (const Piece& p : b.pieces) {
        FUZZ_CHECK(p.len == 2 || p.len == 3);
        FUZZ_CHECK(p.line < b.size && p.pos + p.len <= b.size);
        FUZZ_CHECK((used & p.cells()) == 0);
        used |= p.cells();
    }
    const std::string s = b.to_string();
    FUZZ_CHECK(s.size() == static_cast<std::size_t>(b.size * b.size));
    FUZZ_CHECK(parse_board_string(s).to_string() == s);
    FUZZ_CHECK(!draw(b, false).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    Board b;
    if (fuzz::accepts([&] { b = parse_board(text); })) check_board(b);
    for (const Line& line : lines_of(text)) {
        if (is_blank_or_comment(line.text)) continue;
        if (fuzz::accepts([&] { b = parse_board_string(line.text); })) check_board(b);
    }
    return 0;
}

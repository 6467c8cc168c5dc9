// Fuzz target: the sliding-tile batch line parser (one board per line, with or without
// --size), the --goal parser and the --size parser. Every line is answered on its own: an
// accepted line is a valid board that reads back from its printed line.
#include <cstdint>
#include <optional>
#include <string>

#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/parse.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::sliding;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    // The first line doubles as a --size value; when it parses, the batch uses it.
    const LineRange lines = lines_of(text);
    std::optional<Geometry> geo;
    if (lines.begin() != lines.end()) {
        Geometry g;
        if (fuzz::accepts_option([&] { g = parse_geometry(lines.begin()->text); })) {
            FUZZ_CHECK(g.rows >= 2 && g.rows <= 5 && g.cols >= 2 && g.cols <= 5);
            geo = g;
        }
    }
    for (const Line& line : lines) {
        if (is_blank_or_comment(line.text)) continue;
        Board b;
        bool ok = false;
        try {
            b = parse_board_line(line.text, line.number, geo);
            ok = true;
        } catch (const InputError& e) {
            fuzz::check_message(e.what());
            FUZZ_CHECK(e.line() == line.number);  // batch errors name their own line
        }
        if (!ok) continue;
        FUZZ_CHECK(is_valid(b));
        if (geo) FUZZ_CHECK(b.geo == *geo);
        FUZZ_CHECK(parse_board_line(format_board_line(b), line.number, b.geo) == b);
        // The same text as a --goal for this board's geometry.
        Board goal;
        if (fuzz::accepts_option([&] { goal = parse_goal(line.text, b.geo); })) FUZZ_CHECK(goal == b);
    }
    // The whole text as a --goal for a 3x3 board (multi-line goals are allowed).
    Board g3;
    if (fuzz::accepts_option([&] { g3 = parse_goal(text, Geometry{3, 3}); })) FUZZ_CHECK(is_valid(g3));
    return 0;
}

// Printing Rush Hour boards: piece names, Fogleman's string, and the drawing used by --show.
#include "bitsolve/rush/board.hpp"

#include <fmt/format.h>

namespace bitsolve::rush {

std::string Board::name(std::size_t i) const {
    const int id = pieces[i].id;
    return naming == Naming::Numbers ? std::to_string(id) : std::string(1, static_cast<char>(id));
}

char Board::letter(std::size_t i) const {
    const int id = pieces[i].id;
    return naming == Naming::Numbers ? static_cast<char>('A' + id - 1) : static_cast<char>(id);
}

namespace {

// Piece index per cell (-1 empty, -2 wall), row-major over N x N.
std::vector<int> owners(const Board& b) {
    const int n = b.size;
    std::vector<int> own(static_cast<std::size_t>(n * n), -1);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            if (b.walls & cell_bit(r, c)) own[static_cast<std::size_t>(r * n + c)] = -2;
    for (std::size_t i = 0; i < b.pieces.size(); ++i) {
        const Piece& p = b.pieces[i];
        for (int k = 0; k < p.len; ++k) {
            const int r = p.vertical ? p.pos + k : p.line, c = p.vertical ? p.line : p.pos + k;
            own[static_cast<std::size_t>(r * n + c)] = static_cast<int>(i);
        }
    }
    return own;
}

}  // namespace

std::string Board::to_string() const {
    std::string s;
    for (int o : owners(*this)) s += o == -1 ? 'o' : o == -2 ? 'x' : letter(static_cast<std::size_t>(o));
    return s;
}

std::string draw(const Board& b, bool colour) {
    // Background colours for the other pieces (the primary is always red): cycled, avoiding red.
    static constexpr int kPalette[] = {44, 42, 43, 45, 46, 104, 102, 103, 105, 106, 100, 47};
    const int n = b.size;
    const auto own = owners(b);
    const bool ids = b.naming == Naming::Numbers;
    std::string out;
    for (int r = 0; r < n; ++r) {
        if (r) out += '\n';
        for (int c = 0; c < n; ++c) {
            const int o = own[static_cast<std::size_t>(r * n + c)];
            std::string glyph = o == -1   ? "."
                                : o == -2 ? "x"
                                : ids     ? b.name(static_cast<std::size_t>(o))
                                          : std::string(1, b.letter(static_cast<std::size_t>(o)));
            if (ids) glyph = fmt::format("{:>3}", glyph);
            if (colour && o >= 0) {
                const int bg = o == b.primary ? 41 : kPalette[static_cast<std::size_t>(o) % std::size(kPalette)];
                out += fmt::format("\x1b[1;97;{}m{}\x1b[0m", bg, ids ? glyph : " " + glyph + " ");
            } else {
                out += ids || !colour ? glyph : " " + glyph + " ";
            }
        }
        // The exit: an opening on the primary piece's row, at the right edge.
        if (r == b.pieces[static_cast<std::size_t>(b.primary)].line) out += ids ? "  <" : " <";
    }
    return out;
}

}  // namespace bitsolve::rush

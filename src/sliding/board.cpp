#include "bitsolve/sliding/board.hpp"

#include <cstdlib>

#include "bitsolve/sliding/parity.hpp"

namespace bitsolve::sliding {

int Board::blank() const {
    for (int c = 0; c < cells(); ++c)
        if (tiles[c] == 0) return c;
    return -1;
}

Board blank_last_goal(Geometry g) {
    Board b;
    b.geo = g;
    for (int c = 0; c + 1 < g.cells(); ++c) b.tiles[c] = static_cast<Tile>(c + 1);
    b.tiles[g.cells() - 1] = 0;
    return b;
}

Board blank_first_goal(Geometry g) {
    Board b;
    b.geo = g;
    for (int c = 0; c < g.cells(); ++c) b.tiles[c] = static_cast<Tile>(c);
    return b;
}

bool is_valid(const Board& b) {
    if (b.geo.rows < kMinSide || b.geo.rows > kMaxSide || b.geo.cols < kMinSide || b.geo.cols > kMaxSide) return false;
    std::uint32_t seen = 0;
    for (int c = 0; c < b.cells(); ++c) {
        if (b.tiles[c] >= b.cells() || (seen >> b.tiles[c] & 1u)) return false;
        seen |= 1u << b.tiles[c];
    }
    return true;
}

std::string format_board(const Board& b) {
    const int width = b.cells() > 10 ? 2 : 1;
    std::string s;
    for (int r = 0; r < b.geo.rows; ++r) {
        for (int c = 0; c < b.geo.cols; ++c) {
            const std::string t = std::to_string(b.tiles[r * b.geo.cols + c]);
            if (c > 0) s += ' ';
            s.append(static_cast<std::size_t>(width) - t.size(), ' ');
            s += t;
        }
        s += '\n';
    }
    return s;
}

std::string format_board_line(const Board& b) {
    std::string s;
    for (int c = 0; c < b.cells(); ++c) {
        if (c > 0) s += ' ';
        s += std::to_string(b.tiles[c]);
    }
    return s;
}

std::optional<Path> parse_path(std::string_view letters) {
    Path path;
    path.reserve(letters.size());
    for (char ch : letters) {
        switch (ch) {
            case 'U': path.push_back(Dir::Up); break;
            case 'L': path.push_back(Dir::Left); break;
            case 'R': path.push_back(Dir::Right); break;
            case 'D': path.push_back(Dir::Down); break;
            default: return std::nullopt;
        }
    }
    return path;
}

bool replay(Board& b, std::span<const Dir> path) {
    int blank = b.blank();
    if (blank < 0) return false;
    for (Dir d : path) {
        const int to = b.geo.neighbour(blank, d);
        if (to < 0) return false;
        b.tiles[blank] = b.tiles[to];
        b.tiles[to] = 0;
        blank = to;
    }
    return true;
}

std::string format_walk(const Board& start, std::span<const Dir> path) {
    Board b = start;
    std::string s = format_board(b);
    for (std::size_t i = 0; i < path.size(); ++i) {
        replay(b, path.subspan(i, 1));
        s += "\nmove " + std::to_string(i + 1) + ": " + dir_letter(path[i]) + "\n" + format_board(b);
    }
    return s;
}

int permutation_parity(const Board& b) {
    int inversions = 0;
    for (int i = 0; i < b.cells(); ++i)
        for (int j = i + 1; j < b.cells(); ++j) inversions += b.tiles[i] > b.tiles[j];
    return inversions & 1;
}

bool solvable(const Board& start, const Board& goal) {
    const int s = start.blank(), g = goal.blank();
    const int dist =
        std::abs(start.geo.row_of(s) - goal.geo.row_of(g)) + std::abs(start.geo.col_of(s) - goal.geo.col_of(g));
    return ((permutation_parity(start) ^ permutation_parity(goal) ^ dist) & 1) == 0;
}

}  // namespace bitsolve::sliding

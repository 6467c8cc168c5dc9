#pragma once
// The packed layouts of Fogleman's database: every board of one size, with up to `max_walls`
// walls, whose pieces are all pushed as far up or left as they go, each produced once.
//
// Rules (those of Fogleman's enumerator; they give his counts, e.g. 243,502,785 wall-free 6x6):
//  - row 2 (the exit row, any size) holds the primary car (length 2) and nothing else but walls
//    left of it; another row holds horizontal cars, trucks and walls; a column holds vertical
//    cars and trucks; no row or column is filled (its pieces and walls cover < N cells);
//  - packed: the cell left of a horizontal piece (not at column 0) is a wall or a vertical piece
//    unless it is one of its row's own cells; the cell above a vertical piece (not at row 0) is
//    a wall or a horizontal piece unless it is one of its column's own cells;
//  - at most `max_walls` walls in all. The primary car may start at the goal.
//
// Method. Each row's contents is chosen from a precomputed list of placements (cells, walls,
// the cells its pieces require occupied). Once every row is chosen, each column's choice
// depends only on that column's cells: which are taken by the rows (O) and which the rows
// require to be vertical pieces (R). A table gives, for every (O, R), the column placements
// that fit: they miss O, cover R, and find the cell above each of their pieces in O. The
// columns are then independent, so the layouts of one row choice are the product of the
// columns' lists (the counting pass multiplies their lengths).
//
// Slices. What a move never changes is the same for every state of a cluster: the sequence of
// piece lengths and walls along each row (pieces never pass each other or a wall). A slice
// fixes this "group" for the exit row and for the other rows top down: it is one prefix of
// groups whose walls fit the limit, the prefixes as long as keeps their number at most
// kMaxSlices (6x6: 7,776 slices without walls and 207,360 with up to one wall, every row
// fixed; 308,880 with up to two). Every layout of a cluster is therefore in
// the same slice as its canonical member, so a slice can skip the other layouts of a cluster
// it has analysed. The order of layouts in a slice is fixed (rows top down, then columns left
// to right, each in list order).
//
// Pieces come out in Fogleman's board order, which decides the letters of a board string:
// the primary car 'A', then the exit row's walls, then the rows top down and the columns left
// to right, each along its line. Walls take a letter too (they print as 'x').
#include <array>
#include <cstdint>
#include <vector>

#include "bitsolve/rush/board.hpp"

namespace bitsolve::rush {

struct DbLinePiece {
    std::uint8_t pos = 0;  // first cell along the line
    std::uint8_t len = 0;  // 1 = wall, 2 or 3
};

// One placement of a row (horizontal pieces and walls), in board masks (cell (r, c) = bit r*8+c).
struct DbRowPlacement {
    u64 cells = 0;    // covered cells, walls included
    u64 walls = 0;    // wall cells
    u64 require = 0;  // cells that must hold a vertical piece (left of a piece, not its own)
    int wall_count = 0;
    int group = 0;                    // its sequence of piece lengths and wall positions
    std::vector<DbLinePiece> pieces;  // left to right
};

// One placement of a column (vertical pieces), in column-local masks (row r = bit r).
struct DbColumnPlacement {
    std::uint8_t cells = 0;
    std::uint8_t above = 0;           // cells above its pieces that the rows must fill
    std::vector<DbLinePiece> pieces;  // top to bottom
};

class DbLayouts {
public:
    static constexpr int kExitRow = 2;
    static constexpr std::uint64_t kMaxSlices = 1'000'000;

    // size 4..8, max_walls >= 0 (the caller checks the database's own bounds).
    DbLayouts(int size, int max_walls);

    int size() const { return n_; }
    std::uint64_t slice_count() const { return slice_count_; }
    // Layouts of one slice, without producing them.
    std::uint64_t count(std::uint64_t slice) const;

    // The slice that holds a packed layout of this size (its exit row and first rows decide).
    // Throws InputError when the board's exit row or first rows are no placement of the lists.
    std::uint64_t slice_of(const Board& layout) const;

    // Calls f(board) for every layout of the slice, in a fixed order. `board` is the caller's,
    // refilled in place (its vectors keep their capacity: nothing is allocated once warm);
    // pieces[0] is the primary car and every piece's id is its letter.
    template <class F>
    void for_each(std::uint64_t slice, Board& board, F&& f) const {
        each(slice, false, board, f);
    }
    // The same for the goal layouts of the slice: the primary car at the goal, every other piece
    // pushed as far up or left as it goes (the rules above, with nothing required left of the
    // car). Every goal state lies in a cluster with one of these (pushing the other pieces keeps
    // it a goal), and a cluster's goals are in its layouts' slice (a move keeps the row groups).
    template <class F>
    void for_each_goal(std::uint64_t slice, Board& board, F&& f) const {
        each(slice, true, board, f);
    }

private:
    static constexpr int kLevels = kMaxSize;  // the exit row, then the other rows top down
    using List = std::vector<std::uint16_t>;
    struct Choice {
        std::array<int, kMaxSize> row{};  // placement index per row
        u64 cells = 0, require = 0;
        int walls = 0;
        std::array<const List*, kLevels> lists{};  // candidates per level
    };
    bool start(std::uint64_t slice, bool goal, Choice& c) const;  // false: over the wall limit
    template <class F>
    void each(std::uint64_t slice, bool goal, Board& board, F&& f) const;
    // Column lists of a full row choice; false when some column has none.
    bool columns(const Choice& c, std::array<const std::uint16_t*, kMaxSize>& first,
                 std::array<std::uint16_t, kMaxSize>& count) const;
    template <class F>
    void rows(int k, Choice& c, F&& leaf) const;
    void fill_rows(const Choice& c, Board& b, char& letter) const;

    int n_ = 0;
    int max_walls_ = 0;
    std::vector<int> order_;                           // the exit row, then the other rows top down
    std::vector<std::vector<DbRowPlacement>> placed_;  // [row]: its placements
    std::vector<std::vector<List>> by_group_;          // [row][group]: its placements of that group
    std::vector<List> goal_by_group_;                  // [exit row group]: its goal placements
    std::vector<List> all_;                            // [row]: 0 .. its placement count
    int exit_groups_ = 0, row_groups_ = 0;
    int fixed_ = 0;                          // levels (exit row, then rows) whose group a slice fixes
    std::vector<std::uint16_t> prefixes_;    // fixed_ groups per slice, in increasing order
    std::vector<DbColumnPlacement> column_;  // placements of one column
    std::vector<std::uint32_t> fit_offset_;  // [(O << n) | R] .. +1: range of fit_
    std::vector<std::uint16_t> fit_;         // column placement indices
    std::uint64_t slice_count_ = 0;
};

template <class F>
void DbLayouts::rows(int k, Choice& c, F&& leaf) const {
    if (k == n_) {
        leaf(c);
        return;
    }
    const int r = order_[static_cast<std::size_t>(k)];
    const auto& placed = placed_[static_cast<std::size_t>(r)];
    const Choice saved = c;
    for (const std::uint16_t i : *saved.lists[static_cast<std::size_t>(k)]) {
        const DbRowPlacement& p = placed[i];
        if (saved.walls + p.wall_count > max_walls_) continue;
        c.row[static_cast<std::size_t>(r)] = i;
        c.cells = saved.cells | p.cells;
        c.require = saved.require | p.require;
        c.walls = saved.walls + p.wall_count;
        rows(k + 1, c, leaf);
    }
    c = saved;
}

template <class F>
void DbLayouts::each(std::uint64_t slice, bool goal, Board& board, F&& f) const {
    Choice c;
    if (!start(slice, goal, c)) return;
    board.size = n_;
    board.primary = 0;
    board.naming = Naming::Letters;
    rows(0, c, [&](const Choice& full) {
        std::array<const std::uint16_t*, kMaxSize> first{};
        std::array<std::uint16_t, kMaxSize> count{};
        if (!columns(full, first, count)) return;
        char letter = 'A';
        board.pieces.clear();
        fill_rows(full, board, letter);
        const std::size_t prefix = board.pieces.size();
        const char prefix_letter = letter;
        std::array<std::uint16_t, kMaxSize> at{};  // odometer over the columns' lists
        for (;;) {
            board.pieces.resize(prefix);
            letter = prefix_letter;
            for (int x = 0; x < n_; ++x) {
                const auto& col = column_[first[static_cast<std::size_t>(x)][at[static_cast<std::size_t>(x)]]];
                for (const DbLinePiece& q : col.pieces)
                    board.pieces.push_back(Piece{static_cast<std::uint8_t>(x), q.pos, q.len, true, letter++});
            }
            f(static_cast<const Board&>(board));
            int x = n_ - 1;
            while (x >= 0 && ++at[static_cast<std::size_t>(x)] == count[static_cast<std::size_t>(x)])
                at[static_cast<std::size_t>(x--)] = 0;
            if (x < 0) break;
        }
    });
}

}  // namespace bitsolve::rush

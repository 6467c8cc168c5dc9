#pragma once
// The compiled search form of a Rush Hour board: a state is a 64-bit key of piece positions,
// and move generation works on occupancy bitboards rebuilt from it.
//
// Key layout. Piece i only ever slides along its line, between the lowest and highest first
// cell it could take if every perpendicular piece vanished (its wall-free segment, less the
// parallel pieces before and after it, which it can never pass). Its field is
// f_i = pos_i - base_i in w_i = bit_width(range_i - 1) bits at bit shift_i, fields packed from
// bit 0 in piece order. A key is therefore a function of the piece positions alone (never of the
// occupancy, which two different states can share) and is unique per state. On 6x6, w_i <= 3
// and there are at most 18 pieces, so keys take at most 54 bits; on the largest boards a key
// must fit 63 bits (bit 63 stays clear so ~0 can mark an empty hash slot), else the board is
// refused with an InputError.
//
// Bitboards. `occ` has cell (r, c) at bit r*8 + c, `occT` (the transpose) at bit c*8 + r; both
// include walls and every cell outside the N x N board. Row r of a horizontal piece is byte r
// of occ and column c of a vertical piece is byte c of occT, so a slide of any distance is two
// table look-ups over the 8-bit line: how many free cells precede the piece and how many follow
// it, i.e. how far its mask shifts before it is blocked. No branch depends on the direction.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "bitsolve/rush/board.hpp"

namespace bitsolve::rush {

using Key = std::uint64_t;

namespace detail {
// after[line][q]: free cells at bits q, q+1, ... of an 8-bit line (bits >= 8 are blocked).
// before[line][p]: free cells at bits p-1, p-2, ..., 0.
struct FreeRuns {
    std::array<std::array<std::uint8_t, 9>, 256> after{}, before{};
    constexpr FreeRuns() {
        for (int line = 0; line < 256; ++line)
            for (int q = 0; q <= 8; ++q) {
                int a = 0, b = 0;
                while (q + a < 8 && !((line >> (q + a)) & 1)) ++a;
                while (q - b - 1 >= 0 && !((line >> (q - b - 1)) & 1)) ++b;
                after[static_cast<std::size_t>(line)][static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(a);
                before[static_cast<std::size_t>(line)][static_cast<std::size_t>(q)] = static_cast<std::uint8_t>(b);
            }
    }
};
inline constexpr FreeRuns kFreeRuns{};
}  // namespace detail

class CompiledBoard {
public:
    // Throws InputError when the board's key would not fit 63 bits (very crowded 7x7 / 8x8).
    explicit CompiledBoard(const Board& board);

    const Board& board() const { return board_; }
    // A number no other CompiledBoard constructed in this process has (a copy keeps it; the
    // first is 1): searches keep the tables they derived from a board while its id is the same.
    std::uint64_t id() const { return id_; }
    int pieces() const { return n_; }  // 1..kMaxPieces
    Key start() const { return start_; }
    int primary() const { return board_.primary; }

    // Position (first cell) of piece i in state k.
    int pos(Key k, int i) const { return base_[i] + static_cast<int>((k >> shift_[i]) & fmask_[i]); }
    bool is_goal(Key k) const { return ((k >> shift_[primary_]) & fmask_[primary_]) == goal_field_; }

    // Debug invariant: every field of k is in its piece's range and no two pieces, nor a piece
    // and a wall, share a cell (checked on every new state in debug builds).
    bool valid(Key k) const {
        u64 seen = walls_;
        for (int i = 0; i < n_; ++i) {
            const auto f = (k >> shift_[i]) & fmask_[i];
            const u64 m = cells_[i][f];
            if (m == 0 || (m & seen)) return false;
            seen |= m;
        }
        return (k >> key_bits_) == 0;
    }

    // The board of state k (same pieces, names and walls as the input, positions from k).
    Board decode(Key k) const;

    // Every move from k, written into caller buffers: keys[j] is a child and pieces[j] the piece
    // it moved (its distance is the difference of that piece's positions). Slides (Unit =
    // false): every distance each piece can slide; unit steps (Unit = true): each piece one cell
    // either way; piece by piece, left/up before right/down. Branch-free per piece: every
    // candidate slide up to the longest possible is written, four keys per vector store and
    // eight piece bytes per scalar store, and the count advances by the number that are legal,
    // so no branch depends on how far a piece can go (such branches mispredict constantly in a
    // search). Both buffers need kChildBuffer entries; with Pieces = false, `pieces` is not
    // written (it may be null) and only the keys are made.
    static constexpr std::size_t kChildBuffer = kMaxPieces * 2 * (kMaxSize - 2) + 8;
    template <bool Unit, bool Pieces = true>
    std::size_t children(Key k, Key* keys, std::uint8_t* pieces) const {
        Occupancy o{walls_, wallsT_};
        std::uint8_t at[kMaxPieces];
        for_each_field(k, [&](int i, std::size_t fi) {
            at[i] = static_cast<std::uint8_t>(base_[i] + fi);
            o.occ |= cells_[i][fi];
            o.occT |= cellsT_[i][fi];
        });
        const Lines lines(o);
        using V4 = u64 __attribute__((vector_size(32)));  // four keys, one AVX2 store
        const V4 kv = {k, k, k, k};
        constexpr V4 kNear = {1, 2, 3, 4}, kFar = {5, 6, 7, 8};
        const bool far = max_slide_ > 4;  // 7x7 and 8x8 boards slide up to 5 and 6 cells
        std::size_t m = 0;
        for (int i = 0; i < n_; ++i) {
            const auto [back, ahead] = free_run(lines, i, at[i]);
            const int sh = shift_[i];
            const u64 piece8 = 0x0101010101010101ULL * static_cast<u64>(i);
            if constexpr (Pieces) std::memcpy(pieces + m, &piece8, 8);
            if constexpr (Unit) {
                const u64 unit = u64{1} << sh;
                keys[m] = k - unit;
                m += back != 0;
                if constexpr (Pieces) pieces[m] = static_cast<std::uint8_t>(i);
                keys[m] = k + unit;
                m += ahead != 0;
            } else {
                V4 v = kv - (kNear << sh);
                std::memcpy(keys + m, &v, sizeof v);
                if (far) v = kv - (kFar << sh), std::memcpy(keys + m + 4, &v, sizeof v);
                m += back;
                if constexpr (Pieces) std::memcpy(pieces + m, &piece8, 8);
                v = kv + (kNear << sh);
                std::memcpy(keys + m, &v, sizeof v);
                if (far) v = kv + (kFar << sh), std::memcpy(keys + m + 4, &v, sizeof v);
                m += ahead;
            }
        }
        return m;
    }

    // How far piece i of state k can slide: {cells back (up/left), cells ahead (down/right)}.
    std::pair<int, int> reach(Key k, int i) const {
        const auto [back, ahead] = free_run(Lines(occupancy(k)), i, pos(k, i));
        return {static_cast<int>(back), static_cast<int>(ahead)};
    }

    // Occupancy of state k in both layouts (walls and outside cells included).
    struct Occupancy {
        u64 occ = 0, occT = 0;
    };
    Occupancy occupancy(Key k) const {
        Occupancy o{walls_, wallsT_};
        for_each_field(k, [&](int i, std::size_t fi) {
            o.occ |= cells_[i][fi];
            o.occT |= cellsT_[i][fi];
        });
        return o;
    }
    // From k and its occupancy: 0 at a goal, 1 when the primary piece can slide to the exit edge
    // in one move (its way is clear), 2 otherwise.
    int near_goal(Key k, u64 occ) const {
        const u64 f = static_cast<u64>(field(k, primary_));
        if (f == goal_field_) return 0;
        if (goal_field_ == ~u64{0}) return 2;
        return (occ & exit_way_[base_[primary_] + f]) == 0 ? 1 : 2;
    }

    // Field value of piece i in state k (its position less the lowest it can take).
    int field(Key k, int i) const { return static_cast<int>((k >> shift_[i]) & fmask_[i]); }

    // The key layout and occupancy tables, for search kernels that keep their own copies
    // (slide_kernel.hpp). Piece i's field is at bit shift(i), field_mask(i) wide (0..7); its
    // lowest position is base(i); cells(i, f) / cells_t(i, f) are its cells at field value f
    // (0..7; none beyond its range) in the occ / occT layout.
    int shift(int i) const { return shift_[i]; }
    u64 field_mask(int i) const { return fmask_[i]; }
    int base(int i) const { return base_[i]; }
    u64 cells(int i, int f) const { return cells_[i][f]; }
    u64 cells_t(int i, int f) const { return cellsT_[i][f]; }
    // The cell before piece i on its line at field value f (0 at the edge), and the primary
    // piece's field value at the goal (~0 when it cannot reach it).
    u64 behind(int i, int f) const { return behind_[i][f]; }
    u64 goal_field() const { return goal_field_; }
    // Walls and every cell outside the N x N board, in the occ / occT layout.
    u64 walls() const { return walls_; }
    u64 walls_t() const { return wallsT_; }
    // The cells right of the primary piece in its row when its first cell is at pos (0..7).
    u64 exit_way(int pos) const { return exit_way_[pos]; }

private:
    // Calls f(i, field value) for every piece i of state k.
    template <class F>
    void for_each_field(Key k, F&& f) const {
        for (int i = 0; i < n_; ++i) f(i, static_cast<std::size_t>((k >> shift_[i]) & fmask_[i]));
    }
    // A state's lines as bytes: rows 0..7 (of occ), then columns 0..7 (of occT).
    struct Lines {
        std::uint8_t bytes[16];
        explicit Lines(const Occupancy& o) {
            static_assert(std::endian::native == std::endian::little, "line bytes are read from memory");
            std::memcpy(bytes, &o.occ, 8);
            std::memcpy(bytes + 8, &o.occT, 8);
        }
    };
    // How far piece i, first cell at p, can slide along its line: {cells back, cells ahead}.
    std::pair<std::size_t, std::size_t> free_run(const Lines& lines, int i, int p) const {
        const auto line = static_cast<std::size_t>(lines.bytes[line_id_[i]] & ~(lenmask_[i] << p));
        return {detail::kFreeRuns.before[line][static_cast<std::size_t>(p)],
                detail::kFreeRuns.after[line][static_cast<std::size_t>(p + len_[i])]};
    }

    Board board_;
    std::uint64_t id_ = 0;
    int max_slide_ = 0;  // N - 2: the furthest any piece can slide in one move
    int n_ = 0;
    int primary_ = 0;
    int key_bits_ = 0;
    Key start_ = 0;
    u64 goal_field_ = ~u64{0};  // never matched when the primary piece cannot reach the edge
    u64 walls_ = 0, wallsT_ = 0;
    std::array<std::uint8_t, kMaxPieces> shift_{}, base_{}, len_{};
    std::array<std::uint8_t, kMaxPieces> line_id_{};  // byte of the piece's line: row r, or 8 + column c
    std::array<u64, kMaxPieces> fmask_{}, lenmask_{};
    std::array<u64, 8> exit_way_{};  // [pos of the primary]: cells right of it in its row
    // cells_[i][f] / cellsT_[i][f]: occupancy of piece i at field value f, in occ / occT layout.
    std::array<std::array<u64, 8>, kMaxPieces> cells_{}, cellsT_{};
    std::array<std::array<u64, 8>, kMaxPieces> behind_{};  // the cell before the piece on its line, 0 at the edge
};

}  // namespace bitsolve::rush

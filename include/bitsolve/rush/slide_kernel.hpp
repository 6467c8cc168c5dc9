#pragma once
// The kernels of the moves search (slide_search.hpp). A kernel takes up to eight nodes of one
// layer and writes their children (steps 1 and 2 there): the scalar kernel (slide_kernel.cpp)
// on any CPU, the AVX2 one (slide_kernel_avx2.cpp) and the AVX-512 one (slide_kernel_avx512.cpp,
// F, VL, CD and VPOPCNTDQ) only where core/cpu.hpp reports them. All write the same children in
// the same order. They read only SlideTables, built once per board from its
// CompiledBoard, and the node arrays of the search.
//
// Node records (slide_search.hpp): the parent's index in bits 0..31, the piece whose slide
// reached the node in bits 32..39 (the piece count at the root), that piece's field value
// before the slide in bits 40..47 and after it in bits 48..55.
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "bitsolve/rush/compiled_board.hpp"

namespace bitsolve::rush {

constexpr std::size_t kSlideLanes = 8;  // nodes per batch

// A node record from its parts, and its parts.
inline std::uint64_t make_record(std::size_t parent, int piece, int from, int to) {
    return static_cast<std::uint64_t>(parent) | (static_cast<std::uint64_t>(piece) << 32) |
           (static_cast<std::uint64_t>(from) << 40) | (static_cast<std::uint64_t>(to) << 48);
}
inline std::size_t record_parent(std::uint64_t r) { return static_cast<std::size_t>(r & 0xFFFFFFFFULL); }
inline int record_piece(std::uint64_t r) { return static_cast<int>((r >> 32) & 0xFF); }
constexpr std::size_t kMaxSearchNodes = std::size_t{1} << 32;  // parent indices are 32 bits

// The read-only data of a search on one board: the CompiledBoard's key layout and occupancy
// tables, eight field values per piece (the vector kernel permutes all eight at once), and two
// tables of its own: the cells each piece sweeps between two positions and the key offsets of
// its slides.
struct SlideTables {
    int n = 0;  // pieces
    int primary = 0;
    u64 walls = 0, wallsT = 0;  // walls and cells outside the board, occ and occT layouts
    std::array<std::uint8_t, kMaxPieces> shift{}, base{}, len{}, vert{};
    std::array<std::uint8_t, kMaxPieces> lshift{};   // bit of the piece's line: 8 * row or 8 * column
    std::array<std::uint8_t, kMaxPieces> line_id{};  // byte of the piece's line: row r, or 8 + column c
    std::array<u64, kMaxPieces> fmask{}, lenmask{};
    std::array<u64, 8> exit_way{};  // [pos of the primary]: cells right of it in its row
    // cells[i][f] / cellsT[i][f]: occupancy of piece i at field value f, in occ / occT layout.
    std::array<std::array<u64, 8>, kMaxPieces> cells{}, cellsT{};
    // behind[i][f]: the cell before piece i on its line (0 at the edge), for the packed test;
    // goal_field: the primary piece's field value at the goal (~0 when it cannot reach it).
    std::array<std::array<u64, 8>, kMaxPieces> behind{};
    u64 goal_field = 0;
    // The same split in 32-bit halves for the AVX2 kernel's eight 32-bit lanes (one permute
    // looks up a half for eight nodes): cells32[i][h][f] is the low (h = 0) or high (h = 1)
    // half of cells[i][f], then (h = 2, 3) of cellsT[i][f]; exit_way32[h][pos] likewise.
    alignas(32) std::uint32_t cells32[kMaxPieces][4][8] = {};
    alignas(32) std::uint32_t exit_way32[2][8] = {};
    // Per piece: key offsets of slides of 1..16 cells left/up and right/down (the first 8 for
    // the vector kernel's compress; the scalar one reads 8 from a run's start, at most 8).
    alignas(64) Key back[kMaxPieces][16] = {};
    alignas(64) Key ahead[kMaxPieces][16] = {};
    // [((w * 8) + from) * 8 + to]: cells piece w sweeps from field value `from` to `to`, occ
    // layout, then the same at tsweep in occT layout; zero for w = n, from = to = 0 (the root's
    // record). Entries outside the pieces' ranges are never read and hold no meaning.
    std::vector<u64> sweep;
    std::size_t tsweep = 0;
    // Same index (scalar kernel only): a bit per piece that may slide at a node reached by that
    // slide of w, all others being pruned (slide_search.hpp): every piece above w, and each
    // piece below w whose row or column meets a cell the slide freed; every piece at the root.
    std::vector<std::uint32_t> movers;

    // Fills the tables for `board` (reusing the memory of the vectors); the movers table only
    // when `with_movers`.
    void build(const CompiledBoard& board, bool with_movers);

    int field(Key k, std::size_t i) const { return static_cast<int>((k >> shift[i]) & fmask[i]); }
};

// The nodes of the search (slide_search.hpp): keys and records, and for the scalar kernel each
// node's occupancy in both layouts (unused by the AVX2 and AVX-512 kernels).
struct SlideNodes {
    const Key* keys = nullptr;
    const std::uint64_t* records = nullptr;
    const u64* occ = nullptr;
    const u64* occT = nullptr;
};

// One batch: its nodes, their slide masks and work list, and their children.
struct SlideBatch {
    // A node has at most 2 * (kMaxSize - 2) slides per piece; + room for the last 64-byte store.
    static constexpr std::size_t kMaxChildren = kSlideLanes * kMaxPieces * 2 * (kMaxSize - 2) + 16;
    alignas(64) Key keys[kSlideLanes];                          // the batch's nodes
    alignas(64) u64 occ[kSlideLanes];                           // their occupancy (occ layout, walls included)
    alignas(64) u64 occT[kSlideLanes];                          // and transposed (kept by the scalar kernel only)
    alignas(64) u64 way[kSlideLanes];                           // the cells between their primary piece and the exit
    alignas(64) std::uint16_t masks[kMaxPieces * kSlideLanes];  // [piece * 8 + lane]: slide mask
    alignas(64) std::uint32_t work[kMaxPieces * kSlideLanes + 16];  // piece << 3 | lane, with slides
    std::size_t nwork = 0;
    alignas(64) Key kids[kMaxChildren];
    alignas(64) std::uint16_t kid_info[kMaxChildren];  // piece << 3 | lane
};

// Steps 1 and 2 for nodes [head, head + lanes) (lanes 1..8, one layer): fills b.keys, b.occ,
// b.way (and b.occT in the scalar kernel) and writes the children to b.kids / b.kid_info;
// returns their number.
std::size_t expand_scalar(const SlideTables& t, const SlideNodes& nodes, std::size_t head, std::size_t lanes,
                          SlideBatch& b);

// The same on AVX2 and on AVX-512 (both rebuild the occupancy from the keys; b.occT is not
// written).
std::size_t expand_avx2(const SlideTables& t, const SlideNodes& nodes, std::size_t head, std::size_t lanes,
                        SlideBatch& b);
std::size_t expand_avx512(const SlideTables& t, const SlideNodes& nodes, std::size_t head, std::size_t lanes,
                          SlideBatch& b);

// Of keys[0, count): writes the packed states (no piece can move up or left: the cell before
// each is a wall, a piece or the edge) to packed[] and the goals to goals[], in order; each
// needs room for count keys. Returns how many of each. AVX-512: eight keys at a time.
std::pair<std::size_t, std::size_t> classify_scalar(const SlideTables& t, const Key* keys, std::size_t count,
                                                    Key* packed, Key* goals);
std::pair<std::size_t, std::size_t> classify_avx512(const SlideTables& t, const Key* keys, std::size_t count,
                                                    Key* packed, Key* goals);

}  // namespace bitsolve::rush

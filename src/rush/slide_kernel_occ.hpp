#pragma once
// The moves search's scalar kernel, which reads each node's occupancy from the node arrays (see
// slide_kernel.hpp), and its step 2 (write_children), shared with the AVX2 kernel; always
// inlined into expand_scalar (slide_kernel.cpp, the build's instruction set) and expand_avx2
// (slide_kernel_avx2.cpp, compiled for AVX2 and BMI2, where the compiler writes step 2's
// eight-key runs with 256-bit stores). Private to src/rush.
#include <array>
#include <bit>
#include <cstring>

#include "bitsolve/rush/slide_kernel.hpp"

namespace bitsolve::rush::detail {

// Slide mask of one piece: left/up slides of skip_back+1 .. back cells in the low byte,
// right/down slides of skip_ahead+1 .. ahead cells in the high byte.
constexpr std::uint16_t slide_mask(unsigned back, unsigned ahead, unsigned skip_back, unsigned skip_ahead) {
    return static_cast<std::uint16_t>(((1u << back) - (1u << skip_back)) | (((1u << ahead) - (1u << skip_ahead)) << 8));
}

// [len - 2][line][p]: slide_mask of a piece of length len (2 or 3) at position p of an 8-bit
// line with no skipped slides; a piece's own cells are not read. With a skip measured on a
// fuller line s, the mask is of[..][line][p] & ~of[..][s][p] (the runs only shrink).
struct SlideRuns {
    std::array<std::array<std::array<std::uint16_t, 8>, 256>, 2> of{};
    constexpr SlideRuns() {
        for (std::size_t len = 2; len <= 3; ++len)
            for (std::size_t line = 0; line < 256; ++line)
                for (std::size_t p = 0; p < 8; ++p) {
                    const std::size_t q = p + len < 8 ? p + len : 8;
                    of[len - 2][line][p] = slide_mask(kFreeRuns.before[line][p], kFreeRuns.after[line][q], 0, 0);
                }
    }
};
inline constexpr SlideRuns kSlideRuns{};

// Bits in a run of ones that starts at bit `at` of x (x's only run; at = 8 for x = 0): the
// popcount of x without the POPCNT instruction, which a baseline build lacks (std::popcount is a
// library call there).
__attribute__((always_inline)) inline std::size_t run_length(unsigned x, std::size_t at) {
#if defined(__POPCNT__)
    (void)at;
    return static_cast<std::size_t>(std::popcount(x));
#else
    return static_cast<std::size_t>(std::countr_zero((x >> at) + 1u));
#endif
}

// Step 2: the children, in the work list's order, left/up slides before right/down. A mask's
// bits are one run each way (slides skip+1 .. free): write every slide from the run's start and
// advance by its length, with no branch on it.
__attribute__((always_inline)) inline std::size_t write_children(const SlideTables& t, SlideBatch& __restrict b) {
    std::size_t m = 0;
    for (std::size_t j = 0; j < b.nwork; ++j) {
        const std::uint32_t item = b.work[j];
        const std::size_t l = item & 7, i = item >> 3;
        const unsigned mask = b.masks[i * kSlideLanes + l];
        const Key k = b.keys[l];
        const unsigned lo = mask & 0xFF, hi = mask >> 8;
        const auto lo_at = static_cast<std::size_t>(std::countr_zero(lo | 0x100u));
        const auto hi_at = static_cast<std::size_t>(std::countr_zero(hi | 0x100u));
        for (std::size_t d = 0; d < 8; ++d) b.kid_info[m + d] = static_cast<std::uint16_t>(item);
        for (std::size_t d = 0; d < 8; ++d) b.kids[m + d] = k + t.back[i][lo_at + d];
        m += run_length(lo, lo_at);
        for (std::size_t d = 0; d < 8; ++d) b.kid_info[m + d] = static_cast<std::uint16_t>(item);
        for (std::size_t d = 0; d < 8; ++d) b.kids[m + d] = k + t.ahead[i][hi_at + d];
        m += run_length(hi, hi_at);
    }
    return m;
}

// Step 1: the slide masks of slide_search.hpp, node by node, skipping the pieces that cannot
// slide (the moved piece, and the pieces below it whose line misses its sweep); then the work
// list in piece order from each piece's set of nodes with slides. Each node's occupancy is read
// from the node arrays, not rebuilt from its key. The batch aliases nothing the kernel reads
// (__restrict): otherwise every store of a child may, for the compiler, overwrite the tables,
// and the kernel measured about 10% slower than with that promise.
__attribute__((always_inline)) inline std::size_t expand_from_occupancy(const SlideTables& t, const SlideNodes& nodes,
                                                                        std::size_t head, std::size_t lanes,
                                                                        SlideBatch& __restrict b) {
    const int n = t.n;
    b.nwork = 0;
    std::uint8_t with_slides[kMaxPieces] = {};  // bit l: node l has slides of piece i
    for (std::size_t l = 0; l < lanes; ++l) {
        const Key k = nodes.keys[head + l];
        const std::uint64_t r = nodes.records[head + l];
        const u64 occ = nodes.occ[head + l], occT = nodes.occT[head + l];
        b.keys[l] = k;
        b.occ[l] = occ;
        b.occT[l] = occT;
        const auto a = static_cast<std::size_t>(t.primary);
        b.way[l] = t.exit_way[static_cast<std::size_t>(t.base[a] + t.field(k, a))];
        const int w = record_piece(r);
        const std::size_t at = (static_cast<std::size_t>(w) * 8 + ((r >> 40) & 0xFF)) * 8 + ((r >> 48) & 0xFF);
        const u64 socc = occ | t.sweep[at], soccT = occT | t.sweep[t.tsweep + at];
        std::uint8_t lines[16], swept[16];
        std::memcpy(lines, &occ, 8);
        std::memcpy(lines + 8, &occT, 8);
        std::memcpy(swept, &socc, 8);
        std::memcpy(swept + 8, &soccT, 8);
        // Only the pieces that may slide (SlideTables::movers); below wb, only the slides beyond
        // the sweep are kept; the others measure against a full line, which frees no cell.
        const unsigned wb = w < n ? static_cast<unsigned>(w) : 0;
        for (std::uint32_t set = t.movers[at]; set != 0; set &= set - 1) {
            const auto i = static_cast<unsigned>(std::countr_zero(set));
            const std::uint8_t id = t.line_id[i];
            const auto& runs = kSlideRuns.of[static_cast<std::size_t>(t.len[i] - 2)];
            const auto p = static_cast<std::size_t>(t.base[i] + t.field(k, i));
            const std::uint8_t sline = i < wb ? swept[id] : std::uint8_t{0xFF};
            const auto mask = static_cast<std::uint16_t>(runs[lines[id]][p] & ~runs[sline][p]);
            b.masks[i * kSlideLanes + l] = mask;
            with_slides[i] |= static_cast<std::uint8_t>((mask != 0) << l);
        }
    }
    for (int i = 0; i < n; ++i) {
        const unsigned set = with_slides[static_cast<std::size_t>(i)];
        for (unsigned l = 0; l < kSlideLanes; ++l) {  // every node written, the count moved by its bit
            b.work[b.nwork] = static_cast<std::uint32_t>(i << 3) | l;
            b.nwork += (set >> l) & 1;
        }
    }
    return write_children(t, b);
}

}  // namespace bitsolve::rush::detail

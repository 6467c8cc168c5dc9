// The moves-metric BFS, eight nodes a batch (see slide_search.hpp).
#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns about an uninitialised variable inside its own AVX-512 shift intrinsics (GCC
// bug 105593, a false positive in the header); our operands are all initialised. Set before
// the first include, which brings in the header.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "bitsolve/rush/slide_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/solver.hpp"

#if defined(__AVX512F__) && defined(__AVX512VL__) && defined(__AVX512CD__) && defined(__AVX512VPOPCNTDQ__)
#define BITSOLVE_RUSH_AVX512 1
#include <immintrin.h>
#else
#define BITSOLVE_RUSH_AVX512 0
#endif

namespace bitsolve::rush {

namespace {
constexpr std::size_t kLanes = SlideSearch::kLanes;
constexpr std::size_t kMaxSlide = kMaxSize - 2;
// A node has at most 2 * kMaxSlide slides per piece; + room for the last 64-byte store.
constexpr std::size_t kMaxChildren = kLanes * kMaxPieces * 2 * kMaxSlide + 16;
constexpr std::uint64_t kParentMask = 0xFFFFFFFFULL;

int record_piece(std::uint64_t r) { return static_cast<int>((r >> 32) & 0xFF); }
}  // namespace

struct SlideSearch::Batch {
    alignas(64) Key keys[kLanes];  // the batch's nodes
    alignas(64) u64 occ[kLanes];   // their occupancy (occ layout, walls included)
    alignas(64) u64 occT[kLanes];  // and transposed (kept by the scalar kernel only)
    alignas(64) u64 way[kLanes];   // the cells between their primary piece and the exit
    // Per piece: key offsets of slides of 1..16 cells left/up and right/down (the first 8 for
    // the vector kernel's compress; the scalar one reads 8 from a run's start, at most 8).
    alignas(64) Key back[kMaxPieces][16];
    alignas(64) Key ahead[kMaxPieces][16];
    alignas(64) std::uint16_t masks[kMaxPieces * kLanes];      // [piece * 8 + lane]: slide mask
    alignas(64) std::uint32_t work[kMaxPieces * kLanes + 16];  // piece << 3 | lane, with slides
    std::size_t nwork = 0;
    alignas(64) Key kids[kMaxChildren];
    alignas(64) std::uint16_t kid_info[kMaxChildren];  // piece << 3 | lane
};

bool SlideSearch::vector_available() { return BITSOLVE_RUSH_AVX512 != 0; }

namespace {
// Slide mask of one piece: left/up slides of skip_back+1 .. back cells in the low byte,
// right/down slides of skip_ahead+1 .. ahead cells in the high byte.
std::uint16_t slide_mask(unsigned back, unsigned ahead, unsigned skip_back, unsigned skip_ahead) {
    return static_cast<std::uint16_t>(((1u << back) - (1u << skip_back)) | (((1u << ahead) - (1u << skip_ahead)) << 8));
}
}  // namespace

// Step 1 of a batch: occupancy and slide masks of nodes [head, head + lanes), and the list of
// (piece, node) pairs with slides.
template <bool Vector>
void SlideSearch::expand(const CompiledBoard& s, std::size_t head, std::size_t lanes, Batch& b) const {
    const int n = s.n_;
    const auto tsweep = static_cast<std::size_t>(n + 1) * 64;  // where the occT half of sweep_ starts
    b.nwork = 0;
#if BITSOLVE_RUSH_AVX512
    if constexpr (Vector) {
        const auto valid = static_cast<__mmask8>((1u << lanes) - 1);
        const __m512i K = _mm512_maskz_loadu_epi64(valid, keys_.data() + head);
        const __m512i R = _mm512_maskz_loadu_epi64(valid, records_.data() + head);
        const __m512i ff = _mm512_set1_epi64(0xFF);
        // Field values of piece u in the eight nodes.
        auto fields = [&](std::size_t u) {
            return _mm512_and_si512(_mm512_srl_epi64(K, _mm_cvtsi32_si128(s.shift_[u])),
                                    _mm512_set1_epi64(static_cast<long long>(s.fmask_[u])));
        };
        __m512i occ = _mm512_set1_epi64(static_cast<long long>(s.walls_));
        __m512i occT = _mm512_set1_epi64(static_cast<long long>(s.wallsT_));
        for (int i = 0; i < n; ++i) {
            const auto u = static_cast<std::size_t>(i);
            const __m512i f = fields(u);
            occ = _mm512_or_si512(occ, _mm512_permutexvar_epi64(f, _mm512_loadu_si512(s.cells_[u].data())));
            occT = _mm512_or_si512(occT, _mm512_permutexvar_epi64(f, _mm512_loadu_si512(s.cellsT_[u].data())));
        }
        _mm512_store_si512(b.keys, K);
        _mm512_store_si512(b.occ, occ);
        {
            const auto a = static_cast<std::size_t>(s.primary_);
            const __m512i at = _mm512_add_epi64(fields(a), _mm512_set1_epi64(s.base_[a]));
            _mm512_store_si512(b.way, _mm512_permutexvar_epi64(at, _mm512_loadu_si512(s.exit_way_.data())));
        }
        // The sweep of each node's last move, from the table (an all-zero entry at the root).
        const __m512i w = _mm512_and_si512(_mm512_srli_epi64(R, 32), ff);
        const __m512i from = _mm512_and_si512(_mm512_srli_epi64(R, 40), ff);
        const __m512i to = _mm512_and_si512(_mm512_srli_epi64(R, 48), ff);
        const __m512i at = _mm512_add_epi64(_mm512_slli_epi64(_mm512_add_epi64(_mm512_slli_epi64(w, 3), from), 3), to);
        const __m512i socc =
            _mm512_or_si512(occ, _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), valid, at, sweep_.data(), 8));
        const __m512i soccT = _mm512_or_si512(
            occT, _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), valid, at, sweep_.data() + tsweep, 8));
        const __m512i one = _mm512_set1_epi64(1), sentinel = _mm512_set1_epi64(0x100);
        const __m512i low_bits = _mm512_set_epi64(127, 63, 31, 15, 7, 3, 1, 0);  // [p]: bits below p
        const __m512i lane_ids = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
        const __m512i root = _mm512_set1_epi64(n);
        // Trailing zeros of nonzero x, lane by lane.
        auto tz = [&](__m512i x) { return _mm512_popcnt_epi64(_mm512_andnot_si512(x, _mm512_sub_epi64(x, one))); };
        for (int i = 0; i < n; ++i) {
            const auto u = static_cast<std::size_t>(i);
            const __m512i p = _mm512_add_epi64(fields(u), _mm512_set1_epi64(s.base_[u]));
            const __m128i lsh = _mm_cvtsi32_si128(s.lshift_[u]);
            const __m512i line = _mm512_and_si512(_mm512_srl_epi64(s.vert_[u] ? occT : occ, lsh), ff);
            const __m512i sline = _mm512_and_si512(_mm512_srl_epi64(s.vert_[u] ? soccT : socc, lsh), ff);
            const __m512i own = _mm512_sllv_epi64(_mm512_set1_epi64(static_cast<long long>(s.lenmask_[u])), p);
            const __m512i L = _mm512_andnot_si512(own, line), SL = _mm512_andnot_si512(own, sline);
            // Free cells after the piece: trailing zeros of the line from its end (bit 8 stops it).
            const __m512i q = _mm512_add_epi64(p, _mm512_set1_epi64(s.len_[u]));
            const __m512i ahead = tz(_mm512_srlv_epi64(_mm512_or_si512(L, sentinel), q));
            const __m512i skip_ahead = tz(_mm512_srlv_epi64(_mm512_or_si512(SL, sentinel), q));
            // Free cells before it: p - 1 - (highest occupied bit below p), via leading zeros.
            const __m512i below = _mm512_permutexvar_epi64(p, low_bits);
            const __m512i pm = _mm512_sub_epi64(p, _mm512_set1_epi64(64));
            const __m512i back = _mm512_add_epi64(_mm512_lzcnt_epi64(_mm512_and_si512(L, below)), pm);
            const __m512i skip_back = _mm512_add_epi64(_mm512_lzcnt_epi64(_mm512_and_si512(SL, below)), pm);
            // Piece i below the moved piece keeps only the slides beyond the sweep; the moved
            // piece itself makes none; above it, every slide.
            const __m512i iv = _mm512_set1_epi64(i);
            const __mmask8 below_w = _mm512_cmpgt_epi64_mask(w, iv) & _mm512_cmplt_epi64_mask(w, root);
            const __mmask8 keep = valid & static_cast<__mmask8>(~_mm512_cmpeq_epi64_mask(w, iv));
            const __m512i sb = _mm512_maskz_mov_epi64(below_w, skip_back),
                          sa = _mm512_maskz_mov_epi64(below_w, skip_ahead);
            const __m512i bm = _mm512_sub_epi64(_mm512_sllv_epi64(one, back), _mm512_sllv_epi64(one, sb));
            const __m512i am = _mm512_sub_epi64(_mm512_sllv_epi64(one, ahead), _mm512_sllv_epi64(one, sa));
            const __m512i mask = _mm512_maskz_or_epi64(keep, bm, _mm512_slli_epi64(am, 8));
            _mm512_mask_cvtepi64_storeu_epi16(b.masks + u * kLanes, 0xFF, mask);
            const __mmask8 any = _mm512_test_epi64_mask(mask, mask);
            const __m256i items = _mm256_or_si256(_mm512_cvtepi64_epi32(lane_ids), _mm256_set1_epi32(i << 3));
            _mm256_storeu_si256(reinterpret_cast<__m256i*>(b.work + b.nwork), _mm256_maskz_compress_epi32(any, items));
            b.nwork += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(any)));
        }
        return;
    }
#endif
    // Scalar kernel: the same masks, node by node, skipping the pieces that cannot slide (the
    // moved piece, and the pieces below it whose line misses its sweep); then the work list in
    // piece order from each piece's set of nodes with slides.
    std::uint8_t with_slides[kMaxPieces] = {};  // bit l: node l has slides of piece i
    for (std::size_t l = 0; l < lanes; ++l) {
        const Key k = keys_[head + l];
        const std::uint64_t r = records_[head + l];
        const u64 occ = occ_[head + l], occT = occT_[head + l];
        b.keys[l] = k;
        b.occ[l] = occ;
        b.occT[l] = occT;
        b.way[l] = s.exit_way_[static_cast<std::size_t>(s.pos(k, s.primary_))];
        const int w = record_piece(r);
        const std::size_t at = (static_cast<std::size_t>(w) * 8 + ((r >> 40) & 0xFF)) * 8 + ((r >> 48) & 0xFF);
        const u64 socc = occ | sweep_[at], soccT = occT | sweep_[tsweep + at];
        std::uint8_t lines[16], swept[16];
        std::memcpy(lines, &occ, 8);
        std::memcpy(lines + 8, &occT, 8);
        std::memcpy(swept, &socc, 8);
        std::memcpy(swept + 8, &soccT, 8);
        for (int i = 0; i < n; ++i) {
            const auto u = static_cast<std::size_t>(i);
            const bool below_w = i < w && w < n;
            if (i == w || (below_w && lines[s.line_id_[u]] == swept[s.line_id_[u]])) continue;
            const int p = s.base_[u] + s.field(k, i);
            const auto own = static_cast<unsigned>(~(s.lenmask_[u] << p));
            const auto line = static_cast<std::size_t>(lines[s.line_id_[u]] & own);
            const auto pa = static_cast<std::size_t>(p), q = static_cast<std::size_t>(p + s.len_[u]);
            const unsigned back = detail::kFreeRuns.before[line][pa], ahead = detail::kFreeRuns.after[line][q];
            unsigned sb = 0, sa = 0;
            if (below_w) {
                const auto sline = static_cast<std::size_t>(swept[s.line_id_[u]] & own);
                sb = detail::kFreeRuns.before[sline][pa];
                sa = detail::kFreeRuns.after[sline][q];
            }
            const std::uint16_t mask = slide_mask(back, ahead, sb, sa);
            b.masks[u * kLanes + l] = mask;
            with_slides[u] |= static_cast<std::uint8_t>((mask != 0) << l);
        }
    }
    for (int i = 0; i < n; ++i) {
        const unsigned set = with_slides[static_cast<std::size_t>(i)];
        for (unsigned l = 0; l < kLanes; ++l) {  // every node written, the count moved by its bit
            b.work[b.nwork] = static_cast<std::uint32_t>(i << 3) | l;
            b.nwork += (set >> l) & 1;
        }
    }
}

void SlideSearch::run(const CompiledBoard& s, bool want_path, int max_length, Solution& sol) {
    const int n = s.n_;
    // The sweep table: cells of piece w at every field value from `from` to `to`.
    const auto tsweep = static_cast<std::size_t>(n + 1) * 64;
    sweep_.assign(2 * tsweep, 0);
    for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        const int top = static_cast<int>(s.fmask_[u]);
        for (int a = 0; a <= top; ++a) {
            u64 m = 0, mT = 0;
            for (int c = a; c <= top; ++c) {
                m |= s.cells_[u][static_cast<std::size_t>(c)], mT |= s.cellsT_[u][static_cast<std::size_t>(c)];
                const std::size_t lo = (u * 8 + static_cast<std::size_t>(a)) * 8 + static_cast<std::size_t>(c);
                const std::size_t hi = (u * 8 + static_cast<std::size_t>(c)) * 8 + static_cast<std::size_t>(a);
                sweep_[lo] = sweep_[hi] = m;
                sweep_[tsweep + lo] = sweep_[tsweep + hi] = mT;
            }
        }
    }
    Batch b;
    for (int i = 0; i < n; ++i)
        for (std::size_t d = 0; d < 16; ++d) {
            const Key off = static_cast<Key>(d + 1) << s.shift_[static_cast<std::size_t>(i)];
            b.back[i][d] = Key{0} - off;
            b.ahead[i][d] = off;
        }

    seen_.reset(size_hint_);
    const Key start = s.start();
    const CompiledBoard::Occupancy start_occ = s.occupancy(start);
    seen_.insert(start);
    if (keys_.size() < 4096) keys_.resize(4096), records_.resize(4096);
    if (!vector_) {  // the scalar kernel reads each node's occupancy instead of rebuilding it
        occ_.resize(keys_.size());
        occT_.resize(keys_.size());
        occ_[0] = start_occ.occ;
        occT_[0] = start_occ.occT;
    }
    keys_[0] = start;
    records_[0] = static_cast<std::uint64_t>(n) << 32;  // the root: piece n, an empty sweep
    std::size_t count = 1;
    std::size_t found = 0;
    int last = s.near_goal(start, start_occ.occ);  // 0 or 1 once found
    int depth = 0;                                 // depth of the batch being expanded
    std::size_t layer_end = 1;
    std::uint64_t expanded = 0, generated = 0;
    bool done = last < 2;
    if (done) sol.length = last;
    for (std::size_t head = 0, lanes = 0, batches = 0; !done && head < count; head += lanes) {
        if (head == layer_end) {
            ++depth;
            layer_end = count;
        }
        if (depth >= max_length) break;
        if ((++batches & 0xFF) == 0) check_stop();
        lanes = std::min<std::size_t>(kLanes, layer_end - head);
#if BITSOLVE_RUSH_AVX512
        if (vector_) expand<true>(s, head, lanes, b);
        else expand<false>(s, head, lanes, b);
#else
        expand<false>(s, head, lanes, b);
#endif
        // Step 2: the children, in the work list's order, left/up slides before right/down.
        std::size_t m = 0;
        for (std::size_t j = 0; j < b.nwork; ++j) {
            const std::uint32_t item = b.work[j];
            const std::size_t l = item & 7, i = item >> 3;
            const unsigned mask = b.masks[i * kLanes + l];
            const Key k = b.keys[l];
            const u64 info4 = 0x0001000100010001ULL * item;
#if BITSOLVE_RUSH_AVX512
            if (vector_) {
                const __m512i kv = _mm512_set1_epi64(static_cast<long long>(k));
                const auto lo = static_cast<__mmask8>(mask & 0xFF), hi = static_cast<__mmask8>(mask >> 8);
                std::memcpy(b.kid_info + m, &info4, 8), std::memcpy(b.kid_info + m + 4, &info4, 8);
                _mm512_storeu_si512(
                    b.kids + m, _mm512_maskz_compress_epi64(lo, _mm512_add_epi64(kv, _mm512_load_si512(b.back[i]))));
                m += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(lo)));
                std::memcpy(b.kid_info + m, &info4, 8), std::memcpy(b.kid_info + m + 4, &info4, 8);
                _mm512_storeu_si512(
                    b.kids + m, _mm512_maskz_compress_epi64(hi, _mm512_add_epi64(kv, _mm512_load_si512(b.ahead[i]))));
                m += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(hi)));
                continue;
            }
#endif
            // A mask's bits are one run each way (slides skip+1 .. free): write every slide
            // from the run's start and advance by its length, with no branch on it.
            const unsigned lo = mask & 0xFF, hi = mask >> 8;
            const auto lo_at = static_cast<std::size_t>(std::countr_zero(lo | 0x100u));
            const auto hi_at = static_cast<std::size_t>(std::countr_zero(hi | 0x100u));
            for (std::size_t d = 0; d < 8; ++d) b.kid_info[m + d] = static_cast<std::uint16_t>(item);
            for (std::size_t d = 0; d < 8; ++d) b.kids[m + d] = k + b.back[i][lo_at + d];
            m += static_cast<std::size_t>(std::popcount(lo));
            for (std::size_t d = 0; d < 8; ++d) b.kid_info[m + d] = static_cast<std::uint16_t>(item);
            for (std::size_t d = 0; d < 8; ++d) b.kids[m + d] = k + b.ahead[i][hi_at + d];
            m += static_cast<std::size_t>(std::popcount(hi));
        }
        expanded += lanes;
        generated += m;
        // Step 3: look each child up and write it; the count moves on only for a new one.
        if (seen_.needs_room(count + m)) {
            seen_.reset(2 * (count + m));
            for (std::size_t j = 0; j < count; ++j) seen_.insert(keys_[j]);
        }
        if (count + m > keys_.size()) {
            const std::size_t want = 2 * (count + m);
            const std::size_t per_node = sizeof(Key) + sizeof(std::uint64_t) + (vector_ ? 0 : 2 * sizeof(u64));
            require_memory((want - keys_.size()) * per_node, "the search frontier");
            keys_.resize(want);
            records_.resize(want);
            if (!vector_) occ_.resize(want), occT_.resize(want);
        }
        Key* const out_keys = keys_.data();
        std::uint64_t* const out_records = records_.data();
        for (std::size_t j = 0; j < m; ++j) {
            const Key kid = b.kids[j];
            const std::uint32_t item = b.kid_info[j];
            const std::size_t l = item & 7;
            const int i = static_cast<int>(item >> 3);
            const std::size_t fresh = seen_.insert(kid);
            assert(s.valid(kid));
            const int f0 = s.field(b.keys[l], i), f1 = s.field(kid, i);
            out_keys[count] = kid;
            out_records[count] = (head + l) | (static_cast<std::uint64_t>(i) << 32) |
                                 (static_cast<std::uint64_t>(f0) << 40) | (static_cast<std::uint64_t>(f1) << 48);
            const auto u = static_cast<std::size_t>(i);
            const u64 occ =
                b.occ[l] ^ s.cells_[u][static_cast<std::size_t>(f0)] ^ s.cells_[u][static_cast<std::size_t>(f1)];
            if (!vector_) {
                occ_[count] = occ;
                occT_[count] =
                    b.occT[l] ^ s.cellsT_[u][static_cast<std::size_t>(f0)] ^ s.cellsT_[u][static_cast<std::size_t>(f1)];
            }
            // Every expanded node's way out is blocked (else the search had stopped), so no
            // child is a goal, and a child's way is clear exactly when its parent's way cells
            // are free in it: a slide of the primary piece never clears its own way (the
            // blocker stays ahead of it) and a slide of another leaves the way where it was.
            const bool clear = (occ & b.way[l]) == 0;
            assert((clear ? 1 : 2) == s.near_goal(kid, occ));
            if (fresh && clear && !done) [[unlikely]] {
                done = true;
                found = count;
                last = 1;
                sol.length = depth + 2;
            }
            count += fresh;
        }
    }
    sol.stats.expanded = expanded;
    sol.stats.generated = generated;
    sol.states = count;
    // The next table starts near this search's size, decaying slowly: in a batch of mixed
    // sizes, a table sized to the last search alone kept growing (rehashing) in the next.
    size_hint_ = std::max(count, size_hint_ / 2);
    if (want_path && sol.length > 0) {
        for (std::size_t i = found; i != 0; i = records_[i] & kParentMask) {
            const std::size_t parent = records_[i] & kParentMask;
            const int piece = record_piece(records_[i]);
            const int delta = s.pos(keys_[i], piece) - s.pos(keys_[parent], piece);
            sol.path.push_back(Move{static_cast<std::uint8_t>(piece), static_cast<std::int8_t>(delta)});
        }
        std::reverse(sol.path.begin(), sol.path.end());
        if (last == 1) {  // the final slide out of the way-clear state
            const int a = s.primary();
            sol.path.push_back(Move{static_cast<std::uint8_t>(a),
                                    static_cast<std::int8_t>(s.board().goal_pos() - s.pos(keys_[found], a))});
        }
    }
}

}  // namespace bitsolve::rush

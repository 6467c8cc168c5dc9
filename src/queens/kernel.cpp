#include "bitsolve/queens/kernel.hpp"

#include <array>
#include <utility>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {

namespace {

inline std::uint32_t lowest(std::uint32_t x) { return x & (0u - x); }

// Counts completions with `Left` levels to go (Left >= 2). The search is unrolled by the number
// of levels left: every level gets its own copy of the loop, so each has its own branch sites
// and the predictor learns per-level patterns, and the masks stay in registers. Before
// descending, the row after the next one is checked for an open square: most dead ends show
// there, and catching them one level early saves a call's worth of work.
template <int Left, bool CountNodes>
struct Unrolled {
    static inline __attribute__((always_inline)) std::uint64_t run(const std::uint32_t* allowed,
                                                                   const std::uint8_t* shift, std::uint32_t cols,
                                                                   std::uint32_t left, std::uint32_t right,
                                                                   std::uint64_t& nodes) {
        std::uint64_t count = 0;
        std::uint32_t free = allowed[0] & ~(cols | left | right);
        const int s = shift[1], s2 = shift[2];
        while (free) {
            const std::uint32_t b = lowest(free);
            free ^= b;
            if constexpr (CountNodes) ++nodes;
            const std::uint32_t nc = cols | b, nl = (left | b) << s, nr = (right | b) >> s;
            if ((allowed[2] & ~(nc | nl << s2 | nr >> s2)) == 0) continue;
            count += Unrolled<Left - 1, CountNodes>::run(allowed + 1, shift + 1, nc, nl, nr, nodes);
        }
        return count;
    }
};

// The last two levels: one inner column is left for the last row, so a queen on the
// next-to-last row completes when that column is open (a test, not a loop).
template <bool CountNodes>
struct Unrolled<2, CountNodes> {
    static inline __attribute__((always_inline)) std::uint64_t run(const std::uint32_t* allowed,
                                                                   const std::uint8_t* shift, std::uint32_t cols,
                                                                   std::uint32_t left, std::uint32_t right,
                                                                   std::uint64_t& nodes) {
        std::uint64_t count = 0;
        std::uint32_t free = allowed[0] & ~(cols | left | right);
        const int s = shift[1];
        const std::uint32_t last = allowed[1];
        while (free) {
            const std::uint32_t b = lowest(free);
            free ^= b;
            const bool open = (last & ~((cols | b) | ((left | b) << s) | ((right | b) >> s))) != 0;
            count += open;
            if constexpr (CountNodes) nodes += 1 + open;
        }
        return count;
    }
};

template <int Left, bool CountNodes>
std::uint64_t unrolled_entry(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    return Unrolled<Left, CountNodes>::run(f.allowed.data() + t, f.shift.data() + t, m.cols, m.left, m.right, nodes);
}

template <bool CountNodes>
using Entry = std::uint64_t (*)(const Frame&, int, const Masks&, std::uint64_t&);

// entries[k] handles k + 2 levels left, up to kKernelLevels.
template <bool CountNodes, std::size_t... I>
constexpr std::array<Entry<CountNodes>, sizeof...(I)> make_entries(std::index_sequence<I...>) {
    return {unrolled_entry<static_cast<int>(I) + 2, CountNodes>...};
}
template <bool CountNodes>
constexpr auto kEntries = make_entries<CountNodes>(std::make_index_sequence<kKernelLevels - 1>{});

// Which code searches the subtrees of at most kKernelLevels levels: a kernel's batched search
// (kernel_simd.hpp; the scalar kernel's is kernel_ssse3.cpp where the CPU has SSSE3, else
// kernel_sse2.cpp, kernel_batch.cpp off x86-64), or the unrolled recursive loop
// above (Unrolled: tests compare the batched searches with it). All search the same tree.
enum class Mode { Scalar, ScalarSsse3, Avx2, Avx512, Unrolled };

template <bool CountNodes, Mode K>
std::uint64_t count_from(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    const int left_levels = f.levels - t;
    if (left_levels == 0) return 1;
    if (left_levels == 1) {
        const bool open = (f.allowed[t] & ~m.taken()) != 0;
        if constexpr (CountNodes) nodes += open;
        return open;
    }
    if (left_levels <= kKernelLevels) {
        if constexpr (K == Mode::Avx512) return count_completions_avx512(f, t, m, CountNodes ? &nodes : nullptr);
        if constexpr (K == Mode::Avx2) return count_completions_avx2(f, t, m, CountNodes ? &nodes : nullptr);
        if constexpr (K == Mode::ScalarSsse3) return count_completions_ssse3(f, t, m, CountNodes ? &nodes : nullptr);
        if constexpr (K == Mode::Scalar) return count_completions_sse2(f, t, m, CountNodes ? &nodes : nullptr);
        return kEntries<CountNodes>[static_cast<std::size_t>(left_levels - 2)](f, t, m, nodes);
    }
    // A long search: split off the first level and look at the stop flag between subtrees.
    check_stop();
    std::uint64_t count = 0;
    for (std::uint32_t free = f.allowed[t] & ~m.taken(); free; free &= free - 1) {
        if constexpr (CountNodes) ++nodes;
        count += count_from<CountNodes, K>(f, t + 1, place(m, lowest(free), f.shift[t + 1]), nodes);
    }
    return count;
}

// Full board of a completion: column of every row (border queens included).
void fill_board(const Frame& f, const std::uint8_t* inner, int* board) {
    const int n = f.n;
    board[0] = f.border.top;
    board[n - 1] = f.border.bottom;
    board[f.border.left] = 0;
    board[f.border.right] = n - 1;
    for (int t = 0; t < f.levels; ++t) board[f.row[t]] = inner[t];
}

void symmetric_rec(const Frame& f, int t, const Masks& m, std::uint8_t* cols, SymmetricCounts& out) {
    if (t == f.levels) {
        int board[kMaxN];
        fill_board(f, cols, board);
        const int n = f.n;
        bool r180 = true, r90 = true;
        for (int r = 0; r < n; ++r) {
            r180 = r180 && board[n - 1 - r] == n - 1 - board[r];
            r90 = r90 && board[board[r]] == n - 1 - r;  // (r, c) -> (c, n-1-r)
        }
        ++out.total;
        out.rot180 += r180;
        out.rot90 += r90;
        return;
    }
    if (f.levels - t > kKernelLevels) check_stop();
    for (std::uint32_t free = f.allowed[t] & ~m.taken(); free; free &= free - 1) {
        const std::uint32_t b = lowest(free);
        cols[t] = static_cast<std::uint8_t>(__builtin_ctz(b));
        ++out.nodes;
        const int s = t + 1 < f.levels ? f.shift[t + 1] : 0;
        symmetric_rec(f, t + 1, place(m, b, s), cols, out);
    }
}

}  // namespace

namespace {
template <bool CountNodes>
std::uint64_t count_with(Kernel k, const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    switch (k) {
        case Kernel::Avx512: return count_from<CountNodes, Mode::Avx512>(f, t, m, nodes);
        case Kernel::Avx2: return count_from<CountNodes, Mode::Avx2>(f, t, m, nodes);
        case Kernel::Scalar: break;
    }
    if (cpu_has_ssse3()) return count_from<CountNodes, Mode::ScalarSsse3>(f, t, m, nodes);
    return count_from<CountNodes, Mode::Scalar>(f, t, m, nodes);
}
}  // namespace

std::uint64_t count_completions(const Frame& f, int t, const Masks& m) {
    std::uint64_t unused = 0;
    return count_with<false>(active_kernel(), f, t, m, unused);
}

std::uint64_t count_completions(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    return count_with<true>(active_kernel(), f, t, m, nodes);
}

std::uint64_t count_completions_unrolled(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    return count_from<true, Mode::Unrolled>(f, t, m, nodes);
}

std::uint64_t count_completions_with(Kernel k, const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    if (!kernel_supported(k)) set_kernel(k);  // throws the error of an unsupported kernel
    return count_with<true>(k, f, t, m, nodes);
}

SymmetricCounts count_symmetric(const Frame& f, int t, const Masks& m, const std::uint8_t* prefix) {
    std::uint8_t cols[kMaxN] = {};
    for (int i = 0; i < t; ++i) cols[i] = prefix[i];
    SymmetricCounts out;
    symmetric_rec(f, t, m, cols, out);
    return out;
}

}  // namespace bitsolve::queens

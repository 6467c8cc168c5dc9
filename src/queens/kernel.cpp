#include "bitsolve/queens/kernel.hpp"

#include "bitsolve/core/limits.hpp"

namespace bitsolve::queens {

namespace {

inline std::uint32_t lowest(std::uint32_t x) { return x & (0u - x); }

// Iterative depth-first count from level t to the last level; levels - t >= 2.
template <bool CountNodes>
std::uint64_t kernel(const Frame& f, int t, Masks m, std::uint64_t& nodes) {
    const int last = f.levels - 1;
    const int penult = last - 1;
    const std::uint32_t last_allowed = f.allowed[last];
    const int last_shift = f.shift[last];
    struct Slot {
        std::uint32_t free, cols, left, right;
    };
    Slot stack[kMaxN];
    int sp = 0;
    std::uint64_t count = 0;
    std::uint32_t free = f.allowed[t] & ~m.taken();
    std::uint32_t cols = m.cols, left = m.left, right = m.right;
    for (;;) {
        if (t == penult) {
            // The last row has exactly one inner column left; a queen there completes.
            while (free) {
                const std::uint32_t b = lowest(free);
                free ^= b;
                const std::uint32_t open = last_allowed & ~((cols | b) | ((left | b) << last_shift) |
                                                            ((right | b) >> last_shift));
                count += open != 0;
                if constexpr (CountNodes) nodes += 1 + (open != 0);
            }
        } else if (free) {
            const std::uint32_t b = lowest(free);
            free ^= b;
            if constexpr (CountNodes) ++nodes;
            const int s = f.shift[t + 1];
            const std::uint32_t ncols = cols | b, nleft = (left | b) << s, nright = (right | b) >> s;
            const std::uint32_t nfree = f.allowed[t + 1] & ~(ncols | nleft | nright);
            // Look one row further before descending: a dead row two levels down is cheaper to
            // see here than after a push and a pop.
            if (nfree == 0) continue;
            const int s2 = f.shift[t + 2];
            if ((f.allowed[t + 2] & ~(ncols | nleft << s2 | nright >> s2)) == 0) continue;
            stack[sp++] = Slot{free, cols, left, right};
            cols = ncols;
            left = nleft;
            right = nright;
            ++t;
            free = nfree;
            continue;
        }
        if (sp == 0) return count;
        const Slot& top = stack[--sp];
        free = top.free;
        cols = top.cols;
        left = top.left;
        right = top.right;
        --t;
    }
}

template <bool CountNodes>
std::uint64_t count_from(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    const int left_levels = f.levels - t;
    if (left_levels == 0) return 1;
    if (left_levels == 1) {
        const bool open = (f.allowed[t] & ~m.taken()) != 0;
        if constexpr (CountNodes) nodes += open;
        return open;
    }
    if (left_levels <= kKernelLevels) return kernel<CountNodes>(f, t, m, nodes);
    // A long search: split off the first level and look at the stop flag between subtrees.
    check_stop();
    std::uint64_t count = 0;
    for (std::uint32_t free = f.allowed[t] & ~m.taken(); free; free &= free - 1) {
        if constexpr (CountNodes) ++nodes;
        count += count_from<CountNodes>(f, t + 1, place(m, lowest(free), f.shift[t + 1]), nodes);
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

std::uint64_t count_completions(const Frame& f, int t, const Masks& m) {
    std::uint64_t unused = 0;
    return count_from<false>(f, t, m, unused);
}

std::uint64_t count_completions(const Frame& f, int t, const Masks& m, std::uint64_t& nodes) {
    return count_from<true>(f, t, m, nodes);
}

SymmetricCounts count_symmetric(const Frame& f, int t, const Masks& m, const std::uint8_t* prefix) {
    std::uint8_t cols[kMaxN] = {};
    for (int i = 0; i < t; ++i) cols[i] = prefix[i];
    SymmetricCounts out;
    symmetric_rec(f, t, m, cols, out);
    return out;
}

}  // namespace bitsolve::queens

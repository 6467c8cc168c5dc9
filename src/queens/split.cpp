#include "bitsolve/queens/split.hpp"

#include "bitsolve/core/limits.hpp"
#include "bitsolve/queens/frame.hpp"
#include "bitsolve/queens/kernel.hpp"

namespace bitsolve::queens {

namespace {

// Appends every placement of the first `depth` free levels of border b.
void add_items(const Frame& f, int depth, std::vector<std::uint32_t>& out) {
    const std::uint32_t base = f.border.pack();
    if (depth == 0) {
        out.push_back(base);
        return;
    }
    for (std::uint32_t c0 = f.allowed[0]; c0; c0 &= c0 - 1) {
        const std::uint32_t b0 = c0 & (0u - c0);
        const std::uint32_t item0 = base | static_cast<std::uint32_t>(__builtin_ctz(b0)) << kBorderBits;
        if (depth == 1) {
            out.push_back(item0);
            continue;
        }
        const Masks m = place(Masks{}, b0, f.shift[1]);
        for (std::uint32_t c1 = f.allowed[1] & ~m.taken(); c1; c1 &= c1 - 1)
            out.push_back(item0 | static_cast<std::uint32_t>(__builtin_ctz(c1)) << (kBorderBits + kColumnBits));
    }
}

}  // namespace

std::string to_string(Count c) {
    char buf[48];
    int i = 47;
    buf[i] = '\0';
    do {
        buf[--i] = static_cast<char>('0' + static_cast<int>(c % 10));
        c /= 10;
    } while (c != 0);
    return std::string(buf + i);
}

int split_depth(int n) { return n <= 10 ? 0 : n <= 18 ? 1 : 2; }

Split make_split(int n, int depth) {
    Split s;
    s.n = n;
    const auto borders = canonical_borders(n);
    // Every frame has at least n - 4 free levels; small boards cannot take a deep split.
    s.depth = depth >= 0 && depth <= kMaxSplitDepth ? depth : split_depth(n);
    for (const Border& b : borders)
        if (make_frame(b, n).levels < s.depth) s.depth = 0;
    // An upper bound of the list before building it: borders times columns per level.
    std::size_t bound = borders.size();
    for (int d = 0; d < s.depth; ++d) bound *= static_cast<std::size_t>(n);
    require_memory(bound * sizeof(std::uint32_t), "the list of sub-problems");
    for (const Border& b : borders) add_items(make_frame(b, n), s.depth, s.items);
    return s;
}

Counts solve(const Split& split, std::size_t index, std::uint64_t* nodes) {
    const std::uint32_t item = split.items[index];
    const Border b = Border::unpack(item & ((1u << kBorderBits) - 1));
    const int n = split.n;
    const Frame f = make_frame(b, n);
    Masks m;
    std::uint8_t prefix[2] = {};
    for (int t = 0; t < split.depth; ++t) {
        prefix[t] = static_cast<std::uint8_t>(item >> (kBorderBits + kColumnBits * t) & 31);
        m = place(m, 1u << prefix[t], f.shift[t + 1]);
        if (nodes) ++*nodes;
    }
    const unsigned stab = stabiliser(b, n);
    const std::uint64_t weight = static_cast<std::uint64_t>(8 / __builtin_popcount(stab));
    if (stab & (1u << static_cast<int>(Symmetry::Rot180))) {
        const SymmetricCounts sc = count_symmetric(f, split.depth, m, prefix);
        if (nodes) *nodes += sc.nodes;
        return Counts{Count{weight} * sc.total, Count{weight} * sc.rot180, Count{weight} * sc.rot90};
    }
    const std::uint64_t c = nodes ? count_completions(f, split.depth, m, *nodes) : count_completions(f, split.depth, m);
    return Counts{Count{weight} * c, 0, 0};
}

}  // namespace bitsolve::queens

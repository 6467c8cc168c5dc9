// The batched search of kernel_simd.hpp with its lanes as a plain loop, for CPUs without AVX2:
// the same level buffers, each node handled with no branch on its data (children and parents
// written unconditionally, the buffer sizes moved by the conditions), so that the predictor's
// misses per node of the recursive search disappear. A node is two 64-bit words, half the loads
// and stores of four 32-bit ones (queens 16: 3-4% less CPU).
//
// The last two levels are folded into their parent's step: a child on the next-to-last level
// has only two inner columns left, so it has at most two queens to place and the last row at
// most one open square; its completions and nodes are a few tests, with no trip through the
// buffers. The loops are instantiated for each pair of row distances below the batch's level
// (1..3 each), so that the diagonal shifts are constants: no shift counts held in registers.
// Same tree and node count as the unrolled loop.
#include "bitsolve/queens/kernel_simd.hpp"
#include "kernel_step.hpp"

namespace bitsolve::queens {

namespace {

constexpr int kLanes = 64;
constexpr int kCap = 2 * kLanes + 8;  // a level holds under 2 * kLanes nodes between batches

// A node in two words: its open columns and column mask, its two diagonal masks.
struct LevelBuffer {
    std::uint64_t fc[kCap], lr[kCap];
};

inline std::uint64_t pack(std::uint32_t lo, std::uint32_t hi) { return lo | static_cast<std::uint64_t>(hi) << 32; }
inline std::uint32_t low(std::uint64_t x) { return static_cast<std::uint32_t>(x); }
inline std::uint32_t high(std::uint64_t x) { return static_cast<std::uint32_t>(x >> 32); }

// A node on the next-to-last level whose masks leave `open` on the last row (S rows below):
// 1 if its queen b (0: none) completes, else 0.
template <int S>
inline std::uint32_t completes(std::uint32_t b, std::uint32_t open) {
    return static_cast<std::uint32_t>((open & ~(b | b << S | b >> S)) != 0) & static_cast<std::uint32_t>(b != 0);
}

// Queens placed on the next-to-last row and completions of a node there with open columns fr
// (at most two: two inner columns are left).
struct Last2 {
    std::uint32_t placed, done;
};
template <int S>
inline Last2 last_two(std::uint32_t fr, std::uint32_t open) {
    const std::uint32_t b1 = fr & (0u - fr), b2 = fr ^ b1;
    return Last2{static_cast<std::uint32_t>(b1 != 0) + static_cast<std::uint32_t>(b2 != 0),
                 completes<S>(b1, open) + completes<S>(b2, open)};
}

// One queen (lowest open column) for each node of the batch, S and S2 the distances to the
// next two rows. Children with room go to `next`, parents with columns left back to `buf`.
template <int S, int S2>
void step_down(LevelBuffer& __restrict buf, LevelBuffer& __restrict next, Step& st) {
    // Write positions as pointers to the fc words; the lr word lies kCap words further.
    std::uint64_t* back = buf.fc + st.from;
    std::uint64_t* out = next.fc + st.n;
    const std::uint32_t allowed = st.allowed, allowed2 = st.allowed2;
    for (const std::uint64_t *p = buf.fc + st.from, *end = p + st.k; p != end; ++p) {
        const std::uint64_t fc = p[0], lr = p[kCap];
        const std::uint32_t fr = low(fc), c = high(fc), l = low(lr), r = high(lr);
        const std::uint32_t b = fr & (0u - fr);
        const std::uint32_t nc = c | b, nl = (l | b) << S, nr = (r | b) >> S;
        const std::uint32_t nf = allowed & ~(nc | nl | nr);
        const std::uint32_t ahead = allowed2 & ~(nc | nl << S2 | nr >> S2);
        out[0] = pack(nf, nc), out[kCap] = pack(nl, nr);
        out += (nf != 0) & (ahead != 0);
        back[0] = fc ^ b, back[kCap] = lr;
        back += (fr & (fr - 1)) != 0;
    }
    st.back = static_cast<int>(back - buf.fc), st.n = static_cast<int>(out - next.fc);
}

// The same on the level above the next-to-last one: each child's subtree is counted at once.
template <int S, int S2>
void step_fold(LevelBuffer& __restrict buf, LevelBuffer&, Step& st) {
    int back = st.from;
    std::uint64_t placed = 0, done = 0;
    const std::uint32_t allowed = st.allowed, allowed2 = st.allowed2;
    for (int j = st.from; j < st.from + st.k; ++j) {
        const std::uint64_t fc = buf.fc[j], lr = buf.lr[j];
        const std::uint32_t fr = low(fc), c = high(fc), l = low(lr), r = high(lr);
        const std::uint32_t b = fr & (0u - fr), rest = fr ^ b;
        const std::uint32_t nc = c | b, nl = (l | b) << S, nr = (r | b) >> S;
        const std::uint32_t nf = allowed & ~(nc | nl | nr);
        const std::uint32_t ahead = allowed2 & ~(nc | nl << S2 | nr >> S2);
        const Last2 t = last_two<S2>(ahead != 0 ? nf : 0, ahead);
        placed += t.placed;
        done += t.done;
        buf.fc[back] = fc ^ b, buf.lr[back] = lr;
        back += rest != 0;
    }
    st.back = back, st.placed = placed, st.done = done;
}

using StepFn = void (*)(LevelBuffer&, LevelBuffer&, Step&);

template <bool Fold, int I>
constexpr StepFn step_fn() {
    constexpr int s = I / 3 + 1, s2 = I % 3 + 1;
    if constexpr (Fold) return step_fold<s, s2>;
    return step_down<s, s2>;
}

// [fold][3 * (S - 1) + (S2 - 1)]
constexpr StepFn kSteps[2][9] = {
    {step_fn<false, 0>(), step_fn<false, 1>(), step_fn<false, 2>(), step_fn<false, 3>(), step_fn<false, 4>(),
     step_fn<false, 5>(), step_fn<false, 6>(), step_fn<false, 7>(), step_fn<false, 8>()},
    {step_fn<true, 0>(), step_fn<true, 1>(), step_fn<true, 2>(), step_fn<true, 3>(), step_fn<true, 4>(),
     step_fn<true, 5>(), step_fn<true, 6>(), step_fn<true, 7>(), step_fn<true, 8>()},
};

// A sub-problem of two levels: its root is on the next-to-last level.
template <int S>
Last2 root_last_two(const Frame& f, std::uint32_t root, const Masks& m) {
    const int last = f.levels - 1;
    return last_two<S>(root, f.allowed[last] & ~(m.cols | m.left << S | m.right >> S));
}
constexpr Last2 (*kRootLastTwo[3])(const Frame&, std::uint32_t, const Masks&) = {root_last_two<1>, root_last_two<2>,
                                                                                 root_last_two<3>};

}  // namespace

std::uint64_t count_completions_batch(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    const int last = f.levels - 1;
    const std::uint32_t root = f.allowed[t0] & ~m.taken();
    if (t0 + 1 == last) {
        const Last2 r = kRootLastTwo[f.shift[last] - 1](f, root, m);
        if (nodes) *nodes += r.placed + r.done;
        return r.done;
    }
    thread_local LevelBuffer buffers[kMaxN];
    int size[kMaxN] = {};
    if (root == 0) return 0;
    buffers[t0].fc[0] = pack(root, m.cols);
    buffers[t0].lr[0] = pack(m.left, m.right);
    size[t0] = 1;
    std::uint64_t count = 0, visited = 0;
    for (;;) {
        // The next-to-last level is never filled.
        const int level = next_level(size, t0, last - 2, kLanes);
        if (level < 0) break;
        const bool fold = level + 2 == last;
        Step st = batch_at(f, level, fold, size, kLanes);
        visited += static_cast<std::uint64_t>(st.k);
        kSteps[fold][step_variant(f, level)](buffers[level], buffers[fold ? level : level + 1], st);
        size[level] = st.back;
        if (fold) {
            count += st.done;
            visited += st.placed + st.done;
        } else {
            size[level + 1] = st.n;
        }
    }
    if (nodes) *nodes += visited;
    return count;
}

}  // namespace bitsolve::queens

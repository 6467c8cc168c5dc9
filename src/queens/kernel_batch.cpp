// The batched search of kernel_simd.hpp with its lanes as a plain loop, for CPUs without AVX2:
// the same level buffers and the same order, each node handled with no branch on its data
// (children and parents written unconditionally, the buffer sizes moved by the conditions), so
// that the predictor's misses per node of the recursive search disappear. A node is two 64-bit
// words, half the loads and stores of four 32-bit ones (queens 16: 3-4% less CPU).
#include "bitsolve/queens/kernel_simd.hpp"

namespace bitsolve::queens {

namespace {

constexpr int kLanes = 32;
constexpr int kCap = 64 + kLanes;  // a level holds at most 63 nodes between batches

// A node in two words: its open columns and column mask, its two diagonal masks.
struct LevelBuffer {
    std::uint64_t fc[kCap], lr[kCap];
};

inline std::uint64_t pack(std::uint32_t lo, std::uint32_t hi) { return lo | static_cast<std::uint64_t>(hi) << 32; }
inline std::uint32_t low(std::uint64_t x) { return static_cast<std::uint32_t>(x); }
inline std::uint32_t high(std::uint64_t x) { return static_cast<std::uint32_t>(x >> 32); }

}  // namespace

std::uint64_t count_completions_batch(const Frame& f, int t0, const Masks& m, std::uint64_t* nodes) {
    const int last = f.levels - 1;
    thread_local LevelBuffer buffers[kMaxN];
    int size[kMaxN] = {};
    const std::uint32_t root = f.allowed[t0] & ~m.taken();
    if (root == 0) return 0;
    buffers[t0].fc[0] = pack(root, m.cols);
    buffers[t0].lr[0] = pack(m.left, m.right);
    size[t0] = 1;
    std::uint64_t count = 0, visited = 0;
    for (;;) {
        int level = -1, shallowest = -1;
        for (int l = last - 1; l >= t0; --l) {
            if (size[l] >= kLanes) {
                level = l;
                break;
            }
            if (size[l] > 0) shallowest = l;
        }
        if (level < 0) level = shallowest;
        if (level < 0) break;
        LevelBuffer& buf = buffers[level];
        const int k = size[level] < kLanes ? size[level] : kLanes;
        const int from = size[level] - k;
        const int s = f.shift[level + 1];
        const std::uint32_t allowed = f.allowed[level + 1];
        // Parents with columns left go back to [from, ...): never past the one being read.
        int back = from;
        visited += static_cast<std::uint64_t>(k);
        if (level + 1 == last) {
            std::uint64_t done = 0;
            for (int j = from; j < from + k; ++j) {
                const std::uint64_t fc = buf.fc[j], lr = buf.lr[j];
                const std::uint32_t fr = low(fc), c = high(fc), l = low(lr), r = high(lr);
                const std::uint32_t b = fr & (0u - fr), rest = fr ^ b;
                done += (allowed & ~((c | b) | ((l | b) << s) | ((r | b) >> s))) != 0;
                buf.fc[back] = fc ^ b, buf.lr[back] = lr;
                back += rest != 0;
            }
            count += done;
            visited += done;
        } else {
            const int s2 = f.shift[level + 2];
            const std::uint32_t allowed2 = f.allowed[level + 2];
            LevelBuffer& next = buffers[level + 1];
            int n = size[level + 1];
            for (int j = from; j < from + k; ++j) {
                const std::uint64_t fc = buf.fc[j], lr = buf.lr[j];
                const std::uint32_t fr = low(fc), c = high(fc), l = low(lr), r = high(lr);
                const std::uint32_t b = fr & (0u - fr), rest = fr ^ b;
                const std::uint32_t nc = c | b, nl = (l | b) << s, nr = (r | b) >> s;
                const std::uint32_t nf = allowed & ~(nc | nl | nr);
                const std::uint32_t ahead = allowed2 & ~(nc | nl << s2 | nr >> s2);
                next.fc[n] = pack(nf, nc), next.lr[n] = pack(nl, nr);
                n += (nf != 0) & (ahead != 0);
                buf.fc[back] = fc ^ b, buf.lr[back] = lr;
                back += rest != 0;
            }
            size[level + 1] = n;
        }
        size[level] = back;
    }
    if (nodes) *nodes += visited;
    return count;
}

}  // namespace bitsolve::queens

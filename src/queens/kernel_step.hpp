#pragma once
// One step of the batched kernels (kernel_batch.cpp, kernel_lanes.hpp): which nodes of a level it
// takes, the next two rows' open columns, and what it reports back; the same for every form of
// the kernel, so that they schedule their batches alike. The vector kernels (kernel_avx2.cpp,
// kernel_simd.cpp) pick their levels by next_level too.
#include <cstdint>

#include "bitsolve/queens/frame.hpp"

namespace bitsolve::queens {

struct Step {
    std::uint32_t allowed, allowed2;  // open columns of the next two rows
    int from, k;                      // the batch: nodes [from, from + k) of its level
    int back;                         // out: the level's new size
    int n;                            // in/out: the next level's size (not used by the last-two fold)
    std::uint64_t placed, done;       // out (fold): nodes and completions below the batch
};

// The level a batched kernel works next: the deepest in [low, high] with a full batch (at least
// `batch` nodes), else the shallowest non-empty one, whose children fill the levels below (so
// levels hold under 2 * batch nodes); -1 when every level is empty.
inline int next_level(const int* size, int low, int high, int batch) {
    int level = -1, shallowest = -1;
    for (int l = high; l >= low; --l) {
        if (size[l] >= batch) {
            level = l;
            break;
        }
        if (size[l] > 0) shallowest = l;
    }
    return level < 0 ? shallowest : level;
}

// The batch at `level`: its last min(size, lanes) nodes, the next level's size to append to
// (none when the step folds the last two levels into this one).
inline Step batch_at(const Frame& f, int level, bool fold, const int* size, int lanes) {
    Step st{};
    st.allowed = f.allowed[level + 1];
    st.allowed2 = f.allowed[level + 2];
    st.k = size[level] < lanes ? size[level] : lanes;
    st.from = size[level] - st.k;
    st.n = fold ? 0 : size[level + 1];
    return st;
}

// Which instance of a step serves `level`: 3 * (S - 1) + (S2 - 1) for the row distances S and S2
// (1..3 each) to the next two rows, so that the diagonal shifts are constants.
inline int step_variant(const Frame& f, int level) { return 3 * (f.shift[level + 1] - 1) + (f.shift[level + 2] - 1); }

}  // namespace bitsolve::queens

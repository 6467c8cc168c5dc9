#include "bitsolve/sliding/heuristics.hpp"

namespace bitsolve::sliding {

namespace {
std::array<std::uint8_t, 7776> build_lc_table() {
    std::array<std::uint8_t, 7776> table{};
    for (int code = 0; code < 7776; ++code) {
        int seq[kMaxSide], k = 0;
        for (int i = 0, c = code; i < kMaxSide; ++i, c /= 6)
            if (c % 6 != 0) seq[k++] = c % 6;
        // Longest increasing subsequence of at most 5 entries, O(k^2).
        int best[kMaxSide], lis = 0;
        for (int i = 0; i < k; ++i) {
            best[i] = 1;
            for (int j = 0; j < i; ++j)
                if (seq[j] < seq[i] && best[j] + 1 > best[i]) best[i] = best[j] + 1;
            if (best[i] > lis) lis = best[i];
        }
        table[static_cast<std::size_t>(code)] = static_cast<std::uint8_t>(2 * (k - lis));
    }
    return table;
}
}  // namespace

const std::array<std::uint8_t, 7776>& linear_conflict_table() {
    static const std::array<std::uint8_t, 7776> table = build_lc_table();
    return table;
}

}  // namespace bitsolve::sliding

#include "bitsolve/queens/frame.hpp"

#include "bitsolve/core/bits.hpp"

namespace bitsolve::queens {

Frame make_frame(const Border& b, int n) {
    Frame f;
    f.n = n;
    f.border = b;
    const int qr[4] = {0, n - 1, b.left, b.right};
    const int qc[4] = {b.top, b.bottom, 0, n - 1};
    const u64 board = low_mask(n);
    const u64 inner = board & ~u64{1} & ~bit(n - 1);
    int prev = 0;
    for (int r = 1; r <= n - 2; ++r) {
        if (r == b.left || r == b.right) continue;
        u64 attacked = 0;
        for (int q = 0; q < 4; ++q) {
            const int d = r - qr[q];
            attacked |= bit(qc[q]);
            if (qc[q] + d >= 0 && qc[q] + d < n) attacked |= bit(qc[q] + d);
            if (qc[q] - d >= 0 && qc[q] - d < n) attacked |= bit(qc[q] - d);
        }
        const int t = f.levels++;
        f.row[t] = static_cast<std::uint8_t>(r);
        f.shift[t] = static_cast<std::uint8_t>(t == 0 ? 0 : r - prev);
        f.allowed[t] = static_cast<std::uint32_t>(inner & ~attacked);
        prev = r;
    }
    return f;
}

}  // namespace bitsolve::queens

#include "bitsolve/queens/list.hpp"

#include <cstdlib>

#include "bitsolve/core/bits.hpp"
#include "bitsolve/core/limits.hpp"

namespace bitsolve::queens {

std::uint64_t list_solutions(int n, std::uint64_t k, const std::function<void(const std::uint8_t* cols)>& emit) {
    if (k == 0) return 0;
    const u64 all = low_mask(n);
    std::uint8_t cols[kMaxN] = {};
    u64 free[kMaxN + 1] = {}, used[kMaxN + 1] = {}, left[kMaxN + 1] = {}, right[kMaxN + 1] = {};
    std::uint64_t emitted = 0, steps = 0;
    int r = 0;
    free[0] = all;
    for (;;) {
        if (free[r] == 0) {
            if (r == 0) return emitted;
            --r;
            continue;
        }
        if ((++steps & 0xFFFF) == 0) check_stop();
        const u64 b = lowest_bit(free[r]);
        free[r] ^= b;
        cols[r] = static_cast<std::uint8_t>(lsb_index(b));
        if (r == n - 1) {
            emit(cols);
            if (++emitted == k) return emitted;
            continue;
        }
        used[r + 1] = used[r] | b;
        left[r + 1] = ((left[r] | b) << 1) & all;
        right[r + 1] = (right[r] | b) >> 1;
        ++r;
        free[r] = all & ~(used[r] | left[r] | right[r]);
    }
}

std::string format_solution(int n, const std::uint8_t* cols) {
    std::string s;
    for (int r = 0; r < n; ++r) {
        if (r) s += ' ';
        s += std::to_string(cols[r] + 1);
    }
    return s;
}

std::string draw_solution(int n, const std::uint8_t* cols) {
    std::string s;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c) s += ' ';
            s += cols[r] == c ? 'Q' : '.';
        }
        s += '\n';
    }
    return s;
}

bool is_solution(int n, const std::uint8_t* cols) {
    for (int r = 0; r < n; ++r) {
        if (cols[r] >= n) return false;
        for (int q = 0; q < r; ++q)
            if (cols[q] == cols[r] || std::abs(cols[q] - cols[r]) == r - q) return false;
    }
    return true;
}

}  // namespace bitsolve::queens

#include "hints.hpp"

#include <algorithm>

namespace bitsolve::cli {

std::size_t edit_distance(const std::string& a, const std::string& b) {
    // Optimal string alignment distance over three rows.
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::size_t> prev2(m + 1), prev(m + 1), cur(m + 1);
    for (std::size_t j = 0; j <= m; ++j) prev[j] = j;
    for (std::size_t i = 1; i <= n; ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= m; ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], prev2[j - 2] + 1);
        }
        prev2.swap(prev);
        prev.swap(cur);
    }
    return prev[m];
}

std::string closest(const std::string& word, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_d = 3;
    for (const std::string& c : candidates) {
        const std::size_t d = edit_distance(word, c);
        if (d < best_d && 3 * d < std::max(word.size(), c.size())) best = c, best_d = d;
    }
    return best;
}

}  // namespace bitsolve::cli

#pragma once
// Test helpers: the published counts bundled in data/queens/counts.txt, and an independent
// reference that enumerates every solution with a plain recursive search and classifies each
// by trying all 8 symmetries on the whole board (no borders, no weights).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "bitsolve/queens/border.hpp"
#include "cli/cli_run.hpp"

namespace bitsolve::queens::test {

// N -> (total, unique) from OEIS A000170 / A002562.
inline std::map<int, std::pair<std::uint64_t, std::uint64_t>> published_counts() {
    std::map<int, std::pair<std::uint64_t, std::uint64_t>> out;
    const std::string text = bitsolve::test::slurp(bitsolve::test::data_path("queens/counts.txt"));
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) end = text.size();
        const std::string line = text.substr(pos, end - pos);
        pos = end + 1;
        if (line.empty() || line[0] == '#') continue;
        int n = 0;
        unsigned long long total = 0, unique = 0;
        if (std::sscanf(line.c_str(), "%d %llu %llu", &n, &total, &unique) == 3) out[n] = {total, unique};
    }
    return out;
}

struct ReferenceCounts {
    std::uint64_t total = 0, unique = 0, orbit8 = 0, orbit4 = 0, orbit2 = 0, orbit1 = 0;
};

inline void reference_rec(int n, int r, std::vector<int>& cols, std::vector<std::vector<int>>& out) {
    if (r == n) {
        out.push_back(cols);
        return;
    }
    for (int c = 0; c < n; ++c) {
        bool ok = true;
        for (int q = 0; q < r && ok; ++q) ok = cols[q] != c && std::abs(cols[q] - c) != r - q;
        if (!ok) continue;
        cols[r] = c;
        reference_rec(n, r + 1, cols, out);
    }
}

// Every solution, and per solution the number of distinct images under the 8 symmetries; a
// solution is counted once in `unique` when it is the smallest of its images.
inline ReferenceCounts reference_counts(int n) {
    std::vector<std::vector<int>> sols;
    std::vector<int> cols(static_cast<std::size_t>(n));
    reference_rec(n, 0, cols, sols);
    ReferenceCounts rc;
    rc.total = sols.size();
    for (const auto& s : sols) {
        std::vector<std::vector<int>> images;
        for (int g = 0; g < 8; ++g) {
            std::vector<int> img(static_cast<std::size_t>(n));
            for (int r = 0; r < n; ++r) {
                int rr = r, cc = s[static_cast<std::size_t>(r)];
                apply_symmetry(g, n, rr, cc);
                img[static_cast<std::size_t>(rr)] = cc;
            }
            images.push_back(img);
        }
        bool smallest = true;
        for (const auto& img : images) smallest = smallest && !(img < s);
        if (!smallest) continue;
        std::sort(images.begin(), images.end());
        images.erase(std::unique(images.begin(), images.end()), images.end());
        ++rc.unique;
        switch (images.size()) {
            case 8: ++rc.orbit8; break;
            case 4: ++rc.orbit4; break;
            case 2: ++rc.orbit2; break;
            default: ++rc.orbit1; break;
        }
    }
    return rc;
}

}  // namespace bitsolve::queens::test

// The classic judge solution of BOJ 1525, kept as the speed reference for `bitsolve sliding`:
// breadth-first search from the start board over a hash set (std::unordered_map) of boards
// packed 4 bits per cell, stopping when the goal 1 2 3 / 4 5 6 / 7 8 0 is generated; -1 after
// exhausting the start's component (no parity test: that is the method being measured).
//
//   baseline_sliding_hashbfs < boards.txt         one 3x3 board per line (9 numbers), answers out
//   baseline_sliding_hashbfs --generate N SEED    N random boards, every third one unreachable
//
// Standalone on purpose (no bitsolve headers), as a contestant would write it.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <queue>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>

namespace {

using u64 = std::uint64_t;

int tile(u64 b, int c) { return static_cast<int>((b >> (4 * c)) & 15); }

int bfs(u64 start) {
    const u64 goal = 0x087654321ULL;  // cell c holds c+1, cell 8 the blank
    std::unordered_map<u64, int> dist;
    std::queue<u64> q;
    dist[start] = 0;
    q.push(start);
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    while (!q.empty()) {
        const u64 b = q.front();
        q.pop();
        const int d = dist[b];
        if (b == goal) return d;
        int blank = 0;
        while (tile(b, blank) != 0) ++blank;
        const int r = blank / 3, c = blank % 3;
        for (int k = 0; k < 4; ++k) {
            const int nr = r + dr[k], nc = c + dc[k];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            const int to = nr * 3 + nc;
            const u64 t = static_cast<u64>(tile(b, to));
            const u64 next = b ^ (t << (4 * to)) ^ (t << (4 * blank));
            if (dist.emplace(next, d + 1).second) q.push(next);
        }
    }
    return -1;
}

// splitmix64, as in the library, so the generated boards are the same everywhere.
u64 next_random(u64& s) {
    u64 z = (s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void generate(int n, u64 seed) {
    for (int i = 0; i < n; ++i) {
        int t[9];
        for (int k = 0; k < 9; ++k) t[k] = k;
        for (int k = 8; k > 0; --k) std::swap(t[k], t[next_random(seed) % static_cast<u64>(k + 1)]);
        // 3 columns (odd width): reachable iff the tiles other than the blank have an even number
        // of inversions. Make every third board unreachable by swapping two tiles if needed.
        int inv = 0;
        for (int a = 0; a < 9; ++a)
            for (int b = a + 1; b < 9; ++b) inv += t[a] && t[b] && t[a] > t[b];
        const bool want_reachable = i % 3 != 2;
        if ((inv % 2 == 0) != want_reachable) {
            int a = 0;
            while (t[a] == 0) ++a;
            int b = a + 1;
            while (t[b] == 0) ++b;
            std::swap(t[a], t[b]);
        }
        for (int k = 0; k < 9; ++k) std::printf("%d%c", t[k], k == 8 ? '\n' : ' ');
    }
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 4 && std::strcmp(argv[1], "--generate") == 0) {
        generate(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10));
        return 0;
    }
    std::string line;
    while (std::getline(std::cin, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream in(line);
        u64 b = 0;
        for (int c = 0, v; c < 9 && in >> v; ++c) b |= static_cast<u64>(v) << (4 * c);
        std::printf("%d\n", bfs(b));
    }
    return 0;
}

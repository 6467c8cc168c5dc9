// PLACEHOLDER implementation of rush/database.hpp: simple, slow and meant to be correct, so that
// the run loop, the files and the command can be built and tested before the real engine exists.
// Sizes 4 and 5 only (every layout is enumerated up front by brute force). Replaced by the engine.
#include <algorithm>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/database.hpp"
#include "bitsolve/rush/path.hpp"
#include "bitsolve/rush/solver.hpp"

namespace bitsolve::rush {

bool row_before(const DbRow& a, const DbRow& b) {
    if (a.moves != b.moves) return a.moves > b.moves;
    return a.board < b.board;
}

DbCounts& DbCounts::operator+=(const DbCounts& o) {
    layouts += o.layouts;
    canonical += o.canonical;
    solvable += o.solvable;
    rows += o.rows;
    states += o.states;
    return *this;
}

void check_params(const DbParams& p) {
    if (p.size < 4 || p.size > 7) throw UsageError("board size " + std::to_string(p.size) + " is outside 4..7");
    if (p.max_walls < 0 || p.max_walls > 2)
        throw UsageError("wall count " + std::to_string(p.max_walls) + " is outside 0..2");
}

namespace {

constexpr int kExitRow = 2;

std::pair<u64, u64> key_of(const Board& b) {
    u64 h = 0, v = 0;
    for (const Piece& p : b.pieces)
        for (int k = 0; k < p.len; ++k) {
            const int r = p.vertical ? p.pos + k : p.line, c = p.vertical ? p.line : p.pos + k;
            (p.vertical ? v : h) |= u64{1} << (r * b.size + c);
        }
    return {h, v};
}

struct Builder {
    int n;
    int max_walls;
    std::vector<int> grid;  // -2 empty, -1 wall, else piece index
    Board board;
    std::vector<Board> out;

    bool free(int r, int c) const { return r < n && c < n && grid[static_cast<std::size_t>(r * n + c)] == -2; }
    void set(const Piece& p, int v) {
        for (int k = 0; k < p.len; ++k)
            grid[static_cast<std::size_t>(p.vertical ? (p.pos + k) * n + p.line : p.line * n + p.pos + k)] = v;
    }
    bool acceptable() const {
        int on_exit = 0;
        for (const Piece& p : board.pieces)
            if (!p.vertical && p.line == kExitRow) ++on_exit;
        if (on_exit != 1) return false;
        const Piece& a = board.pieces[static_cast<std::size_t>(board.primary)];
        if (a.len != 2 || a.pos == n - 2) return false;
        for (int line = 0; line < n; ++line) {
            int h = 0, v = 0;
            for (const Piece& p : board.pieces)
                if (p.line == line) (p.vertical ? v : h) += p.len;
            if (h == n || v == n) return false;
        }
        for (const Piece& p : board.pieces) {  // packed: nothing can move up or left
            if (p.pos == 0) continue;
            const int r = p.vertical ? p.pos - 1 : p.line, c = p.vertical ? p.line : p.pos - 1;
            if (grid[static_cast<std::size_t>(r * n + c)] == -2) return false;
        }
        return true;
    }
    void place(int cell, int walls) {
        if (cell == n * n) {
            if (!acceptable()) return;
            Board b = board;
            char next = 'B';
            for (std::size_t i = 0; i < b.pieces.size(); ++i)
                b.pieces[i].id = static_cast<int>(i) == b.primary ? 'A' : next++;
            out.push_back(std::move(b));
            return;
        }
        const int r = cell / n, c = cell % n;
        if (grid[static_cast<std::size_t>(cell)] != -2) return place(cell + 1, walls);
        place(cell + 1, walls);
        if (walls < max_walls) {
            grid[static_cast<std::size_t>(cell)] = -1;
            board.walls |= cell_bit(r, c);
            place(cell + 1, walls + 1);
            board.walls &= ~cell_bit(r, c);
            grid[static_cast<std::size_t>(cell)] = -2;
        }
        for (int vertical = 0; vertical < 2; ++vertical)
            for (int len = 2; len <= 3; ++len) {
                bool fits = true;
                for (int k = 1; k < len; ++k) fits = fits && (vertical ? free(r + k, c) : free(r, c + k));
                if (!fits) continue;
                Piece p;
                p.vertical = vertical == 1;
                p.len = static_cast<std::uint8_t>(len);
                p.line = static_cast<std::uint8_t>(vertical ? c : r);
                p.pos = static_cast<std::uint8_t>(vertical ? r : c);
                const bool primary = !p.vertical && r == kExitRow;
                const int old_primary = board.primary;
                if (primary) board.primary = static_cast<int>(board.pieces.size());
                board.pieces.push_back(p);
                set(p, static_cast<int>(board.pieces.size()) - 1);
                place(cell + 1, walls);
                set(p, -2);
                board.pieces.pop_back();
                board.primary = old_primary;
            }
    }
};

// Letters by first appearance in row-major order, 'A' kept for the primary piece.
std::string relabel(const std::string& s) {
    char map[128] = {};
    map[static_cast<unsigned char>('A')] = 'A';
    char next = 'B';
    std::string out = s;
    for (char& ch : out) {
        const auto u = static_cast<unsigned char>(ch);
        if (ch == 'o' || ch == 'x' || u >= 128) continue;
        if (!map[u]) map[u] = next++;
        ch = map[u];
    }
    return out;
}

Board without(const Board& b, std::size_t piece) {
    Board c = b;
    c.pieces.erase(c.pieces.begin() + static_cast<std::ptrdiff_t>(piece));
    if (static_cast<int>(piece) < c.primary) --c.primary;
    return c;
}

}  // namespace

struct DbEnumeration::Impl {
    DbParams params;
    std::vector<Board> layouts;
    std::uint64_t slices = 0;
    std::pair<std::size_t, std::size_t> range(std::uint64_t s) const {
        const std::size_t l = layouts.size();
        return {static_cast<std::size_t>(s * l / slices), static_cast<std::size_t>((s + 1) * l / slices)};
    }
};

DbEnumeration::DbEnumeration(const DbParams& params) : impl_(std::make_unique<Impl>()) {
    check_params(params);
    if (params.size > 5) throw std::logic_error("the placeholder database enumerates sizes 4 and 5 only");
    impl_->params = params;
    Builder b{params.size,
              params.max_walls,
              std::vector<int>(static_cast<std::size_t>(params.size * params.size), -2),
              Board{},
              {}};
    b.board.size = params.size;
    b.place(0, 0);
    impl_->layouts = std::move(b.out);
    impl_->slices = params.size == 4 ? 16 : 40;
}
DbEnumeration::~DbEnumeration() = default;
const DbParams& DbEnumeration::params() const { return impl_->params; }
std::uint64_t DbEnumeration::slice_count() const { return impl_->slices; }
std::uint64_t DbEnumeration::count_layouts(std::uint64_t slice) const {
    const auto [a, b] = impl_->range(slice);
    return b - a;
}

struct DbWorker::Impl {
    const DbEnumeration::Impl* e;
    ClusterAnalyzer analyzer;
    Solver solver;
};

DbWorker::DbWorker(const DbEnumeration& enumeration) : impl_(std::make_unique<Impl>()) {
    impl_->e = enumeration.impl_.get();
}
DbWorker::~DbWorker() = default;

DbSlice DbWorker::run(std::uint64_t slice) {
    DbSlice out;
    const auto [first, last] = impl_->e->range(slice);
    for (std::size_t i = first; i < last; ++i) {
        check_stop();
        const Board& layout = impl_->e->layouts[i];
        ++out.counts.layouts;
        // Canonical: no state of the cluster has a smaller key (plain BFS, stops at the first).
        const auto own = key_of(layout);
        std::set<std::pair<u64, u64>> seen{own};
        std::vector<Board> queue{layout};
        bool canonical = true;
        for (std::size_t q = 0; q < queue.size() && canonical; ++q) {
            ++out.counts.states;
            const Board b = queue[q];
            for (std::size_t p = 0; p < b.pieces.size() && canonical; ++p)
                for (int d = -7; d <= 7; ++d) {
                    Board c = b;
                    if (d == 0 || !apply_move(c, Move{static_cast<std::uint8_t>(p), static_cast<std::int8_t>(d)}))
                        continue;
                    const auto k = key_of(c);
                    if (k < own) {
                        canonical = false;
                        break;
                    }
                    if (seen.insert(k).second) queue.push_back(c);
                }
        }
        if (!canonical) continue;
        ++out.counts.canonical;
        const ClusterReport r = impl_->analyzer.analyze(layout, Metric::Moves);
        out.counts.states += r.states;
        if (r.hardest_distance < 0) continue;
        ++out.counts.solvable;
        const Board& h = r.hardest;
        bool minimal = true;
        for (std::size_t p = 0; p < h.pieces.size() && minimal; ++p) {
            if (static_cast<int>(p) == h.primary) continue;
            const Solution s = impl_->solver.solve(without(h, p), Metric::Moves, false);
            out.counts.states += s.states;
            minimal = s.length < r.hardest_distance;
        }
        for (int cell = 0; cell < 64 && minimal; ++cell) {
            if (!(h.walls >> cell & 1)) continue;
            Board c = h;
            c.walls &= ~(u64{1} << cell);
            const Solution s = impl_->solver.solve(c, Metric::Moves, false);
            out.counts.states += s.states;
            minimal = s.length < r.hardest_distance;
        }
        if (!minimal) continue;
        ++out.counts.rows;
        out.rows.push_back(DbRow{r.hardest_distance, relabel(h.to_string()), r.states});
    }
    std::sort(out.rows.begin(), out.rows.end(), row_before);
    return out;
}

}  // namespace bitsolve::rush

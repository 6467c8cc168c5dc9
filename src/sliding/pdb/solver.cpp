#include "bitsolve/sliding/pdb/solver.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <atomic>
#include <chrono>
#include <cstring>
#include <limits>
#include <mutex>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {
namespace {

constexpr int kMaxDepth = 250;                      // longer than any optimal 5x5 solution
constexpr char kLetter[4] = {'U', 'L', 'R', 'D'};   // d and 3 - d are opposite
constexpr int kNoMove = 4;                          // "previous move" of the root (3 - 4 is no direction)
constexpr int kSplitDepth = 10;                     // subtrees handed to threads start here
constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

struct Context {
    const PdbHeuristic& h;
    unsigned n, k[kMaxPatterns], patterns;
    const std::uint8_t* table[kMaxPatterns];
    std::int8_t nb[kMaxCells][4];
    bool reflect;
    std::vector<std::uint8_t> goal;

    explicit Context(const PdbHeuristic& heur) : h(heur), n(heur.cells()), patterns(heur.patterns()), reflect(heur.reflects()), goal(heur.goal()) {
        for (unsigned p = 0; p < patterns; ++p) {
            k[p] = heur.pattern_size(p);
            table[p] = heur.table(p);
        }
        const int rows = static_cast<int>(heur.rows()), cols = static_cast<int>(heur.cols());
        for (int c = 0; c < static_cast<int>(n); ++c) {
            const int r = c / cols, col = c % cols;
            nb[c][0] = static_cast<std::int8_t>(r > 0 ? c - cols : -1);
            nb[c][1] = static_cast<std::int8_t>(col > 0 ? c - 1 : -1);
            nb[c][2] = static_cast<std::int8_t>(col < cols - 1 ? c + 1 : -1);
            nb[c][3] = static_cast<std::int8_t>(r < rows - 1 ? c + cols : -1);
        }
    }
};

// One search thread's state (fixed size; lives on the stack).
struct Worker {
    const Context* c;
    std::uint8_t board[kMaxCells];
    unsigned blank = 0;
    std::uint8_t pos[kMaxPatterns][kMaxPatternTiles], rpos[kMaxPatterns][kMaxPatternTiles];
    int hn[kMaxPatterns], hr[kMaxPatterns];
    int sn = 0, sr = 0;
    std::uint8_t path[kMaxDepth + 1];
    int bound = 0, next_bound = std::numeric_limits<int>::max();
    std::uint64_t expanded = 0, generated = 0;
    // Cooperative cut-off: a worker whose subtree comes after an already found solution stops.
    const std::atomic<std::size_t>* winner = nullptr;
    std::size_t index = 0;
    bool aborted = false;

    struct Undo {
        std::uint8_t p, s, old_pos, rp, rs, old_rpos;
        int old_h, old_rh;
    };

    explicit Worker(const Context& ctx, const std::vector<std::uint8_t>& start) : c(&ctx) {
        const PdbHeuristic& h = ctx.h;
        for (unsigned cell = 0; cell < ctx.n; ++cell) {
            const unsigned t = start[cell];
            board[cell] = static_cast<std::uint8_t>(t);
            if (t == 0) {
                blank = cell;
                continue;
            }
            pos[h.pattern_of(t)][h.slot_of(t)] = static_cast<std::uint8_t>(cell);
            const unsigned rt = h.sigma(t);
            rpos[h.pattern_of(rt)][h.slot_of(rt)] = h.transpose(cell);
        }
        for (unsigned p = 0; p < ctx.patterns; ++p) {
            hn[p] = ctx.table[p][rank_kperm(pos[p], ctx.k[p], ctx.n)];
            hr[p] = ctx.reflect ? ctx.table[p][rank_kperm(rpos[p], ctx.k[p], ctx.n)] : 0;
            sn += hn[p];
            sr += hr[p];
        }
    }

    int heuristic() const { return sn > sr ? sn : sr; }

    bool at_goal() const { return std::memcmp(board, c->goal.data(), c->n) == 0; }

    // Moves the blank in direction d (its neighbour must exist) and updates both sums.
    void move(int d, Undo& u) {
        const PdbHeuristic& h = c->h;
        const unsigned to = static_cast<unsigned>(c->nb[blank][d]);
        const unsigned t = board[to];
        board[blank] = static_cast<std::uint8_t>(t);
        board[to] = 0;
        const unsigned from = blank;
        blank = to;
        u.p = h.pattern_of(t);
        u.s = h.slot_of(t);
        u.old_pos = pos[u.p][u.s];
        pos[u.p][u.s] = static_cast<std::uint8_t>(from);
        u.old_h = hn[u.p];
        hn[u.p] = c->table[u.p][rank_kperm(pos[u.p], c->k[u.p], c->n)];
        sn += hn[u.p] - u.old_h;
        if (c->reflect) {
            const unsigned rt = h.sigma(t);
            u.rp = h.pattern_of(rt);
            u.rs = h.slot_of(rt);
            u.old_rpos = rpos[u.rp][u.rs];
            rpos[u.rp][u.rs] = h.transpose(from);
            u.old_rh = hr[u.rp];
            hr[u.rp] = c->table[u.rp][rank_kperm(rpos[u.rp], c->k[u.rp], c->n)];
            sr += hr[u.rp] - u.old_rh;
        }
    }

    void undo(const Undo& u) {
        const unsigned from = pos[u.p][u.s];  // the moved tile's cell = the blank's cell before the move
        board[blank] = board[from];
        board[from] = 0;
        blank = from;
        pos[u.p][u.s] = u.old_pos;
        sn += u.old_h - hn[u.p];
        hn[u.p] = u.old_h;
        if (c->reflect) {
            rpos[u.rp][u.rs] = u.old_rpos;
            sr += u.old_rh - hr[u.rp];
            hr[u.rp] = u.old_rh;
        }
    }

    void poll() {
        if (stop_requested()) check_stop();
        if (winner && winner->load(std::memory_order_relaxed) < index) aborted = true;
    }

    // Depth-first search below the current node (depth g, reached by move `prev`). True when the
    // goal was found; path[0..bound-1] then holds the moves and the state is left at the goal.
    bool dfs(int g, int prev) {
        ++expanded;
        for (int d = 0; d < 4; ++d) {
            if (d == 3 - prev || c->nb[blank][d] < 0) continue;
            Undo u{};
            move(d, u);
            if ((++generated & 4095) == 0) poll();
            const int hv = heuristic();
            const int f = g + 1 + hv;
            if (f <= bound) {
                path[g] = static_cast<std::uint8_t>(d);
                if (hv == 0 && at_goal()) return true;
                if (dfs(g + 1, d)) return true;
            } else if (f < next_bound) {
                next_bound = f;
            }
            undo(u);
            if (aborted) return false;
        }
        return false;
    }

    // Like dfs, but stops at depth `split`, recording the move sequences of the nodes there in
    // DFS order. True when the goal is met above or at that depth.
    bool enumerate(int g, int prev, int split, std::vector<std::array<std::uint8_t, kSplitDepth>>& out) {
        if (g == split) {
            std::array<std::uint8_t, kSplitDepth> a{};
            std::copy(path, path + g, a.begin());
            out.push_back(a);
            return false;
        }
        ++expanded;
        for (int d = 0; d < 4; ++d) {
            if (d == 3 - prev || c->nb[blank][d] < 0) continue;
            Undo u{};
            move(d, u);
            ++generated;
            const int hv = heuristic();
            const int f = g + 1 + hv;
            if (f <= bound) {
                path[g] = static_cast<std::uint8_t>(d);
                if (hv == 0 && at_goal()) return true;
                if (enumerate(g + 1, d, split, out)) return true;
            } else if (f < next_bound) {
                next_bound = f;
            }
            undo(u);
        }
        return false;
    }
};

std::string letters(const std::uint8_t* moves, int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += kLetter[moves[i]];
    return s;
}

}  // namespace

bool solvable(unsigned rows, unsigned cols, const std::vector<std::uint8_t>& board, const std::vector<std::uint8_t>& goal) {
    const unsigned n = rows * cols;
    std::vector<unsigned> goal_cell(n);
    for (unsigned c = 0; c < n; ++c) goal_cell[goal[c]] = c;
    std::vector<bool> seen(n, false);
    unsigned cycles = 0, blank = 0;
    for (unsigned c = 0; c < n; ++c) {
        if (board[c] == 0) blank = c;
        if (seen[c]) continue;
        ++cycles;
        for (unsigned x = c; !seen[x]; x = goal_cell[board[x]]) seen[x] = true;
    }
    const unsigned gb = goal_cell[0];
    const unsigned dist = static_cast<unsigned>(std::abs(static_cast<int>(blank / cols) - static_cast<int>(gb / cols)) +
                                                std::abs(static_cast<int>(blank % cols) - static_cast<int>(gb % cols)));
    return (n - cycles) % 2 == dist % 2;
}

bool apply_path(unsigned rows, unsigned cols, std::vector<std::uint8_t>& board, const std::string& path) {
    const auto it = std::find(board.begin(), board.end(), 0);
    if (it == board.end()) return false;
    unsigned b = static_cast<unsigned>(it - board.begin());
    for (char m : path) {
        const unsigned r = b / cols, col = b % cols;
        unsigned to;
        switch (m) {
            case 'U': if (r == 0) return false; to = b - cols; break;
            case 'D': if (r + 1 >= rows) return false; to = b + cols; break;
            case 'L': if (col == 0) return false; to = b - 1; break;
            case 'R': if (col + 1 >= cols) return false; to = b + 1; break;
            default: return false;
        }
        std::swap(board[b], board[to]);
        b = to;
    }
    return true;
}

PdbSolution solve_pdb(const PdbHeuristic& heuristic, const std::vector<std::uint8_t>& board, unsigned threads) {
    const auto t0 = std::chrono::steady_clock::now();
    const Context ctx(heuristic);
    {
        auto a = board, b = ctx.goal;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        if (board.size() != ctx.n || a != b) throw UsageError("board and goal do not hold the same tiles");
    }
    threads = resolve_threads(threads);
    PdbSolution sol;
    Worker root(ctx, board);
    sol.initial_h = root.heuristic();
    auto finish = [&] {
        sol.totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return sol;
    };
    if (!solvable(heuristic.rows(), heuristic.cols(), board, ctx.goal)) return finish();
    if (root.at_goal()) {
        sol.length = 0;
        return finish();
    }
    std::vector<std::array<std::uint8_t, kSplitDepth>> frontier;
    for (int bound = sol.initial_h;; ) {
        if (bound > kMaxDepth) throw LimitError("no solution within " + std::to_string(kMaxDepth) + " moves");
        IterationStats it;
        it.threshold = bound;
        int next = std::numeric_limits<int>::max();
        Worker w = root;
        w.bound = bound;
        bool found = false;
        if (threads <= 1) {
            found = w.dfs(0, kNoMove);
            if (found) sol.path = letters(w.path, bound);
        } else {
            frontier.clear();
            found = w.enumerate(0, kNoMove, std::min(kSplitDepth, bound), frontier);
            if (found) sol.path = letters(w.path, bound);
        }
        it.expanded = w.expanded;
        it.generated = w.generated;
        next = w.next_bound;
        if (!found && threads > 1 && !frontier.empty()) {
            const int split = std::min(kSplitDepth, bound);
            std::atomic<std::size_t> winner{kNone};
            std::mutex mu;
            parallel_for(frontier.size(), threads, [&](std::size_t i) {
                if (winner.load(std::memory_order_relaxed) < i) return;
                Worker sub = root;
                sub.bound = bound;
                sub.winner = &winner;
                sub.index = i;
                Worker::Undo u;
                for (int j = 0; j < split; ++j) {
                    sub.move(frontier[i][static_cast<std::size_t>(j)], u);
                    sub.path[j] = frontier[i][static_cast<std::size_t>(j)];
                }
                const bool hit = sub.dfs(split, frontier[i][static_cast<std::size_t>(split - 1)]);
                std::lock_guard lock(mu);
                it.expanded += sub.expanded;
                it.generated += sub.generated;
                next = std::min(next, sub.next_bound);
                if (hit && i < winner.load()) {
                    winner.store(i);
                    sol.path = letters(sub.path, bound);
                }
            });
            check_stop();
            found = winner.load() != kNone;
        }
        sol.iterations.push_back(it);
        sol.totals.expanded += it.expanded;
        sol.totals.generated += it.generated;
        if (found) {
            sol.length = bound;
            return finish();
        }
        if (next == std::numeric_limits<int>::max()) throw std::logic_error("IDA* ran out of nodes on a solvable board");
        bound = next;
    }
}

}  // namespace bitsolve::sliding::pdb

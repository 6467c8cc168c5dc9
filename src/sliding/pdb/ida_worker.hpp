#pragma once
// The inner loop of PDB-IDA* (solver.cpp): one thread's search state and its depth-first search.
//
// State: the board, the blank's cell, and for every pattern the cells of its tiles, the rank of
// that placement and its table entry -- on the board and on the board reflected about the main
// diagonal. A move of the blank moves one tile, so it changes one rank and one entry on each side.
//
// Ranks are updated, not recomputed (rank.hpp: digit i of a placement is its tile's cell minus
// the earlier tiles on lower cells, weighted by W_i = (n-i-1)(n-i-2)...(n-k+1)). When tile s moves
// from cell a to cell b, digit s changes by (b - a) minus the earlier tiles strictly between a and
// b, and a later tile strictly between a and b changes its digit by one; nothing else changes. A
// horizontal move has no cell between, so the rank changes by +-W_s; a vertical one has cols - 1
// cells between, a short table-driven sum. On the reflected board horizontal and vertical swap.
//
// With dual lookups (ida_dual.hpp) a child that the plain and reflected sums do not prune gets its
// dual sums too, computed from the board (the dual placements change non-locally, so they are not
// kept incrementally); every f is then rounded to the solutions' parity, and a node whose child's
// f exceeds the bound by more than 2 is cut (bidirectional pathmax).
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "ida_context.hpp"

namespace bitsolve::sliding::pdb::detail {

inline constexpr int kMaxDepth = 250;   // longer than any optimal 5x5 solution
inline constexpr int kSplitDepth = 10;  // subtrees handed to threads start here

// A node at the split depth: the moves from the root, and the enumeration's counts at the moment
// it reached the node in DFS order (the node itself generated, not yet expanded). A single DFS that
// stops at the first solution, found in this node's subtree, has counted exactly these plus
// the subtrees of the nodes before it plus its own subtree up to that solution.
struct FrontierNode {
    std::array<Dir, kSplitDepth> moves;
    std::uint64_t expanded, generated, lookups;
};

// One search thread's state (fixed size; lives on the stack). Dual: the heuristic takes dual
// lookups (Context::dual); a compile-time flag, so that the search without them pays nothing.
template <bool Dual>
struct Worker {
    const Context* c;
    std::uint8_t board[kMaxCells];
    unsigned blank = 0;
    std::uint8_t pos[kMaxPatterns][kMaxPatternTiles] = {}, rpos[kMaxPatterns][kMaxPatternTiles] = {};
    std::uint64_t rank[kMaxPatterns] = {}, rrank[kMaxPatterns] = {};
    int hn[kMaxPatterns] = {}, hr[kMaxPatterns] = {};
    int sn = 0, sr = 0;
    int parity = 0;  // of every solution's length: the blank's Manhattan distance to its goal cell
    Dir path[kMaxDepth + 1];
    int bound = 0, next_bound = std::numeric_limits<int>::max();
    // lookups: the table entries that the pruning decisions of the generated nodes need (the
    // plain one; the reflected one unless the plain sum prunes, always with dual lookups; the dual
    // ones unless both prune), counted with the node like `generated`, so the count does not
    // depend on the thread count.
    std::uint64_t expanded = 0, generated = 0, lookups = 0;
    // Cooperative cut-off: a worker whose subtree comes after an already found solution stops.
    const std::atomic<std::size_t>* winner = nullptr;
    std::size_t index = 0;
    bool aborted = false;

    // A child of a node: the blank's move d onto cell `to` (the moved tile's cell), the moved
    // tile's pattern and slot on the board (p, s) and on the reflected board (rp, rs), the new
    // ranks of those two patterns, the move machine's state after d, and once read, their
    // entries and f = g + 1 + heuristic.
    struct Child {
        std::uint64_t nr, nrr;
        std::int32_t fsm;
        int f;
        Dir d;
        std::uint8_t to, p, s, rp, rs, hn, hr, looks;
    };

    Worker(const Context& ctx, const Board& start) : c(&ctx) {
        for (unsigned cell = 0; cell < ctx.n; ++cell) {
            const unsigned t = start.tiles[cell];
            board[cell] = static_cast<std::uint8_t>(t);
            if (t == 0) {
                blank = cell;
                continue;
            }
            pos[ctx.pattern_of[t]][ctx.slot_of[t]] = static_cast<std::uint8_t>(cell);
            const unsigned rt = ctx.sigma[t];
            rpos[ctx.pattern_of[rt]][ctx.slot_of[rt]] = ctx.transpose[cell];
        }
        parity = ctx.dual_tables.md[blank][ctx.h.goal_cell(0)] & 1;
        for (unsigned p = 0; p < ctx.patterns; ++p) {
            rank[p] = rank_kperm(pos[p], ctx.k[p], ctx.n);
            rrank[p] = rank_kperm(rpos[p], ctx.k[p], ctx.n);
            hn[p] = ctx.table[p][rank[p]];
            hr[p] = ctx.reflect ? ctx.table[p][rrank[p]] : 0;
            sn += hn[p];
            sr += hr[p];
        }
    }

    int heuristic() const { return sn > sr ? sn : sr; }
    bool at_goal() const { return std::memcmp(board, c->goal.data(), c->n) == 0; }

    void poll() {
        if (stop_requested()) check_stop();
        if (winner && winner->load(std::memory_order_relaxed) < index) aborted = true;
    }

    // The children of the current node (the move machine in `state`; move_fsm.hpp): moves, tiles
    // and new ranks, each new table entry prefetched. Returns how many.
    int make_children(std::int32_t state, Child* out) const {
        const std::int32_t* next = c->fsm + static_cast<std::ptrdiff_t>(state) * kDirs;
        int m = 0;
        for (int d = 0; d < kDirs; ++d) {
            if (next[d] == MoveFsm::kPruned || c->nb[blank][d] < 0) continue;
            Child& x = out[m++];
            x.d = static_cast<Dir>(d);
            x.fsm = next[d];
            x.to = static_cast<std::uint8_t>(c->nb[blank][d]);
            const unsigned t = board[x.to];
            x.p = c->pattern_of[t];
            x.s = c->slot_of[t];
            x.nr = rank_step(rank[x.p], c->weight[x.p][x.s], c->plain[blank][d], c->contrib[t]);
            assert(x.nr == rank_after(pos[x.p], x.p, x.s, blank));
            __builtin_prefetch(c->table[x.p] + x.nr);
            if (c->reflect) {
                const unsigned rt = c->sigma[t];
                x.rp = c->pattern_of[rt];
                x.rs = c->slot_of[rt];
                x.nrr = rank_step(rrank[x.rp], c->weight[x.rp][x.rs], c->mirror[blank][d], c->rcontrib[t]);
                assert(x.nrr == rank_after(rpos[x.rp], x.rp, x.rs, c->transpose[blank]));
                __builtin_prefetch(c->table[x.rp] + x.nrr);
            }
        }
        return m;
    }

    // The rank of the moved tile's pattern after the move, on one side (plain or reflected):
    // the slot's digit weight times the distance, plus what the tiles passed over add (the
    // moving tile's row of contrib or rcontrib).
    std::uint64_t rank_step(std::uint64_t before, std::uint64_t weight, const Context::Side& side,
                            const std::int64_t* contrib_row) const {
        std::int64_t delta = static_cast<std::int64_t>(weight) * side.dist;
        for (unsigned j = 0; j < side.count; ++j) delta += contrib_row[board[side.between[j]]];
        return before + static_cast<std::uint64_t>(side.sign * delta);
    }

    // Rank of pattern p's placement `cells` with slot `slot` moved onto `cell` (checks only).
    std::uint64_t rank_after(const std::uint8_t* cells, unsigned p, unsigned slot, unsigned cell) const {
        std::uint8_t tmp[kMaxPatternTiles];
        std::memcpy(tmp, cells, kMaxPatternTiles);
        tmp[slot] = static_cast<std::uint8_t>(cell);
        return rank_kperm(tmp, c->k[p], c->n);
    }

    // Plays child x (its entries read): board, slots, ranks, entries and sums. undo() reverses it.
    struct Saved {
        std::uint64_t rank, rrank;
        int hn, hr;
    };
    Saved play(const Child& x) {
        const unsigned from = blank;
        board[from] = board[x.to];
        board[x.to] = 0;
        blank = x.to;
        Saved sv{rank[x.p], 0, hn[x.p], 0};
        pos[x.p][x.s] = static_cast<std::uint8_t>(from);
        rank[x.p] = x.nr;
        hn[x.p] = x.hn;
        sn += x.hn - sv.hn;
        if (c->reflect) {
            sv.rrank = rrank[x.rp];
            sv.hr = hr[x.rp];
            rpos[x.rp][x.rs] = c->transpose[from];
            rrank[x.rp] = x.nrr;
            hr[x.rp] = x.hr;
            sr += x.hr - sv.hr;
        }
        return sv;
    }
    void undo(const Child& x, const Saved& sv) {
        const unsigned from = pos[x.p][x.s];  // the blank's cell before the move
        board[x.to] = board[from];
        board[from] = 0;
        blank = from;
        pos[x.p][x.s] = x.to;
        rank[x.p] = sv.rank;
        sn += sv.hn - hn[x.p];
        hn[x.p] = sv.hn;
        if (c->reflect) {
            rpos[x.rp][x.rs] = c->transpose[x.to];
            rrank[x.rp] = sv.rrank;
            sr += sv.hr - hr[x.rp];
            hr[x.rp] = sv.hr;
        }
    }

    // Reads the entries of children made by make_children and sets their f (g: the parent's
    // depth). The reflected entry of a child already pruned by the plain sum is read only when it
    // could lower next_bound (or for pathmax); the dual lookups only for a child the other sums do
    // not prune.
    void evaluate(int g, Child* ch, int m) {
        for (int i = 0; i < m; ++i) {
            Child& x = ch[i];
            x.hn = c->table[x.p][x.nr];
            const int fn = g + 1 + sn - hn[x.p] + x.hn;
            x.f = fn;
            // With dual lookups every child's reflected entry is read: pathmax takes the maximum
            // f of all children, which must not depend on next_bound (nor on the thread count).
            const bool read_reflected = c->reflect && (fn <= bound || Dual);
            x.looks = static_cast<std::uint8_t>(read_reflected ? 2 : 1);
            if (read_reflected || (c->reflect && fn < next_bound)) {
                x.hr = c->table[x.rp][x.nrr];
                x.f = std::max(fn, g + 1 + sr - hr[x.rp] + x.hr);
            }
            if constexpr (Dual) x.f = dual_f(g, x);
        }
    }

    // f of child x with the dual sums (ida_dual.hpp: DualTables::raise).
    int dual_f(int g, Child& x) {
        std::uint64_t looks = x.looks;
        const int f = c->dual_tables.raise(x.f, g + 1, bound, parity, board, blank, x.to, c->reflect, looks);
        x.looks = static_cast<std::uint8_t>(looks);
        return f;
    }

    // Bidirectional pathmax (Felner et al. 2005), child to parent: the dual sums are not
    // consistent, and a child's f - 2 bounds the solutions through the node too (the child is one
    // move away). When that exceeds the bound the node is cut before any child is searched; its
    // children count as generated (their entries were read) and f - 2 goes to next_bound. A
    // consistent heuristic never triggers it (a child's f is at most the node's f + 2).
    bool bpmx_cut(const Child* ch, int m) {
        int best = 0;
        for (int i = 0; i < m; ++i) best = std::max(best, ch[i].f);
        if (best - 2 <= bound) return false;
        for (int i = 0; i < m; ++i) {
            lookups += ch[i].looks;
            if ((++generated & 4095) == 0) poll();
        }
        next_bound = std::min(next_bound, best - 2);
        return true;
    }

    // Searches below the current node (depth g, the move machine in `state`). True when the goal
    // was found; path[0..bound-1] then holds the moves and the state is left at the goal.
    bool search(int g, std::int32_t state) {
        Child ch[4];
        const int m = make_children(state, ch);
        return dfs(g, ch, m);
    }

    // The tables are far larger than the caches, so a lookup is a memory access, and a node
    // needs its children's entries right after it is reached. So entries are fetched one
    // generation ahead: a node reads its children's entries (prefetched by its parent), and before
    // searching the first child's subtree it makes the children of every child that will be
    // searched, prefetching their entries, so those misses overlap with each other and with the
    // subtrees searched first. A pruned child changes no state. The order of the children, the
    // pruning decisions, the counts and next_bound are those of a plain move / test / undo loop.
    bool dfs(int g, Child* ch, int m) {
        ++expanded;
        evaluate(g, ch, m);
        if constexpr (Dual)
            if (bpmx_cut(ch, m)) return false;
        Child kids[4][3];
        int km[4] = {};
        for (int i = 0; i < m; ++i) {
            if (ch[i].f > bound) continue;
            const Saved sv = play(ch[i]);
            km[i] = make_children(ch[i].fsm, kids[i]);
            undo(ch[i], sv);
        }
        for (int i = 0; i < m; ++i) {
            const Child& x = ch[i];
            lookups += x.looks;
            if ((++generated & 4095) == 0) poll();
            if (x.f > bound) {
                if (x.f < next_bound) next_bound = x.f;
                if (aborted) return false;
                continue;
            }
            const Saved sv = play(x);
            path[g] = x.d;
            if (heuristic() == 0 && at_goal()) return true;
            if (dfs(g + 1, kids[i], km[i])) return true;
            undo(x, sv);
            if (aborted) return false;
        }
        return false;
    }

    // Plays the blank's move d from the current node (used to replay the split prefixes).
    void step(Dir d) {
        Child x[4];
        const int m = make_children(MoveFsm::kStart, x);
        for (int i = 0; i < m; ++i)
            if (x[i].d == d) {
                x[i].hn = c->table[x[i].p][x[i].nr];
                if (c->reflect) x[i].hr = c->table[x[i].rp][x[i].nrr];
                play(x[i]);
                return;
            }
        assert(false && "step: no such move");
    }

    // Like dfs, but stops at depth `split`, recording the nodes there in DFS order (moves and the
    // counts so far). True when the goal is met above or at that depth.
    bool enumerate(int g, std::int32_t state, int split, std::vector<FrontierNode>& out) {
        if (g == split) {
            FrontierNode node{{}, expanded, generated, lookups};
            std::copy(path, path + g, node.moves.begin());
            out.push_back(node);
            return false;
        }
        ++expanded;
        Child ch[4];
        const int m = make_children(state, ch);
        evaluate(g, ch, m);
        if constexpr (Dual)
            if (bpmx_cut(ch, m)) return false;
        for (int i = 0; i < m; ++i) {
            const Child& x = ch[i];
            ++generated;
            lookups += x.looks;
            const int f = x.f;
            if (f > bound) {
                if (f < next_bound) next_bound = f;
                continue;
            }
            const Saved sv = play(x);
            path[g] = x.d;
            if (heuristic() == 0 && at_goal()) return true;
            if (enumerate(g + 1, x.fsm, split, out)) return true;
            undo(x, sv);
        }
        return false;
    }
};

}  // namespace bitsolve::sliding::pdb::detail

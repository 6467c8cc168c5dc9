#pragma once
// The inner loop of PDB-IDA* (solver.cpp): one thread's search state and its depth-first search.
//
// State: the board, the blank's cell, and per side (a partition on the board, or on the board
// reflected about the main diagonal; ida_context.hpp) for every pattern the cells of its tiles (a
// list and a mask), the rank of that placement and its table entry. A move of the blank moves one
// tile, so it changes one rank and one entry on each side. With zero-aware tables the entry also
// depends on the blank's region, but only in the moved tile's pattern: for every other pattern the
// blank steps between two neighbouring free cells, which lie in the same region.
//
// Ranks are updated, not recomputed (rank.hpp: digit i of a placement is its tile's cell minus
// the earlier tiles on lower cells, weighted by W_i = (n-i-1)(n-i-2)...(n-k+1)). When tile s moves
// from cell a to cell b, digit s changes by (b - a) minus the earlier tiles strictly between a and
// b, and a later tile strictly between a and b changes its digit by one; nothing else changes. A
// horizontal move has no cell between, so the rank changes by +-W_s; a vertical one has cols - 1
// cells between, a short table-driven sum. On the reflected board horizontal and vertical swap.
//
// A child's sides are read in order, and the next one only while the child is within the bound
// or could still lower the next bound: with one partition and reflection that is Korf & Felner's
// "reflected lookup unless the plain sum prunes".
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
// lookups (Context::dual); S: the number of sides (Context::sides); Reflect: every odd side is
// mirrored (Context::reflect); Zero: some side's tables are zero-aware (Context::zero_aware). All
// compile-time, so that the search without dual lookups or zero-aware tables pays nothing for them
// and the loops over sides unroll with each side's move tables known. The
// steps of a node are forced inline into dfs: called, they cost a quarter more instructions.
template <bool Dual, unsigned S, bool Reflect, bool Zero>
struct Worker {
    const Context* c;
    std::uint8_t board[kMaxCells];
    unsigned blank = 0;
    std::uint8_t pos[S][kMaxPatterns][kMaxPatternTiles] = {};
    std::uint64_t rank[S][kMaxPatterns] = {};
    int hv[S][kMaxPatterns] = {};
    std::uint32_t occupied[S][kMaxPatterns] = {};  // the cells of each pattern's tiles, as a mask (Zero)
    int sum[S] = {};
    int parity = 0;  // of every solution's length: the blank's Manhattan distance to its goal cell
    Dir path[kMaxDepth + 1];
    int bound = 0, next_bound = std::numeric_limits<int>::max();
    // lookups: the table entries that the pruning decisions of the generated nodes need (the
    // first side's; each further side's while the sides read so far do not prune, always with
    // dual lookups; the dual ones unless all sides prune), counted with the node like
    // `generated`, so the count does not depend on the thread count.
    std::uint64_t expanded = 0, generated = 0, lookups = 0;
    // Cooperative cut-off: a worker whose subtree comes after an already found solution stops.
    const std::atomic<std::size_t>* winner = nullptr;
    std::size_t index = 0;
    bool aborted = false;

    // A child of a node: the blank's move d onto cell `to` (the moved tile's cell), per side the
    // moved tile's pattern and slot (p, s) and that pattern's new rank (nr), the move machine's
    // state after d, and once read, the sides' new entries (h; those of the sides read) and
    // f = g + 1 + heuristic.
    struct Child {
        std::uint64_t nr[S];
        std::int32_t fsm;
        int f;
        Dir d;
        std::uint8_t to, looks;
        std::uint8_t p[S], s[S], h[S];
    };

    Worker(const Context& ctx, const Board& start) : c(&ctx) {
        for (unsigned cell = 0; cell < ctx.n; ++cell) {
            const unsigned t = start.tiles[cell];
            board[cell] = static_cast<std::uint8_t>(t);
            if (t == 0) {
                blank = cell;
                continue;
            }
            for (unsigned v = 0; v < S; ++v)
                pos[v][ctx.side[v].pattern_of[t]][ctx.side[v].slot_of[t]] = ctx.side[v].cell[cell];
        }
        parity = ctx.dual_tables.md[blank][ctx.h.goal_cell(0)] & 1;
        for (unsigned v = 0; v < S; ++v) {
            const Context::Side& side = ctx.side[v];
            for (unsigned p = 0; p < side.patterns; ++p) {
                rank[v][p] = rank_kperm(pos[v][p], side.k[p], ctx.n);
                if constexpr (Zero)
                    for (unsigned i = 0; i < side.k[p]; ++i) occupied[v][p] |= 1u << pos[v][p][i];
                hv[v][p] = entry(v, p, rank[v][p], occupied[v][p], side.cell[blank]);
                sum[v] += hv[v][p];
            }
        }
    }

    // The table entry of pattern p on side v for placement `r` whose cells are `occ` (side cells),
    // the blank on side cell `b`. Zero-aware: the placement's entry for the blank's region, read
    // without the region when the placement has only one (ZeroAwareLookup).
    __attribute__((always_inline)) std::uint8_t entry(unsigned v, unsigned p, std::uint64_t r, std::uint32_t occ,
                                                      unsigned b) const {
        const Context::Side& side = c->side[v];
        if (!Zero || !side.zero_aware) return side.table[p][r];
        const std::uint8_t e = side.table[p][r];
        if (e < ZeroAwareLookup::kSeveral) return e;
        return side.lookup[p]->flagged(r, e, side.labels[p]->row(occ), b);
    }
    // The same for child x, on side v: the moved tile on the blank's cell, the blank on its cell.
    __attribute__((always_inline)) std::uint8_t child_entry(unsigned v, const Child& x) const {
        const Context::Side& side = c->side[v];
        const unsigned p = x.p[v];
        if (!Zero || !side.zero_aware) return side.table[p][x.nr[v]];
        return entry(v, p, x.nr[v], occupied[v][p] ^ (1u << side.cell[blank]) ^ (1u << side.cell[x.to]),
                     side.cell[x.to]);
    }

    int heuristic() const {
        int best = sum[0];
        for (unsigned v = 1; v < S; ++v) best = std::max(best, sum[v]);
        return best;
    }
    bool at_goal() const { return std::memcmp(board, c->goal.data(), c->n) == 0; }

    void poll() {
        if (stop_requested()) check_stop();
        if (winner && winner->load(std::memory_order_relaxed) < index) aborted = true;
    }

    // The children of the current node (the move machine in `state`; move_fsm.hpp): moves, tiles
    // and new ranks, each new table entry prefetched, and each child's row of a machine too large
    // for the caches (Context::prefetch_fsm). Returns how many.
    __attribute__((always_inline)) int make_children(std::int32_t state, Child* out) const {
        const std::int32_t* next = c->fsm + static_cast<std::ptrdiff_t>(state) * kDirs;
        int m = 0;
        for (int d = 0; d < kDirs; ++d) {
            if (next[d] == MoveFsm::kPruned || c->nb[blank][d] < 0) continue;
            Child& x = out[m++];
            x.d = static_cast<Dir>(d);
            x.fsm = next[d];
            if (c->prefetch_fsm) __builtin_prefetch(c->fsm + static_cast<std::ptrdiff_t>(x.fsm) * kDirs);
            x.to = static_cast<std::uint8_t>(c->nb[blank][d]);
            const unsigned t = board[x.to];
            for (unsigned v = 0; v < S; ++v) {
                const Context::Side& side = c->side[v];
                const unsigned p = side.pattern_of[t], sl = side.slot_of[t];
                x.p[v] = static_cast<std::uint8_t>(p);
                x.s[v] = static_cast<std::uint8_t>(sl);
                x.nr[v] = rank_step(rank[v][p], side.weight[p][sl], c->shift[Reflect && v % 2 == 1][blank][d],
                                    side.contrib[t]);
                assert(x.nr[v] == rank_after(pos[v][p], side.k[p], sl, side.cell[blank]));
                __builtin_prefetch(side.table[p] + x.nr[v]);
            }
        }
        return m;
    }

    // The rank of the moved tile's pattern after the move, on one side: the slot's digit weight
    // times the distance, plus what the tiles passed over add (the moving tile's row of the
    // side's contrib).
    __attribute__((always_inline)) std::uint64_t rank_step(std::uint64_t before, std::uint64_t weight,
                                                           const Context::Shift& shift,
                                                           const std::int64_t* contrib_row) const {
        std::int64_t delta = static_cast<std::int64_t>(weight) * shift.dist;
        for (unsigned j = 0; j < shift.count; ++j) delta += contrib_row[board[shift.between[j]]];
        return before + static_cast<std::uint64_t>(shift.sign * delta);
    }

    // Rank of a k-tile placement `cells` with slot `slot` moved onto `cell` (checks only).
    std::uint64_t rank_after(const std::uint8_t* cells, unsigned k, unsigned slot, unsigned cell) const {
        std::uint8_t tmp[kMaxPatternTiles];
        std::memcpy(tmp, cells, kMaxPatternTiles);
        tmp[slot] = static_cast<std::uint8_t>(cell);
        return rank_kperm(tmp, k, c->n);
    }

    // Plays child x (every side's entry read): board, slots, ranks, entries and sums. undo()
    // reverses it.
    struct Saved {
        std::uint64_t rank[S];
        int h[S];
    };
    __attribute__((always_inline)) Saved play(const Child& x) {
        const unsigned from = blank;
        board[from] = board[x.to];
        board[x.to] = 0;
        blank = x.to;
        Saved sv;
        for (unsigned v = 0; v < S; ++v) {
            const unsigned p = x.p[v];
            sv.rank[v] = rank[v][p];
            sv.h[v] = hv[v][p];
            pos[v][p][x.s[v]] = c->side[v].cell[from];
            if constexpr (Zero) occupied[v][p] ^= (1u << c->side[v].cell[from]) ^ (1u << c->side[v].cell[x.to]);
            rank[v][p] = x.nr[v];
            hv[v][p] = x.h[v];
            sum[v] += x.h[v] - sv.h[v];
        }
        return sv;
    }
    __attribute__((always_inline)) void undo(const Child& x, const Saved& sv) {
        const unsigned from = pos[0][x.p[0]][x.s[0]];  // the blank's cell before the move (side 0 is unreflected)
        board[x.to] = board[from];
        board[from] = 0;
        blank = from;
        for (unsigned v = 0; v < S; ++v) {
            const unsigned p = x.p[v];
            pos[v][p][x.s[v]] = c->side[v].cell[x.to];
            if constexpr (Zero) occupied[v][p] ^= (1u << c->side[v].cell[from]) ^ (1u << c->side[v].cell[x.to]);
            rank[v][p] = sv.rank[v];
            sum[v] += sv.h[v] - hv[v][p];
            hv[v][p] = sv.h[v];
        }
    }

    // Reads the entries of children made by make_children and sets their f (g: the parent's
    // depth). The sides are read in order: a further side while the child is within the bound,
    // or when its f so far could still lower next_bound (or, with dual lookups, for pathmax); the
    // dual lookups only for a child the sides do not prune.
    __attribute__((always_inline)) void evaluate(int g, Child* ch, int m) {
        for (int i = 0; i < m; ++i) {
            Child& x = ch[i];
            x.h[0] = child_entry(0, x);
            int f = g + 1 + sum[0] - hv[0][x.p[0]] + x.h[0];
            x.looks = 1;
            for (unsigned v = 1; v < S; ++v) {
                // With dual lookups every side is read: pathmax takes the maximum f of all
                // children, which must not depend on next_bound (nor on the thread count).
                const bool counted = f <= bound || Dual;
                if (!counted && f >= next_bound) break;
                x.h[v] = child_entry(v, x);
                f = std::max(f, g + 1 + sum[v] - hv[v][x.p[v]] + x.h[v]);
                if (counted) ++x.looks;
            }
            x.f = f;
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
                for (unsigned v = 0; v < S; ++v) x[i].h[v] = child_entry(v, x[i]);
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

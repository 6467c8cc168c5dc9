#pragma once
// IDA* (Korf 1985): depth-first iterative deepening on f = g + h, over any ReversibleDomain and
// any admissible heuristic H, with optimal results when h never overestimates.
//
// The heuristic is a second template parameter, evaluated incrementally:
//
//   struct H {
//       int estimate(const State&) const;              // h of a whole state
//       int after(const State& s, Move m, int h) const; // h of apply(s, m), given h of s
//   };
//
// A heuristic that keeps more than h between a node and its children (e.g. per-line codes) may
// declare `using Value = ...;` and `static int h(const Value&)`; estimate() and after() then
// return and take that Value, which the search carries down the stack instead of an int.
//
// so a child's h is known before the move is played and children over the bound are pruned
// without touching the state. The state is modified in place (play/unplay); successors go into a
// per-depth slice of one buffer sized once per iteration; the path is the stack of moves. When the
// domain has `inverse(m)`, the move undoing the previous one is never generated (it only leads
// back to the parent). No heap allocation and no virtual call per node.
//
// Node accounting: `expanded` counts nodes whose successors were generated (f within the bound,
// not the goal); `generated` counts the children whose heuristic was evaluated. In the last
// iteration the search stops at the first goal found, so both counts are deterministic.
#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/search/domain.hpp"
#include "bitsolve/core/stats.hpp"

namespace bitsolve {

// The value carried per node: H::Value when declared, else int.
template <class H>
struct HeuristicValue {
    using type = int;
    static int h(int v) { return v; }
};
template <class H>
requires requires { typename H::Value; }
struct HeuristicValue<H> {
    using type = typename H::Value;
    static int h(const type& v) { return H::h(v); }
};

template <class H, class D>
concept IncrementalHeuristic = requires(const H& h, const typename D::State& s, typename D::Move m,
                                        const typename HeuristicValue<H>::type& v) {
    { h.estimate(s) } -> std::convertible_to<typename HeuristicValue<H>::type>;
    { h.after(s, m, v) } -> std::convertible_to<typename HeuristicValue<H>::type>;
};

template <class Move>
struct IdaResult {
    int depth = -1;          // optimal length; -1 when no solution exists within max_depth
    std::vector<Move> path;  // start -> goal
    int iterations = 0;      // bounds tried
    int initial_h = 0;
    SearchStats stats;
};

struct IdaOptions {
    int max_depth = 1000;  // give up (depth -1) beyond this bound
    // Called after each iteration with its bound and the counts so far (for a progress display).
    std::function<void(int bound, const SearchStats& so_far)> on_iteration;
};

namespace detail {

template <class D, class H>
class Ida {
public:
    using State = typename D::State;
    using Move = typename D::Move;
    using Value = typename HeuristicValue<H>::type;
    static constexpr bool kHasInverse = requires(const D& d, Move m) { d.inverse(m); };

    Ida(const D& d, const H& h) : d_(d), h_(h) {}

    // Searches with f bounded by `bound`; returns true when the goal was reached (path_ holds the
    // moves), otherwise next_bound_ is the least f that exceeded the bound.
    bool iterate(State& s, const Value& h, int bound) {
        bound_ = bound;
        next_bound_ = std::numeric_limits<int>::max();
        path_.assign(static_cast<std::size_t>(bound) + 1, Move{});
        buffer_.assign((static_cast<std::size_t>(bound) + 1) * D::kMaxMoves, Move{});
        return dfs(s, 0, h, false, Move{});
    }

    std::vector<Move> path_;
    int next_bound_ = 0;
    SearchStats stats_;

private:
    bool dfs(State& s, int g, const Value& h, bool has_prev, Move prev) {
        if (d_.is_goal(s)) {
            path_.resize(static_cast<std::size_t>(g));
            return true;
        }
        if ((++stats_.expanded & 0xFFFFF) == 0) check_stop();
        Move* moves = &buffer_[static_cast<std::size_t>(g) * D::kMaxMoves];
        const std::size_t n = d_.successors(s, moves);
        for (std::size_t i = 0; i < n; ++i) {
            const Move m = moves[i];
            if constexpr (kHasInverse)
                if (has_prev && m == d_.inverse(prev)) continue;
            ++stats_.generated;
            const Value hc = h_.after(s, m, h);
            const int f = g + 1 + HeuristicValue<H>::h(hc);
            if (f > bound_) {
                if (f < next_bound_) next_bound_ = f;
                continue;
            }
            d_.play(s, m);
            path_[static_cast<std::size_t>(g)] = m;
            if (dfs(s, g + 1, hc, true, m)) return true;
            d_.unplay(s, m);
        }
        return false;
    }

    const D& d_;
    const H& h_;
    int bound_ = 0;
    std::vector<Move> buffer_;
};

}  // namespace detail

template <ReversibleDomain D, class H>
requires IncrementalHeuristic<H, D> IdaResult<typename D::Move> ida_star(const D& d, typename D::State start,
                                                                         const H& h, const IdaOptions& opt = {}) {
    const auto t0 = std::chrono::steady_clock::now();
    IdaResult<typename D::Move> r;
    detail::Ida<D, H> search(d, h);
    const typename HeuristicValue<H>::type h0 = h.estimate(start);
    r.initial_h = HeuristicValue<H>::h(h0);
    for (int bound = r.initial_h; bound <= opt.max_depth;) {
        ++r.iterations;
        const bool found = search.iterate(start, h0, bound);
        if (opt.on_iteration) opt.on_iteration(bound, search.stats_);
        if (found) {
            r.depth = static_cast<int>(search.path_.size());
            r.path = search.path_;
            break;
        }
        if (search.next_bound_ == std::numeric_limits<int>::max()) break;  // space exhausted
        bound = search.next_bound_;
    }
    r.stats = search.stats_;
    r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace bitsolve

#pragma once
// The sliding-tile puzzle as a search domain (core/search/domain.hpp).
//
// SlidingDomain<P> is a ReversibleDomain over packed states State<P>: the key is the packed word
// itself (unique: the word is the whole board). Successors are the legal blank directions of the
// blank's cell, precomputed per cell in a fixed order (U L R D), so generation is a copy of at
// most four bytes. play() is one XOR; unplay() plays the inverse direction.
//
// Ranked<D> is the same domain keyed by the perfect hash of rank.hpp (boards of <= 12 cells), for
// searches whose visited set is a DenseParentMap indexed by rank.
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "bitsolve/core/search/domain.hpp"
#include "bitsolve/sliding/board.hpp"
#include "bitsolve/sliding/rank.hpp"

namespace bitsolve::sliding {

template <class P>
class SlidingDomain {
public:
    using State = sliding::State<P>;
    using Move = Dir;
    using Key = typename P::Word;
    using Word = typename P::Word;
    static constexpr std::size_t kMaxMoves = 4;

    SlidingDomain(Geometry g, const Board& goal) : geo_(g), goal_(pack<P>(goal)) {
        for (int c = 0; c < g.cells(); ++c) {
            count_[c] = 0;
            for (int d = 0; d < kDirs; ++d) {
                const int to = g.neighbour(c, static_cast<Dir>(d));
                target_[c][d] = static_cast<std::int8_t>(to);
                if (to >= 0) moves_[c][count_[c]++] = static_cast<Dir>(d);
            }
        }
    }

    const Geometry& geometry() const { return geo_; }
    const State& goal() const { return goal_; }
    // Cell reached by the blank from `cell` in direction d (d must be legal there).
    int target(int cell, Dir d) const { return target_[cell][static_cast<int>(d)]; }

    Key key(const State& s) const { return s.cells; }
    std::size_t successors(const State& s, Move* out) const {
        const int n = count_[s.blank];
        for (int i = 0; i < n; ++i) out[i] = moves_[s.blank][i];
        return static_cast<std::size_t>(n);
    }
    void play(State& s, Move m) const {
        const int to = target_[s.blank][static_cast<int>(m)];
        const Word t = (s.cells >> (P::kBits * to)) & P::kMask;
        s.cells ^= (t << (P::kBits * to)) | (t << (P::kBits * s.blank));
        s.blank = static_cast<Cell>(to);
        // Debug builds check the invariant after every move: the cached blank cell holds 0 and
        // the tile went where the blank was.
        assert(to >= 0 && P::get(s.cells, s.blank) == 0);
    }
    void unplay(State& s, Move m) const { play(s, sliding::inverse(m)); }
    State apply(const State& s, Move m) const {
        State t = s;
        play(t, m);
        return t;
    }
    static Move inverse(Move m) { return sliding::inverse(m); }
    bool is_goal(const State& s) const { return s.cells == goal_.cells; }

private:
    Geometry geo_;
    State goal_;
    std::int8_t target_[kMaxCells][kDirs];
    Dir moves_[kMaxCells][kDirs];
    std::uint8_t count_[kMaxCells];
};

// The same domain, keyed by board_rank (boards of at most kMaxRankedCells cells).
template <class P>
class Ranked : public SlidingDomain<P> {
public:
    using Key = std::uint32_t;
    using SlidingDomain<P>::SlidingDomain;
    Key key(const typename SlidingDomain<P>::State& s) const {
        return board_rank<P>(s.cells, s.blank, this->geometry().cells());
    }
};

static_assert(ReversibleDomain<SlidingDomain<Pack16>>);
static_assert(ReversibleDomain<SlidingDomain<Pack25>>);
static_assert(Domain<Ranked<Pack16>>);

}  // namespace bitsolve::sliding

#pragma once
// The domain concepts every search in bitsolve is written against.
//
// A domain is a small value type describing one puzzle instance's rules. Searches are templates
// over it, so each call below inlines: no virtual call and no heap allocation per node.
//
//   struct MyDomain {
//       using State = ...;                  // packed, trivially copyable
//       using Move  = ...;                  // a few bytes
//       using Key   = std::uint64_t;        // unique per state (not a lossy hash)
//       static constexpr std::size_t kMaxMoves = ...;          // bound on successors()
//       Key key(const State&) const;
//       std::size_t successors(const State&, Move* out) const;  // writes <= kMaxMoves moves
//       State apply(const State&, Move) const;                  // copy-make
//       bool is_goal(const State&) const;
//   };
//
// A ReversibleDomain also plays moves in place (play/unplay), which depth-first searches use.
#include <concepts>
#include <cstddef>
#include <type_traits>

namespace bitsolve {

template <class D>
concept Domain = requires(const D& d, const typename D::State& s, typename D::Move m, typename D::Move* out) {
    typename D::State;
    typename D::Move;
    typename D::Key;
    requires std::is_trivially_copyable_v<typename D::State>;
    { D::kMaxMoves } -> std::convertible_to<std::size_t>;
    { d.key(s) } -> std::same_as<typename D::Key>;
    { d.successors(s, out) } -> std::same_as<std::size_t>;
    { d.apply(s, m) } -> std::same_as<typename D::State>;
    { d.is_goal(s) } -> std::same_as<bool>;
};

template <class D>
concept ReversibleDomain = Domain<D> && requires(const D& d, typename D::State& s, typename D::Move m) {
    { d.play(s, m) } -> std::same_as<void>;
    { d.unplay(s, m) } -> std::same_as<void>;
};

}  // namespace bitsolve

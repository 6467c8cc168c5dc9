#pragma once
// Bit helpers over plain 64-bit integers (C++20 <bit> underneath), constexpr throughout.
#include <bit>
#include <cstdint>

namespace bitsolve {

using u64 = std::uint64_t;

constexpr int lsb_index(u64 x) { return std::countr_zero(x); }                   // x != 0; 0..63
constexpr u64 lowest_bit(u64 x) { return x & (~x + 1); }                         // x & -x
constexpr u64 bit(int i) { return u64{1} << i; }                                 // i in 0..63
constexpr u64 low_mask(int n) { return n >= 64 ? ~u64{0} : (u64{1} << n) - 1; }  // n in 0..64

}  // namespace bitsolve

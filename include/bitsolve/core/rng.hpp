#pragma once
// The project's own PRNG (splitmix64), so that "random" workloads are the same on every platform
// and standard library: std::mt19937 is portable but std::uniform_int_distribution is not.
#include <cstdint>

namespace bitsolve {

class SplitMix64 {
public:
    constexpr explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    constexpr std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n), n > 0, by rejection (no modulo bias).
    constexpr std::uint64_t below(std::uint64_t n) {
        const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
        std::uint64_t x;
        do x = next();
        while (x >= limit);
        return x % n;
    }

private:
    std::uint64_t state_;
};

}  // namespace bitsolve

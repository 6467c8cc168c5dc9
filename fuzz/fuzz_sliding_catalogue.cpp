// Fuzz target: the pattern database catalogue parser (--heuristic catalogue:FILE). A catalogue it
// accepts must describe well-formed partitions -- every cell but the blank's goal once, groups
// that make valid pattern specs, a zero-aware flag per partition -- and must read back identically
// from its canonical text.
#include <cstdint>
#include <string>

#include "bitsolve/sliding/pdb/pattern.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::sliding::pdb;

namespace {

std::string canonical(const Catalogue& c) {
    std::string s = "size " + std::to_string(c.geo.rows) + "x" + std::to_string(c.geo.cols) + "\n";
    for (std::size_t q = 0; q < c.partitions.size(); ++q) {
        const auto& partition = c.partitions[q];
        if (c.zero_aware[q]) s += kZeroAwareWord;
        for (std::size_t g = 0; g < partition.size(); ++g) {
            if (g) s += " |";
            for (auto cell : partition[g]) {
                s += ' ';
                s += std::to_string(cell);
            }
        }
        s += "\n";
    }
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::as_text(data, size));
    Catalogue c;
    if (!fuzz::accepts([&] { c = parse_catalogue(text); })) return 0;
    const unsigned n = static_cast<unsigned>(c.geo.cells());
    FUZZ_CHECK(!c.partitions.empty() && c.partitions.size() <= kMaxPartitions);
    FUZZ_CHECK(c.zero_aware.size() == c.partitions.size());
    for (const auto& partition : c.partitions) {
        FUZZ_CHECK(!partition.empty() && partition.size() <= kMaxPatterns);
        std::uint32_t seen = 0;
        for (const auto& group : partition) {
            PatternSpec spec;
            spec.rows = static_cast<std::uint8_t>(c.geo.rows);
            spec.cols = static_cast<std::uint8_t>(c.geo.cols);
            spec.blank_goal = 0;
            spec.cells = group;
            FUZZ_CHECK(spec_problem(spec).empty());
            for (auto cell : group) {
                FUZZ_CHECK((seen >> cell & 1u) == 0);
                seen |= 1u << cell;
            }
        }
        FUZZ_CHECK(seen == ((n >= 32 ? ~0u : (1u << n) - 1u) & ~1u));
    }
    const Catalogue again = parse_catalogue(canonical(c));
    FUZZ_CHECK(again.geo == c.geo && again.partitions == c.partitions && again.zero_aware == c.zero_aware);
    return 0;
}

#include "bitsolve/sliding/pdb/table.hpp"

#include <bit>
#include <stdexcept>

#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {

namespace {

// Whether a zero-aware placement's entries (0xFF past its last region) are not all the same.
bool entries_differ(const std::uint8_t* e, unsigned fields) {
    for (unsigned j = 1; j < fields && e[j] != 0xFF; ++j)
        if (e[j] != e[0]) return true;
    return false;
}

}  // namespace

ZeroAwareLookup make_zero_aware_lookup(const PdbTable& table, const RegionLabels& labels) {
    const unsigned fields = table.spec.fields(), k = table.spec.k(), n = table.spec.size();
    const std::uint64_t placements = kperm_count(n, k);
    ZeroAwareLookup z;
    z.fields = fields;
    z.spec = table.spec;
    z.first.resize(placements);
    z.blocks.resize((placements + 63) / 64);
    // First scan: every placement whose regions agree gets its entry; the others are flagged and
    // counted, so that `rest` is allocated once, at its size.
    std::uint64_t count = 0;
    for (std::uint64_t r = 0; r < placements; ++r) {
        const std::uint8_t* e = table.data.data() + r * fields;
        if (r % 64 == 0) z.blocks[r / 64].before = static_cast<std::uint32_t>(count);
        for (unsigned j = 0; j < fields && e[j] != 0xFF; ++j)
            if (e[j] >= ZeroAwareLookup::kSeveral)
                throw std::logic_error("zero-aware table " + table.spec.key() + " has an entry above 127");
        if (!entries_differ(e, fields)) {
            z.first[r] = e[0];
            continue;
        }
        z.blocks[r / 64].several |= std::uint64_t{1} << (r % 64);
        if (++count > 0xFFFFFFFFu) throw std::logic_error("zero-aware table " + table.spec.key() + " is too large");
    }
    // Second scan, over the flagged placements only, in order: their entries go to `rest`, and
    // their byte holds the largest region's entry.
    z.rest.reserve(count * fields);
    for (std::uint64_t b = 0; b < z.blocks.size(); ++b) {
        for (std::uint64_t bits = z.blocks[b].several; bits != 0; bits &= bits - 1) {
            const std::uint64_t r = b * 64 + static_cast<unsigned>(std::countr_zero(bits));
            const std::uint8_t* e = table.data.data() + r * fields;
            std::uint8_t pos[kMaxPatternTiles];
            unrank_kperm(r, k, n, pos);
            std::uint32_t occupied = 0;
            for (unsigned i = 0; i < k; ++i) occupied |= 1u << pos[i];
            z.first[r] =
                static_cast<std::uint8_t>(ZeroAwareLookup::kSeveral | e[RegionLabels::largest(labels.row(occupied))]);
            z.rest.insert(z.rest.end(), e, e + fields);
        }
    }
    return z;
}

std::uint64_t zero_aware_lookup_bytes_at_most(const PatternSpec& spec) {
    const unsigned k = spec.k(), n = spec.size();
    const std::uint64_t placements = kperm_count(n, k), blocks = (placements + 63) / 64;
    // Every ordering of a set of cells leaves the same regions.
    const std::uint64_t several = RegionLabels(spec.geometry(), k).sets_with_several_regions() * kperm_count(k, k);
    return placements + blocks * sizeof(ZeroAwareLookup::Block) + several * spec.fields();
}

}  // namespace bitsolve::sliding::pdb

#include "bitsolve/sliding/pdb/table.hpp"

#include <algorithm>
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

// Whether a placement's entries fit `rest`'s nibbles: of one parity and within 14 of each other.
bool entries_fit_nibbles(const std::uint8_t* e, unsigned fields) {
    std::uint8_t lo = e[0], hi = e[0];
    for (unsigned j = 1; j < fields && e[j] != 0xFF; ++j) {
        if ((e[j] ^ e[0]) & 1u) return false;
        lo = std::min(lo, e[j]);
        hi = std::max(hi, e[j]);
    }
    return hi - lo <= 14;
}

}  // namespace

ZeroAwareLookup make_zero_aware_lookup(const PdbTable& table, const RegionLabels& labels) {
    return make_zero_aware_lookup(
        table.spec, labels, [&table](const EntryPiece& piece) { piece(0, table.spec.entries(), table.data.data()); });
}

ZeroAwareLookup make_zero_aware_lookup(const PatternSpec& spec, const RegionLabels& labels, const EntryPieces& pieces) {
    const unsigned fields = spec.fields(), k = spec.k(), n = spec.size();
    const std::uint64_t placements = kperm_count(n, k);
    ZeroAwareLookup z;
    z.fields = fields;
    z.spec = spec;
    z.first.resize(placements);
    z.blocks.assign((placements + 63) / 64, ZeroAwareLookup::Block{});
    // First scan: every placement whose regions agree gets its entry; the others are flagged and
    // counted, so that `rest` is allocated once, at its size, and checked for nibbles.
    std::uint64_t count = 0, next = 0;
    bool nibbles = true;
    pieces([&](std::uint64_t from, std::uint64_t size, const std::uint8_t* entries) {
        if (from != next || size > placements - from) throw std::logic_error("zero-aware entries out of order");
        next = from + size;
        for (std::uint64_t r = from; r < next; ++r) {
            const std::uint8_t* e = entries + (r - from) * fields;
            if (r % 64 == 0) z.blocks[r / 64].before = static_cast<std::uint32_t>(count);
            for (unsigned j = 0; j < fields && e[j] != 0xFF; ++j)
                if (e[j] >= ZeroAwareLookup::kSeveral)
                    throw std::logic_error("zero-aware table " + spec.key() + " has an entry above 127");
            if (!entries_differ(e, fields)) {
                z.first[r] = e[0];
                continue;
            }
            z.blocks[r / 64].several |= std::uint64_t{1} << (r % 64);
            nibbles = nibbles && entries_fit_nibbles(e, fields);
            if (++count > 0xFFFFFFFFu) throw std::logic_error("zero-aware table " + spec.key() + " is too large");
        }
    });
    if (next != placements) throw std::logic_error("zero-aware entries missing");
    // Second scan, over the flagged placements only, in order: their entries go to `rest`, and
    // their byte holds the largest region's entry.
    z.nibbles = nibbles;
    z.stride = nibbles ? (fields + 1) / 2 : fields;
    z.rest.reserve(count * z.stride);
    pieces([&](std::uint64_t from, std::uint64_t size, const std::uint8_t* entries) {
        for (std::uint64_t b = from / 64; b * 64 < from + size; ++b) {
            std::uint64_t bits = z.blocks[b].several;
            if (b * 64 < from) bits &= ~std::uint64_t{0} << (from % 64);
            if ((b + 1) * 64 > from + size) bits &= (std::uint64_t{1} << ((from + size) % 64)) - 1;
            for (; bits != 0; bits &= bits - 1) {
                const std::uint64_t r = b * 64 + static_cast<unsigned>(std::countr_zero(bits));
                const std::uint8_t* e = entries + (r - from) * fields;
                const std::uint8_t largest = e[RegionLabels::largest(labels.row(placement_mask(r, k, n)))];
                z.first[r] = static_cast<std::uint8_t>(ZeroAwareLookup::kSeveral | largest);
                if (!nibbles) {
                    z.rest.insert(z.rest.end(), e, e + fields);
                    continue;
                }
                const std::size_t at = z.rest.size();
                z.rest.resize(at + z.stride, 0);
                for (unsigned j = 0; j < 2 * z.stride; ++j) {
                    const unsigned code =
                        j < fields && e[j] != 0xFF ? ((e[j] - largest) / 2) & 15u : ZeroAwareLookup::kNoRegion;
                    z.rest[at + j / 2] |= static_cast<std::uint8_t>(code << (4 * (j & 1)));
                }
            }
        }
    });
    return z;
}

std::uint64_t zero_aware_lookup_bytes_at_least(const PatternSpec& spec) {
    const std::uint64_t placements = spec.entries();
    return placements + (placements + 63) / 64 * sizeof(ZeroAwareLookup::Block);
}

std::uint64_t zero_aware_lookup_bytes_at_most(const PatternSpec& spec) {
    const unsigned k = spec.k();
    // Every ordering of a set of cells leaves the same regions.
    const std::uint64_t several = RegionLabels(spec.geometry(), k).sets_with_several_regions() * kperm_count(k, k);
    return zero_aware_lookup_bytes_at_least(spec) + several * ((spec.fields() + 1) / 2);
}

}  // namespace bitsolve::sliding::pdb

// The lookup form of a cached zero-aware table (sliding/pdb/table.hpp: ZeroAwareLookup) measured:
// its placements, those whose regions' entries differ (flagged, all their entries kept in `rest`),
// the form's bytes by part, and how far apart a placement's entries lie (the largest minus the
// smallest over its regions), which says how much room `rest`'s nibbles leave.
// A plain program over one file, read as the tool reads it (load_zero_aware_lookup):
//
//   pdb_form_bench DIR/5x5-b0-1.2.5.6.7.12.17-z.pdb
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "pdb_header.hpp"

using namespace bitsolve::sliding::pdb;

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: pdb_form_bench FILE.pdb (a zero-aware table)\n");
        return 2;
    }
    const char* file = argv[1];
    PdbHeader header;
    if (!read_pdb_header(file, header)) return 3;
    if (!header.spec.zero_aware) {
        std::fprintf(stderr, "%s: not a zero-aware table\n", file);
        return 3;
    }
    const RegionLabels labels(header.spec.geometry(), header.spec.k());
    const LookupLoadResult loaded = load_zero_aware_lookup(file, header.spec, labels);
    if (loaded.status != LoadStatus::Ok) {
        std::fprintf(stderr, "%s: %s\n", file, loaded.reason.c_str());
        return 3;
    }
    const ZeroAwareLookup& z = *loaded.lookup;
    const std::uint64_t placements = z.first.size(), flagged = z.rest.size() / z.stride;
    // A placement that is not flagged has one entry for all its regions: 0 apart. A flagged one's
    // nibbles are halved differences from one entry, so their spread is half its entries'.
    std::array<std::uint64_t, 256> apart{};
    apart[0] = placements - flagged;
    for (std::uint64_t i = 0; i < flagged; ++i) {
        const std::uint8_t* e = &z.rest[i * z.stride];
        int lo = 255, hi = 0;
        for (unsigned j = 0; j < z.fields; ++j) {
            int v = 0;
            if (z.nibbles) {
                v = ZeroAwareLookup::difference(e, j);
                if (v == ZeroAwareLookup::kNoRegionDifference) break;
            } else {
                if (e[j] == 0xFF) break;
                v = e[j];
            }
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
        ++apart[static_cast<unsigned>(hi - lo)];
    }
    std::printf("# %s: %llu placements, up to %u regions each\n", header.spec.key().c_str(),
                static_cast<unsigned long long>(placements), z.fields);
    std::printf("flagged placements: %llu (%.2f%%)\n", static_cast<unsigned long long>(flagged),
                100.0 * static_cast<double>(flagged) / static_cast<double>(std::max<std::uint64_t>(1, placements)));
    std::printf("form: %llu bytes (a byte a placement %llu, blocks %llu, rest %llu%s)\n",
                static_cast<unsigned long long>(z.bytes()), static_cast<unsigned long long>(z.first.size()),
                static_cast<unsigned long long>(z.blocks.size() * sizeof(ZeroAwareLookup::Block)),
                static_cast<unsigned long long>(z.rest.size()), z.nibbles ? " as nibbles" : " as bytes");
    for (unsigned d = 0; d < apart.size(); ++d)
        if (apart[d] != 0)
            std::printf("entries %u apart: %llu placements\n", d, static_cast<unsigned long long>(apart[d]));
    return 0;
}

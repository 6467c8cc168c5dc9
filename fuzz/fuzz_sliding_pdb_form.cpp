// Fuzz target: the lookup form file of a zero-aware table (cache.hpp), for one small pattern
// (2x3 board, blank goal 0, tiles of goal cells 1 and 2). A file that load_form accepts is what
// the search then reads without a bounds check, so an accepted form must give an entry for every
// placement and blank cell without reading outside its arrays (the ASan and _GLIBCXX_DEBUG
// replays check that), and must write back to the very bytes it was read from; anything else is
// reported as Invalid with a reason, never trusted.
//
// The header and the payload carry checksums that random mutation almost never gets right; so
// when the input's last byte is odd the target first writes the correct payload checksum and
// header checksum, letting the fuzzer reach the checks behind them.
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::sliding::pdb;

namespace {

void put_u64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint64_t get_u64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
    return v;
}

PatternSpec fuzz_spec() {
    PatternSpec s;
    s.rows = 2;
    s.cols = 3;
    s.blank_goal = 0;
    s.cells = {1, 2};
    s.zero_aware = true;
    return s;
}

std::vector<std::uint8_t> read_bytes(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const PatternSpec spec = fuzz_spec();
    static const RegionLabels labels(spec.geometry(), spec.k());
    static const std::uint64_t placements = spec.entries(), blocks = (placements + 63) / 64;
    static const std::uint64_t parts = placements + blocks * sizeof(ZeroAwareLookup::Block);
    std::vector<std::uint8_t> bytes(data, data + size);
    if (size >= kPdbHeaderSize + parts && (data[size - 1] & 1)) {
        // The payload checksum: checksum64 of the checksum64s of first, blocks and rest.
        const std::uint8_t* payload = bytes.data() + kPdbHeaderSize;
        std::uint8_t sums[24];
        put_u64(sums, checksum64(payload, placements));
        put_u64(sums + 8, checksum64(payload + placements, parts - placements));
        put_u64(sums + 16, checksum64(payload + parts, size - kPdbHeaderSize - parts));
        put_u64(&bytes[48], checksum64(sums, sizeof sums));
        put_u64(&bytes[56], checksum64(bytes.data(), 56));
    }
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("bitsolve-fuzz-form-" + std::to_string(::getpid()) + ".form");
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    // The table checksum the file names, so that the fuzzer gets past that check.
    const std::uint64_t table_checksum = size >= kPdbHeaderSize ? get_u64(bytes.data() + 32) : 0;
    const LookupLoadResult r = load_form(file, spec, table_checksum);
    if (r.status != LoadStatus::Ok) {
        FUZZ_CHECK(r.status == LoadStatus::Invalid || !kFormFiles);
        FUZZ_CHECK(r.lookup == nullptr);
        if (r.status == LoadStatus::Invalid) fuzz::check_message(r.reason);
        std::filesystem::remove(file);
        return 0;
    }
    const ZeroAwareLookup& z = *r.lookup;
    FUZZ_CHECK(z.first.size() == placements && z.blocks.size() == blocks);
    // Every placement, every blank cell: in bounds.
    unsigned sum = 0;
    for (std::uint64_t p = 0; p < placements; ++p) {
        const std::uint32_t occupied = placement_mask(p, spec.k(), spec.size());
        for (unsigned b = 0; b < spec.size(); ++b)
            if (!(occupied >> b & 1u)) sum += z.at(p, labels.row(occupied), b);
    }
    __asm__ volatile("" : : "r"(sum) : "memory");  // the reads must happen
    // Nothing in an accepted file is left unchecked: written again it is the same bytes.
    FUZZ_CHECK(load_form(file, spec, table_checksum + 1).status == LoadStatus::Invalid);
    write_form(file, z, table_checksum);
    FUZZ_CHECK(read_bytes(file) == bytes);
    std::filesystem::remove(file);
    return 0;
}

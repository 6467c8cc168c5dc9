// Fuzz target: the pattern database cache file header (64 bytes, checksummed) and the loader
// that decides whether a cache file is trusted. A header that parses must describe a
// well-formed pattern and serialize back to the same 64 bytes; a hostile file must be reported
// as Invalid, never crash or be trusted.
//
// The header carries a checksum of its first 48 bytes, which random mutation almost never
// gets right; so when the input's last byte is odd the target first writes the correct header
// checksum (and, when it is 3 mod 4, the payload checksum too), letting the fuzzer reach the
// field checks behind it.
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bitsolve/sliding/pdb/cache.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::sliding::pdb;

namespace {

void put_u64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// Writes the bytes as a cache file and checks that load_table's verdict agrees with the bytes.
void check_load(const std::vector<std::uint8_t>& bytes, const PdbHeader& h) {
    static const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("bitsolve-fuzz-pdb-" + std::to_string(::getpid()) + ".pdb");
    {
        std::ofstream out(file, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    }
    const LoadResult r = load_table(file, h.spec);
    const bool sized = bytes.size() == kPdbHeaderSize + h.entries;
    const bool sums = sized && checksum64(bytes.data() + kPdbHeaderSize, h.entries) == h.checksum;
    FUZZ_CHECK((r.status == LoadStatus::Ok) == sums);
    if (r.status == LoadStatus::Ok) {
        FUZZ_CHECK(r.table.data.size() == h.entries);
        FUZZ_CHECK(std::memcmp(r.table.data.data(), bytes.data() + kPdbHeaderSize, h.entries) == 0);
    } else {
        FUZZ_CHECK(r.status == LoadStatus::Invalid && !r.reason.empty());
        FUZZ_CHECK(r.table.data.empty());
    }
    // A file for another pattern is never trusted.
    PatternSpec other = h.spec;
    other.blank_goal = static_cast<std::uint8_t>(other.blank_goal + 1);
    FUZZ_CHECK(load_table(file, other).status == LoadStatus::Invalid);
    std::filesystem::remove(file);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::vector<std::uint8_t> bytes(data, data + size);
    if (size > kPdbHeaderSize && (data[size - 1] & 1)) {
        if ((data[size - 1] & 3) == 3)
            put_u64(&bytes[40], checksum64(bytes.data() + kPdbHeaderSize, size - kPdbHeaderSize));
        put_u64(&bytes[48], checksum64(bytes.data(), 48));
    }
    PdbHeader h;
    if (!fuzz::accepts([&] { h = parse_header(bytes); })) return 0;
    FUZZ_CHECK(spec_problem(h.spec).empty());
    FUZZ_CHECK(h.entries == h.spec.table_entries());
    FUZZ_CHECK(h.spec.zero_aware == (h.format == EntryFormat::ZeroAwareBytes));
    const std::vector<std::uint8_t> again = serialize_header(h);
    FUZZ_CHECK(again.size() == kPdbHeaderSize);
    FUZZ_CHECK(std::memcmp(again.data(), bytes.data(), kPdbHeaderSize) == 0);
    // Loading reads the whole payload; keep that to payloads the input can actually hold.
    if (h.entries <= (1u << 20)) check_load(bytes, h);
    return 0;
}

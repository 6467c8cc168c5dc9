// The cache file: header round trip, every corruption detected, atomic writes, rebuilds.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/pdb/cache.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "bitsolve/sliding/pdb/table.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        path = fs::temp_directory_path() /
               ("bitsolve-pdb-test-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(path);
        fs::create_directories(path);
    }
    ~TempDir() { fs::remove_all(path); }
};

std::vector<std::uint8_t> read_all(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}
void write_all(const fs::path& p, const std::vector<std::uint8_t>& b) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

const PatternSpec kSpec = pdbtest::spec(3, 3, 0, {1, 2, 3});

// check_table says what load_table says, without the bytes.
LoadStatus checked_as_loaded(const fs::path& file, const PatternSpec& spec) {
    const LoadResult loaded = load_table(file, spec), checked = check_table(file, spec);
    EXPECT_EQ(checked.status, loaded.status) << file;
    EXPECT_EQ(checked.reason, loaded.reason) << file;
    EXPECT_TRUE(checked.table.data.empty());
    if (checked.status == LoadStatus::Ok) {
        EXPECT_EQ(checked.table.spec, spec);
    }
    return checked.status;
}

void expect_same_form(const ZeroAwareLookup& a, const ZeroAwareLookup& b) {
    EXPECT_EQ(a.spec, b.spec);
    EXPECT_EQ(a.fields, b.fields);
    EXPECT_EQ(a.nibbles, b.nibbles);
    EXPECT_EQ(a.stride, b.stride);
    EXPECT_TRUE(a.first == b.first);
    ASSERT_EQ(a.blocks.size(), b.blocks.size());
    for (std::size_t i = 0; i < a.blocks.size(); ++i) {
        ASSERT_EQ(a.blocks[i].several, b.blocks[i].several) << i;
        ASSERT_EQ(a.blocks[i].before, b.blocks[i].before) << i;
    }
    EXPECT_EQ(a.rest, b.rest);
}

}  // namespace

// A zero-aware table's lookup form from pieces of any size is the form of the whole table, and
// from its file (read in pieces, never whole) too; a file that load_table refuses is refused the
// same way, and so is one whose checksum holds but whose entries no table has.
TEST(PdbCache, ZeroAwareFormsFromPiecesAndFromTheFile) {
    TempDir dir;
    for (const PatternSpec& plain : {kSpec, pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5})}) {
        PatternSpec z = plain;
        z.zero_aware = true;
        const PdbTable t = build_table(z, 2);
        const RegionLabels labels(z.geometry(), z.k());
        const ZeroAwareLookup whole = make_zero_aware_lookup(t, labels);
        ASSERT_FALSE(whole.rest.empty());
        for (const std::uint64_t piece : {1u, 63u, 64u, 100u, 4096u}) {
            unsigned calls = 0;
            const ZeroAwareLookup pieces = make_zero_aware_lookup(z, labels, [&](const EntryPiece& f) {
                ++calls;
                for (std::uint64_t r = 0; r < z.entries(); r += piece)
                    f(r, std::min(piece, z.entries() - r), t.data.data() + r * z.fields());
            });
            EXPECT_EQ(calls, 2u);
            expect_same_form(pieces, whole);
        }
        EXPECT_THROW(make_zero_aware_lookup(z, labels, [&](const EntryPiece& f) { f(1, 1, t.data.data()); }),
                     std::logic_error);  // not from the first placement
        const fs::path file = table_path(dir.path, z);
        EXPECT_EQ(load_zero_aware_lookup(file, z, labels).status, LoadStatus::Missing);
        write_table(file, t);
        const LookupLoadResult loaded = load_zero_aware_lookup(file, z, labels);
        ASSERT_EQ(loaded.status, LoadStatus::Ok) << loaded.reason;
        expect_same_form(*loaded.lookup, whole);
        EXPECT_EQ(load_zero_aware_lookup(file, plain, labels).status, LoadStatus::Invalid);
        const auto bytes = read_all(file);
        auto damaged = bytes;
        damaged[bytes.size() - 2] ^= 1;
        write_all(file, damaged);
        const LookupLoadResult bad = load_zero_aware_lookup(file, z, labels);
        EXPECT_EQ(bad.status, LoadStatus::Invalid);
        EXPECT_EQ(bad.reason, load_table(file, z).reason);
        EXPECT_EQ(bad.lookup, nullptr);
        // Damage that the form itself would refuse (an entry above 127, in the first piece read)
        // is still reported as what it is, a corrupt file.
        damaged = bytes;
        damaged[kPdbHeaderSize] = 0x90;
        write_all(file, damaged);
        EXPECT_EQ(load_table(file, z).reason, "checksum mismatch (corrupt entries)");
        EXPECT_EQ(load_zero_aware_lookup(file, z, labels).reason, load_table(file, z).reason);
        write_all(file, std::vector<std::uint8_t>(bytes.begin(), bytes.end() - 1));
        EXPECT_EQ(load_zero_aware_lookup(file, z, labels).reason, load_table(file, z).reason);
        PdbTable odd = t;
        odd.data[0] = 0x90;
        write_table(file, odd);
        const LookupLoadResult above = load_zero_aware_lookup(file, z, labels);
        EXPECT_EQ(above.status, LoadStatus::Invalid);
        EXPECT_NE(above.reason.find("above 127"), std::string::npos) << above.reason;
    }
}

namespace {

// Every entry of zero-aware `t` read through its form, by placement and blank cell.
void expect_form_gives_table(const ZeroAwareLookup& z, const PdbTable& t, const RegionLabels& labels) {
    const unsigned k = t.spec.k(), n = t.spec.size(), fields = t.spec.fields();
    for (std::uint64_t r = 0; r < t.spec.entries(); ++r) {
        const std::uint32_t occupied = placement_mask(r, k, n);
        const auto& row = labels.row(occupied);
        for (unsigned b = 0; b < n; ++b) {
            if (occupied >> b & 1u) continue;
            ASSERT_EQ(z.at(r, row, b), t.data[r * fields + RegionLabels::region(row, b)])
                << "placement " << r << ", blank on " << b;
        }
    }
}

}  // namespace

// `rest` holds nibbles while every flagged placement's entries are of one parity and within 14
// of each other (a real table's are), from either side of the largest region's entry, and whole
// bytes for a table whose are not; either way the form gives every entry.
TEST(PdbCache, ZeroAwareFormKeepsNibblesOnlyWhileTheEntriesFit) {
    PatternSpec z = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5});
    z.zero_aware = true;
    const PdbTable t = build_table(z, 2);
    const RegionLabels labels(z.geometry(), z.k());
    const unsigned fields = z.fields();
    ASSERT_GE(fields, 2u);
    // A placement of several regions whose largest region's entry is 16 or more, and another region.
    std::uint64_t r = 0;
    unsigned other = 0, largest = 0;
    for (;; ++r) {
        ASSERT_LT(r, z.entries());
        const auto& row = labels.row(placement_mask(r, z.k(), z.size()));
        largest = RegionLabels::largest(row);
        if (t.data[r * fields + largest] < 16 || t.data[r * fields + 1] == 0xFF) continue;
        other = largest == 0 ? 1 : 0;
        break;
    }
    const std::uint8_t base = t.data[r * fields + largest];
    struct Change {
        int entry;  // the other region's new entry
        bool nibbles;
    };
    for (const Change c : {Change{base + 14, true}, Change{base - 14, true}, Change{base + 16, false},
                           Change{base - 16, false}, Change{base + 1, false}}) {
        PdbTable changed = t;
        changed.data[r * fields + other] = static_cast<std::uint8_t>(c.entry);
        const ZeroAwareLookup form = make_zero_aware_lookup(changed, labels);
        EXPECT_EQ(form.nibbles, c.nibbles) << c.entry - base;
        EXPECT_EQ(form.stride, c.nibbles ? (fields + 1) / 2 : fields);
        EXPECT_EQ(form.rest.size() % form.stride, 0u);
        expect_form_gives_table(form, changed, labels);
    }
    expect_form_gives_table(make_zero_aware_lookup(t, labels), t, labels);
}

// A lookup form file gives back the form it holds, only for its own pattern and the table file
// it was made from; every damage is refused with its reason, a block that disagrees with the
// placements too (so a lookup cannot leave `rest`). load_cached_lookup writes the form beside the
// table, then reads it instead of the table, and writes it again when it was refused.
TEST(PdbCache, LookupFormFilesAreUsedOnlyWithTheirTable) {
    if (!kFormFiles) GTEST_SKIP() << "lookup forms are cached on little-endian machines only";
    TempDir dir;
    PatternSpec z = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5});
    z.zero_aware = true;
    PatternSpec other = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 6});
    other.zero_aware = true;
    const PdbTable t = build_table(z, 2);
    const RegionLabels labels(z.geometry(), z.k());
    const ZeroAwareLookup form = make_zero_aware_lookup(t, labels);
    const std::uint64_t sum = checksum64(t.data.data(), t.data.size());
    const fs::path file = form_path(dir.path, z);
    EXPECT_EQ(file.filename(), "4x4-b0-1.2.3.4.5-z.form");
    EXPECT_EQ(load_form(file, z, sum).status, LoadStatus::Missing);
    write_form(file, form, sum);
    const LookupLoadResult back = load_form(file, z, sum);
    ASSERT_EQ(back.status, LoadStatus::Ok) << back.reason;
    expect_same_form(*back.lookup, form);
    EXPECT_EQ(load_form(file, z, sum + 1).reason, "made from another table file");
    EXPECT_EQ(load_form(file, other, sum).reason, "not the form of pattern 4x4-b0-1.2.3.4.6-z");
    const auto bytes = read_all(file);
    auto refused = [&](const std::vector<std::uint8_t>& damaged) {
        write_all(file, damaged);
        const LookupLoadResult r = load_form(file, z, sum);
        EXPECT_EQ(r.status, LoadStatus::Invalid);
        EXPECT_EQ(r.lookup, nullptr);
        return r.reason;
    };
    for (const std::size_t at : {std::size_t{kPdbHeaderSize}, bytes.size() / 2, bytes.size() - 1}) {
        auto damaged = bytes;
        damaged[at] ^= 0x10;
        EXPECT_EQ(refused(damaged), "checksum mismatch (corrupt form)") << at;
    }
    EXPECT_EQ(refused({bytes.begin(), bytes.end() - 1}),
              "size " + std::to_string(bytes.size() - 1) + " bytes, expected " + std::to_string(bytes.size()));
    EXPECT_EQ(refused({bytes.begin(), bytes.begin() + 10}), "truncated header");
    auto magic = bytes;
    magic[0] = 'X';
    EXPECT_EQ(refused(magic), "not a bitsolve lookup form (bad magic)");
    auto header = bytes;
    header[30] = 1;
    EXPECT_EQ(refused(header), "header checksum mismatch");
    // More of `rest` than every placement flagged could hold is refused by the header alone (the
    // header's checksum made right).
    for (const std::uint64_t rest :
         {std::uint64_t{form.stride} * (z.entries() + 1), ~std::uint64_t{0} / form.stride * form.stride}) {
        header = bytes;
        for (int i = 0; i < 8; ++i) header[40 + i] = static_cast<std::uint8_t>(rest >> (8 * i));
        const std::uint64_t sum56 = checksum64(header.data(), 56);
        for (int i = 0; i < 8; ++i) header[56 + i] = static_cast<std::uint8_t>(sum56 >> (8 * i));
        EXPECT_EQ(refused(header), "inconsistent header") << rest;
    }
    // Blocks that disagree with the placements, under a valid checksum.
    ZeroAwareLookup off = form;
    off.blocks[1].before += 1;
    write_form(file, off, sum);
    EXPECT_EQ(load_form(file, z, sum).reason, "blocks inconsistent with the placements");
    off = form;
    off.first[0] ^= ZeroAwareLookup::kSeveral;
    write_form(file, off, sum);
    EXPECT_EQ(load_form(file, z, sum).reason, "blocks inconsistent with the placements");
    off = form;
    off.rest.resize(off.rest.size() + off.stride, 0);
    write_form(file, off, sum);
    EXPECT_EQ(load_form(file, z, sum).reason, "blocks inconsistent with the placements");

    // Through the cache: no table, no form.
    fs::remove(file);
    std::string rejected, not_written;
    EXPECT_EQ(load_cached_lookup(dir.path, z, labels, rejected, not_written).status, LoadStatus::Missing);
    EXPECT_FALSE(fs::exists(file));
    write_table(table_path(dir.path, z), t);
    LookupLoadResult r = load_cached_lookup(dir.path, z, labels, rejected, not_written);
    ASSERT_EQ(r.status, LoadStatus::Ok) << r.reason;
    EXPECT_TRUE(rejected.empty());
    EXPECT_TRUE(not_written.empty());
    expect_same_form(*r.lookup, form);
    EXPECT_EQ(read_all(file), bytes);
    // Now the form is read, not the table: damage to the table's entries (not its header) goes
    // unseen, while the form stands for that table file.
    auto table_bytes = read_all(table_path(dir.path, z));
    table_bytes.back() ^= 1;
    write_all(table_path(dir.path, z), table_bytes);
    r = load_cached_lookup(dir.path, z, labels, rejected, not_written);
    ASSERT_EQ(r.status, LoadStatus::Ok) << r.reason;
    expect_same_form(*r.lookup, form);
    // A form refused is made again from the table and written again.
    write_table(table_path(dir.path, z), t);
    write_all(file, magic);
    r = load_cached_lookup(dir.path, z, labels, rejected, not_written);
    ASSERT_EQ(r.status, LoadStatus::Ok) << r.reason;
    EXPECT_EQ(rejected, "not a bitsolve lookup form (bad magic)");
    expect_same_form(*r.lookup, form);
    EXPECT_EQ(read_all(file), bytes);
    // A table built again (another checksum) does not take the old form.
    PdbTable changed = t;
    changed.data[0] ^= 2;
    write_table(table_path(dir.path, z), changed);
    r = load_cached_lookup(dir.path, z, labels, rejected, not_written);
    ASSERT_EQ(r.status, LoadStatus::Ok) << r.reason;
    EXPECT_EQ(rejected, "made from another table file");
    expect_same_form(*r.lookup, make_zero_aware_lookup(changed, labels));
}

// What the loads tell as they read: every payload byte once (a table's twice when its form is made
// from it), in pieces of at most kReadPiece, as expected_read_bytes says beforehand.
TEST(PdbCache, LoadsTellTheBytesTheyRead) {
    TempDir dir;
    const PatternSpec plain = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5});
    PatternSpec z = plain;
    z.zero_aware = true;
    std::vector<std::uint64_t> pieces;
    const ReadProgress told = [&](std::uint64_t n) { pieces.push_back(n); };
    auto told_in_all = [&] {
        std::uint64_t sum = 0;
        for (const std::uint64_t n : pieces) {
            EXPECT_GT(n, 0u);
            EXPECT_LE(n, kReadPiece);
            sum += n;
        }
        pieces.clear();
        return sum;
    };
    auto payload = [](const fs::path& file) { return fs::file_size(file) - kPdbHeaderSize; };
    EXPECT_EQ(expected_read_bytes({}, plain), 0u);
    EXPECT_EQ(payload_bytes(table_path(dir.path, plain)), 0u);  // no file
    EXPECT_EQ(expected_read_bytes(dir.path, plain), 0u);
    EXPECT_EQ(expected_read_bytes(dir.path, z), 0u);

    write_table(table_path(dir.path, plain), build_table(plain, 2));
    EXPECT_EQ(expected_read_bytes(dir.path, plain), payload(table_path(dir.path, plain)));
    EXPECT_EQ(payload_bytes(table_path(dir.path, plain)), payload(table_path(dir.path, plain)));
    ASSERT_EQ(load_table(table_path(dir.path, plain), plain, told).status, LoadStatus::Ok);
    EXPECT_EQ(told_in_all(), payload(table_path(dir.path, plain)));
    ASSERT_EQ(check_table(table_path(dir.path, plain), plain, told).status, LoadStatus::Ok);
    EXPECT_EQ(told_in_all(), payload(table_path(dir.path, plain)));
    TableSource source;
    source.dir = dir.path;
    obtain_table(plain, source, told);
    EXPECT_EQ(told_in_all(), payload(table_path(dir.path, plain)));

    write_table(table_path(dir.path, z), build_table(z, 2));
    const std::uint64_t table = payload(table_path(dir.path, z));
    EXPECT_EQ(expected_read_bytes(dir.path, z), 2 * table);  // no form yet
    const RegionLabels labels(z.geometry(), z.k());
    ASSERT_EQ(load_zero_aware_lookup(table_path(dir.path, z), z, labels, told).status, LoadStatus::Ok);
    EXPECT_EQ(told_in_all(), 2 * table);
    std::string rejected, not_written;
    ASSERT_EQ(load_cached_lookup(dir.path, z, labels, rejected, not_written, told).status, LoadStatus::Ok);
    EXPECT_EQ(told_in_all(), 2 * table);
    if (!kFormFiles) return;
    const std::uint64_t form = payload(form_path(dir.path, z));
    EXPECT_LT(form, table);
    EXPECT_EQ(expected_read_bytes(dir.path, z), form);
    ASSERT_EQ(load_cached_lookup(dir.path, z, labels, rejected, not_written, told).status, LoadStatus::Ok);
    EXPECT_EQ(told_in_all(), form);
    // build-pdb's check of the form reads it as a search would, and the table when it makes the form
    // again.
    EXPECT_EQ(cache_form(z, source, nullptr, told), FormCache::Cached);
    EXPECT_EQ(told_in_all(), form);
    fs::remove(form_path(dir.path, z));
    EXPECT_EQ(cache_form(z, source, nullptr, told), FormCache::Written);
    EXPECT_EQ(told_in_all(), 2 * table);
    // A file cut short tells what it held.
    const auto bytes = read_all(table_path(dir.path, plain));
    write_all(table_path(dir.path, plain), {bytes.begin(), bytes.end() - 100});
    EXPECT_EQ(load_table(table_path(dir.path, plain), plain, told).status, LoadStatus::Invalid);
    EXPECT_EQ(told_in_all(), 0u);  // refused by its size before any entry is read
    EXPECT_EQ(payload_bytes(table_path(dir.path, plain)), payload(table_path(dir.path, plain)));
    write_all(table_path(dir.path, plain), {bytes.begin(), bytes.begin() + kPdbHeaderSize - 1});
    EXPECT_EQ(payload_bytes(table_path(dir.path, plain)), 0u);  // shorter than a header
}

// cache_form (build-pdb's last step): the form of a table just built, then found cached, then
// made again from the table file when damaged (reported); nothing for a table of minima or
// without a directory.
TEST(PdbCache, CacheFormWritesChecksAndMendsTheForm) {
    if (!kFormFiles) GTEST_SKIP() << "lookup forms are cached on little-endian machines only";
    TempDir dir;
    PatternSpec z = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5});
    z.zero_aware = true;
    std::vector<std::pair<TableEvent::Kind, std::string>> events;
    const TableSource src{dir.path, 1, [&](const TableEvent& e) { events.emplace_back(e.kind, e.reason); }};
    const PdbTable t = obtain_table(z, src);
    events.clear();
    const fs::path file = form_path(dir.path, z);
    EXPECT_EQ(cache_form(z, src, &t), FormCache::Written);
    const std::vector<std::uint8_t> bytes = read_all(file);
    std::string rejected, not_written;
    const RegionLabels labels(z.geometry(), z.k());
    const LookupLoadResult r = load_cached_lookup(dir.path, z, labels, rejected, not_written);
    ASSERT_EQ(r.status, LoadStatus::Ok);
    EXPECT_EQ(rejected, "");
    EXPECT_EQ(read_all(file), bytes);  // accepted as written: a search's load leaves it alone
    EXPECT_EQ(cache_form(z, src), FormCache::Cached);
    EXPECT_TRUE(events.empty());
    std::vector<std::uint8_t> damaged = bytes;
    damaged.back() ^= 0x10;
    write_all(file, damaged);
    EXPECT_EQ(cache_form(z, src), FormCache::Written);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].first, TableEvent::Kind::FormRejected);
    EXPECT_EQ(events[0].second, "checksum mismatch (corrupt form)");
    EXPECT_EQ(read_all(file), bytes);
    fs::remove(file);
    EXPECT_EQ(cache_form(z, src), FormCache::Written);  // missing: made from the table file
    EXPECT_EQ(read_all(file), bytes);
    EXPECT_EQ(cache_form(z, TableSource{}), FormCache::None);
    EXPECT_EQ(cache_form(kSpec, src), FormCache::None);
    fs::remove(table_path(dir.path, z));
    EXPECT_THROW(cache_form(z, src), std::runtime_error);
}

// The checksum of bytes that come in pieces (whole words, then the rest) is that of the whole,
// for every length of the last piece and pieces of several sizes.
TEST(PdbCache, ChecksumInPiecesIsTheChecksumOfTheWhole) {
    std::vector<std::uint8_t> bytes(1000);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 37 + (i >> 3));
    for (std::size_t size : {0u, 1u, 7u, 8u, 9u, 63u, 64u, 65u, 999u, 1000u})
        for (std::size_t piece : {8u, 16u, 64u, 512u}) {
            Checksum64 sum(size);
            std::size_t at = 0;
            for (; size - at > piece; at += piece) sum.words(bytes.data() + at, piece);
            EXPECT_EQ(sum.finish(bytes.data() + at, size - at), checksum64(bytes.data(), size)) << size << " " << piece;
        }
    // A different word changes it.
    std::vector<std::uint8_t> other = bytes;
    other[500] ^= 1;
    EXPECT_NE(checksum64(other.data(), other.size()), checksum64(bytes.data(), bytes.size()));
}

TEST(PdbCache, HeaderRoundTrip) {
    PdbHeader h{pdbtest::spec(4, 4, 15, {0, 1, 2, 4, 5, 6, 8}), EntryFormat::Byte, kperm_count(16, 7),
                0x1234567890ABCDEFULL};
    const auto bytes = serialize_header(h);
    ASSERT_EQ(bytes.size(), kPdbHeaderSize);
    const PdbHeader back = parse_header(bytes);
    EXPECT_EQ(back.spec, h.spec);
    EXPECT_EQ(back.entries, h.entries);
    EXPECT_EQ(back.checksum, h.checksum);
}

TEST(PdbCache, EveryHeaderCorruptionIsRejected) {
    const auto good = serialize_header({kSpec, EntryFormat::Byte, kSpec.entries(), 42});
    for (std::size_t len = 0; len < kPdbHeaderSize; ++len)
        EXPECT_THROW(parse_header(std::span(good.data(), len)), bitsolve::InputError) << len;
    for (std::size_t i = 0; i < kPdbHeaderSize; ++i)
        for (const std::uint8_t flip : {std::uint8_t{0x01}, std::uint8_t{0x80}, std::uint8_t{0xFF}}) {
            auto bad = good;
            bad[i] ^= flip;
            EXPECT_THROW(parse_header(bad), bitsolve::InputError) << "byte " << i;
        }
}

TEST(PdbCache, SemanticErrorsAreRejectedEvenWithAValidChecksum) {
    auto check = [](PdbHeader h) { EXPECT_THROW(parse_header(serialize_header(h)), bitsolve::InputError); };
    check({kSpec, EntryFormat::Byte, kSpec.entries() + 1, 0});          // wrong entry count
    check({pdbtest::spec(3, 3, 0, {0, 2}), EntryFormat::Byte, 72, 0});  // pattern on the blank
    check({pdbtest::spec(9, 3, 0, {1}), EntryFormat::Byte, 26, 0});     // board too big
    check({kSpec, static_cast<EntryFormat>(3), kSpec.entries(), 0});    // unknown format
    check({kSpec, EntryFormat::ZeroAwareBytes, kSpec.entries(), 0});    // zero-aware: fields() entries a placement
    try {
        auto b = serialize_header({kSpec, EntryFormat::Byte, kSpec.entries(), 0});
        b[8] = 9;  // version 9
        parse_header(b);
        FAIL();
    } catch (const bitsolve::InputError& e) {
        EXPECT_NE(std::string(e.what()).find("version"), std::string::npos);
    }
}

TEST(PdbCache, WriteLoadAndDetectDamage) {
    TempDir dir;
    const PdbTable t = build_table(kSpec, 1);
    const fs::path file = table_path(dir.path, kSpec);
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Missing);
    write_table(file, t);
    // No temporary left behind.
    EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator{}), 1);
    auto ok = load_table(file, kSpec);
    ASSERT_EQ(ok.status, LoadStatus::Ok);
    EXPECT_EQ(ok.table.data, t.data);
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Ok);

    const auto bytes = read_all(file);
    auto damaged = bytes;
    damaged[kPdbHeaderSize + 17] ^= 1;  // one entry
    write_all(file, damaged);
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Invalid);

    write_all(file, std::vector<std::uint8_t>(bytes.begin(), bytes.end() - 1));  // truncated
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Invalid);
    write_all(file, std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 10));  // truncated header
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Invalid);
    auto longer = bytes;
    longer.push_back(0);
    write_all(file, longer);
    EXPECT_EQ(checked_as_loaded(file, kSpec), LoadStatus::Invalid);

    write_all(file, bytes);
    const auto other = pdbtest::spec(3, 3, 0, {1, 2, 4});  // same size, another pattern
    const auto mismatch = load_table(file, other);
    EXPECT_EQ(mismatch.status, LoadStatus::Invalid);
    EXPECT_NE(mismatch.reason.find("describes pattern"), std::string::npos);
    EXPECT_EQ(checked_as_loaded(file, other), LoadStatus::Invalid);
}

// check_table reads a file of several megabytes in pieces: a table of 5.8 M entries (any bytes:
// the file's checks do not read them as distances) is checked whole, a changed byte in a later
// megabyte or in the last, partial one is found.
TEST(PdbCache, CheckingALargeFileReadsItInPieces) {
    TempDir dir;
    const PatternSpec spec = pdbtest::spec(4, 4, 0, {1, 2, 3, 4, 5, 6});
    PdbTable t{spec, {}};
    t.data.resize(spec.table_entries());
    ASSERT_GT(t.data.size(), std::size_t{5} << 20);
    for (std::size_t i = 0; i < t.data.size(); ++i) t.data[i] = static_cast<std::uint8_t>((i * 2654435761u) >> 13);
    const fs::path file = table_path(dir.path, spec);
    write_table(file, t);
    EXPECT_EQ(checked_as_loaded(file, spec), LoadStatus::Ok);
    const auto bytes = read_all(file);
    for (const std::size_t at : {(std::size_t{3} << 20) + 5, bytes.size() - kPdbHeaderSize - 3}) {
        auto damaged = bytes;
        damaged[kPdbHeaderSize + at] ^= 0x40;
        write_all(file, damaged);
        EXPECT_EQ(checked_as_loaded(file, spec), LoadStatus::Invalid) << at;
    }
}

// A zero-aware table (format 2) has a file of its own, loads back, and is never taken for the
// table of minima of the same cells, nor the other way round.
TEST(PdbCache, ZeroAwareTablesHaveTheirOwnFormatAndFile) {
    TempDir dir;
    PatternSpec z = kSpec;
    z.zero_aware = true;
    ASSERT_GT(z.fields(), 1u);
    const PdbHeader back = parse_header(serialize_header({z, EntryFormat::ZeroAwareBytes, z.table_entries(), 7}));
    EXPECT_EQ(back.spec, z);
    EXPECT_EQ(back.format, EntryFormat::ZeroAwareBytes);
    EXPECT_NE(table_path(dir.path, z), table_path(dir.path, kSpec));
    const PdbTable t = build_table(z, 2);
    write_table(table_path(dir.path, z), t);
    const auto ok = load_table(table_path(dir.path, z), z);
    ASSERT_EQ(ok.status, LoadStatus::Ok) << ok.reason;
    EXPECT_EQ(ok.table.data, t.data);
    EXPECT_TRUE(ok.table.spec.zero_aware);
    const auto as_plain = load_table(table_path(dir.path, z), kSpec);
    EXPECT_EQ(as_plain.status, LoadStatus::Invalid);
    EXPECT_NE(as_plain.reason.find("describes pattern " + z.key()), std::string::npos) << as_plain.reason;
    write_table(table_path(dir.path, kSpec), build_table(kSpec, 1));
    EXPECT_EQ(load_table(table_path(dir.path, kSpec), z).status, LoadStatus::Invalid);
}

TEST(PdbCache, ObtainBuildsCachesAndRebuildsDamagedFiles) {
    TempDir dir;
    TableSource src{dir.path, 1, {}};
    const PdbTable built = obtain_table(kSpec, src);
    const fs::path file = table_path(dir.path, kSpec);
    ASSERT_TRUE(fs::exists(file));
    auto bytes = read_all(file);
    bytes[kPdbHeaderSize] ^= 0x40;
    write_all(file, bytes);
    const PdbTable rebuilt = obtain_table(kSpec, src);
    EXPECT_EQ(rebuilt.data, built.data);
    EXPECT_EQ(load_table(file, kSpec).status, LoadStatus::Ok);  // rewritten
    // In memory only: nothing written.
    TempDir empty;
    obtain_table(kSpec, TableSource{fs::path{}, 1, {}});
    EXPECT_EQ(std::distance(fs::directory_iterator(empty.path), fs::directory_iterator{}), 0);
}

TEST(PdbCache, ObtainReportsEventsAndPrintsNothing) {
    TempDir dir;
    std::vector<TableEvent::Kind> kinds;
    std::vector<BuildProgress> layers;
    std::string reason;
    TableSource src{dir.path, 1, [&](const TableEvent& e) {
                        kinds.push_back(e.kind);
                        EXPECT_EQ(e.spec, kSpec);
                        EXPECT_EQ(e.file, table_path(dir.path, kSpec));
                        if (e.kind == TableEvent::Kind::Layer) layers.push_back(e.layer);
                        if (e.kind == TableEvent::Kind::Rejected) reason = e.reason;
                    }};
    testing::internal::CaptureStderr();
    obtain_table(kSpec, src);
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
    ASSERT_GE(kinds.size(), 3u);
    EXPECT_EQ(kinds.front(), TableEvent::Kind::Building);
    EXPECT_EQ(kinds.back(), TableEvent::Kind::Built);
    ASSERT_EQ(layers.size(), kinds.size() - 2);
    for (std::size_t i = 0; i < layers.size(); ++i) {
        EXPECT_EQ(layers[i].depth, i);
        EXPECT_EQ(layers[i].total, kSpec.entries());
        if (i > 0) {
            EXPECT_GE(layers[i].placements, layers[i - 1].placements);
        }
    }
    EXPECT_EQ(layers.back().placements, kSpec.entries());
    // Cached: nothing to report. Damaged: rejected with the reason, then rebuilt.
    kinds.clear();
    obtain_table(kSpec, src);
    EXPECT_TRUE(kinds.empty());
    auto bytes = read_all(table_path(dir.path, kSpec));
    bytes[kPdbHeaderSize] ^= 0x40;
    write_all(table_path(dir.path, kSpec), bytes);
    obtain_table(kSpec, src);
    ASSERT_FALSE(kinds.empty());
    EXPECT_EQ(kinds.front(), TableEvent::Kind::Rejected);
    EXPECT_NE(reason.find("checksum"), std::string::npos) << reason;
    EXPECT_EQ(kinds.back(), TableEvent::Kind::Built);
}

TEST(PdbCache, DefaultDirectoryFollowsXdgThenHome) {
    EXPECT_EQ(default_cache_dir("/x/cache", "/home/u"), fs::path("/x/cache/bitsolve"));
    EXPECT_EQ(default_cache_dir("", "/home/u"), fs::path("/home/u/.cache/bitsolve"));
    EXPECT_EQ(default_cache_dir(nullptr, "/home/u"), fs::path("/home/u/.cache/bitsolve"));
    EXPECT_THROW(default_cache_dir(nullptr, ""), bitsolve::UsageError);
    EXPECT_THROW(default_cache_dir(nullptr, nullptr), bitsolve::UsageError);
}

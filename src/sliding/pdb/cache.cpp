#include "bitsolve/sliding/pdb/cache.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <exception>
#include <fstream>
#include <memory>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/file.hpp"

namespace bitsolve::sliding::pdb {
namespace {

constexpr std::uint8_t kMagic[8] = {'B', 'S', 'P', 'D', 'B', '\r', '\n', 0x1a};

void put_u32(std::uint8_t* p, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
void put_u64(std::uint8_t* p, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint32_t get_u32(const std::uint8_t* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = v << 8 | p[i];
    return v;
}
std::uint64_t get_u64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
    return v;
}

[[noreturn]] void bad(const std::string& what, std::size_t offset) {
    throw InputError("pattern database header: " + what, 0, offset + 1);
}

}  // namespace

namespace {
constexpr std::uint64_t kMix1 = 0x9E3779B97F4A7C15ULL, kMix2 = 0xC2B2AE3D27D4EB4FULL;
}  // namespace

Checksum64::Checksum64(std::uint64_t size) : h_(0x27D4EB2F165667C5ULL ^ (size * kMix2)) {}

void Checksum64::words(const std::uint8_t* data, std::size_t size) {
    for (std::size_t i = 0; i + 8 <= size; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, data + i, 8);
        h_ = std::rotl(h_ ^ (w * kMix1), 31) * kMix2;
    }
}

std::uint64_t Checksum64::finish(const std::uint8_t* data, std::size_t size) {
    words(data, size);
    std::uint64_t tail = 0;
    for (std::size_t j = size / 8 * 8; j < size; ++j) tail |= static_cast<std::uint64_t>(data[j]) << (8 * (j % 8));
    std::uint64_t h = std::rotl(h_ ^ (tail * kMix1), 31) * kMix2;
    h ^= h >> 33;
    h *= kMix1;
    h ^= h >> 29;
    return h;
}

std::uint64_t checksum64(const std::uint8_t* data, std::size_t size) { return Checksum64(size).finish(data, size); }

std::vector<std::uint8_t> serialize_header(const PdbHeader& hd) {
    std::vector<std::uint8_t> b(kPdbHeaderSize, 0);
    std::memcpy(b.data(), kMagic, 8);
    put_u32(&b[8], kPdbFileVersion);
    b[12] = hd.spec.rows;
    b[13] = hd.spec.cols;
    b[14] = hd.spec.blank_goal;
    b[15] = static_cast<std::uint8_t>(hd.spec.cells.size());
    for (std::size_t i = 0; i < kMaxPatternTiles; ++i) b[16 + i] = i < hd.spec.cells.size() ? hd.spec.cells[i] : 0xFF;
    b[24] = static_cast<std::uint8_t>(hd.format);
    put_u64(&b[32], hd.entries);
    put_u64(&b[40], hd.checksum);
    put_u64(&b[48], checksum64(b.data(), 48));
    return b;
}

PdbHeader parse_header(std::span<const std::uint8_t> bytes) {
    if (bytes.size() < kPdbHeaderSize)
        bad(fmt::format("truncated ({} bytes, {} needed)", bytes.size(), kPdbHeaderSize), bytes.size());
    const std::uint8_t* b = bytes.data();
    for (std::size_t i = 0; i < 8; ++i)
        if (b[i] != kMagic[i]) bad("not a bitsolve pattern database (bad magic)", i);
    if (const auto v = get_u32(b + 8); v != kPdbFileVersion)
        bad(fmt::format("version {} (this program reads version {})", v, kPdbFileVersion), 8);
    if (get_u64(b + 48) != checksum64(b, 48)) bad("header checksum mismatch", 48);
    for (std::size_t i = 25; i < 32; ++i)
        if (b[i] != 0) bad("reserved byte not zero", i);
    for (std::size_t i = 56; i < 64; ++i)
        if (b[i] != 0) bad("reserved byte not zero", i);
    PdbHeader h;
    h.spec.rows = b[12];
    h.spec.cols = b[13];
    h.spec.blank_goal = b[14];
    const unsigned k = b[15];
    if (k < 1 || k > kMaxPatternTiles) bad(fmt::format("pattern size {} out of range 1..8", k), 15);
    for (unsigned i = 0; i < kMaxPatternTiles; ++i) {
        if (i < k) h.spec.cells.push_back(b[16 + i]);
        else if (b[16 + i] != 0xFF) bad("unused pattern cell not 0xFF", 16 + i);
    }
    if (auto problem = spec_problem(h.spec); !problem.empty()) bad(problem, 12);
    if (b[24] != static_cast<std::uint8_t>(EntryFormat::Byte) &&
        b[24] != static_cast<std::uint8_t>(EntryFormat::ZeroAwareBytes))
        bad(fmt::format("unknown entry format {}", b[24]), 24);
    h.format = static_cast<EntryFormat>(b[24]);
    h.spec.zero_aware = h.format == EntryFormat::ZeroAwareBytes;
    h.entries = get_u64(b + 32);
    if (h.entries != h.spec.table_entries())
        bad(fmt::format("{} entries, the pattern has {}", h.entries, h.spec.table_entries()), 32);
    h.checksum = get_u64(b + 40);
    return h;
}

std::filesystem::path default_cache_dir(const char* xdg_cache_home, const char* home) {
    if (xdg_cache_home && *xdg_cache_home) return std::filesystem::path(xdg_cache_home) / "bitsolve";
    if (home && *home) return std::filesystem::path(home) / ".cache" / "bitsolve";
    throw UsageError("no cache directory: neither XDG_CACHE_HOME nor HOME is set");
}

std::filesystem::path table_path(const std::filesystem::path& dir, const PatternSpec& spec) {
    return dir / (spec.key() + ".pdb");
}

void write_table(const std::filesystem::path& file, const PdbTable& table) {
    std::filesystem::create_directories(file.parent_path());
    const auto header =
        serialize_header({table.spec, table.spec.zero_aware ? EntryFormat::ZeroAwareBytes : EntryFormat::Byte,
                          table.data.size(), checksum64(table.data.data(), table.data.size())});
    write_file_atomic(file.string(),
                      {std::string_view(reinterpret_cast<const char*>(header.data()), header.size()),
                       std::string_view(reinterpret_cast<const char*>(table.data.data()), table.data.size())},
                      "pattern database ");
}

namespace {

// Opens `file` and reads its header: the header when it is one of `expected` and the file's size
// fits it, else nothing, with r.status (Missing, Invalid) and r.reason said.
std::optional<PdbHeader> open_table(const std::filesystem::path& file, const PatternSpec& expected, std::ifstream& in,
                                    LoadResult& r) {
    in.open(file, std::ios::binary);
    if (!in) return std::nullopt;  // Missing
    r.status = LoadStatus::Invalid;
    std::vector<std::uint8_t> head(kPdbHeaderSize);
    in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    PdbHeader h;
    try {
        h = parse_header(head);
    } catch (const InputError& e) {
        r.reason = e.what();
        return std::nullopt;
    }
    if (!(h.spec == expected)) {
        r.reason = "describes pattern " + h.spec.key() + ", not " + expected.key();
        return std::nullopt;
    }
    std::error_code ec;
    const auto size = std::filesystem::file_size(file, ec);
    if (ec || size != kPdbHeaderSize + h.entries) {
        r.reason = fmt::format("size {} bytes, expected {}", ec ? 0 : size, kPdbHeaderSize + h.entries);
        return std::nullopt;
    }
    return h;
}

// Reads the entries after the header in pieces of at most `piece` bytes (a multiple of 8, at most
// kReadPiece), calling f(offset, bytes, data) for each; false when the file ends early.
template <class F>
bool read_entries(std::ifstream& in, std::uint64_t entries, std::size_t piece, const ReadProgress& progress, F&& f) {
    in.clear();
    in.seekg(static_cast<std::streamoff>(kPdbHeaderSize));
    std::vector<std::uint8_t> chunk(piece);
    for (std::uint64_t at = 0; at < entries;) {
        const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(entries - at, piece));
        in.read(reinterpret_cast<char*>(chunk.data()), static_cast<std::streamsize>(n));
        if (progress && in.gcount() > 0) progress(static_cast<std::uint64_t>(in.gcount()));
        if (static_cast<std::size_t>(in.gcount()) != n) return false;
        f(at, n, chunk.data());
        at += n;
    }
    return true;
}

// The checksum of the entries, read in pieces; whether it is the header's (r.reason when not).
bool entries_check(std::ifstream& in, const PdbHeader& h, LoadResult& r, const ReadProgress& progress) {
    Checksum64 sum(h.entries);
    std::uint64_t got = 0;
    const bool whole = read_entries(in, h.entries, std::size_t{1} << 20, progress,
                                    [&](std::uint64_t at, std::size_t n, const std::uint8_t* d) {
                                        if (at + n < h.entries) sum.words(d, n);
                                        else got = sum.finish(d, n);
                                    });
    if (h.entries == 0) got = sum.finish(nullptr, 0);
    if (!whole) r.reason = "truncated while reading";
    else if (got != h.checksum) r.reason = "checksum mismatch (corrupt entries)";
    return whole && got == h.checksum;
}

}  // namespace

LoadResult check_table(const std::filesystem::path& file, const PatternSpec& expected, const ReadProgress& progress) {
    LoadResult r;
    std::ifstream in;
    const std::optional<PdbHeader> h = open_table(file, expected, in, r);
    if (!h || !entries_check(in, *h, r, progress)) return r;
    r.status = LoadStatus::Ok;
    r.table.spec = expected;
    return r;
}

namespace {

LookupLoadResult not_zero_aware(const PatternSpec& spec) {
    LookupLoadResult out;
    out.status = LoadStatus::Invalid;
    out.reason = "pattern " + spec.key() + " is not zero-aware";
    return out;
}

// A table that could not be opened (open_table's result `r`) as the result of a form's load.
LookupLoadResult not_opened(const LoadResult& r) {
    LookupLoadResult out;
    out.status = r.status;
    out.reason = r.reason;
    return out;
}

// The form of a table whose header `h` was just read from `in` (open_table): its entries are
// read from there.
LookupLoadResult form_from_entries(std::ifstream& in, const PdbHeader& h, const PatternSpec& expected,
                                   const RegionLabels& labels, const ReadProgress& progress) {
    LookupLoadResult out;
    // Pieces of whole placements (fields() bytes each), 64 Ki placements at a time (a multiple of
    // 8 bytes, as the checksum's pieces must be). The form scans the entries twice; the first scan
    // also takes their checksum, so the file is read twice, not three times. What the form throws
    // in that scan waits until the checksum is known: a corrupt file is reported as corrupt.
    const std::size_t per = expected.fields(), piece = per * (std::size_t{1} << 16);
    bool checked = false;
    try {
        auto form = make_zero_aware_lookup(expected, labels, [&](const EntryPiece& f) {
            if (checked) {
                if (!read_entries(
                        in, h.entries, piece, progress,
                        [&](std::uint64_t at, std::size_t n, const std::uint8_t* d) { f(at / per, n / per, d); }))
                    throw std::runtime_error("truncated while reading");
                return;
            }
            Checksum64 sum(h.entries);
            std::uint64_t got = h.entries == 0 ? sum.finish(nullptr, 0) : 0;
            std::exception_ptr failed;
            const bool whole = read_entries(in, h.entries, piece, progress,
                                            [&](std::uint64_t at, std::size_t n, const std::uint8_t* d) {
                                                if (at + n < h.entries) sum.words(d, n);
                                                else got = sum.finish(d, n);
                                                if (failed) return;
                                                try {
                                                    f(at / per, n / per, d);
                                                } catch (...) {
                                                    failed = std::current_exception();
                                                }
                                            });
            if (!whole) throw std::runtime_error("truncated while reading");
            if (got != h.checksum) throw std::runtime_error("checksum mismatch (corrupt entries)");
            if (failed) std::rethrow_exception(failed);
            checked = true;
        });
        out.lookup = std::make_shared<const ZeroAwareLookup>(std::move(form));
    } catch (const std::exception& e) {  // a file cut short meanwhile, or entries no table has
        out.status = LoadStatus::Invalid;
        out.reason = e.what();
        return out;
    }
    out.status = LoadStatus::Ok;
    return out;
}

}  // namespace

LookupLoadResult load_zero_aware_lookup(const std::filesystem::path& file, const PatternSpec& expected,
                                        const RegionLabels& labels, const ReadProgress& progress) {
    if (!expected.zero_aware) return not_zero_aware(expected);
    LoadResult r;
    std::ifstream in;
    const std::optional<PdbHeader> h = open_table(file, expected, in, r);
    if (!h) return not_opened(r);
    return form_from_entries(in, *h, expected, labels, progress);
}

namespace {

constexpr std::uint8_t kFormMagic[8] = {'B', 'S', 'Z', 'A', 'F', '\r', '\n', 0x1a};
static_assert(sizeof(ZeroAwareLookup::Block) == 16);

// The payload checksum: checksum64 of the three parts' checksum64s.
std::uint64_t form_checksum(const ZeroAwareLookup& z) {
    std::uint8_t sums[24];
    put_u64(sums, checksum64(z.first.data(), z.first.size()));
    put_u64(sums + 8, checksum64(reinterpret_cast<const std::uint8_t*>(z.blocks.data()),
                                 z.blocks.size() * sizeof(ZeroAwareLookup::Block)));
    put_u64(sums + 16, checksum64(z.rest.data(), z.rest.size()));
    return checksum64(sums, sizeof sums);
}

std::string_view bytes_of(const void* data, std::size_t size) { return {static_cast<const char*>(data), size}; }

// Reads `n` bytes into `to`, kReadPiece at a time, telling `progress` of each piece; whether all
// were there.
bool read_told(std::istream& in, void* to, std::uint64_t n, const ReadProgress& progress) {
    auto* at = static_cast<char*>(to);
    for (std::uint64_t done = 0; done < n;) {
        const std::uint64_t piece = std::min(n - done, kReadPiece);
        in.read(at + done, static_cast<std::streamsize>(piece));
        const auto got = static_cast<std::uint64_t>(in.gcount());
        if (progress && got) progress(got);
        if (got != piece) return false;
        done += piece;
    }
    return true;
}

// Whether the blocks agree with `first` (bit i of a block set exactly where its placement's byte
// is flagged), count the flagged placements before them, and `rest` holds exactly theirs.
bool form_consistent(const ZeroAwareLookup& z) {
    std::uint64_t count = 0;
    const std::uint64_t placements = z.first.size();
    for (std::uint64_t b = 0; b < z.blocks.size(); ++b) {
        const ZeroAwareLookup::Block& block = z.blocks[b];
        if (block.before != count || block.unused != 0) return false;
        std::uint64_t flagged = 0;
        const std::uint64_t size = std::min<std::uint64_t>(64, placements - b * 64);
        for (std::uint64_t i = 0; i < size; ++i) flagged |= static_cast<std::uint64_t>(z.first[b * 64 + i] >> 7) << i;
        if (flagged != block.several) return false;
        count += static_cast<std::uint64_t>(std::popcount(flagged));
    }
    return count * z.stride == z.rest.size();
}

}  // namespace

std::filesystem::path form_path(const std::filesystem::path& dir, const PatternSpec& spec) {
    return dir / (spec.key() + ".form");
}

void write_form(const std::filesystem::path& file, const ZeroAwareLookup& form, std::uint64_t table_checksum) {
    if (!kFormFiles) throw std::logic_error("lookup form files are written on little-endian machines only");
    std::vector<std::uint8_t> h =
        serialize_header({form.spec, EntryFormat::ZeroAwareBytes, form.spec.table_entries(), 0});
    std::memcpy(h.data(), kFormMagic, 8);
    put_u32(&h[8], kFormFileVersion);
    std::fill(h.begin() + 24, h.end(), std::uint8_t{0});
    h[24] = static_cast<std::uint8_t>(form.fields);
    h[25] = form.nibbles ? 1 : 0;
    h[26] = static_cast<std::uint8_t>(form.stride);
    put_u64(&h[32], table_checksum);
    put_u64(&h[40], form.rest.size());
    put_u64(&h[48], form_checksum(form));
    put_u64(&h[56], checksum64(h.data(), 56));
    std::filesystem::create_directories(file.parent_path());
    write_file_atomic(file.string(),
                      {bytes_of(h.data(), h.size()), bytes_of(form.first.data(), form.first.size()),
                       bytes_of(form.blocks.data(), form.blocks.size() * sizeof(ZeroAwareLookup::Block)),
                       bytes_of(form.rest.data(), form.rest.size())},
                      "lookup form ");
}

LookupLoadResult load_form(const std::filesystem::path& file, const PatternSpec& expected, std::uint64_t table_checksum,
                           const ReadProgress& progress) {
    LookupLoadResult out;
    std::ifstream in(file, std::ios::binary);
    if (!in || !kFormFiles) return out;  // Missing
    out.status = LoadStatus::Invalid;
    auto invalid = [&](std::string why) {
        out.reason = std::move(why);
        return out;
    };
    std::uint8_t h[kPdbHeaderSize];
    in.read(reinterpret_cast<char*>(h), sizeof h);
    if (in.gcount() != static_cast<std::streamsize>(sizeof h)) return invalid("truncated header");
    if (std::memcmp(h, kFormMagic, 8) != 0) return invalid("not a bitsolve lookup form (bad magic)");
    if (const auto v = get_u32(h + 8); v != kFormFileVersion)
        return invalid(fmt::format("version {} (this program reads version {})", v, kFormFileVersion));
    if (get_u64(h + 56) != checksum64(h, 56)) return invalid("header checksum mismatch");
    // The pattern: the table header of `expected` has the same bytes 12..23.
    const std::vector<std::uint8_t> want = serialize_header({expected, EntryFormat::ZeroAwareBytes, 0, 0});
    if (!expected.zero_aware || std::memcmp(h + 12, want.data() + 12, 12) != 0)
        return invalid("not the form of pattern " + expected.key());
    if (get_u64(h + 32) != table_checksum) return invalid("made from another table file");
    ZeroAwareLookup z;
    z.spec = expected;
    z.fields = h[24];
    z.nibbles = h[25] == 1;
    z.stride = h[26];
    const std::uint64_t rest = get_u64(h + 40), placements = expected.entries(), blocks = (placements + 63) / 64;
    bool reserved_zero = true;
    for (std::size_t i = 27; i < 32; ++i) reserved_zero = reserved_zero && h[i] == 0;
    if (z.fields != expected.fields() || h[25] > 1 || z.stride != (z.nibbles ? (z.fields + 1) / 2 : z.fields) ||
        !reserved_zero || rest % z.stride != 0 || rest / z.stride > placements)
        return invalid("inconsistent header");
    std::error_code ec;
    const std::uint64_t size = std::filesystem::file_size(file, ec),
                        want_size = kPdbHeaderSize + placements + blocks * sizeof(ZeroAwareLookup::Block) + rest;
    if (ec || size != want_size) return invalid(fmt::format("size {} bytes, expected {}", ec ? 0 : size, want_size));
    z.first.resize(placements);
    z.blocks.resize(blocks);
    z.rest.resize(rest);
    auto read = [&in, &progress](void* to, std::uint64_t n) { return read_told(in, to, n, progress); };
    if (!read(z.first.data(), placements) || !read(z.blocks.data(), blocks * sizeof(ZeroAwareLookup::Block)) ||
        !read(z.rest.data(), rest))
        return invalid("truncated while reading");
    if (form_checksum(z) != get_u64(h + 48)) return invalid("checksum mismatch (corrupt form)");
    if (!form_consistent(z)) return invalid("blocks inconsistent with the placements");
    out.lookup = std::make_shared<const ZeroAwareLookup>(std::move(z));
    out.status = LoadStatus::Ok;
    return out;
}

LookupLoadResult load_cached_lookup(const std::filesystem::path& dir, const PatternSpec& spec,
                                    const RegionLabels& labels, std::string& rejected, std::string& not_written,
                                    const ReadProgress& progress) {
    rejected.clear();
    not_written.clear();
    if (!spec.zero_aware) return not_zero_aware(spec);
    const std::filesystem::path table = table_path(dir, spec), form = form_path(dir, spec);
    LoadResult r;
    std::ifstream in;
    const std::optional<PdbHeader> h = open_table(table, spec, in, r);
    if (!h) return not_opened(r);
    LookupLoadResult cached = load_form(form, spec, h->checksum, progress);
    if (cached.status == LoadStatus::Ok) return cached;
    if (cached.status == LoadStatus::Invalid) rejected = cached.reason;
    // Made from the table opened above, the one whose checksum the new form records.
    LookupLoadResult made = form_from_entries(in, *h, spec, labels, progress);
    if (made.status != LoadStatus::Ok || !kFormFiles) return made;
    try {
        write_form(form, *made.lookup, h->checksum);
    } catch (const std::exception& e) {
        not_written = e.what();
    }
    return made;
}

std::string cache_form_of(const std::filesystem::path& dir, const PdbTable& table, const ZeroAwareLookup& form) {
    if (!kFormFiles || dir.empty()) return {};
    try {
        write_form(form_path(dir, table.spec), form, checksum64(table.data.data(), table.data.size()));
    } catch (const std::exception& e) {
        return e.what();
    }
    return {};
}

std::uint64_t payload_bytes(const std::filesystem::path& file) {
    std::error_code ec;
    const std::uint64_t size = std::filesystem::file_size(file, ec);
    return ec || size < kPdbHeaderSize ? 0 : size - kPdbHeaderSize;
}

std::uint64_t expected_read_bytes(const std::filesystem::path& dir, const PatternSpec& spec) {
    if (dir.empty()) return 0;
    const std::uint64_t table = payload_bytes(table_path(dir, spec));
    if (!spec.zero_aware) return table;
    const std::uint64_t form = kFormFiles && table ? payload_bytes(form_path(dir, spec)) : 0;
    return form ? form : 2 * table;
}

LoadResult load_table(const std::filesystem::path& file, const PatternSpec& expected, const ReadProgress& progress) {
    LoadResult r;
    std::ifstream in;
    const std::optional<PdbHeader> found = open_table(file, expected, in, r);
    if (!found) return r;
    const PdbHeader& h = *found;
    r.table.spec = expected;
    r.table.data.resize(static_cast<std::size_t>(h.entries));
    if (!read_told(in, r.table.data.data(), h.entries, progress)) {
        r.reason = "truncated while reading";
        r.table.data = {};
        return r;
    }
    if (checksum64(r.table.data.data(), r.table.data.size()) != h.checksum) {
        r.reason = "checksum mismatch (corrupt entries)";
        r.table.data = {};
        return r;
    }
    r.status = LoadStatus::Ok;
    return r;
}

PdbTable obtain_table(const PatternSpec& spec, const TableSource& source, const ReadProgress& progress) {
    using Kind = TableEvent::Kind;
    const auto& report = source.report;
    std::filesystem::path file;
    if (!source.dir.empty()) {
        file = table_path(source.dir, spec);
        auto loaded = load_table(file, spec, progress);
        if (loaded.status == LoadStatus::Ok) return std::move(loaded.table);
        if (loaded.status == LoadStatus::Invalid && report) report({Kind::Rejected, spec, file, loaded.reason, {}, {}});
    }
    BuildInfo info;
    ProgressFn layers;
    if (report) {
        report({Kind::Building, spec, file, {}, {}, {}});
        layers = [&](const BuildProgress& p) { report({Kind::Layer, spec, file, {}, p, {}}); };
    }
    PdbTable table = build_table(spec, source.threads, layers, &info);
    if (report) report({Kind::Built, spec, file, {}, {}, info});
    if (!file.empty()) {
        try {
            write_table(file, table);
        } catch (const std::exception& e) {
            if (report) report({Kind::NotCached, spec, file, e.what(), {}, {}});
        }
    }
    return table;
}

FormCache cache_form(const PatternSpec& spec, const TableSource& source, const PdbTable* built,
                     const ReadProgress& progress) {
    if (!spec.zero_aware || source.dir.empty() || !kFormFiles) return FormCache::None;
    using Kind = TableEvent::Kind;
    const std::filesystem::path file = form_path(source.dir, spec);
    const RegionLabels labels(spec.geometry(), spec.k());
    std::string rejected, not_written;
    bool existed = false;
    if (built) {
        not_written = cache_form_of(source.dir, *built, make_zero_aware_lookup(*built, labels));
    } else {
        std::error_code ec;
        existed = std::filesystem::exists(file, ec);
        const LookupLoadResult r = load_cached_lookup(source.dir, spec, labels, rejected, not_written, progress);
        if (r.status != LoadStatus::Ok)
            throw std::runtime_error("table " + table_path(source.dir, spec).string() + ": " +
                                     (r.status == LoadStatus::Missing ? std::string("missing") : r.reason));
    }
    if (source.report && !rejected.empty()) source.report({Kind::FormRejected, spec, file, rejected, {}, {}});
    if (!not_written.empty()) {
        if (source.report) source.report({Kind::NotCached, spec, file, not_written, {}, {}});
        return FormCache::NotWritten;
    }
    return existed && rejected.empty() ? FormCache::Cached : FormCache::Written;
}

}  // namespace bitsolve::sliding::pdb

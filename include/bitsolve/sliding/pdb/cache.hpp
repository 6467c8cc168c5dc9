#pragma once
// Pattern database files: a fixed 64-byte header followed by the table's bytes.
//
// Header (little-endian):
//   0  magic "BSPDB\r\n\x1a"  (the CR LF and ^Z catch text-mode and truncating transfers)
//   8  u32 format version (kPdbFileVersion)
//  12  u8 rows, u8 cols, u8 blank goal cell, u8 k (pattern tiles, 1..8)
//  16  u8 cells[8]: goal cells of the pattern tiles in rank order, unused ones 0xFF
//  24  u8 entry format (1 = one byte per entry, 2 = zero-aware: one byte per entry, fields()
//      entries a placement; table.hpp), 7 bytes zero
//  32  u64 entries (must equal n!/(n-k)!, times fields() for format 2)
//  40  u64 checksum of the entries (checksum64)
//  48  u64 checksum64 of bytes 0..47
//  56  u64 zero
// A file whose header does not parse, whose size or payload checksum is wrong, or that describes
// another pattern is never trusted: it is rebuilt and rewritten. Files are written to a temporary
// name in the same directory and renamed, so a reader never sees a half-written file.
//
// Directory: the caller's (the CLI: --pdb-dir, else default_cache_dir below). File name:
// "<spec.key()>.pdb", e.g. "4x4-b0-1.2.3.4.5.6.7.pdb" (zero-aware "5x5-b0-1.2.5.6.7.12-z.pdb").
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "bitsolve/sliding/pdb/builder.hpp"
#include "bitsolve/sliding/pdb/table.hpp"

namespace bitsolve::sliding::pdb {

inline constexpr std::uint32_t kPdbFileVersion = 1;
inline constexpr std::size_t kPdbHeaderSize = 64;

struct PdbHeader {
    PatternSpec spec;
    EntryFormat format = EntryFormat::Byte;
    std::uint64_t entries = 0;
    std::uint64_t checksum = 0;  // of the entries
};

// Fast 64-bit checksum (word-wise multiply-rotate mixing; not cryptographic).
std::uint64_t checksum64(const std::uint8_t* data, std::size_t size);
// The same over bytes that come in pieces: Checksum64(total size), words() for each piece but the
// last (a multiple of 8 bytes each), finish() with the last piece (any size, empty too).
class Checksum64 {
public:
    explicit Checksum64(std::uint64_t size);
    void words(const std::uint8_t* data, std::size_t size);
    std::uint64_t finish(const std::uint8_t* data, std::size_t size);

private:
    std::uint64_t h_;
};

// Pure functions over bytes. parse_header throws InputError (column = byte offset + 1) for
// anything but a well-formed header of this version; it reads only the first 64 bytes.
std::vector<std::uint8_t> serialize_header(const PdbHeader& header);
PdbHeader parse_header(std::span<const std::uint8_t> bytes);

// $XDG_CACHE_HOME/bitsolve, else $HOME/.cache/bitsolve, from the values the front end read from
// its environment (null or empty: not set); throws UsageError when neither is set.
std::filesystem::path default_cache_dir(const char* xdg_cache_home, const char* home);
std::filesystem::path table_path(const std::filesystem::path& dir, const PatternSpec& spec);

// Writes atomically (temp file + rename); throws std::runtime_error on I/O failure.
void write_table(const std::filesystem::path& file, const PdbTable& table);

// Told, as a load goes, how many more bytes of a file's payload (what follows its 64-byte header)
// it has read: at most kReadPiece at a time, from the loading thread. Empty: nothing is told.
using ReadProgress = std::function<void(std::uint64_t bytes)>;
inline constexpr std::uint64_t kReadPiece = std::uint64_t{64} << 20;

enum class LoadStatus { Ok, Missing, Invalid };
struct LoadResult {
    LoadStatus status = LoadStatus::Missing;
    std::string reason;  // why a file was not used
    PdbTable table;      // valid when status == Ok
};
// Never throws for a bad file: it reports Invalid with the reason.
LoadResult load_table(const std::filesystem::path& file, const PatternSpec& expected,
                      const ReadProgress& progress = {});
// The same checks, reading the file a megabyte at a time: the result's table holds the spec and
// no bytes (whether a file is a usable cache entry, without the memory of its table).
LoadResult check_table(const std::filesystem::path& file, const PatternSpec& expected,
                       const ReadProgress& progress = {});
// A zero-aware table's lookup form (make_zero_aware_lookup) straight from its file, checked as
// check_table does (the checksum taken in the first of the form's two scans) and read in pieces,
// so that the table's bytes are never held whole; `labels`: RegionLabels of the pattern's size.
// Never throws for a bad file.
struct LookupLoadResult {
    LoadStatus status = LoadStatus::Missing;
    std::string reason;
    std::shared_ptr<const ZeroAwareLookup> lookup;  // when status == Ok
};
// `progress` hears both scans: twice the payload of a whole file.
LookupLoadResult load_zero_aware_lookup(const std::filesystem::path& file, const PatternSpec& expected,
                                        const RegionLabels& labels, const ReadProgress& progress = {});

// Lookup form files: a zero-aware table's search form (ZeroAwareLookup), cached beside the table
// as "<spec.key()>.form", so that loading reads the form (4.7 GB for a 5x5 7-tile table) once
// instead of the table (14.5 GB) twice. A 64-byte header, then `first`, `blocks` (16 bytes each:
// u64 several, u32 before, u32 zero) and `rest`:
//   0  magic "BSZAF\r\n\x1a"
//   8  u32 format version (kFormFileVersion)
//  12  the table header's bytes 12..23 (rows, cols, blank goal cell, k, cells)
//  24  u8 fields, u8 nibbles (0 or 1), u8 stride, 5 bytes zero
//  32  u64 the table's entries checksum (its header's): the table file the form was made from
//  40  u64 bytes of `rest`
//  48  u64 checksum64 of the three parts' checksum64s (24 bytes, in order)
//  56  u64 checksum64 of bytes 0..55
// A form is used only with the table file it was made from, and only when every block agrees with
// `first` and counts `rest` exactly (so a damaged file cannot send a lookup out of bounds); any
// other is made again from the table. Written on little-endian machines only (the blocks are
// stored as they lie in memory); elsewhere forms are always made from the tables.
inline constexpr std::uint32_t kFormFileVersion = 1;
inline constexpr bool kFormFiles = std::endian::native == std::endian::little;  // whether forms are cached
std::filesystem::path form_path(const std::filesystem::path& dir, const PatternSpec& spec);
// Writes atomically; throws InputError (LimitError without room) when the file cannot be written, std::logic_error on a
// big-endian machine. `table_checksum`: the checksum of the entries of the table it was made from.
void write_form(const std::filesystem::path& file, const ZeroAwareLookup& form, std::uint64_t table_checksum);
// The form in `file` when it is one of `expected`, made from the table with `table_checksum`.
// Never throws for a bad file: Missing, or Invalid with the reason.
LookupLoadResult load_form(const std::filesystem::path& file, const PatternSpec& expected, std::uint64_t table_checksum,
                           const ReadProgress& progress = {});
// The lookup form of zero-aware `spec` whose table is cached in `dir`: from its form file when that
// was made from the table file there now (the table's header and size are checked, its entries
// not: the form has its own checksum), else from the table (load_zero_aware_lookup), then written
// as the form file. `rejected`: why a form file there was not used; `not_written`: why a form
// could not be written (each left empty otherwise). Never throws for a bad file. `progress` hears
// the form's payload, or the table's twice when the form is made again (after what was read of a
// form file that turned out unusable).
LookupLoadResult load_cached_lookup(const std::filesystem::path& dir, const PatternSpec& spec,
                                    const RegionLabels& labels, std::string& rejected, std::string& not_written,
                                    const ReadProgress& progress = {});
// The bytes of cache file `file` after its header, by its size alone (the header is not read); 0
// when it is missing or shorter than a header.
std::uint64_t payload_bytes(const std::filesystem::path& file);
// The payload bytes that load_cached_lookup (zero-aware `spec`) or load_table (any other) is
// expected to read from the cache files in `dir` as they are now: the form's when there is one,
// else the table's (twice for a zero-aware table, whose form is then made from it); 0 when
// neither is there. The files are not checked: one found unusable makes the reads differ.
std::uint64_t expected_read_bytes(const std::filesystem::path& dir, const PatternSpec& spec);
// Writes `form`, made from `table`, as the form file beside the table's file in `dir`. Returns why
// it could not be written, empty when it was or was not asked for (no directory, or a big-endian
// machine).
std::string cache_form_of(const std::filesystem::path& dir, const PdbTable& table, const ZeroAwareLookup& form);

// What happens while a table is obtained, reported to the caller, which shows it its own way
// (the library prints nothing).
struct TableEvent {
    enum class Kind {
        Rejected,      // the cached file was not used (`reason`); the table is rebuilt
        Building,      // a build starts
        Layer,         // a layer of the build's BFS is finished (`layer`)
        Built,         // the build is finished (`info`)
        NotCached,     // the built table, or a lookup form, could not be written to the cache (`reason`)
        FormRejected,  // the cached lookup form `file` was not used (`reason`); it is made again from the table
        // select_pdb only: Loading once before the heuristic's tables are obtained (`spec` the
        // first of them), then Ready as each is ready to search, with its lookup form when it has
        // one (`ready` of `needed` distinct tables so far; in the order they are ready), and
        // Reading in between whenever the cache files read so far pass another kReadPiece bytes
        // (`spec` the table being read).
        Loading,
        Ready,
        Reading,
    };
    Kind kind;
    const PatternSpec& spec;
    const std::filesystem::path& file;  // the cache file; empty without a cache directory
    std::string reason;
    BuildProgress layer{};
    BuildInfo info{};
    std::size_t ready = 0, needed = 0;  // Loading, Ready, Reading
    // Loading, Ready, Reading: the payload bytes of cache files read so far, and the sum of
    // expected_read_bytes over the tables (a file found unusable can take `read` past it).
    std::uint64_t read = 0, to_read = 0;
};
using TableReport = std::function<void(const TableEvent&)>;

// Where tables come from and who hears about it.
struct TableSource {
    std::filesystem::path dir;  // empty: in memory only, no cache
    unsigned threads = 0;
    TableReport report;  // empty: nothing reported; called from one thread at a time, not always the caller's
};
// Loads the table from the cache, or builds it (and caches it when a directory is set). A file
// that cannot be used is rebuilt, one that cannot be written is not cached: both are reported.
// `progress`: load_table's, for the cached file.
PdbTable obtain_table(const PatternSpec& spec, const TableSource& source, const ReadProgress& progress = {});

// What cache_form found or did.
enum class FormCache {
    None,        // nothing to cache: not a zero-aware table, no directory, or a big-endian machine
    Cached,      // the form file there was made from the table file there, and reads back whole
    Written,     // a form file was written (made from `built`, or from the table file)
    NotWritten,  // it could not be written (reported as NotCached)
};
// The lookup form of zero-aware `spec`, cached beside its table in source.dir, as the first search
// would otherwise write it (build-pdb's last step for such a table). `built`: the table just
// built, in memory, to make the form from; without it, the form file there is read and checked
// (load_cached_lookup), and made from the table file when it is missing or not usable (reported
// as FormRejected). The table file must be there and sound (else std::runtime_error).
// `progress`: load_cached_lookup's, when the form file is checked (nothing is read with `built`).
FormCache cache_form(const PatternSpec& spec, const TableSource& source, const PdbTable* built = nullptr,
                     const ReadProgress& progress = {});

}  // namespace bitsolve::sliding::pdb

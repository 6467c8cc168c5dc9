#pragma once
// Pattern database files: a fixed 64-byte header followed by the table's bytes.
//
// Header (little-endian):
//   0  magic "BSPDB\r\n\x1a"  (the CR LF and ^Z catch text-mode and truncating transfers)
//   8  u32 format version (kPdbFileVersion)
//  12  u8 rows, u8 cols, u8 blank goal cell, u8 k (pattern tiles, 1..8)
//  16  u8 cells[8]: goal cells of the pattern tiles in rank order, unused ones 0xFF
//  24  u8 entry format (1 = one byte per entry), 7 bytes zero
//  32  u64 entries (must equal n!/(n-k)!)
//  40  u64 checksum of the entries (checksum64)
//  48  u64 checksum64 of bytes 0..47
//  56  u64 zero
// A file whose header does not parse, whose size or payload checksum is wrong, or that describes
// another pattern is never trusted: it is rebuilt and rewritten. Files are written to a temporary
// name in the same directory and renamed, so a reader never sees a half-written file.
//
// Directory: --pdb-dir, else $XDG_CACHE_HOME/bitsolve, else $HOME/.cache/bitsolve. File name:
// "<spec.key()>.pdb", e.g. "4x4-b0-1.2.3.4.5.6.7.pdb".
#include <cstddef>
#include <cstdint>
#include <filesystem>
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

// Pure functions over bytes. parse_header throws InputError (column = byte offset + 1) for
// anything but a well-formed header of this version; it reads only the first 64 bytes.
std::vector<std::uint8_t> serialize_header(const PdbHeader& header);
PdbHeader parse_header(std::span<const std::uint8_t> bytes);

std::filesystem::path default_cache_dir();  // throws UsageError when neither variable is set
std::filesystem::path table_path(const std::filesystem::path& dir, const PatternSpec& spec);

// Writes atomically (temp file + rename); throws std::runtime_error on I/O failure.
void write_table(const std::filesystem::path& file, const PdbTable& table);

enum class LoadStatus { Ok, Missing, Invalid };
struct LoadResult {
    LoadStatus status = LoadStatus::Missing;
    std::string reason;  // why a file was not used
    PdbTable table;      // valid when status == Ok
};
// Never throws for a bad file: it reports Invalid with the reason.
LoadResult load_table(const std::filesystem::path& file, const PatternSpec& expected);

// Where tables come from and what the user sees while they are made.
struct TableSource {
    std::filesystem::path dir;  // empty: in memory only (--no-cache)
    unsigned threads = 0;
    bool progress = true;  // progress on stderr while building
};
// Loads the table from the cache, or builds it (and caches it when a directory is set). Notes
// about rebuilt or unwritable files go to stderr.
PdbTable obtain_table(const PatternSpec& spec, const TableSource& source);

}  // namespace bitsolve::sliding::pdb

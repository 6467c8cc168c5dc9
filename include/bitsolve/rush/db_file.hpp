#pragma once
// Database files: rows as text, zstd compression, shard files, and writing without leaving
// anything partial behind.
//
// A database file holds one row per line, `moves board cluster_size` (moves as two digits at
// least, as in Fogleman's files: `05 BBoCoo... 24`), sorted by row_before. Blank lines and lines
// starting with '#' are skipped when reading, so the bundled sample and shard files read too.
// A file starting with the zstd magic number (28 B5 2F FD) is decompressed first; files whose
// name ends in `.zst` are written compressed.
//
// A shard file (`rush enumerate --shard i/K`, 1 <= i <= K) is a database file of the rows of
// the slices s with s mod K == i - 1, preceded by two header lines that `rush merge` checks:
//   # bitsolve-rush-shard 1 size 6 walls 0 shard 3/16 slices 1024
//   # layouts 15218924 canonical ... solvable ... rows ... states ...
// (`slices` is the slice count of the whole enumeration.)
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/rush/database.hpp"

namespace bitsolve::rush {

// `05 BBoC... 24` and the rows one per line, each ending in '\n'.
std::string format_row(const DbRow& row);
std::string format_rows(const std::vector<DbRow>& rows);

// Parses the rows of a database text (already decompressed). Throws InputError at the line and
// column of the first malformed row: not three fields, moves not a number in 0..999, a board of
// a length other than 16/25/36/49/64 or of another size than the first row, a character other
// than 'o', '.', 'x', 'A'..'Z', no 'A', a board that is no puzzle (parse.hpp: a piece not a
// straight run of 2 or 3 cells, 'A' vertical), a cluster size not a positive number. size > 0:
// every board has size*size cells too (the size a shard header gives).
std::vector<DbRow> parse_rows(std::string_view text, int size = 0);

// Decompressed data would be larger than the max_bytes given to zstd_decompress.
class DecompressedTooLargeError : public InputError {
public:
    using InputError::InputError;
};

// zstd: level 1..19. decompress throws InputError for data that is not one valid zstd stream,
// DecompressedTooLargeError for one that decompresses to more than max_bytes.
std::string zstd_compress(std::string_view data, int level = 9);
std::string zstd_decompress(std::string_view data, std::size_t max_bytes = std::size_t{1} << 34);
bool is_zstd(std::string_view data);

// The bytes of a file, decompressed when they start with the zstd magic number. InputError
// names the file when it is missing, unreadable or not valid zstd; LimitError when it
// decompresses to more than the holds leave of the memory budget (core/limits.hpp).
std::string read_db_file(const std::string& path);

// Writes data to `path` whole or not at all (core/file.hpp), compressed when the name
// ends in `.zst`. "-" writes to stdout (never compressed). InputError names the path when it
// cannot be written; the temporary file is removed.
void write_db_file(const std::string& path, std::string_view data);
// Fails now when write_db_file(path, ...) could not write path (core/file.hpp's check_writable;
// "-" is stdout and always passes), so that a long run does not find out at its end.
void check_db_output(const std::string& path);

struct DbShard {
    std::uint64_t index = 0;  // 0..count-1; written i/K with i = index + 1, as queens numbers shards
    std::uint64_t count = 1;
    bool whole() const { return count == 1; }
    friend bool operator==(const DbShard&, const DbShard&) = default;
};

// "i/K" with 1 <= i <= K <= 1000000, as DbShard{i - 1, K}. InputError (column 0) otherwise.
DbShard parse_shard(std::string_view text);
std::string to_string(const DbShard& shard);

struct ShardHeader {
    DbParams params;
    DbShard shard;
    std::uint64_t slices = 0;  // slice count of the whole enumeration
    DbCounts counts;           // of this shard
};

// The text does not start with a shard header at all (another kind of file), as opposed to a
// shard header with a bad field (a plain InputError).
class NotShardFileError : public InputError {
public:
    using InputError::InputError;
};

std::string format_shard_header(const ShardHeader& h);
// Parses the two header lines at the start of a shard file: NotShardFileError when the text is
// no shard file, InputError when a field is bad.
ShardHeader parse_shard_header(std::string_view text);

std::string format_counts(const DbCounts& c);  // "layouts L canonical C solvable S rows R states X"

}  // namespace bitsolve::rush

#include "bitsolve/rush/db_file.hpp"

#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <iostream>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/file.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/parse.hpp"

namespace bitsolve::rush {

std::string format_row(const DbRow& row) {
    return fmt::format("{:02d} {} {}\n", row.moves, row.board, row.cluster_size);
}

std::string format_rows(const std::vector<DbRow>& rows) {
    std::string out;
    out.reserve(rows.size() * (rows.empty() ? 0 : rows.front().board.size() + 12));
    for (const DbRow& r : rows) out += format_row(r);
    return out;
}

namespace {

bool board_length(std::size_t n) { return n == 16 || n == 25 || n == 36 || n == 49 || n == 64; }

// True when every piece of board b (n*n cells, known characters) is a straight run of 2 or 3
// cells and 'A' is horizontal: a quick check without allocations that never passes a board
// parse_board_string refuses (which then says what is wrong). A database has millions of rows.
bool pieces_look_right(std::string_view b) {
    std::size_t n = 4;
    while (n * n < b.size()) ++n;
    std::size_t first[26] = {}, count[26] = {};
    for (std::size_t i = 0; i < b.size(); ++i)
        if (b[i] >= 'A' && b[i] <= 'Z') {
            const auto p = static_cast<std::size_t>(b[i] - 'A');
            if (count[p]++ == 0) first[p] = i;
        }
    for (std::size_t p = 0; p < 26; ++p) {
        if (count[p] == 0) continue;
        if (count[p] < 2 || count[p] > 3) return false;
        const char c = static_cast<char>('A' + p);
        const std::size_t f = first[p];
        const bool across = f % n + count[p] <= n && b[f + 1] == c && (count[p] == 2 || b[f + 2] == c);
        const bool down = p != 0 && f + (count[p] - 1) * n < b.size() && b[f + n] == c &&
                          (count[p] == 2 || b[f + 2 * n] == c);  // 'A' must lie across
        if (!across && !down) return false;
    }
    return true;
}

DbRow parse_row(const Line& line, int size, std::size_t& board_size) {
    const std::vector<Token> t = tokenize(line, 3);
    if (t.size() < 3)
        throw InputError("expected `moves board cluster_size`, found " + std::to_string(t.size()) + " field(s)",
                         line.number, t.empty() ? 1 : t.back().column + t.back().text.size());
    if (t.size() > 3)
        throw InputError("unexpected '" + quote(t[3].text) + "' after the cluster size", t[3].line, t[3].column);
    DbRow r;
    r.moves = static_cast<int>(parse_int(t[0], 0, 999, "moves"));
    const std::string_view b = t[1].text;
    if (!board_length(b.size()))
        throw InputError("a board has 16, 25, 36, 49 or 64 cells, not " + std::to_string(b.size()), t[1].line,
                         t[1].column);
    if (size > 0 && b.size() != static_cast<std::size_t>(size * size))
        throw InputError("board of " + std::to_string(b.size()) + " cells; the boards of size " + std::to_string(size) +
                             " have " + std::to_string(size * size),
                         t[1].line, t[1].column);
    if (board_size != 0 && b.size() != board_size)
        throw InputError(
            "board of " + std::to_string(b.size()) + " cells among boards of " + std::to_string(board_size), t[1].line,
            t[1].column);
    board_size = b.size();
    for (std::size_t i = 0; i < b.size(); ++i) {
        const char c = b[i];
        if (c != 'o' && c != '.' && c != 'x' && !(c >= 'A' && c <= 'Z'))
            throw InputError("'" + quote(b.substr(i, 1)) + "' is not a cell ('o', 'x' or a letter)", t[1].line,
                             t[1].column + i);
    }
    if (b.find('A') == std::string_view::npos)
        throw InputError("the board has no primary piece 'A'", t[1].line, t[1].column);
    if (!pieces_look_right(b)) {
        try {
            parse_board_string(b);  // says which piece is not a straight run of 2 or 3 cells
        } catch (const InputError& e) {
            throw InputError(e.message(), t[1].line, t[1].column + (e.column() == 0 ? 0 : e.column() - 1));
        }
    }
    r.board = std::string(b);
    r.cluster_size = static_cast<std::uint64_t>(parse_int(t[2], 1, std::int64_t{1} << 40, "cluster size"));
    return r;
}

}  // namespace

std::vector<DbRow> parse_rows(std::string_view text, int size) {
    std::vector<DbRow> rows;
    std::size_t board_size = 0;
    for (const Line& l : lines_of(text)) {
        if (is_blank_or_comment(l.text)) continue;
        rows.push_back(parse_row(l, size, board_size));
    }
    return rows;
}

bool is_zstd(std::string_view d) {
    return d.size() >= 4 && static_cast<unsigned char>(d[0]) == 0x28 && static_cast<unsigned char>(d[1]) == 0xB5 &&
           static_cast<unsigned char>(d[2]) == 0x2F && static_cast<unsigned char>(d[3]) == 0xFD;
}

std::string zstd_compress(std::string_view data, int level) {
    std::string out(ZSTD_compressBound(data.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), data.data(), data.size(), level);
    if (ZSTD_isError(n)) throw std::runtime_error(std::string("zstd compression failed: ") + ZSTD_getErrorName(n));
    out.resize(n);
    return out;
}

std::string zstd_decompress(std::string_view data, std::size_t max_bytes) {
    ZSTD_DStream* ds = ZSTD_createDStream();
    if (!ds) throw std::bad_alloc();
    std::string out;
    std::string buf(ZSTD_DStreamOutSize(), '\0');
    ZSTD_inBuffer in{data.data(), data.size(), 0};
    std::size_t last = 0;
    for (;;) {
        ZSTD_outBuffer ob{buf.data(), buf.size(), 0};
        last = ZSTD_decompressStream(ds, &ob, &in);
        if (ZSTD_isError(last)) {
            ZSTD_freeDStream(ds);
            throw InputError(std::string("not a valid zstd stream: ") + ZSTD_getErrorName(last));
        }
        out.append(buf.data(), ob.pos);
        if (out.size() > max_bytes) {
            ZSTD_freeDStream(ds);
            throw DecompressedTooLargeError("decompressed data larger than " + std::to_string(max_bytes) + " bytes");
        }
        if (in.pos == in.size && ob.pos < ob.size) break;  // input used up, output flushed
    }
    ZSTD_freeDStream(ds);
    if (last != 0) throw InputError("truncated zstd stream");
    return out;
}

std::string read_db_file(const std::string& path) {
    std::string data = read_input(path, std::size_t{1} << 34);
    if (!is_zstd(data)) return data;
    // A small hostile file can claim terabytes: stop at what the holds leave of the memory budget,
    // a limit (--max-memory).
    const std::size_t budget = memory_budget(), held = memory_held();
    const std::size_t left = held < budget ? budget - held : 0, cap = std::min(std::size_t{1} << 34, left);
    try {
        return zstd_decompress(data, cap);
    } catch (const DecompressedTooLargeError& e) {
        if (cap == left)
            throw LimitError("'" + quote(path, 200) + "' decompressed needs more than " +
                             (held == 0 ? std::string()
                                        : format_size(left) + ", which with the " + format_size(held) +
                                              " already held is more than ") +
                             "the memory limit of " + format_size(budget));
        throw InputError("'" + quote(path, 200) + "': " + e.message());
    } catch (const InputError& e) {
        throw InputError("'" + quote(path, 200) + "': " + e.message());
    }
}

void check_db_output(const std::string& path) {
    if (path == "-" || path.empty()) return;
    check_writable(path);
}

void write_db_file(const std::string& path, std::string_view data) {
    if (path == "-" || path.empty()) {
        errno = 0;  // so that a failing write's errno is the one the caller finds
        std::cout.write(data.data(), static_cast<std::streamsize>(data.size()));
        std::cout.flush();
        return;
    }
    const bool zst = path.size() > 4 && path.compare(path.size() - 4, 4, ".zst") == 0;
    if (zst) write_file_atomic(path, {zstd_compress(data)});
    else write_file_atomic(path, {data});
}

DbShard parse_shard(std::string_view text) {
    auto number = [&](std::string_view s) -> std::int64_t {
        if (s.empty() || s.size() > 7) return -1;
        std::int64_t v = 0;
        for (char c : s) {
            if (c < '0' || c > '9') return -1;
            v = v * 10 + (c - '0');
        }
        return v;
    };
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) throw InputError("shard '" + quote(text) + "' is not of the form i/K");
    const std::int64_t i = number(text.substr(0, slash)), k = number(text.substr(slash + 1));
    if (k < 1 || k > 1000000) throw InputError("shard '" + quote(text) + "': K must be a number in 1..1000000");
    // Numbered from 1, as `queens --shard`: shard i/K is DbShard{i - 1, K}.
    if (i < 1 || i > k) throw InputError("shard '" + quote(text) + "': i must be a number in 1..K");
    return DbShard{static_cast<std::uint64_t>(i - 1), static_cast<std::uint64_t>(k)};
}

std::string to_string(const DbShard& s) { return std::to_string(s.index + 1) + "/" + std::to_string(s.count); }

std::string format_counts(const DbCounts& c) {
    return fmt::format("layouts {} canonical {} solvable {} rows {} states {}", c.layouts, c.canonical, c.solvable,
                       c.rows, c.states);
}

std::string format_shard_header(const ShardHeader& h) {
    return fmt::format("# bitsolve-rush-shard 1 size {} walls {} shard {} slices {}\n# {}\n", h.params.size,
                       h.params.max_walls, to_string(h.shard), h.slices, format_counts(h.counts));
}

ShardHeader parse_shard_header(std::string_view text) {
    // Field i is the i-th word of line 1 for i < 11, else the (i - 11)-th of line 2.
    std::vector<Token> lines[2];
    for (const Line& l : lines_of(text)) {
        if (l.number > 2) break;
        lines[l.number - 1] = tokenize(l, 12);
    }
    const std::size_t first_line_words = 11;
    auto field = [&](std::size_t i) -> const Token* {
        const std::vector<Token>& words = lines[i < first_line_words ? 0 : 1];
        const std::size_t k = i < first_line_words ? i : i - first_line_words;
        return k < words.size() ? &words[k] : nullptr;
    };
    // A missing field is where it would be: after the last word of its line, or at its start.
    auto cut_short = [&](std::size_t i, const std::string& what) {
        const std::size_t line = i < first_line_words ? 1 : 2;
        const std::vector<Token>& words = lines[line - 1];
        return InputError("shard header cut short" + what, line,
                          words.empty() ? 1 : words.back().column + words.back().text.size());
    };
    auto expect = [&](std::size_t i, std::string_view word) {
        const std::string what = " (expected '" + std::string(word) + "')";
        const Token* t = field(i);
        if (t && t->text == word) return;
        // Past its first two words, the file is a shard file with a bad header.
        if (i < 2) throw NotShardFileError("not a database shard file" + what, t ? t->line : 1, t ? t->column : 1);
        if (!t) throw cut_short(i, what);
        throw InputError("bad shard header" + what, t->line, t->column);
    };
    auto num = [&](std::size_t i, std::int64_t hi) {
        const Token* t = field(i);
        if (!t) throw cut_short(i, " (expected a number)");
        return static_cast<std::uint64_t>(parse_int(*t, 0, hi, "header field"));
    };
    const char* words[] = {"#", "bitsolve-rush-shard", "1", "size", nullptr, "walls", nullptr, "shard"};
    for (std::size_t i = 0; i < 8; ++i)
        if (words[i]) expect(i, words[i]);
    ShardHeader h;
    h.params.size = static_cast<int>(num(4, 7));
    h.params.max_walls = static_cast<int>(num(6, 2));
    const Token* shard = field(8);
    if (!shard) throw cut_short(8, " (expected the shard i/K)");
    try {
        h.shard = parse_shard(shard->text);
    } catch (const InputError& e) {
        throw InputError(e.message(), shard->line, shard->column);
    }
    expect(9, "slices");
    h.slices = num(10, std::int64_t{1} << 50);
    if (lines[0].size() > first_line_words)
        throw InputError("bad shard header: '" + quote(lines[0][first_line_words].text) + "' after the slice count",
                         lines[0][first_line_words].line, lines[0][first_line_words].column);
    const char* counts[] = {"#",        "layouts", nullptr, "canonical", nullptr,
                            "solvable", nullptr,   "rows",  nullptr,     "states"};
    for (std::size_t i = 0; i < 10; ++i)
        if (counts[i]) expect(11 + i, counts[i]);
    const std::int64_t big = std::int64_t{1} << 60;
    h.counts = DbCounts{num(13, big), num(15, big), num(17, big), num(19, big), num(21, big)};
    return h;
}

}  // namespace bitsolve::rush

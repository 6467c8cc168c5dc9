#include "bitsolve/rush/db_checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/file.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::rush {

namespace {

// Thrown inside the parser for a record that the end of the file cut short.
struct Torn {};

struct Cursor {
    std::string_view text;
    std::size_t pos = 0;
    std::size_t line = 0;
    // The next whole line (without '\n'); Torn when the file ends before its '\n'.
    std::string_view next() {
        const std::size_t nl = text.find('\n', pos);
        if (nl == std::string_view::npos) throw Torn{};
        const std::string_view l = text.substr(pos, nl - pos);
        pos = nl + 1;
        ++line;
        return l;
    }
};

std::vector<Token> tokens(std::string_view l, std::size_t number) { return tokenize(Line{l, number}, 12); }

}  // namespace

// The journal's format: 2 since the clusters are analysed by SlideSearch::explore, whose
// `states` counts differ from the engine before (the rows do not); 3 since `states` counts every
// search's visits (DbClusterResult::states), not only the cluster sizes and re-solves; 4 since
// the solvable clusters of a class are analysed by one search, which visits fewer states.
constexpr std::string_view kJournalFormat = "4";

std::string journal_header(const DbParams& p, DbShard shard, std::uint64_t slices) {
    return fmt::format("bitsolve-rush-checkpoint {} size {} walls {} shard {} slices {}\n", kJournalFormat, p.size,
                       p.max_walls, to_string(shard), slices);
}

std::string journal_record(std::uint64_t slice, const DbSlice& r) {
    std::string s = fmt::format("slice {} {}\n", slice, format_counts(r.counts));
    s += format_rows(r.rows);
    return s + fmt::format("end {} {:016x}\n", slice, fnv1a(s));
}

DbJournal::DbJournal(const std::string& path, const DbParams& params, DbShard shard, std::uint64_t slices)
    : path_(path) {
    const std::string header = journal_header(params, shard, slices);
    const std::string where = "checkpoint '" + quote(path, 200) + "'";
    if (::access(path.c_str(), F_OK) != 0) write_file_atomic(path, {header}, "checkpoint ");
    const std::string text = read_input(path, std::size_t{1} << 36);
    Cursor c{text};
    std::size_t good_end = 0;  // bytes of the file up to the last whole record
    try {
        const std::string_view first = c.next();
        if (first.substr(0, 25) != "bitsolve-rush-checkpoint ")
            throw InputError(where + " is not a checkpoint of `bitsolve rush enumerate`");
        if (const std::string_view rest = first.substr(25); rest.substr(0, rest.find(' ')) != kJournalFormat)
            throw InputError(where + " is of another format ('" + quote(rest.substr(0, rest.find(' ')), 20) +
                             "', not '" + std::string(kJournalFormat) +
                             "': an earlier engine, whose state counts differ); use another file");
        if (std::string(first) + "\n" != header)
            throw InputError(where + " is for other parameters ('" + quote(first.substr(25), 80) + "', not '" +
                             header.substr(25, header.size() - 26) + "'); use another file");
        good_end = c.pos;
        while (c.pos < text.size()) {
            const std::size_t start = c.pos;
            const std::vector<Token> h = tokens(c.next(), c.line);
            const std::size_t hline = c.line;
            auto corrupt = [&](const std::string& why, std::size_t line) {
                return InputError(fmt::format("{} is corrupt at line {} ({})", where, line, why));
            };
            if (h.size() != 12 || h[0].text != "slice") throw corrupt("expected a slice record", hline);
            const auto num = [&](std::size_t i) {
                return static_cast<std::uint64_t>(parse_int(h[i], 0, std::int64_t{1} << 60, "count"));
            };
            const std::uint64_t slice = num(1);
            DbSlice r;
            r.counts = DbCounts{num(3), num(5), num(7), num(9), num(11)};
            if (slice >= slices || slice % shard.count != shard.index) throw corrupt("slice not of this run", hline);
            if (finished_.count(slice)) throw corrupt("slice recorded twice", hline);
            std::string rows;
            for (std::uint64_t i = 0; i < r.counts.rows; ++i) {
                const std::string_view l = c.next();
                if (l.substr(0, 4) == "end " || l.substr(0, 6) == "slice ") throw corrupt("rows missing", c.line);
                rows.append(l).push_back('\n');
            }
            const std::size_t body_end = c.pos;
            const std::vector<Token> e = tokens(c.next(), c.line);
            if (e.size() != 3 || e[0].text != "end" || e[1].text != h[1].text)
                throw corrupt("expected its end", c.line);
            if (e[2].text != fmt::format("{:016x}", fnv1a(std::string_view(text).substr(start, body_end - start))))
                throw corrupt("checksum mismatch", c.line);
            try {
                r.rows = parse_rows(rows);
            } catch (const InputError& err) {
                throw corrupt(err.message(), hline + err.line());
            }
            finished_.emplace(slice, std::move(r));
            good_end = c.pos;
        }
    } catch (const Torn&) {
        // The last record was being appended when the run died: drop it.
    } catch (const InputError& e) {
        if (std::string(e.what()).rfind(where, 0) == 0) throw;
        throw InputError(where + " is corrupt at line " + std::to_string(c.line) + " (" + e.message() + ")");
    }
    if (good_end == 0) throw InputError(where + " is not a checkpoint of `bitsolve rush enumerate`");
    fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
    if (fd_ < 0 || (good_end < text.size() && ::ftruncate(fd_, static_cast<off_t>(good_end)) != 0)) {
        if (fd_ >= 0) ::close(fd_);
        throw InputError("cannot append to " + where + ": " + errno_text(errno));
    }
}

DbJournal::~DbJournal() {
    if (fd_ >= 0) ::close(fd_);
}

void DbJournal::append(std::uint64_t slice, const DbSlice& result) {
    if (!write_all(fd_, journal_record(slice, result)))
        throw InputError("cannot append to checkpoint '" + quote(path_, 200) + "': " + errno_text(errno));
}

void DbJournal::sync() {
    if (::fsync(fd_) != 0)
        throw InputError("cannot flush checkpoint '" + quote(path_, 200) + "': " + errno_text(errno));
}

}  // namespace bitsolve::rush

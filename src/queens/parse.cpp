#include "bitsolve/queens/parse.hpp"

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"

namespace bitsolve::queens {

namespace {

constexpr std::string_view kMagic = "bitsolve-queens-checkpoint";

// The meaningful lines of a text (not blank, not comments), at most `max`: the formats have a
// fixed number of lines, and one more is enough to report it, so a flood of lines costs nothing.
std::vector<Line> content_lines(std::string_view text, std::size_t max) {
    std::vector<Line> out;
    for (const Line& l : lines_of(text)) {
        if (!is_blank_or_comment(l.text)) out.push_back(l);
        if (out.size() == max) break;
    }
    return out;
}

// The line's tokens when it starts with `key` and has exactly `fields` values; tokenised one past
// that, so a hostile line is refused at its first extra token.
std::vector<Token> expect_key(const Line& line, std::string_view key, std::size_t fields) {
    auto tokens = tokenize(line, fields + 1);
    if (tokens.empty() || tokens[0].text != key)
        throw InputError("expected '" + std::string(key) + "'" +
                             (tokens.empty() ? std::string() : ", found '" + quote(tokens[0].text) + "'"),
                         line.number, tokens.empty() ? 1 : tokens[0].column);
    if (tokens.size() != fields + 1)
        throw InputError("'" + std::string(key) + "' takes " + std::to_string(fields) + " value(s)", line.number,
                         tokens.size() > fields + 1 ? tokens[fields + 1].column : tokens.back().column);
    return tokens;
}

std::uint64_t parse_u64(const Token& t, std::uint64_t hi, std::string_view what) {
    const Count c = parse_count(t.text, t.line, t.column);
    if (c > hi) throw InputError(std::string(what) + " " + quote(t.text) + " out of range", t.line, t.column);
    return static_cast<std::uint64_t>(c);
}

ShardSpec parse_shard_at(std::string_view text, std::size_t line, std::size_t column) {
    const auto slash = text.find('/');
    if (slash == std::string_view::npos)
        throw InputError("shard '" + quote(text) + "' is not of the form i/K", line, column);
    const Count i = parse_count(text.substr(0, slash), line, column);
    const Count k = parse_count(text.substr(slash + 1), line, column + slash + 1);
    if (k < 1 || k > kMaxShards)
        throw InputError("shard count K must be in 1.." + std::to_string(kMaxShards), line, column + slash + 1);
    if (i < 1 || i > k) throw InputError("shard index i must be in 1..K", line, column);
    return ShardSpec{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(k)};
}

int parse_n(const Token& t) {
    const Count c = parse_count(t.text, t.line, t.column);
    if (c < 1 || c > kMaxN) throw InputError("N must be in 1..32", t.line, t.column);
    return static_cast<int>(c);
}

// "key=value" token of a partial result.
std::string_view field(const Token& t, std::string_view key) {
    if (t.text.size() <= key.size() || t.text.substr(0, key.size()) != key || t.text[key.size()] != '=')
        throw InputError("expected '" + std::string(key) + "=...', found '" + quote(t.text) + "'", t.line, t.column);
    return t.text.substr(key.size() + 1);
}

}  // namespace

Count parse_count(std::string_view text, std::size_t line, std::size_t column) {
    if (text.empty()) throw InputError("missing number", line, column);
    Count v = 0;
    constexpr Count kMax = ~Count{0};
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c < '0' || c > '9') throw InputError("'" + quote(text) + "' is not a number", line, column + i);
        const auto d = static_cast<unsigned>(c - '0');
        if (v > (kMax - d) / 10) throw InputError("number '" + quote(text) + "' is too large", line, column);
        v = v * 10 + d;
    }
    return v;
}

ShardSpec parse_shard(std::string_view text) { return parse_shard_at(text, 0, 0); }

std::uint64_t CheckpointData::done_count() const {
    std::uint64_t n_done = 0;
    for (const auto& [a, b] : done) n_done += b - a + 1;
    return n_done;
}

std::string format_checkpoint(const RunState& st) {
    std::string s = std::string(kMagic) + " 2\n";
    s += "n " + std::to_string(st.n) + "\n";
    s += "shard " + std::to_string(st.shard.index) + "/" + std::to_string(st.shard.count) + "\n";
    s += "split " + std::to_string(st.depth) + " " + std::to_string(st.items) + "\n";
    s += "done";
    for (std::uint64_t i = 0; i < st.items;) {
        if (!st.done[i]) {
            ++i;
            continue;
        }
        std::uint64_t j = i;
        while (j + 1 < st.items && st.done[j + 1]) ++j;
        // Appended piece by piece: `" " + std::to_string(i)` draws a false -Wrestrict from GCC 12
        // (its operator+ inserting at the front of the temporary).
        s += ' ';
        s += std::to_string(i);
        if (j > i) {
            s += '-';
            s += std::to_string(j);
        }
        i = j + 1;
    }
    s += "\ntotal " + to_string(st.counts.total) + "\nrot180 " + to_string(st.counts.rot180) + "\nrot90 " +
         to_string(st.counts.rot90) + "\n";
    s += fmt::format("check {:016x}\n", fnv1a(s));
    return s;
}

CheckpointData parse_checkpoint(std::string_view text) {
    const auto lines = content_lines(text, 10);
    if (lines.empty()) throw InputError("empty checkpoint", 1, 1);
    CheckpointData cp;
    // Version 2 ends with a checksum line; version 1, written before it, is still read.
    bool checked = false;
    {
        const auto t = expect_key(lines[0], kMagic, 1);
        if (t[1].text != "1" && t[1].text != "2")
            throw InputError("unsupported checkpoint version '" + quote(t[1].text) + "'", t[1].line, t[1].column);
        checked = t[1].text == "2";
    }
    const char* keys[] = {"n", "shard", "split", "done", "total", "rot180", "rot90", "check"};
    const std::size_t count = checked ? 9 : 8;
    if (lines.size() < count)
        throw InputError("checkpoint ends early: expected a '" + std::string(keys[lines.size() - 1]) + "' line",
                         lines.back().number + 1, 1);
    if (lines.size() > count)
        throw InputError("unexpected line after '" + std::string(keys[count - 2]) + "'", lines[count].number, 1);
    if (checked) {
        // Over every byte before the check line, comments included: the file is the program's own.
        const auto t = expect_key(lines[8], "check", 1);
        const std::string_view body = strip_bom(text);
        const auto before = static_cast<std::size_t>(lines[8].text.data() - body.data());
        if (t[1].text != fmt::format("{:016x}", fnv1a(body.substr(0, before))))
            throw InputError("checksum mismatch: the file is damaged or was edited", t[1].line, t[1].column);
    }
    cp.n = parse_n(expect_key(lines[1], "n", 1)[1]);
    {
        const auto t = expect_key(lines[2], "shard", 1);
        cp.shard = parse_shard_at(t[1].text, t[1].line, t[1].column);
    }
    {
        const auto t = expect_key(lines[3], "split", 2);
        cp.depth = static_cast<int>(parse_u64(t[1], 2, "split depth"));
        cp.items = parse_u64(t[2], std::uint64_t{1} << 32, "number of sub-problems");
    }
    // The done list is read one token at a time: its length grows with the run, and nothing but
    // the ranges themselves is kept.
    bool key_seen = false;
    for_each_token(lines[4], [&](const Token& t) {
        if (!key_seen) {
            if (t.text != "done") throw InputError("expected 'done', found '" + quote(t.text) + "'", t.line, t.column);
            key_seen = true;
            return;
        }
        const auto dash = t.text.find('-');
        const Token first{t.text.substr(0, dash), t.line, t.column};
        const std::uint64_t a = parse_u64(first, cp.items == 0 ? 0 : cp.items - 1, "sub-problem");
        std::uint64_t b = a;
        if (dash != std::string_view::npos) {
            const Token last{t.text.substr(dash + 1), t.line, t.column + dash + 1};
            b = parse_u64(last, cp.items == 0 ? 0 : cp.items - 1, "sub-problem");
        }
        if (cp.items == 0) throw InputError("no sub-problem can be done in an empty shard", t.line, t.column);
        if (b < a) throw InputError("range '" + quote(t.text) + "' runs backwards", t.line, t.column);
        if (!cp.done.empty() && a <= cp.done.back().second)
            throw InputError("ranges must increase and not overlap", t.line, t.column);
        cp.done.emplace_back(a, b);
    });
    if (!key_seen) throw InputError("expected 'done'", lines[4].number, 1);
    Count* fields[] = {&cp.counts.total, &cp.counts.rot180, &cp.counts.rot90};
    for (int k = 0; k < 3; ++k) {
        const auto t = expect_key(lines[5 + k], keys[4 + k], 1);
        *fields[k] = parse_count(t[1].text, t[1].line, t[1].column);
    }
    return cp;
}

std::string format_partial(const Partial& p) {
    return "queens-partial n=" + std::to_string(p.n) + " shard=" + std::to_string(p.shard.index) + "/" +
           std::to_string(p.shard.count) + " count=" + to_string(p.counts.total) +
           " rot180=" + to_string(p.counts.rot180) + " rot90=" + to_string(p.counts.rot90) + "\n";
}

Partial parse_partial(std::string_view text) {
    const auto lines = content_lines(text, 2);
    if (lines.empty()) throw InputError("empty partial result (expected a 'queens-partial ...' line)", 1, 1);
    // Line 1 first: a file that is not a partial result at all is blamed where it starts.
    const auto t = expect_key(lines[0], "queens-partial", 5);
    if (lines.size() > 1) throw InputError("more than one line in a partial result", lines[1].number, 1);
    Partial p;
    const std::string_view nv = field(t[1], "n");
    p.n = parse_n(Token{nv, t[1].line, t[1].column + 2});
    p.shard = parse_shard_at(field(t[2], "shard"), t[2].line, t[2].column + 6);
    p.counts.total = parse_count(field(t[3], "count"), t[3].line, t[3].column + 6);
    p.counts.rot180 = parse_count(field(t[4], "rot180"), t[4].line, t[4].column + 7);
    p.counts.rot90 = parse_count(field(t[5], "rot90"), t[5].line, t[5].column + 6);
    return p;
}

}  // namespace bitsolve::queens

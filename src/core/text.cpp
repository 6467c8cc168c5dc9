#include "bitsolve/core/text.hpp"

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"

namespace bitsolve {

namespace {

std::string read_all(std::istream& in, std::size_t max_bytes, const std::string& name) {
    std::string data;
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0) {
        data.append(buf, static_cast<std::size_t>(in.gcount()));
        if (data.size() > max_bytes)
            throw InputError(name + ": input larger than " + std::to_string(max_bytes) + " bytes");
    }
    return data;
}

// Standard input read to its end with read(2): a signal that interrupts the wait (the front end's
// handlers do not restart it) ends the read with the stop it requested (LimitError), never with
// part of the input taken for all of it; a read error (stdin a directory) is named. The wait for
// input is polled every 50 ms, so that a stop requested by another thread (a time limit) ends a
// wait for input that does not come.
std::string read_stdin(std::size_t max_bytes) {
    std::string data;
    char buf[1 << 16];
    for (;;) {
        pollfd ready{STDIN_FILENO, POLLIN, 0};
        const int polled = ::poll(&ready, 1, 50);
        if (polled == 0 || (polled < 0 && errno == EINTR)) {
            check_stop();
            continue;
        }
        // Input, its end, or a poll error: the read below tells which.
        const ssize_t n = ::read(STDIN_FILENO, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) {
                check_stop();
                continue;
            }
            throw InputError("cannot read stdin: " + errno_text(errno));
        }
        data.append(buf, static_cast<std::size_t>(n));
        if (data.size() > max_bytes)
            throw InputError("stdin: input larger than " + std::to_string(max_bytes) + " bytes");
    }
    check_stop();  // a stop that came while the input arrived (a time limit, a signal between reads)
    return data;
}

bool is_blank(char c) { return c == ' ' || c == '\t'; }

}  // namespace

std::string read_input(const std::string& path, std::size_t max_bytes) {
    if (path.empty() || path == "-") return read_stdin(max_bytes);
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0)
        throw InputError("cannot open '" + quote(path, 200) + "': " + errno_text(errno));
    if (S_ISDIR(st.st_mode)) throw InputError("'" + quote(path, 200) + "' is a directory, not a file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw InputError("cannot read '" + quote(path, 200) + "': " + errno_text(errno));
    // Built by appending: `"'" + quote(...)` draws a false -Wrestrict from GCC 12 (its operator+
    // inserting at the front of the temporary, inlined into a bogus overlapping memcpy).
    std::string name = "'";
    name += quote(path, 200);
    name += '\'';
    return read_all(in, max_bytes, name);
}

std::string_view strip_bom(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    return text;
}

std::uint64_t fnv1a(std::string_view bytes, std::uint64_t h) {
    for (const char c : bytes) h = (h ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
    return h;
}

bool is_blank_or_comment(std::string_view line) {
    for (char c : line) {
        if (is_blank(c) || c == '\r') continue;
        return c == '#';
    }
    return true;
}

std::vector<Token> tokenize(const Line& line, std::size_t max_tokens) {
    std::vector<Token> tokens;
    const std::string_view s = line.text;
    std::size_t i = 0;
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (is_blank(s[i])) {
            ++i;
            continue;
        }
        if (c < 0x20 || c == 0x7F)
            throw InputError("unexpected control byte " + quote(s.substr(i, 1)), line.number, i + 1);
        std::size_t j = i;
        while (j < s.size() && !is_blank(s[j])) {
            const auto d = static_cast<unsigned char>(s[j]);
            if (d < 0x20 || d == 0x7F)
                throw InputError("unexpected control byte " + quote(s.substr(j, 1)), line.number, j + 1);
            ++j;
        }
        tokens.push_back({s.substr(i, j - i), line.number, i + 1});
        if (tokens.size() > max_tokens) break;
        i = j;
    }
    return tokens;
}

void throw_control_byte(const Line& line, std::size_t i) {
    throw InputError("unexpected control byte " + quote(line.text.substr(i, 1)), line.number, i + 1);
}

std::string read_stream(std::istream& in, const std::string& name, std::size_t max_bytes) {
    return read_all(in, max_bytes, name);
}

std::int64_t parse_int(const Token& token, std::int64_t lo, std::int64_t hi, std::string_view what) {
    std::string_view t = token.text;
    bool negative = false;
    if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
        negative = t[0] == '-';
        t.remove_prefix(1);
    }
    if (t.empty()) throw InputError("'" + quote(token.text) + "' is not a number", token.line, token.column);
    // Accumulate with saturation so that a 40-digit number is reported as out of range. The test
    // comes before the multiplication: value * 10 + d must never overflow (undefined behaviour).
    constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
    std::int64_t value = 0;
    bool overflow = false;
    for (char c : t) {
        if (c < '0' || c > '9')
            throw InputError("'" + quote(token.text) + "' is not a number", token.line, token.column);
        const int d = c - '0';
        if (overflow || value > (max - d) / 10) overflow = true;
        else value = value * 10 + d;
    }
    if (negative) value = -value;
    if (overflow || value < lo || value > hi)
        throw InputError(std::string(what) + " " + quote(token.text) + " out of range " + std::to_string(lo) + ".." +
                             std::to_string(hi),
                         token.line, token.column);
    return value;
}

std::string quote(std::string_view text, std::size_t max_chars) {
    std::string out;
    std::size_t shown = 0;
    for (char ch : text) {
        if (shown == max_chars) {
            out += "...";
            break;
        }
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x20 || c >= 0x7F) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02X", c);
            out += buf;
        } else {
            out += ch;
        }
        ++shown;
    }
    return out;
}

}  // namespace bitsolve

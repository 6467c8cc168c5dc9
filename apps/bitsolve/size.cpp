#include "size.hpp"

#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/queens/border.hpp"

namespace bitsolve::cli {

std::size_t parse_size(std::string_view text) {
    auto bad = [&] {
        // Quoted: the value comes from the command line and may hold control bytes.
        return UsageError("invalid size '" + quote(text, 40) +
                          "' (expected a number with an optional K, M, G or T suffix, e.g. 512M)");
    };
    if (text.empty() || text.size() > 32) throw bad();
    std::size_t i = 0;
    double value = 0;
    bool digits = false, dot = false;
    double scale = 1;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            digits = true;
            if (dot) {
                scale /= 10;
                value += (c - '0') * scale;
            } else {
                value = value * 10 + (c - '0');
            }
        } else if (c == '.' && !dot) {
            dot = true;
        } else {
            break;
        }
    }
    if (!digits) throw bad();
    std::string_view unit = text.substr(i);
    if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b')) unit.remove_suffix(1);
    if (unit == "i" || (unit.size() == 2 && unit[1] != 'i')) throw bad();
    if (unit.size() == 2) unit.remove_suffix(1);  // "Gi" -> "G"
    double mult = 1;
    if (unit.empty()) mult = 1;
    else if (unit == "K" || unit == "k") mult = 1024.0;
    else if (unit == "M" || unit == "m") mult = 1024.0 * 1024;
    else if (unit == "G" || unit == "g") mult = 1024.0 * 1024 * 1024;
    else if (unit == "T" || unit == "t") mult = 1024.0 * 1024 * 1024 * 1024;
    else throw bad();
    const double bytes = value * mult;
    if (bytes < 1 || bytes > 1e18) throw bad();
    return static_cast<std::size_t>(bytes);
}

int parse_board_size(std::string_view text, std::string_view program) {
    bool digits = !text.empty() && text.size() <= 4;
    int n = 0;
    for (const char c : text) {
        digits = digits && c >= '0' && c <= '9';
        if (digits) n = n * 10 + (c - '0');
    }
    if (!digits || n < 1 || n > queens::kMaxN)
        throw UsageError("N must be an integer from 1 to " + std::to_string(queens::kMaxN) + ", not '" + quote(text) +
                         "' (see " + std::string(program) + " queens --help)");
    return n;
}

}  // namespace bitsolve::cli

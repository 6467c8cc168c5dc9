#include "bitsolve/sliding/pdb/pattern.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {

std::uint64_t PatternSpec::entries() const { return kperm_count(size(), k()); }

unsigned PatternSpec::fields() const { return zero_aware ? max_blank_regions(geometry(), k()) : 1; }

std::string PatternSpec::key() const {
    std::string s = std::to_string(rows) + "x" + std::to_string(cols) + "-b" + std::to_string(blank_goal) + "-";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) s += '.';
        s += std::to_string(cells[i]);
    }
    if (zero_aware) s += "-z";
    return s;
}

std::string spec_problem(const PatternSpec& spec) {
    if (spec.rows < kMinSide || spec.rows > kMaxSide || spec.cols < kMinSide || spec.cols > kMaxSide)
        return "board size out of range 2..5";
    if (spec.blank_goal >= spec.size()) return "blank goal cell out of range";
    if (spec.cells.empty() || spec.cells.size() > kMaxPatternTiles) return "pattern must have 1..8 tiles";
    if (spec.cells.size() + 2 > spec.size()) return "pattern leaves fewer than two other cells";
    std::uint32_t seen = 1u << spec.blank_goal;
    for (auto c : spec.cells) {
        if (c >= spec.size()) return "pattern cell out of range";
        if (seen >> c & 1u) return "pattern cell repeated or on the blank's goal";
        seen |= 1u << c;
    }
    return {};
}

CellMasks::CellMasks(Geometry g)
    : rows(static_cast<unsigned>(g.rows)),
      cols(static_cast<unsigned>(g.cols)),
      n(static_cast<unsigned>(g.cells())) {
    const unsigned c = cols;
    all = n >= 32 ? ~0u : (1u << n) - 1u;
    not_first_col = 0;
    not_last_col = 0;
    for (unsigned cell = 0; cell < n; ++cell) {
        if (cell % c != 0) not_first_col |= 1u << cell;
        if (cell % c != c - 1) not_last_col |= 1u << cell;
    }
}

namespace {

// Calls f(set) for every set of k of the board's n cells (1 <= k <= n), as a bit mask, in
// increasing order.
template <class F>
void for_each_cell_set(unsigned n, unsigned k, F&& f) {
    if (k == 0 || k > n) return;
    const std::uint64_t end = std::uint64_t{1} << n;
    for (std::uint64_t set = (std::uint64_t{1} << k) - 1; set < end;) {
        f(static_cast<std::uint32_t>(set));
        // The next set of k bits: add the lowest bit, and put the ones the carry cleared back at
        // the bottom.
        const std::uint64_t ripple = set + (set & (~set + 1));
        set = (((ripple ^ set) >> 2) >> std::countr_zero(set)) | ripple;
    }
}

}  // namespace

unsigned max_blank_regions(Geometry g, unsigned k) {
    // At most C(25, 8), about a million sets, in a fraction of a second; remembered per size.
    static std::mutex mutex;
    static std::map<std::array<int, 3>, unsigned> known;
    const std::lock_guard<std::mutex> lock(mutex);
    const std::array<int, 3> key{g.rows, g.cols, static_cast<int>(k)};
    if (const auto it = known.find(key); it != known.end()) return it->second;
    const CellMasks geo(g);
    unsigned most = 1;
    for_each_cell_set(geo.n, k, [&](std::uint32_t set) { most = std::max(most, geo.regions(geo.all & ~set)); });
    return known[key] = most;
}

RegionLabels::RegionLabels(Geometry g, unsigned k) : k_(k) {
    for (unsigned c = 0; c < 32; ++c) {
        binom_[c][0] = 1;
        for (unsigned i = 1; i <= kMaxPatternTiles; ++i)
            binom_[c][i] = c == 0 ? 0 : binom_[c - 1][i - 1] + binom_[c - 1][i];
    }
    const CellMasks geo(g);
    rows_.resize(binom_[geo.n][k]);
    for_each_cell_set(geo.n, k, [&](std::uint32_t set) {
        const std::uint32_t free_cells = geo.all & ~set;
        auto& row = rows_[rank(set)];
        std::uint32_t rest = free_cells;
        int most = 0;
        for (unsigned ordinal = 0; rest; ++ordinal) {
            std::uint32_t region = geo.flood(rest & (~rest + 1u), free_cells);
            rest &= ~region;
            if (std::popcount(region) > most) {
                most = std::popcount(region);
                row[15] = static_cast<std::uint8_t>(ordinal);
            }
            if (ordinal == 1) ++several_;
            for (; region; region &= region - 1) {
                const unsigned c = static_cast<unsigned>(std::countr_zero(region));
                row[c / 2] = static_cast<std::uint8_t>(row[c / 2] | (ordinal << (4 * (c & 1))));
            }
        }
    });
}

namespace {

struct NamedPartition {
    const char* name;
    unsigned rows, cols;
    std::vector<std::vector<std::uint8_t>> groups;  // goal cells, blank's goal in cell 0
    bool zero_aware = false;                        // PatternSpec::zero_aware
};

// Compact blocks of neighbouring goal cells: tiles that block each other belong together,
// which is where a pattern database beats Manhattan distance.
const std::vector<NamedPartition>& partitions() {
    static const std::vector<NamedPartition> p = {
        {"pdb555", 4, 4, {{1, 2, 3, 6, 7}, {4, 5, 8, 9, 12}, {10, 11, 13, 14, 15}}},
        {"pdb663", 4, 4, {{1, 2, 3, 5, 6, 7}, {9, 10, 11, 13, 14, 15}, {4, 8, 12}}},
        {"pdb78", 4, 4, {{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
        {"pdb6666",
         5,
         5,
         {{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}},
        // The same groups, zero-aware: five entries a placement (637.6 MB a table), and the
        // region of the blank looked up from a table of every set of six occupied cells.
        {"zpdb6666",
         5,
         5,
         {{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}},
         true},
        // 6-6-6-6 with one tile of the last group given to each of the others, next to one of its
        // tiles: three 7-tile tables (2.4 G entries each) and the 3-tile corner that is left.
        {"pdb7773",
         5,
         5,
         {{1, 2, 5, 6, 7, 12, 17}, {3, 4, 8, 9, 13, 14, 19}, {10, 11, 15, 16, 20, 21, 22}, {18, 23, 24}}},
    };
    return p;
}

// The partition of that name (a -dual suffix ignored), or null.
const NamedPartition* find_partition(std::string_view name) {
    name = partition_base(name);
    for (const auto& p : partitions())
        if (p.name == name) return &p;
    return nullptr;
}

// The parts of a name joined by '+' (a "-dual" suffix stays on the last).
std::vector<std::string_view> split_name(std::string_view name) {
    std::vector<std::string_view> parts;
    for (;;) {
        const std::size_t at = name.find(kPartitionJoin);
        parts.push_back(name.substr(0, at));
        if (at == std::string_view::npos) return parts;
        name.remove_prefix(at + 1);
    }
}

// The partitions a valid name joins; throws UsageError with partition_name_problem's text.
std::vector<const NamedPartition*> find_partitions(std::string_view name) {
    if (const std::string problem = partition_name_problem(name); !problem.empty()) throw UsageError(problem);
    std::vector<const NamedPartition*> found;
    for (const auto part : split_name(name)) found.push_back(find_partition(part));
    return found;
}

// A catalogue's text (at most 1 MiB: a catalogue is a few lines).
std::string read_catalogue_file(std::string_view path) {
    try {
        return read_input(std::string(path), std::size_t{1} << 20);
    } catch (const InputError& e) {
        throw InputError("catalogue: " + e.message());
    }
}

// The board size and groups a name stands for: a catalogue's (its file read and parsed), or the
// named partitions'.
Catalogue resolve(std::string_view name) {
    if (is_catalogue_name(name)) {
        const std::string_view path = name.substr(kCataloguePrefix.size());
        const std::string text = read_catalogue_file(path);
        try {
            return parse_catalogue(text);
        } catch (const InputError& e) {
            throw InputError("catalogue '" + quote(path, 200) + "': " + e.message(), e.line(), e.column());
        }
    }
    Catalogue c;
    for (const NamedPartition* p : find_partitions(name)) {
        c.geo = Geometry{static_cast<int>(p->rows), static_cast<int>(p->cols)};
        c.partitions.push_back(p->groups);
        c.zero_aware.push_back(p->zero_aware);
    }
    return c;
}

// One token of a catalogue line: its text and 1-based column.
struct Token {
    std::string_view text;
    std::size_t column;
};

std::vector<Token> tokens(std::string_view line) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < line.size() && line[i] != '#') {  // '#' starts a comment
        if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
            ++i;
            continue;
        }
        std::size_t j = i + 1;
        if (line[i] != '|')
            while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r' && line[j] != '|' &&
                   line[j] != '#')
                ++j;
        out.push_back({line.substr(i, j - i), i + 1});
        i = j;
    }
    return out;
}

// A number 0..999 written in decimal digits, or -1.
int small_number(std::string_view t) {
    if (t.empty() || t.size() > 3) return -1;
    int v = 0;
    for (char ch : t) {
        if (ch < '0' || ch > '9') return -1;
        v = v * 10 + (ch - '0');
    }
    return v;
}

}  // namespace

bool is_catalogue_name(std::string_view name) {
    return name.size() >= kCataloguePrefix.size() && name.substr(0, kCataloguePrefix.size()) == kCataloguePrefix;
}

Catalogue parse_catalogue(std::string_view text) {
    Catalogue cat;
    bool sized = false;
    std::size_t line_no = 0, last = 0;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        const std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
        ++line_no;
        const std::vector<Token> t = tokens(line);
        if (t.empty()) continue;
        last = line_no;
        if (!sized) {
            const std::string_view g = t.size() > 1 ? t[1].text : std::string_view{};
            const std::size_t x = g.find('x');
            const int rows = x == std::string_view::npos ? -1 : small_number(g.substr(0, x));
            const int cols = x == std::string_view::npos ? -1 : small_number(g.substr(x + 1));
            if (t[0].text != "size" || t.size() != 2 || rows < kMinSide || rows > kMaxSide || cols < kMinSide ||
                cols > kMaxSide)
                throw InputError("the first line must be \"size RxC\" with sides 2..5", line_no, t[0].column);
            cat.geo = Geometry{rows, cols};
            sized = true;
            continue;
        }
        const unsigned n = static_cast<unsigned>(cat.geo.cells());
        if (cat.partitions.size() == kMaxPartitions)
            throw InputError("more than " + std::to_string(kMaxPartitions) + " partitions", line_no, t[0].column);
        std::vector<std::vector<std::uint8_t>> groups(1);
        std::uint32_t seen = 0;
        const bool zero_aware = t[0].text == kZeroAwareWord;
        if (zero_aware && t.size() == 1)
            throw InputError("\"" + std::string(kZeroAwareWord) + "\" needs a partition after it on its line", line_no,
                             t[0].column);
        for (std::size_t i = zero_aware ? 1 : 0; i < t.size(); ++i) {
            const Token& tok = t[i];
            if (tok.text == kZeroAwareWord)
                throw InputError("\"" + std::string(kZeroAwareWord) + "\" goes first on its line", line_no, tok.column);
            if (tok.text == "|") {
                if (groups.back().empty()) throw InputError("an empty group", line_no, tok.column);
                if (groups.size() == kMaxPatterns)
                    throw InputError("more than " + std::to_string(kMaxPatterns) + " groups", line_no, tok.column);
                groups.emplace_back();
                continue;
            }
            const int cell = small_number(tok.text);
            if (cell < 1 || static_cast<unsigned>(cell) >= n)
                throw InputError("'" + quote(tok.text) + "' is not a cell 1.." + std::to_string(n - 1) +
                                     " (cell 0 is the blank's goal)",
                                 line_no, tok.column);
            if (seen >> cell & 1u) throw InputError("cell " + std::to_string(cell) + " repeated", line_no, tok.column);
            if (groups.back().size() == kMaxPatternTiles)
                throw InputError("a group of more than " + std::to_string(kMaxPatternTiles) + " cells", line_no,
                                 tok.column);
            seen |= 1u << cell;
            groups.back().push_back(static_cast<std::uint8_t>(cell));
        }
        if (groups.back().empty()) throw InputError("an empty group", line_no, line.size() + 1);
        for (unsigned c = 1; c < n; ++c)
            if (!(seen >> c & 1u))
                throw InputError("cell " + std::to_string(c) + " is in no group", line_no, line.size() + 1);
        for (const auto& g : groups)
            if (g.size() + 2 > n) throw InputError("a group leaves fewer than two other cells", line_no, 1);
        cat.partitions.push_back(std::move(groups));
        cat.zero_aware.push_back(zero_aware);
    }
    if (!sized) throw InputError("no \"size RxC\" line");
    if (cat.partitions.empty()) throw InputError("no partition after the size line", last, 1);
    return cat;
}

const std::vector<std::string>& partition_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& p : partitions()) v.emplace_back(p.name);
        return v;
    }();
    return names;
}

bool is_dual_name(std::string_view name) {
    return !is_catalogue_name(name) && name.size() > kDualSuffix.size() &&
           name.substr(name.size() - kDualSuffix.size()) == kDualSuffix;
}

std::string_view partition_base(std::string_view name) {
    return is_dual_name(name) ? name.substr(0, name.size() - kDualSuffix.size()) : name;
}

std::string partition_name_problem(std::string_view name) {
    if (is_catalogue_name(name))
        return name.size() > kCataloguePrefix.size() ? std::string() : "a catalogue name needs a file: catalogue:FILE";
    const std::vector<std::string_view> parts = split_name(name);
    if (parts.size() == 1) {
        const NamedPartition* p = find_partition(name);
        if (!p) return "unknown pattern database '" + quote(name, 60) + "'";
        if (p->zero_aware && is_dual_name(name))
            return "dual lookups need tables of minima, and " + quote(partition_base(name), 60) + " is zero-aware";
        return {};
    }
    if (is_dual_name(name))
        return "dual lookups take a single partition, not a maximum over several ('" + quote(name, 60) + "')";
    if (parts.size() > kMaxPartitions)
        return "at most " + std::to_string(kMaxPartitions) + " partitions joined by '+', not " +
               std::to_string(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const NamedPartition* p = find_partition(parts[i]);
        if (!p || is_dual_name(parts[i]))
            return "unknown pattern database '" + quote(parts[i], 60) + "' in '" + quote(name, 60) + "'";
        const NamedPartition* first = find_partition(parts[0]);
        if (p->rows != first->rows || p->cols != first->cols)
            return quote(parts[0], 60) + " and " + quote(parts[i], 60) + " are for boards of different sizes";
        for (std::size_t j = 0; j < i; ++j)
            if (parts[j] == parts[i]) return quote(parts[i], 60) + " appears twice in '" + quote(name, 60) + "'";
    }
    return {};
}

bool partition_fits(std::string_view name, Geometry g) {
    if (!partition_name_problem(name).empty()) return false;
    return resolve(name).geo == g;
}

Geometry partition_geometry(std::string_view name) { return resolve(name).geo; }

std::string_view best_partition(Geometry g) {
    if (g == Geometry{4, 4}) return "pdb78";
    if (g == Geometry{5, 5}) return "zpdb6666";
    return {};
}

int best_prune_depth(Geometry g) { return g == Geometry{5, 5} ? 12 : 2; }

std::vector<std::vector<PatternSpec>> named_partitions(std::string_view name, Geometry geo, unsigned blank_goal) {
    const unsigned rows = static_cast<unsigned>(geo.rows), cols = static_cast<unsigned>(geo.cols);
    const Catalogue found = resolve(name);
    if (!(found.geo == geo))
        throw UsageError(quote(partition_base(name), 200) + " is for " + std::to_string(found.geo.rows) + "x" +
                         std::to_string(found.geo.cols) + " boards, not " + std::to_string(rows) + "x" +
                         std::to_string(cols));
    const unsigned n = rows * cols;
    if (blank_goal != 0 && blank_goal != n - 1)
        throw UsageError("pattern databases need a goal with the blank first or last");
    std::vector<std::vector<PatternSpec>> out;
    for (std::size_t q = 0; q < found.partitions.size(); ++q) {
        std::vector<PatternSpec> specs;
        for (const auto& g : found.partitions[q]) {
            PatternSpec s;
            s.zero_aware = found.zero_aware[q];
            s.rows = static_cast<std::uint8_t>(rows);
            s.cols = static_cast<std::uint8_t>(cols);
            s.blank_goal = static_cast<std::uint8_t>(blank_goal);
            for (auto c : g) s.cells.push_back(static_cast<std::uint8_t>(blank_goal == 0 ? c : n - 1 - c));
            specs.push_back(std::move(s));
        }
        out.push_back(std::move(specs));
    }
    return out;
}

std::vector<PatternSpec> named_partition(std::string_view name, Geometry geo, unsigned blank_goal) {
    std::vector<PatternSpec> specs;
    for (auto& partition : named_partitions(name, geo, blank_goal))
        for (auto& s : partition)
            if (std::find(specs.begin(), specs.end(), s) == specs.end()) specs.push_back(std::move(s));
    return specs;
}

}  // namespace bitsolve::sliding::pdb

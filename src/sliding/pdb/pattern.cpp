#include "bitsolve/sliding/pdb/pattern.hpp"

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {

std::uint64_t PatternSpec::entries() const { return kperm_count(size(), k()); }

std::string PatternSpec::key() const {
    std::string s = std::to_string(rows) + "x" + std::to_string(cols) + "-b" + std::to_string(blank_goal) + "-";
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i) s += '.';
        s += std::to_string(cells[i]);
    }
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

struct NamedPartition {
    const char* name;
    unsigned rows, cols;
    std::vector<std::vector<std::uint8_t>> groups;  // goal cells, blank's goal in cell 0
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

}  // namespace

const std::vector<std::string>& partition_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> v;
        for (const auto& p : partitions()) v.emplace_back(p.name);
        return v;
    }();
    return names;
}

bool is_dual_name(std::string_view name) {
    return name.size() > kDualSuffix.size() && name.substr(name.size() - kDualSuffix.size()) == kDualSuffix;
}

std::string_view partition_base(std::string_view name) {
    return is_dual_name(name) ? name.substr(0, name.size() - kDualSuffix.size()) : name;
}

bool partition_fits(std::string_view name, Geometry g) {
    const NamedPartition* p = find_partition(name);
    return p && static_cast<int>(p->rows) == g.rows && static_cast<int>(p->cols) == g.cols;
}

Geometry partition_geometry(std::string_view name) {
    const NamedPartition* p = find_partition(name);
    if (!p) throw UsageError("unknown pattern database '" + std::string(name) + "'");
    return Geometry{static_cast<int>(p->rows), static_cast<int>(p->cols)};
}

std::string_view best_partition(Geometry g) {
    if (g == Geometry{4, 4}) return "pdb78";
    if (g == Geometry{5, 5}) return "pdb6666";
    return {};
}

int best_prune_depth(Geometry g) { return g == Geometry{5, 5} ? 12 : 2; }

std::vector<PatternSpec> named_partition(std::string_view name, Geometry geo, unsigned blank_goal) {
    const unsigned rows = static_cast<unsigned>(geo.rows), cols = static_cast<unsigned>(geo.cols);
    const NamedPartition* found = find_partition(name);
    name = partition_base(name);
    if (!found) throw UsageError("unknown pattern database '" + std::string(name) + "'");
    if (found->rows != rows || found->cols != cols)
        throw UsageError(std::string(name) + " is for " + std::to_string(found->rows) + "x" +
                         std::to_string(found->cols) + " boards, not " + std::to_string(rows) + "x" +
                         std::to_string(cols));
    const unsigned n = rows * cols;
    if (blank_goal != 0 && blank_goal != n - 1)
        throw UsageError("pattern databases need a goal with the blank first or last");
    std::vector<PatternSpec> specs;
    for (const auto& g : found->groups) {
        PatternSpec s;
        s.rows = static_cast<std::uint8_t>(rows);
        s.cols = static_cast<std::uint8_t>(cols);
        s.blank_goal = static_cast<std::uint8_t>(blank_goal);
        for (auto c : g) s.cells.push_back(static_cast<std::uint8_t>(blank_goal == 0 ? c : n - 1 - c));
        specs.push_back(std::move(s));
    }
    return specs;
}

}  // namespace bitsolve::sliding::pdb

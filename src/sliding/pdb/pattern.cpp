#include "bitsolve/sliding/pdb/pattern.hpp"

#include <algorithm>

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

std::string partition_name_problem(std::string_view name) {
    const std::vector<std::string_view> parts = split_name(name);
    if (parts.size() == 1)
        return find_partition(name) ? std::string() : "unknown pattern database '" + std::string(name) + "'";
    if (is_dual_name(name))
        return "dual lookups take a single partition, not a maximum over several ('" + std::string(name) + "')";
    if (parts.size() > kMaxPartitions)
        return "at most " + std::to_string(kMaxPartitions) + " partitions joined by '+', not " +
               std::to_string(parts.size());
    for (std::size_t i = 0; i < parts.size(); ++i) {
        const NamedPartition* p = find_partition(parts[i]);
        if (!p || is_dual_name(parts[i]))
            return "unknown pattern database '" + std::string(parts[i]) + "' in '" + std::string(name) + "'";
        const NamedPartition* first = find_partition(parts[0]);
        if (p->rows != first->rows || p->cols != first->cols)
            return std::string(parts[0]) + " and " + std::string(parts[i]) + " are for boards of different sizes";
        for (std::size_t j = 0; j < i; ++j)
            if (parts[j] == parts[i]) return std::string(parts[i]) + " appears twice in '" + std::string(name) + "'";
    }
    return {};
}

bool partition_fits(std::string_view name, Geometry g) {
    if (!partition_name_problem(name).empty()) return false;
    const NamedPartition* p = find_partition(split_name(name)[0]);
    return static_cast<int>(p->rows) == g.rows && static_cast<int>(p->cols) == g.cols;
}

Geometry partition_geometry(std::string_view name) {
    const NamedPartition* p = find_partitions(name)[0];
    return Geometry{static_cast<int>(p->rows), static_cast<int>(p->cols)};
}

std::string_view best_partition(Geometry g) {
    if (g == Geometry{4, 4}) return "pdb78";
    if (g == Geometry{5, 5}) return "pdb6666";
    return {};
}

int best_prune_depth(Geometry g) { return g == Geometry{5, 5} ? 12 : 2; }

std::vector<std::vector<PatternSpec>> named_partitions(std::string_view name, Geometry geo, unsigned blank_goal) {
    const unsigned rows = static_cast<unsigned>(geo.rows), cols = static_cast<unsigned>(geo.cols);
    const std::vector<const NamedPartition*> found = find_partitions(name);
    if (found[0]->rows != rows || found[0]->cols != cols)
        throw UsageError(std::string(partition_base(name)) + " is for " + std::to_string(found[0]->rows) + "x" +
                         std::to_string(found[0]->cols) + " boards, not " + std::to_string(rows) + "x" +
                         std::to_string(cols));
    const unsigned n = rows * cols;
    if (blank_goal != 0 && blank_goal != n - 1)
        throw UsageError("pattern databases need a goal with the blank first or last");
    std::vector<std::vector<PatternSpec>> out;
    for (const NamedPartition* p : found) {
        std::vector<PatternSpec> specs;
        for (const auto& g : p->groups) {
            PatternSpec s;
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

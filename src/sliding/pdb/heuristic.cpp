#include "bitsolve/sliding/pdb/heuristic.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/core/parallel.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"

namespace bitsolve::sliding::pdb {

PdbHeuristic::PdbHeuristic(const Board& goal, PdbSet set, bool reflect, bool dual)
    : PdbHeuristic(goal, std::vector<PdbSet>{std::move(set)}, reflect, dual) {}

PdbHeuristic::PdbHeuristic(const Board& goal, std::vector<PdbSet> partitions, bool reflect, bool dual)
    : goal_(goal),
      n_(static_cast<unsigned>(goal.cells())),
      sets_(std::move(partitions)),
      dual_(dual) {
    if (!is_valid(goal_)) throw UsageError("the goal is not a valid board");
    const unsigned rows = static_cast<unsigned>(goal_.geo.rows), cols = static_cast<unsigned>(goal_.geo.cols);
    if (sets_.empty() || sets_.size() > kMaxPartitions) throw UsageError("bad number of partitions");
    if (dual_ && sets_.size() > 1) throw UsageError("dual lookups take a single partition");
    std::uint8_t goal_cell[kMaxCells] = {};
    unsigned blank = n_;
    for (unsigned c = 0; c < n_; ++c) {
        goal_cell[goal_.tiles[c]] = static_cast<std::uint8_t>(c);
        if (goal_.tiles[c] == 0) blank = c;
    }
    for (unsigned q = 0; q < sets_.size(); ++q) {
        const PdbSet& set = sets_[q];
        if (set.tables.empty() || set.tables.size() > kMaxPatterns) throw UsageError("bad number of pattern tables");
        if (!set.lookups.empty() && set.lookups.size() != set.tables.size())
            throw UsageError("lookup forms given for some pattern tables only");
        for (unsigned t = 0; t < n_; ++t) pattern_[q][t] = 0xFF;
        for (unsigned p = 0; p < set.tables.size(); ++p) {
            const PatternSpec& s = set.tables[p]->spec;
            const ZeroAwareLookup* form = set.lookups.empty() ? nullptr : set.lookups[p].get();
            if (form && form->spec != s) throw UsageError("lookup form does not fit pattern database " + s.key());
            if (s.rows != rows || s.cols != cols || s.blank_goal != blank ||
                (!form && set.tables[p]->data.size() != s.table_entries()))
                throw UsageError("pattern database " + s.key() + " does not fit this board and goal");
            if (s.zero_aware != set.tables[0]->spec.zero_aware)
                throw UsageError("a partition mixes zero-aware tables with tables of minima");
            if (s.zero_aware && dual_)
                throw UsageError("dual lookups need tables of minima, not zero-aware ones (" + s.key() + ")");
            fields_[q][p] = static_cast<std::uint8_t>(s.fields());
            if (s.zero_aware && !labels_[s.k()])
                labels_[s.k()] = std::make_shared<const RegionLabels>(goal_.geo, s.k());
            for (unsigned i = 0; i < s.k(); ++i) {
                const unsigned tile = goal_.tiles[s.cells[i]];
                if (pattern_[q][tile] != 0xFF) throw UsageError("pattern databases overlap");
                pattern_[q][tile] = static_cast<std::uint8_t>(p);
                slot_[q][tile] = static_cast<std::uint8_t>(i);
            }
        }
        for (unsigned t = 1; t < n_; ++t)
            if (pattern_[q][t] == 0xFF) throw UsageError("pattern databases do not cover every tile");
    }
    // Zero-aware tables are kept in their lookup form only (table.hpp), built a table per core: the
    // heuristic lets go of each table's own bytes as soon as its form is built (freed unless the
    // caller holds them too). A table that two partitions share gets one form.
    struct Shared {
        unsigned q, p;
        std::size_t built;  // the index in to_build of the same table
    };
    std::vector<std::pair<unsigned, unsigned>> to_build;
    std::vector<Shared> shared;
    for (unsigned q = 0; q < sets_.size(); ++q) {
        for (unsigned p = 0; p < sets_[q].tables.size(); ++p) {
            if (!sets_[q].tables[p]->spec.zero_aware) continue;
            if (!sets_[q].lookups.empty() && sets_[q].lookups[p]) {  // given
                lookups_[q][p] = sets_[q].lookups[p];
                sets_[q].tables[p] = std::make_shared<const PdbTable>(PdbTable{sets_[q].tables[p]->spec, {}});
                continue;
            }
            std::size_t i = 0;
            while (i < to_build.size() &&
                   sets_[to_build[i].first].tables[to_build[i].second]->spec != sets_[q].tables[p]->spec)
                ++i;
            if (i == to_build.size()) to_build.emplace_back(q, p);
            else shared.push_back({q, p, i});
        }
    }
    parallel_for(to_build.size(), 0, [&](std::size_t i) {
        const auto [q, p] = to_build[i];
        const PdbTable& t = *sets_[q].tables[p];
        lookups_[q][p] = std::make_shared<const ZeroAwareLookup>(make_zero_aware_lookup(t, *labels_[t.spec.k()]));
        sets_[q].tables[p] = std::make_shared<const PdbTable>(PdbTable{t.spec, {}});
    });
    check_stop();  // a stop leaves forms unbuilt
    for (const Shared& s : shared) {
        const auto [q2, p2] = to_build[s.built];
        lookups_[s.q][s.p] = lookups_[q2][p2];
        sets_[s.q].tables[s.p] = std::make_shared<const PdbTable>(PdbTable{sets_[s.q].tables[s.p]->spec, {}});
    }
    for (PdbSet& set : sets_) set.lookups.clear();  // lookups_ holds the forms
    // Reflection needs a square board and the blank's goal on the diagonal.
    reflect_ = reflect && rows == cols && blank / cols == blank % cols;
    for (unsigned c = 0; c < n_; ++c)
        transpose_[c] = static_cast<std::uint8_t>(reflect_ ? (c % cols) * cols + c / cols : c);
    for (unsigned t = 0; t < n_; ++t) sigma_[t] = goal_.tiles[transpose_[goal_cell[t]]];
    for (unsigned t = 0; t < n_; ++t) goal_cell_[t] = goal_cell[t];
    // The region of the blank's goal cell left free by each pattern's tiles on their goal cells.
    const CellMasks geo(goal_.geo);
    for (unsigned p = 0; p < patterns(); ++p) {
        std::uint32_t used = 0;
        for (auto c : sets_[0].tables[p]->spec.cells) used |= 1u << c;
        dual_safe_[p] = geo.flood(1u << blank, geo.all & ~used);
    }
    // What the searches hold: each table's entries and each lookup form once, however many
    // partitions share them.
    std::vector<const void*> counted;
    std::size_t bytes = 0;
    auto count = [&counted, &bytes](const void* what, std::size_t size) {
        if (!what || size == 0 || std::find(counted.begin(), counted.end(), what) != counted.end()) return;
        counted.push_back(what);
        bytes += size;
    };
    for (unsigned q = 0; q < sets_.size(); ++q)
        for (unsigned p = 0; p < sets_[q].tables.size(); ++p) {
            count(sets_[q].tables[p].get(), sets_[q].tables[p]->data.size());
            if (const ZeroAwareLookup* z = lookups_[q][p].get()) count(z, z->bytes());
        }
    hold_.hold(bytes, "the pattern databases");
}

int PdbHeuristic::plain_sum(const Tile* board, unsigned part) const {
    std::uint8_t pos[kMaxPatterns][kMaxPatternTiles];
    std::uint32_t occupied[kMaxPatterns] = {};
    unsigned blank = 0;
    for (unsigned c = 0; c < n_; ++c) {
        if (board[c] == 0) {
            blank = c;
            continue;
        }
        const unsigned p = pattern_[part][board[c]];
        pos[p][slot_[part][board[c]]] = static_cast<std::uint8_t>(c);
        occupied[p] |= 1u << c;
    }
    int h = 0;
    for (unsigned p = 0; p < patterns(part); ++p) {
        const unsigned k = pattern_size(p, part);
        const std::uint64_t rank = rank_kperm(pos[p], k, n_);
        h += zero_aware(part) ? lookups_[part][p]->at(rank, labels_[k]->row(occupied[p]), blank) : table(p, part)[rank];
    }
    return h;
}

int PdbHeuristic::plain_sum(const Board& board, unsigned part) const { return plain_sum(board.tiles.data(), part); }

int PdbHeuristic::reflected_sum(const Board& board, unsigned part) const {
    Tile reflected[kMaxCells] = {};
    reflect_board(board, reflected);
    return plain_sum(reflected, part);
}

void PdbHeuristic::reflect_board(const Board& board, Tile* out) const {
    // The reflected board has sigma(t) on transpose(c) wherever t is on c.
    for (unsigned c = 0; c < n_; ++c) out[transpose_[c]] = sigma_[board.tiles[c]];
}

int PdbHeuristic::dual_sum(const Tile* board) const {
    if (zero_aware(0)) throw UsageError("dual lookups need tables of minima, not zero-aware ones");
    unsigned blank = 0;
    while (board[blank] != 0) ++blank;
    const unsigned cols = static_cast<unsigned>(goal_.geo.cols);
    int h = 0;
    for (unsigned p = 0; p < patterns(); ++p) {
        const std::uint8_t* cells = pattern_cells(p);
        std::uint8_t pos[kMaxPatternTiles] = {};
        for (unsigned i = 0; i < pattern_size(p); ++i) pos[i] = goal_cell_[board[cells[i]]];
        if (dual_safe_[p] >> blank & 1u) {
            h += table(p)[rank_kperm(pos, pattern_size(p), n_)];
            continue;
        }
        // Manhattan distances of the pattern's objects other than the blank (object `blank`).
        for (unsigned i = 0; i < pattern_size(p); ++i) {
            if (cells[i] == blank) continue;
            const int dr = static_cast<int>(pos[i] / cols) - static_cast<int>(cells[i] / cols);
            const int dc = static_cast<int>(pos[i] % cols) - static_cast<int>(cells[i] % cols);
            h += (dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc);
        }
    }
    return h;
}

int PdbHeuristic::dual_sum(const Board& board) const { return dual_sum(board.tiles.data()); }

int PdbHeuristic::reflected_dual_sum(const Board& board) const {
    Tile reflected[kMaxCells] = {};
    reflect_board(board, reflected);
    return dual_sum(reflected);
}

int PdbHeuristic::evaluate(const Board& board) const {
    int h = 0;
    for (unsigned q = 0; q < partitions(); ++q) {
        h = std::max(h, plain_sum(board, q));
        if (reflect_) h = std::max(h, reflected_sum(board, q));
    }
    if (dual_) h = std::max(h, dual_sum(board));
    if (dual_ && reflect_) h = std::max(h, reflected_dual_sum(board));
    return h;
}

}  // namespace bitsolve::sliding::pdb

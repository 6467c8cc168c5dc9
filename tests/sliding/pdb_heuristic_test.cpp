// The heuristic: zero exactly at the goal, admissible against exact BFS distances on every board
// of 3x3 and 2x4 (additivity of disjoint patterns), reflection a true symmetry, the dual lookups
// admissible too (and the dual board as far as the board when the blank is home), and the named
// partitions well formed for both goal conventions.
#include <gtest/gtest.h>

#include <unistd.h>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <tuple>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/sliding/pdb/heuristic.hpp"
#include "bitsolve/sliding/pdb/pattern.hpp"
#include "bitsolve/sliding/pdb/rank.hpp"
#include "pdb_test_util.hpp"

using namespace bitsolve::sliding::pdb;
using bitsolve::sliding::Board;
using bitsolve::sliding::Geometry;

namespace {

struct Case {
    unsigned rows, cols;
    bool blank_first;
    std::vector<std::vector<std::uint8_t>> groups;  // goal cells
};

// A case's board size, goal, the blank's goal cell and pattern specs.
struct Setup {
    unsigned n;
    Geometry geo;
    Board goal;
    unsigned blank_goal;
    std::vector<PatternSpec> specs;
};

Setup setup(const Case& c) {
    Setup s;
    s.n = c.rows * c.cols;
    s.geo = Geometry{static_cast<int>(c.rows), static_cast<int>(c.cols)};
    s.goal = c.blank_first ? bitsolve::sliding::blank_first_goal(s.geo) : bitsolve::sliding::blank_last_goal(s.geo);
    s.blank_goal = c.blank_first ? 0 : s.n - 1;
    for (const auto& g : c.groups) s.specs.push_back(pdbtest::spec(c.rows, c.cols, s.blank_goal, g));
    return s;
}

void check_admissible(const Case& c) {
    const Setup s = setup(c);
    const unsigned n = s.n;
    const Geometry geo = s.geo;
    const PdbHeuristic h(s.goal, pdbtest::build_set(s.specs));
    const PdbHeuristic single(s.goal, pdbtest::build_set(s.specs), false);
    EXPECT_EQ(h.reflects(), c.rows == c.cols);
    const auto dist = pdbtest::exact_distances(s.goal);
    std::uint64_t sum_h = 0, sum_d = 0, reflected_better = 0;
    for (const auto& [key, d] : dist) {
        const Board b = pdbtest::unpack(key, geo);
        const int v = h.evaluate(b);
        ASSERT_LE(v, d) << "inadmissible";
        ASSERT_EQ(v == 0, d == 0);
        ASSERT_EQ(single.evaluate(b), h.plain_sum(b));
        ASSERT_GE(v, single.evaluate(b));
        if (h.reflects()) {
            // The reflected board is at the same distance (reflection is a symmetry of the puzzle).
            Board r;
            r.geo = geo;
            for (unsigned cell = 0; cell < n; ++cell) r.tiles[h.transpose(cell)] = h.sigma(b.tiles[cell]);
            ASSERT_EQ(dist.at(pdbtest::pack(r)), d);
            ASSERT_EQ(h.reflected_sum(b), h.plain_sum(r));
            if (h.reflected_sum(b) > h.plain_sum(b)) ++reflected_better;
        }
        sum_h += static_cast<std::uint64_t>(v);
        sum_d += static_cast<std::uint64_t>(d);
    }
    EXPECT_GT(sum_h, sum_d / 2);  // informative, not just admissible
    // Braced: EXPECT_GT is itself an if/else.
    if (h.reflects()) {
        EXPECT_GT(reflected_better, 0u);
    }
}

// Zero-aware tables of the same patterns: admissible on every board, never below the tables of
// minima (plain and reflected sums alike), above them on some boards, and the search's entries
// (ida_worker.hpp reads them through the same labels) are checked by the solver tests.
void check_zero_aware(const Case& c) {
    const Setup s = setup(c);
    std::vector<PatternSpec> zspecs = s.specs;
    for (auto& z : zspecs) z.zero_aware = true;
    const PdbHeuristic h(s.goal, pdbtest::build_set(s.specs));
    const PdbSet zset = pdbtest::build_set(zspecs);
    const PdbHeuristic z(s.goal, zset);
    EXPECT_TRUE(z.zero_aware(0));
    EXPECT_FALSE(h.zero_aware(0));
    // Two partitions of the same tables: each table's form is built once and used by both.
    const PdbHeuristic twice(s.goal, std::vector<PdbSet>{zset, zset});
    for (unsigned p = 0; p < twice.patterns(); ++p) {
        ASSERT_NE(twice.lookup(p, 0), nullptr);
        EXPECT_EQ(twice.lookup(p, 0), twice.lookup(p, 1));
    }
    // The forms built beforehand and given with tables that hold only their specs: used as given.
    PdbSet given;
    for (const auto& t : zset.tables) {
        const RegionLabels labels(s.geo, t->spec.k());
        given.lookups.push_back(std::make_shared<const ZeroAwareLookup>(make_zero_aware_lookup(*t, labels)));
        given.tables.push_back(std::make_shared<const PdbTable>(PdbTable{t->spec, {}}));
    }
    const PdbHeuristic formed(s.goal, given);
    for (unsigned p = 0; p < formed.patterns(); ++p) EXPECT_EQ(formed.lookup(p), given.lookups[p].get());
    std::uint64_t above = 0;
    for (const auto& [key, d] : pdbtest::exact_distances(s.goal)) {
        const Board b = pdbtest::unpack(key, s.geo);
        const int v = z.evaluate(b);
        ASSERT_EQ(twice.evaluate(b), v);
        ASSERT_EQ(formed.evaluate(b), v);
        ASSERT_LE(v, d) << "inadmissible";
        ASSERT_EQ(v == 0, d == 0);
        ASSERT_GE(z.plain_sum(b), h.plain_sum(b));
        if (h.reflects()) {
            ASSERT_GE(z.reflected_sum(b), h.reflected_sum(b));
        }
        if (z.plain_sum(b) > h.plain_sum(b)) ++above;
    }
    EXPECT_GT(above, 0u);
    // The search's form of every table (ZeroAwareLookup) gives the table's entry for every
    // placement and blank cell: the one byte where the regions' entries are all the same, else the
    // largest region's byte or `rest`.
    for (unsigned p = 0; p < z.patterns(); ++p) {
        const ZeroAwareLookup* lookup = z.lookup(p);
        ASSERT_NE(lookup, nullptr);
        EXPECT_EQ(h.lookup(p), nullptr);
        const unsigned k = z.pattern_size(p), n = z.cells();
        std::uint64_t several = 0;
        for (std::uint64_t r = 0; r < kperm_count(n, k); ++r) {
            const std::uint32_t occupied = placement_mask(r, k, n);
            const auto& row = z.labels(k)->row(occupied);
            for (unsigned b = 0; b < n; ++b) {
                if (occupied >> b & 1u) continue;
                ASSERT_EQ(lookup->at(r, row, b), zset.tables[p]->data[r * z.fields(p) + RegionLabels::region(row, b)])
                    << "placement " << r << ", blank on " << b;
            }
            several += lookup->first[r] >= ZeroAwareLookup::kSeveral;
        }
        EXPECT_GT(several, 0u);
        // Their entries as nibbles (a placement's entries are of one parity and close), two a byte.
        EXPECT_TRUE(lookup->nibbles);
        EXPECT_EQ(lookup->rest.size(), several * ((z.fields(p) + 1) / 2));
        // Within the bound the build estimate gives before the table exists.
        // At least a byte per placement and the flagged placements' entries counted above.
        EXPECT_GE(lookup->bytes(), kperm_count(n, k) + lookup->rest.size());
        EXPECT_GE(lookup->bytes(), zero_aware_lookup_bytes_at_least(zspecs[p]));
        EXPECT_EQ(lookup->bytes(), zero_aware_lookup_bytes_at_least(zspecs[p]) + lookup->rest.size());
        EXPECT_LE(lookup->bytes(), zero_aware_lookup_bytes_at_most(zspecs[p]));
    }
    EXPECT_THROW(PdbHeuristic(s.goal, pdbtest::build_set(zspecs), true, true), bitsolve::UsageError);
    std::vector<PatternSpec> mixed = s.specs;
    mixed[0].zero_aware = true;
    EXPECT_THROW(PdbHeuristic(s.goal, pdbtest::build_set(mixed)), bitsolve::UsageError);
}

// The dual board of b: the tile of goal cell q goes on the goal cell of the tile on q.
Board dual_board(const PdbHeuristic& h, const Board& b) {
    Board d;
    d.geo = b.geo;
    for (int q = 0; q < b.cells(); ++q) d.tiles[h.goal_cell(b.tiles[q])] = h.goal().tiles[q];
    return d;
}

// The dual sums never exceed the distance, on every board; with the blank on its goal cell the
// dual board is a board at the same distance and the dual sum is its plain sum; the sums add
// information; and the lookup without the two exceptions of heuristic.hpp (the pattern of the
// dual's blank, a pattern whose goal walls the blank's goal cell off) would be inadmissible, so
// the exceptions are needed, not just cautious: without both on every case, without the second
// on the cases that have such a wall (3x3 blank first: {1, 2, 3, 4} holds both neighbours of 0).
// The sum of every pattern's entry at the dual board's placements (the tile on each of the
// pattern's cells, taken to its goal cell), leaving out the pattern that holds the blank's cell
// when `skip_blank_pattern`: the lookup without heuristic.hpp's exceptions, or with the first only.
int naive_dual_sum(const PdbHeuristic& h, const Board& b, unsigned n, bool skip_blank_pattern) {
    int sum = 0;
    const unsigned bl = static_cast<unsigned>(b.blank());
    for (unsigned p = 0; p < h.patterns(); ++p) {
        const std::uint8_t* cells = h.pattern_cells(p);
        std::uint8_t pos[kMaxPatternTiles];
        bool holds_blank = false;
        for (unsigned i = 0; i < h.pattern_size(p); ++i) {
            pos[i] = h.goal_cell(b.tiles[cells[i]]);
            holds_blank |= cells[i] == bl;
        }
        if (!(skip_blank_pattern && holds_blank)) sum += h.table(p)[rank_kperm(pos, h.pattern_size(p), n)];
    }
    return sum;
}

void check_dual(const Case& c) {
    const Setup s = setup(c);
    const unsigned n = s.n, blank_goal = s.blank_goal;
    const PdbSet set = pdbtest::build_set(s.specs);
    const PdbHeuristic dual(s.goal, set, true, true), plain(s.goal, set);
    ASSERT_TRUE(dual.dual());
    ASSERT_FALSE(plain.dual());
    const auto dist = pdbtest::exact_distances(s.goal);
    std::uint64_t dual_better = 0, naive_over = 0, blank_home = 0, region_over = 0;
    for (const auto& [key, d] : dist) {
        const Board b = pdbtest::unpack(key, s.geo);
        const int ds = dual.dual_sum(b), v = dual.evaluate(b);
        ASSERT_LE(ds, d) << "dual inadmissible";
        ASSERT_LE(dual.reflected_dual_sum(b), d) << "reflected dual inadmissible";
        ASSERT_LE(v, d);
        ASSERT_EQ(v == 0, d == 0);
        ASSERT_GE(v, plain.evaluate(b));
        if (v > plain.evaluate(b)) ++dual_better;
        const Board db = dual_board(dual, b);
        if (static_cast<unsigned>(b.blank()) == blank_goal) {
            ++blank_home;
            ASSERT_EQ(dist.at(pdbtest::pack(db)), d);
            ASSERT_EQ(ds, dual.plain_sum(db));
        }
        // The naive lookup, then with only the first exception (the pattern of the dual's blank
        // left out).
        if (naive_dual_sum(dual, b, n, false) > d) ++naive_over;
        if (naive_dual_sum(dual, b, n, true) > d) ++region_over;
    }
    // The region exception matters exactly where some pattern's goal cells wall off a free cell.
    bool walled = false;
    for (unsigned p = 0; p < dual.patterns(); ++p) {
        std::uint32_t free_cells = (1u << n) - 1u;
        for (unsigned i = 0; i < dual.pattern_size(p); ++i) free_cells &= ~(1u << dual.pattern_cells(p)[i]);
        walled |= dual.dual_safe(p) != free_cells;
    }
    EXPECT_EQ(region_over > 0, walled);
    EXPECT_GT(blank_home, 0u);
    EXPECT_GT(dual_better, 0u);
    EXPECT_GT(naive_over, 0u);
}

}  // namespace

TEST(PdbHeuristic, Admissible3x3BlankFirst) { check_admissible({3, 3, true, {{1, 2, 3, 4}, {5, 6, 7, 8}}}); }
TEST(PdbHeuristic, Admissible3x3BlankLast) { check_admissible({3, 3, false, {{0, 1, 2}, {3, 4, 6}, {5, 7}}}); }
TEST(PdbHeuristic, Admissible2x4) { check_admissible({2, 4, true, {{1, 2, 3}, {4, 5, 6, 7}}}); }
TEST(PdbHeuristic, Admissible2x4BlankLast) { check_admissible({2, 4, false, {{0, 1, 4}, {2, 3, 5, 6}}}); }

TEST(PdbHeuristic, ZeroAware3x3BlankFirst) { check_zero_aware({3, 3, true, {{1, 2, 3, 4}, {5, 6, 7, 8}}}); }
TEST(PdbHeuristic, ZeroAware3x3BlankLast) { check_zero_aware({3, 3, false, {{0, 1, 2}, {3, 4, 6}, {5, 7}}}); }
TEST(PdbHeuristic, ZeroAware2x4) { check_zero_aware({2, 4, true, {{1, 2, 3}, {4, 5, 6, 7}}}); }
TEST(PdbHeuristic, ZeroAware2x4BlankLast) { check_zero_aware({2, 4, false, {{0, 1, 4}, {2, 3, 5, 6}}}); }

TEST(PdbHeuristic, DualAdmissible3x3BlankFirst) { check_dual({3, 3, true, {{1, 2, 3, 4}, {5, 6, 7, 8}}}); }
TEST(PdbHeuristic, DualAdmissible3x3BlankLast) { check_dual({3, 3, false, {{0, 1, 2}, {3, 4, 6}, {5, 7}}}); }
TEST(PdbHeuristic, DualAdmissible3x3Columns) { check_dual({3, 3, true, {{3, 6}, {1, 4, 7}, {2, 5, 8}}}); }
TEST(PdbHeuristic, DualAdmissible2x4) { check_dual({2, 4, true, {{1, 2, 3}, {4, 5, 6, 7}}}); }
TEST(PdbHeuristic, DualAdmissible2x4BlankLast) { check_dual({2, 4, false, {{0, 1, 4}, {2, 3, 5, 6}}}); }

TEST(PdbHeuristic, RejectsPartitionsThatDoNotFit) {
    const Board goal = bitsolve::sliding::blank_first_goal({3, 3});
    EXPECT_THROW(PdbHeuristic(goal, pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4})})),
                 bitsolve::UsageError);  // tiles 5..8 uncovered
    EXPECT_THROW(PdbHeuristic(goal, pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4}),
                                                        pdbtest::spec(3, 3, 0, {4, 5, 6, 7, 8})})),
                 bitsolve::UsageError);  // overlap
    EXPECT_THROW(
        PdbHeuristic(bitsolve::sliding::blank_last_goal({3, 3}),
                     pdbtest::build_set({pdbtest::spec(3, 3, 0, {1, 2, 3, 4}), pdbtest::spec(3, 3, 0, {5, 6, 7, 8})})),
        bitsolve::UsageError);  // tables for another blank cell
    // Lookup forms given: for every table or none, each of its own zero-aware table.
    const PatternSpec a = pdbtest::spec(3, 3, 0, {1, 2, 3, 4}), b = pdbtest::spec(3, 3, 0, {5, 6, 7, 8});
    PatternSpec za = a, zb = b;
    za.zero_aware = zb.zero_aware = true;
    const PdbSet zset = pdbtest::build_set({za, zb});
    auto form = [&](unsigned p) {
        return std::make_shared<const ZeroAwareLookup>(
            make_zero_aware_lookup(*zset.tables[p], RegionLabels(goal.geo, zset.tables[p]->spec.k())));
    };
    PdbSet set = zset;
    set.lookups = {form(0)};
    EXPECT_THROW(PdbHeuristic(goal, set), bitsolve::UsageError);  // one form for two tables
    set.lookups = {form(1), form(0)};
    EXPECT_THROW(PdbHeuristic(goal, set), bitsolve::UsageError);  // each other's forms
    set = pdbtest::build_set({a, b});
    set.lookups = {form(0), nullptr};
    EXPECT_THROW(PdbHeuristic(goal, set), bitsolve::UsageError);  // a form for a table of minima
    set = zset;
    set.lookups = {form(0), nullptr};
    EXPECT_NO_THROW(PdbHeuristic(goal, set));  // the other form built by the heuristic
}

TEST(PdbPartitions, NamedPartitionsCoverEveryTileOnce) {
    for (const auto& name : partition_names()) {
        const Geometry g = partition_geometry(name);
        const auto n = static_cast<unsigned>(g.cells());
        EXPECT_EQ(g.rows, g.cols) << name;
        EXPECT_TRUE(partition_fits(name, g));
        EXPECT_FALSE(partition_fits(name, Geometry{3, 3}));
        for (unsigned blank : {0u, n - 1}) {
            const auto specs = named_partition(name, g, blank);
            std::vector<int> count(n, 0);
            for (const auto& s : specs) {
                EXPECT_EQ(spec_problem(s), "") << s.key();
                for (auto c : s.cells) ++count[c];
            }
            for (unsigned c = 0; c < n; ++c) EXPECT_EQ(count[c], c == blank ? 0 : 1) << name << " cell " << c;
        }
        EXPECT_THROW(named_partition(name, g, 1), bitsolve::UsageError);
        EXPECT_THROW(named_partition(name, Geometry{3, 3}, 0), bitsolve::UsageError);
    }
    EXPECT_THROW(named_partition("pdb99", Geometry{4, 4}, 0), bitsolve::UsageError);
    EXPECT_EQ(partition_geometry("pdb7773-dual"), (Geometry{5, 5}));
    EXPECT_EQ(partition_geometry("pdb663"), (Geometry{4, 4}));
    EXPECT_THROW(partition_geometry("pdb99"), bitsolve::UsageError);
    // The -dual names: the same partitions.
    EXPECT_TRUE(partition_fits("pdb6666-dual", Geometry{5, 5}));
    EXPECT_FALSE(partition_fits("pdb6666-dual", Geometry{4, 4}));
    EXPECT_FALSE(partition_fits("-dual", Geometry{4, 4}));
    EXPECT_TRUE(is_dual_name("pdb78-dual"));
    EXPECT_FALSE(is_dual_name("pdb78"));
    EXPECT_EQ(partition_base("pdb78-dual"), "pdb78");
    EXPECT_EQ(named_partition("pdb555-dual", Geometry{4, 4}, 15), named_partition("pdb555", Geometry{4, 4}, 15));
    EXPECT_THROW(named_partition("pdb99-dual", Geometry{4, 4}, 0), bitsolve::UsageError);
    EXPECT_EQ(named_partition("pdb78", Geometry{4, 4}, 0)[0].key(), "4x4-b0-1.2.3.4.5.6.7");
}

// The maximum over several partitions: on every 3x3 board, the largest of each partition's own
// heuristic (plain and reflected), so admissible; above each of them somewhere.
TEST(PdbHeuristic, MaxOverPartitionsIsTheLargestSum) {
    const Board goal = bitsolve::sliding::blank_first_goal({3, 3});
    const std::vector<PdbSet> sets = pdbtest::three_3x3_partitions();
    const PdbHeuristic h(goal, sets), h01(goal, std::vector<PdbSet>{sets[0], sets[1]});
    const PdbHeuristic h0(goal, sets[0]), h1(goal, sets[1]), h2(goal, sets[2]);
    ASSERT_EQ(h.partitions(), 3u);
    EXPECT_EQ(h.patterns(2), 3u);
    EXPECT_THROW(PdbHeuristic(goal, sets, true, true), bitsolve::UsageError);  // dual: one partition
    EXPECT_THROW(PdbHeuristic(goal, std::vector<PdbSet>{}), bitsolve::UsageError);
    std::vector<PdbSet> four = sets;
    four.push_back(sets[0]);
    EXPECT_THROW(PdbHeuristic(goal, four), bitsolve::UsageError);
    std::uint64_t above[3] = {};
    for (const auto& [key, d] : pdbtest::exact_distances(goal)) {
        const Board b = pdbtest::unpack(key, goal.geo);
        const int v = h.evaluate(b), parts[3] = {h0.evaluate(b), h1.evaluate(b), h2.evaluate(b)};
        ASSERT_EQ(v, std::max({parts[0], parts[1], parts[2]}));
        ASSERT_EQ(h01.evaluate(b), std::max(parts[0], parts[1]));
        ASSERT_LE(v, d) << "inadmissible";
        for (unsigned q = 0; q < 3; ++q) {
            ASSERT_EQ(h.plain_sum(b, q), (q == 0 ? h0 : q == 1 ? h1 : h2).plain_sum(b));
            if (v > parts[q]) ++above[q];
        }
    }
    for (unsigned q = 0; q < 3; ++q) EXPECT_GT(above[q], 0u) << "partition " << q;
}

TEST(PdbPartitions, NamesJoinedByPlusTakeTheMaximum) {
    EXPECT_EQ(partition_name_problem("pdb6666+pdb7773"), "");
    EXPECT_EQ(partition_name_problem("pdb555+pdb663+pdb78"), "");
    EXPECT_TRUE(partition_fits("pdb6666+pdb7773", Geometry{5, 5}));
    EXPECT_FALSE(partition_fits("pdb6666+pdb7773", Geometry{4, 4}));
    EXPECT_EQ(partition_geometry("pdb555+pdb663"), (Geometry{4, 4}));
    const auto parts = named_partitions("pdb555+pdb663", Geometry{4, 4}, 15);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0], named_partition("pdb555", Geometry{4, 4}, 15));
    EXPECT_EQ(parts[1], named_partition("pdb663", Geometry{4, 4}, 15));
    EXPECT_EQ(named_partition("pdb555+pdb663", Geometry{4, 4}, 15).size(), 6u);  // the tables to build
    // Bad joins: one line saying what is wrong.
    for (const char* bad : {"pdb555+pdb6666", "pdb555+pdb555", "pdb555+pdb663-dual", "pdb555-dual+pdb663", "pdb555+",
                            "+pdb555", "pdb555+pdb99", "pdb555+pdb663+pdb78+pdb555"}) {
        EXPECT_NE(partition_name_problem(bad), "") << bad;
        EXPECT_FALSE(partition_fits(bad, Geometry{4, 4})) << bad;
        EXPECT_THROW(named_partitions(bad, Geometry{4, 4}, 0), bitsolve::UsageError) << bad;
    }
    EXPECT_NE(partition_name_problem("pdb555+pdb6666").find("different sizes"), std::string::npos);
    EXPECT_NE(partition_name_problem("pdb555+pdb663-dual").find("single partition"), std::string::npos);
    EXPECT_THROW(named_partitions("pdb6666+pdb7773", Geometry{5, 5}, 3), bitsolve::UsageError);
}

// zpdb6666: the groups of pdb6666 in zero-aware tables (files of their own), joinable with the
// others, never with dual lookups.
TEST(PdbPartitions, ZeroAwareNamedPartition) {
    const auto z = named_partition("zpdb6666", Geometry{5, 5}, 0),
               plain = named_partition("pdb6666", Geometry{5, 5}, 0);
    ASSERT_EQ(z.size(), plain.size());
    for (std::size_t i = 0; i < z.size(); ++i) {
        EXPECT_TRUE(z[i].zero_aware);
        EXPECT_FALSE(plain[i].zero_aware);
        EXPECT_EQ(z[i].cells, plain[i].cells);
        EXPECT_EQ(z[i].key(), plain[i].key() + "-z");
        EXPECT_EQ(z[i].fields(), 5u);  // six tiles leave at most five regions on 5x5
        EXPECT_EQ(z[i].table_entries(), 5 * plain[i].entries());
    }
    EXPECT_EQ(partition_name_problem("zpdb6666+pdb7773"), "");
    EXPECT_EQ(partition_name_problem("pdb6666+zpdb6666"), "");
    EXPECT_EQ(named_partition("pdb6666+zpdb6666", Geometry{5, 5}, 0).size(), 8u);  // different tables
    EXPECT_NE(partition_name_problem("zpdb6666-dual").find("zero-aware"), std::string::npos);
    EXPECT_FALSE(partition_fits("zpdb6666-dual", Geometry{5, 5}));
}

// A catalogue's line and column of the first thing wrong.
void expect_catalogue_error(const std::string& text, std::size_t line, std::size_t column, const std::string& part) {
    try {
        parse_catalogue(text);
        ADD_FAILURE() << "accepted: " << text;
    } catch (const bitsolve::InputError& e) {
        EXPECT_EQ(e.line(), line) << e.what();
        EXPECT_EQ(e.column(), column) << e.what();
        EXPECT_NE(e.message().find(part), std::string::npos) << e.what();
    }
}

TEST(PdbPartitions, CataloguesParseAndSayWhereTheyAreWrong) {
    const std::string good =
        "# 5-5-5 and 6-6-3\n\nsize 4x4\n1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15\r\n"
        "  1 2 3 5 6 7|9 10 11 13 14 15 |4 8 12   # 6-6-3\n";
    const Catalogue c = parse_catalogue(good);
    EXPECT_EQ(c.geo, (Geometry{4, 4}));
    ASSERT_EQ(c.partitions.size(), 2u);
    EXPECT_EQ(c.partitions[1][2], (std::vector<std::uint8_t>{4, 8, 12}));
    EXPECT_EQ(c.zero_aware, (std::vector<bool>{false, false}));
    const Catalogue z = parse_catalogue("size 3x3\n 1 2 3 4 | 5 6 7 8\n\tzero-aware 1 2 | 3 4 5 6 7 8 # z\n");
    EXPECT_EQ(z.zero_aware, (std::vector<bool>{false, true}));
    EXPECT_EQ(z.partitions[1][0], (std::vector<std::uint8_t>{1, 2}));
    expect_catalogue_error("size 3x3\nzero-aware # no groups\n", 2, 1, "needs a partition");
    expect_catalogue_error("size 3x3\n1 2 3 4 | zero-aware 5 6 7 8\n", 2, 11, "goes first");
    expect_catalogue_error("size 3x3\nzero-aware zero-aware 1 2 3 4 | 5 6 7 8\n", 2, 12, "goes first");
    expect_catalogue_error("size 3x3\nzero_aware 1 2 3 4 | 5 6 7 8\n", 2, 1, "'zero_aware' is not a cell");
    expect_catalogue_error("", 0, 0, "size");
    expect_catalogue_error("# only a comment\n", 0, 0, "size");
    expect_catalogue_error("size 4x4\n", 1, 1, "no partition");
    expect_catalogue_error("size 6x6\n1 | 2\n", 1, 1, "size RxC");
    expect_catalogue_error("1 2 3\n", 1, 1, "size RxC");
    expect_catalogue_error("size 3x3\n1 2 3 4 | 5 6 7 9\n", 2, 17, "'9' is not a cell 1..8");
    expect_catalogue_error("size 3x3\n1 2 3 4 | 5 6 7 x\n", 2, 17, "'x'");
    expect_catalogue_error("size 3x3\n0 1 2 3 4 | 5 6 7 8\n", 2, 1, "'0'");
    expect_catalogue_error("size 3x3\n1 2 3 4 | 5 6 4 8\n", 2, 15, "cell 4 repeated");
    expect_catalogue_error("size 3x3\n1 2 3 4 | 5 6 7\n", 2, 16, "cell 8 is in no group");
    expect_catalogue_error("size 3x3\n1 2 3 4 || 5 6 7 8\n", 2, 10, "empty group");
    expect_catalogue_error("size 3x3\n1 2 3 4 | 5 6 7 8 |\n", 2, 20, "empty group");
    expect_catalogue_error("size 2x2\n1 2 3\n", 2, 1, "fewer than two other cells");
    expect_catalogue_error("size 5x5\n1 2 3 4 5 6 7 8 9 | 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\n", 2, 17,
                           "more than 8 cells");
    const std::string line = "1 2 3 4 | 5 6 7 8\n";
    expect_catalogue_error("size 3x3\n" + line + line + line + line, 5, 1, "more than 3 partitions");
}

TEST(PdbPartitions, CatalogueNamesReadTheirFile) {
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() / ("bitsolve-catalogue-" + std::to_string(::getpid()) + ".txt");
    std::ofstream(file)
        << "size 4x4\n1 2 3 6 7 | 4 5 8 9 12 | 10 11 13 14 15\n1 2 3 5 6 7 | 9 10 11 13 14 15 | 4 8 12\n";
    const std::string name = std::string(kCataloguePrefix) + file.string();
    EXPECT_TRUE(is_catalogue_name(name));
    EXPECT_EQ(partition_name_problem(name), "");
    EXPECT_FALSE(is_dual_name(name + "-dual"));
    EXPECT_EQ(partition_geometry(name), (Geometry{4, 4}));
    EXPECT_TRUE(partition_fits(name, Geometry{4, 4}));
    EXPECT_FALSE(partition_fits(name, Geometry{5, 5}));
    for (unsigned blank : {0u, 15u})
        EXPECT_EQ(named_partitions(name, Geometry{4, 4}, blank),
                  named_partitions("pdb555+pdb663", Geometry{4, 4}, blank));
    EXPECT_THROW(named_partitions(name, Geometry{5, 5}, 0), bitsolve::UsageError);
    // A zero-aware line gives the tables of the zero-aware named partition of the same groups.
    std::ofstream(file) << "size 5x5\nzero-aware 1 2 5 6 7 12 | 3 4 8 9 13 14 | 10 11 15 16 20 21 | 17 18 19 22 23 24\n"
                           "1 2 5 6 7 12 | 3 4 8 9 13 14 | 10 11 15 16 20 21 | 17 18 19 22 23 24\n";
    for (unsigned blank : {0u, 24u})
        EXPECT_EQ(named_partitions(name, Geometry{5, 5}, blank),
                  named_partitions("zpdb6666+pdb6666", Geometry{5, 5}, blank));
    std::ofstream(file) << "size 4x4\n1 2 3\n";
    try {
        named_partitions(name, Geometry{4, 4}, 0);
        ADD_FAILURE() << "accepted";
    } catch (const bitsolve::InputError& e) {
        EXPECT_EQ(e.line(), 2u);
        EXPECT_NE(e.message().find("catalogue '" + file.string() + "': cell 4 is in no group"), std::string::npos)
            << e.what();
    }
    std::filesystem::remove(file);
    EXPECT_THROW(partition_geometry(name), bitsolve::InputError);  // cannot be read
    EXPECT_NE(partition_name_problem(kCataloguePrefix), "");
}

// The bundled catalogues are the shipped partitions they say they are.
TEST(PdbPartitions, BundledCataloguesAreTheNamedPartitions) {
    const std::string dir = std::string(BITSOLVE_DATA_DIR) + "/sliding/catalogues/";
    for (const auto& [file, joined, g] : {std::tuple{"4x4-555-663.txt", "pdb555+pdb663", Geometry{4, 4}},
                                          std::tuple{"5x5-6666-7773.txt", "pdb6666+pdb7773", Geometry{5, 5}}}) {
        const std::string name = std::string(kCataloguePrefix) + dir + file;
        EXPECT_EQ(partition_geometry(name), g) << file;
        for (unsigned blank : {0u, static_cast<unsigned>(g.cells() - 1)})
            EXPECT_EQ(named_partitions(name, g, blank), named_partitions(joined, g, blank)) << file;
    }
    // Two zero-aware partitions, the first that of zpdb6666.
    const std::string name = std::string(kCataloguePrefix) + dir + "5x5-zero-aware-6666x2.txt";
    const auto parts = named_partitions(name, Geometry{5, 5}, 0);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0], named_partitions("zpdb6666", Geometry{5, 5}, 0)[0]);
    EXPECT_NE(parts[1], parts[0]);
    for (const auto& part : parts)
        for (const auto& spec : part) EXPECT_TRUE(spec.zero_aware) << spec.key();
    // zpdb6666 and the groups of pdb7773, zero-aware.
    const auto seven =
        named_partitions(std::string(kCataloguePrefix) + dir + "5x5-zero-aware-6666-7773.txt", Geometry{5, 5}, 0);
    ASSERT_EQ(seven.size(), 2u);
    EXPECT_EQ(seven[0], parts[0]);
    auto groups = named_partitions("pdb7773", Geometry{5, 5}, 0)[0];
    for (auto& spec : groups) spec.zero_aware = true;
    EXPECT_EQ(seven[1], groups);
}

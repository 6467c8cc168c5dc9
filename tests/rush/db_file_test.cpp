// Database files: rows and zstd round trips, malformed rows at their line and column, shard
// headers, and picking rows by filter and seed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <tuple>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/limits.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_pick.hpp"
#include "bitsolve/rush/parse.hpp"
#include "rush/data.hpp"

namespace bitsolve::rush {
namespace {

std::string temp_path(const std::string& name) {
    return ::testing::TempDir() + "rushdbfile_" + std::to_string(::getpid()) + "_" + name;
}

std::vector<DbRow> sample_rows() {
    std::vector<DbRow> rows;
    for (const auto& r : test::db_sample()) rows.push_back(DbRow{r.moves, r.board, r.cluster});
    return rows;
}

TEST(RushDbFile, RowsRoundTripPlainAndZstd) {
    const std::vector<DbRow> rows = sample_rows();
    ASSERT_GT(rows.size(), 100u);
    const std::string text = format_rows(rows);
    EXPECT_EQ(format_row(rows.front()).substr(0, 3), "01 ");  // two digits, as Fogleman prints them
    for (const std::string name : {"db.txt", "db.txt.zst"}) {
        const std::string path = temp_path(name);
        write_db_file(path, text);
        std::ifstream in(path, std::ios::binary);
        std::stringstream raw;
        raw << in.rdbuf();
        EXPECT_EQ(is_zstd(raw.str()), name.ends_with(".zst")) << name;
        if (name.ends_with(".zst")) {
            EXPECT_LT(raw.str().size(), text.size() / 2);
        }
        const std::string back = read_db_file(path);
        EXPECT_EQ(back, text) << name;
        EXPECT_EQ(format_rows(parse_rows(back)), text) << name;
        std::remove(path.c_str());
    }
    EXPECT_EQ(zstd_decompress(zstd_compress("")), "");
    EXPECT_THROW(zstd_decompress(zstd_compress(text).substr(0, 100)), InputError);  // cut short
    std::string garbage = zstd_compress(text);
    garbage[garbage.size() / 2] ^= 0x55;
    garbage[garbage.size() / 2 + 1] ^= 0x55;
    EXPECT_THROW(zstd_decompress(garbage), InputError);
    EXPECT_THROW(zstd_decompress(zstd_compress(text), 1000), DecompressedTooLargeError);
    // Read from a file, more than the memory budget is a limit, not bad input.
    const std::string path = temp_path("budget.txt.zst");
    write_db_file(path, text);
    const std::size_t budget = memory_budget();
    set_memory_budget(1000);
    EXPECT_THROW(read_db_file(path), LimitError);
    // What other structures hold counts: the file must fit in what they leave.
    set_memory_budget(text.size() + 1000);
    EXPECT_EQ(read_db_file(path), text);
    {
        MemoryHold other;
        other.hold(2000, "another structure");
        try {
            read_db_file(path);
            ADD_FAILURE() << "read past what the holds leave";
        } catch (const LimitError& e) {
            EXPECT_NE(std::string(e.what()).find("2.0 KiB already held"), std::string::npos) << e.what();
        }
    }
    set_memory_budget(budget);
    EXPECT_EQ(read_db_file(path), text);
    std::remove(path.c_str());
}

TEST(RushDbFile, MalformedRowsAtTheirLineAndColumn) {
    struct Case {
        std::string text;
        std::size_t line, column;
    };
    const std::string b = "BBBooFooDooFAADooFooEoooooEoCCooEooo";
    const std::string ok = "05 " + b + " 74\n";
    std::string cell = b, no_a = b, short_piece = b;
    cell[33] = '?';
    no_a[12] = no_a[13] = 'o';
    short_piece[29] = 'o';  // piece C of one cell
    const std::vector<Case> cases = {
        {ok + "# comment\n\nxx " + b + " 74\n", 4, 1},   // moves not a number
        {ok + "05 " + b.substr(1) + " 74\n", 2, 4},      // 35 cells
        {ok + "05 " + cell + " 74\n", 2, 37},            // not a cell
        {ok + "05 " + b + "\n", 2, 40},                  // no cluster size
        {ok + "05 " + b + " 74 9\n", 2, 44},             // a fourth field
        {ok + "05 " + b + " 0\n", 2, 41},                // cluster size 0
        {ok + "05 " + no_a + " 74\n", 2, 4},             // no primary car
        {ok + "05 " + short_piece + " 74\n", 2, 32},     // no puzzle: at the piece's first cell
        {"10 AAooooooooooooBo 5\n", 1, 18},              // the same on 4x4
        {"10 AoooAoooooooooBB 5\n", 1, 4},               // 'A' vertical
        {ok + "05 " + b.substr(0, 25) + " 74\n", 2, 4},  // another board size
        {"1000 " + b + " 74\n", 1, 1},                   // moves > 999
        {ok + "05 " + b + " 74\x01\n", 2, 43},           // control byte
    };
    for (const Case& c : cases) {
        try {
            parse_rows(c.text);
            ADD_FAILURE() << "accepted: " << c.text;
        } catch (const InputError& e) {
            EXPECT_EQ(e.line(), c.line) << c.text << e.what();
            EXPECT_EQ(e.column(), c.column) << c.text << e.what();
        }
    }
    EXPECT_EQ(parse_rows(ok + "\r\n# x\n" + ok).size(), 2u);
    EXPECT_EQ(parse_rows(ok, 6).size(), 1u);
    try {  // the size of a shard header
        parse_rows("\n" + ok, 5);
        ADD_FAILURE() << "a 6x6 board accepted among the 5x5 ones";
    } catch (const InputError& e) {
        EXPECT_EQ(e.line(), 2u);
        EXPECT_EQ(e.column(), 4u);
    }
}

// parse_rows refuses a board exactly when parse_board_string does: boards near the sample's,
// with one cell emptied or given the letter of a neighbour.
TEST(RushDbFile, RowsRefuseTheBoardsParseBoardStringRefuses) {
    std::size_t refused = 0, tried = 0;
    for (const DbRow& row : sample_rows()) {
        for (std::size_t i = 0; i < row.board.size(); ++i) {
            for (const std::size_t from : {i, i + 1, i + 6, i + 12}) {
                std::string b = row.board;
                b[i] = from == i ? 'o' : from < b.size() ? b[from] : 'x';
                if (b.find('A') == std::string::npos) continue;
                bool board_ok = true;
                try {
                    parse_board_string(b);
                } catch (const InputError&) {
                    board_ok = false;
                }
                bool row_ok = true;
                try {
                    parse_rows("05 " + b + " 7\n");
                } catch (const InputError&) {
                    row_ok = false;
                }
                EXPECT_EQ(row_ok, board_ok) << b;
                refused += !row_ok;
                ++tried;
            }
        }
    }
    EXPECT_GT(refused, tried / 10);
    EXPECT_LT(refused, tried);
}

TEST(RushDbFile, ShardHeaderRoundTripAndRefusals) {
    const ShardHeader h{DbParams{5, 2}, DbShard{3, 16}, 40, DbCounts{1, 2, 3, 4, 5}};
    const std::string text = format_shard_header(h) + "05 BBBooFooDooFAADooFooEoooooEoCCooEooo 74\n";
    const ShardHeader back = parse_shard_header(text);
    EXPECT_EQ(back.params.size, 5);
    EXPECT_EQ(back.params.max_walls, 2);
    EXPECT_EQ(back.shard, (DbShard{3, 16}));
    EXPECT_EQ(back.slices, 40u);
    EXPECT_EQ(back.counts, (DbCounts{1, 2, 3, 4, 5}));
    EXPECT_EQ(parse_rows(text).size(), 1u);  // the header reads as comments
    // Another kind of file, and a shard file with a bad field, are told apart by type.
    EXPECT_THROW(parse_shard_header("05 BBBooFooDooFAADooFooEoooooEoCCooEooo 74\n"), NotShardFileError);
    try {
        parse_shard_header("# bitsolve-rush-shard 1 size 9 walls 0 shard 0/1 slices 1\n");
        ADD_FAILURE() << "expected an InputError";
    } catch (const NotShardFileError&) {
        ADD_FAILURE() << "a bad field of a shard header is not another kind of file";
    } catch (const InputError&) {
    }
    EXPECT_THROW(parse_shard_header("# bitsolve-rush-shard 1 size 6 walls 0 shard 3/2 slices 1\n# layouts 1\n"),
                 InputError);
    // A header cut short is a shard file with a bad header, refused where the missing part goes.
    const std::string line1 = "# bitsolve-rush-shard 1 size 6 walls 0 shard 3/16 slices 40\n";
    const std::vector<std::tuple<std::string, std::size_t, std::size_t>> cut = {
        {line1, 2, 1},                                          // no second line
        {line1 + "# layouts 1\n", 2, 12},                       // the second line cut short
        {line1.substr(0, 49) + "\n", 1, 50},                    // the first line cut short before "slices"
        {line1 + "05 " + std::string(36, 'o') + " 1\n", 2, 1},  // a row where the second line goes
        {line1.substr(0, 49) + "\n# layouts 1\n", 1, 50},       // the first line short, not the second
        {line1.substr(0, 59) + " 7\n# layouts 1\n", 1, 61},     // a word after the slice count
    };
    for (const auto& [header, line, column] : cut) {
        try {
            parse_shard_header(header);
            ADD_FAILURE() << "accepted: " << header;
        } catch (const NotShardFileError& e) {
            ADD_FAILURE() << "a shard header cut short is not another kind of file: " << e.what();
        } catch (const InputError& e) {
            EXPECT_EQ(e.line(), line) << header << e.what();
            EXPECT_EQ(e.column(), column) << header << e.what();
        }
    }
    EXPECT_EQ(parse_shard("1/1"), (DbShard{0, 1}));
    EXPECT_EQ(parse_shard("3/3"), (DbShard{2, 3}));
    for (const char* bad : {"", "1", "3/2", "0/1", "-1/2", "0/0", "a/b", "1/2/3", "1/1000001"})
        EXPECT_THROW(parse_shard(bad), InputError) << bad;
}

TEST(RushDbPick, ReproducibleBySeedWithoutRepeatsAndFiltered) {
    const std::vector<DbRow> rows = sample_rows();
    PickFilter f;
    f.moves = IntRange{40, 45};
    f.walls = 0;
    const auto a = pick_rows(rows, f, 5, 7), b = pick_rows(rows, f, 5, 7), c = pick_rows(rows, f, 5, 8);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);  // 5 of the ~30 matching rows: another seed draws others
    ASSERT_EQ(a.size(), 5u);
    EXPECT_EQ(std::set<std::size_t>(a.begin(), a.end()).size(), 5u);
    for (std::size_t i : a) {
        EXPECT_TRUE(rows[i].moves >= 40 && rows[i].moves <= 45);
        EXPECT_EQ(row_walls(rows[i]), 0);
    }
    // More asked than there are: every match, once.
    std::size_t matching = 0;
    for (const DbRow& r : rows) matching += matches(r, f);
    const auto all = pick_rows(rows, f, 100000, 1);
    EXPECT_EQ(all.size(), matching);
    EXPECT_EQ(std::set<std::size_t>(all.begin(), all.end()).size(), matching);
    PickFilter pieces;
    pieces.pieces = IntRange{1, 1};
    const auto lone = pick_rows(rows, pieces, 10, 1);
    for (std::size_t i : lone) EXPECT_EQ(row_pieces(rows[i]), 1);
    EXPECT_FALSE(lone.empty());  // the sample's 1-move row is the primary car alone
    EXPECT_EQ(row_pieces(DbRow{1, "BBoCooDDoCoEAAoCoEFFFoGoooHoGIIIHx", 1}), 9);
    EXPECT_EQ(row_walls(DbRow{1, "BBoCooDDoCoEAAoCoEFFFoGoooHoGIIIHx", 1}), 1);
}

}  // namespace
}  // namespace bitsolve::rush

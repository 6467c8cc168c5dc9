// `bitsolve rush pick`: random puzzles of a chosen difficulty from a database file that
// `rush enumerate` (cmd_rush_db.cpp) or Fogleman's program wrote, reproducible by seed.
#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>
#include <memory>
#include <optional>
#include <string_view>

#include <fmt/format.h>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "bitsolve/rush/board.hpp"
#include "bitsolve/rush/db_file.hpp"
#include "bitsolve/rush/db_pick.hpp"
#include "bitsolve/rush/parse.hpp"
#include "command.hpp"
#include "common.hpp"
#include "json_out.hpp"
#include "terminal.hpp"

namespace bitsolve::cli {
namespace {

using namespace bitsolve::rush;

struct PickOptions {
    std::string db;
    std::optional<std::string> moves, pieces;  // given, even as "": then it must be a range
    int walls = -1;
    std::uint64_t count = 1, seed = 1;
    bool show = false;
    std::string color = "auto";   // --color for --show
    std::string format = "text";  // --format text|json: a row, or an object per row
    CommonOptions limits;
};

// "A..B", "A", "A.." or "..B".
IntRange parse_range(const std::string& opt, const std::string& text) {
    auto num = [&](std::string_view s, int fallback) {
        if (s.empty()) return fallback;
        if (s.size() > 6 || s.find_first_not_of("0123456789") != std::string_view::npos)
            throw UsageError(opt + " '" + quote(text) + "' is not a range A..B of numbers");
        return std::stoi(std::string(s));
    };
    const auto dots = text.find("..");
    if (text.empty() || text == "..")
        throw UsageError(opt + " '" + quote(text) + "' is not a range: it needs A..B, A, A.. or ..B");
    if (dots == std::string::npos) {
        const int v = num(text, 0);
        return IntRange{v, v};
    }
    const std::string_view t = text;
    IntRange r{num(t.substr(0, dots), 0), num(t.substr(dots + 2), 1 << 30)};
    if (r.lo > r.hi) throw UsageError(opt + " '" + quote(text) + "' is empty (A > B)");
    return r;
}

// "" for a seed in 0..2^64-1 of at most 20 decimal digits, else what is wrong.
std::string seed_error(const std::string& text) {
    const std::string max = "18446744073709551615";  // 2^64-1
    if (text.empty() || text.size() > max.size() || text.find_first_not_of("0123456789") != std::string::npos ||
        (text.size() == max.size() && text > max))
        return "'" + quote(text) + "' is not a number in 0.." + max;
    return "";
}

// "" for decimal digits (range checked after), else what is wrong: a count written with a sign
// would wrap around into range.
std::string count_error(const std::string& text) {
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos)
        return "'" + quote(text) + "' is not a number in 1..4294967296";
    return "";
}

int run_pick(const PickOptions& o) {
    apply_common_options(o.limits);
    PickFilter f;
    if (o.moves) f.moves = parse_range("--moves", *o.moves);
    if (o.pieces) f.pieces = parse_range("--pieces", *o.pieces);
    f.walls = o.walls;
    const std::string text = read_db_file(o.db);
    std::vector<DbRow> rows;
    try {
        rows = parse_rows(text);
    } catch (const InputError& e) {
        throw InputError("'" + quote(o.db, 200) + "': " + e.what());
    }
    const std::vector<std::size_t> picked = pick_rows(rows, f, o.count, o.seed);
    const bool colour = use_colour(o.color, STDOUT_FILENO);
    for (std::size_t i : picked) {
        if (o.format == "json") {  // docs/json.md
            print_json(Json{{"moves", rows[i].moves},
                            {"board", rows[i].board},
                            {"cluster_size", rows[i].cluster_size},
                            {"pieces", row_pieces(rows[i])},
                            {"walls", row_walls(rows[i])}});
            continue;
        }
        std::cout << format_row(rows[i]);
        if (o.show) std::cout << draw(parse_board_string(rows[i].board), colour) << "\n\n";
    }
    std::cout.flush();
    if (picked.size() < o.count)
        std::cerr << fmt::format("bitsolve rush pick: only {} of {} rows match (asked for {})\n", picked.size(),
                                 rows.size(), o.count);
    return 0;
}

constexpr const char* kPickFooter =
    R"(Filters: --moves and --pieces take A..B, A, A.. or ..B (pieces count the primary car,
not the walls); --walls W keeps the boards with exactly W walls. Rows are drawn without
replacement; the same file, filters, count and seed give the same rows (default seed 1).

Examples:
  bitsolve rush pick data/rush/fogleman-db-sample.txt --moves 40..45 --count 3 --seed 7
  bitsolve rush pick db6.txt.zst --moves 30.. --pieces ..10 --walls 0 --show)";

const Registration reg_pick{
    "rush-pick", [](CLI::App& app) {
        auto* rush = app.get_subcommand("rush");
        auto o = std::make_shared<PickOptions>();
        auto* cmd = rush->add_subcommand("pick", "Draw random puzzles of a chosen difficulty from a database file");
        cmd->add_option("DB", o->db, "Database file (plain or zstd)")->required()->type_name("DB");
        cmd->add_option("--moves", o->moves, "Optimal moves in A..B")->type_name("A..B");
        cmd->add_option("--pieces", o->pieces, "Pieces (primary car included) in A..B")->type_name("A..B");
        cmd->add_option("--walls", o->walls, "Exactly W walls")->check(CLI::Range(0, 2))->type_name("W");
        cmd->add_option("--count", o->count, "How many puzzles (default 1)")
            ->check(CLI::Validator(count_error, "", "digits"))  // "-18446744073709551615" is no 1
            ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 32))
            ->type_name("K");
        cmd->add_option("--seed", o->seed, "Random seed (default 1)")
            ->check(CLI::Validator(seed_error, "", "0..2^64-1"))  // not wrapped or clamped into range
            ->type_name("S");
        cmd->add_flag("--show", o->show, "Draw each puzzle after its row");
        add_color_option(cmd, o->color);
        add_format_option(cmd, o->format);
        add_limit_options(cmd, o->limits);
        cmd->footer(kPickFooter);
        return Runner{cmd, [o] {
                          return guarded("rush pick", [&] {
                              if (o->show && o->format == "json")
                                  throw UsageError("--show draws text; it cannot be combined with --format json");
                              return run_pick(*o);
                          });
                      }};
    }};

}  // namespace
}  // namespace bitsolve::cli

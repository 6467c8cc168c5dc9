// `--format json` end to end: every solving command's JSON is parsed, every documented field
// (docs/json.md) checked present and typed, and the values compared with the text output of the
// same command on the bundled examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

using Json = nlohmann::json;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> words;
    std::istringstream in(text);
    for (std::string w; in >> w;) words.push_back(w);
    return words;
}

// Each stdout line parsed as one JSON object (JSON Lines).
std::vector<Json> objects_of(const std::string& out) {
    std::vector<Json> objects;
    for (const std::string& l : lines_of(out)) {
        Json j = Json::parse(l);  // throws on anything that is not JSON
        EXPECT_TRUE(j.is_object()) << l;
        objects.push_back(j);
    }
    return objects;
}

Json one_object(const std::vector<std::string>& args, const std::string& in = "") {
    const auto r = run_cli(args, in);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto objects = objects_of(r.out);
    EXPECT_EQ(objects.size(), 1u) << r.out;
    return objects.empty() ? Json() : objects[0];
}

// The fields every search result has (docs/json.md), and those --stats adds.
void expect_search_fields(const Json& j, bool stats) {
    ASSERT_TRUE(j.contains("nodes") && j["nodes"].is_number_unsigned()) << j;
    ASSERT_TRUE(j.contains("generated") && j["generated"].is_number_unsigned()) << j;
    ASSERT_TRUE(j.contains("time_s") && j["time_s"].is_number()) << j;
    EXPECT_GE(j["time_s"].get<double>(), 0.0);
    EXPECT_EQ(j.contains("algorithm"), stats) << j;
    EXPECT_EQ(j.contains("nodes_per_s"), stats) << j;
    if (stats) {
        EXPECT_TRUE(j["algorithm"].is_string()) << j;
        EXPECT_TRUE(j["nodes_per_s"].is_number()) << j;
    }
}

// A solution object against the text answer line `length [moves]` of the same board.
void expect_solution_matches(const Json& j, const std::string& text_line, bool path, bool stats, bool letters) {
    ASSERT_TRUE(j.contains("length") && j["length"].is_number_integer()) << j;
    const auto words = words_of(text_line);
    ASSERT_FALSE(words.empty());
    EXPECT_EQ(std::to_string(j["length"].get<int>()), words[0]);
    EXPECT_EQ(j.contains("path"), path) << j;
    if (path) {
        ASSERT_TRUE(j["path"].is_array()) << j;
        std::string joined;
        for (const Json& m : j["path"]) {
            ASSERT_TRUE(m.is_string()) << j;
            if (!letters && !joined.empty()) joined += ' ';
            joined += m.get<std::string>();
        }
        EXPECT_EQ(joined, words.size() > 1 ? text_line.substr(words[0].size() + 1) : "");
        if (j["length"].get<int>() > 0) {
            EXPECT_EQ(j["path"].size(), letters ? static_cast<std::size_t>(j["length"].get<int>()) : words.size() - 1);
        }
    }
    expect_search_fields(j, stats);
}

TEST(JsonCli, SlidingSingleBoardsMatchText) {
    for (const char* f : {"boj1525-sample", "hardest-3x3", "unreachable-3x3", "rect-2x5"}) {
        const std::string file = data_path(std::string("sliding/examples/") + f + ".txt");
        for (bool stats : {false, true}) {
            const auto text = run_cli({"sliding", "--path", file});
            ASSERT_EQ(text.exit_code, 0) << text.err;
            std::vector<std::string> args = {"sliding", "--path", "--format", "json", file};
            if (stats) args.push_back("--stats");
            const auto r = run_cli(args);
            EXPECT_EQ(r.err, "") << f;  // --stats goes into the object, not on stderr
            const auto objects = objects_of(r.out);
            ASSERT_EQ(objects.size(), 1u);
            expect_solution_matches(objects[0], lines_of(text.out)[0], true, stats, true);
        }
    }
    // Without --path there is no path field.
    const Json j = one_object({"sliding", "--format", "json", data_path("sliding/examples/hardest-3x3.txt")});
    expect_solution_matches(j, "31", false, false, true);
}

TEST(JsonCli, SlidingPatternDatabaseIterationsMatchTheStatsLines) {
    const std::vector<std::string> args = {"sliding",     "--goal", "blank-first",
                                           "--heuristic", "pdb555", "--no-cache",
                                           "--stats",     "--path", data_path("sliding/examples/korf12-4x4.txt")};
    const auto text = run_cli(args);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    auto json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    const Json j = one_object(json_args);
    expect_solution_matches(j, lines_of(text.out)[0], true, true, true);
    EXPECT_EQ(j["algorithm"], "ida-pdb555");
    EXPECT_NE(text.err.find("Algorithm: ida-pdb555"), std::string::npos);
    ASSERT_TRUE(j["iterations"].is_array());
    ASSERT_FALSE(j["iterations"].empty());
    for (std::size_t i = 0; i < j["iterations"].size(); ++i) {
        const Json& it = j["iterations"][i];
        ASSERT_TRUE(it["threshold"].is_number_integer() && it["nodes"].is_number_unsigned() &&
                    it["generated"].is_number_unsigned() && it["lookups"].is_number_unsigned() &&
                    it["seconds"].is_number());
        EXPECT_GE(it["lookups"].get<std::uint64_t>(), it["generated"].get<std::uint64_t>());  // one or more each
        const std::string line = "Iteration " + std::to_string(i + 1) + ": threshold " +
                                 std::to_string(it["threshold"].get<int>()) + ", expanded " +
                                 std::to_string(it["nodes"].get<std::uint64_t>()) + ", generated " +
                                 std::to_string(it["generated"].get<std::uint64_t>()) + ", lookups " +
                                 std::to_string(it["lookups"].get<std::uint64_t>()) + " (";
        EXPECT_NE(text.err.find(line), std::string::npos) << line;
    }
    EXPECT_EQ(j["iterations"].back()["threshold"], j["length"]);
    EXPECT_EQ(j["prune_depth"], 2);
    json_args.insert(json_args.end(), {"--prune-depth", "8"});
    const Json pruned = one_object(json_args);
    EXPECT_EQ(pruned["prune_depth"], 8);
    EXPECT_EQ(pruned["length"], j["length"]);
    // In a batch each object names the table too.
    const auto batch =
        run_cli({"sliding", "--batch", "--heuristic", "pdb555", "--no-cache", "--format", "json", "--stats"},
                "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15\n");
    ASSERT_EQ(batch.exit_code, 0) << batch.err;
    EXPECT_EQ(Json::parse(batch.out)["algorithm"], "ida-pdb555");
}

TEST(JsonCli, SlidingBatchIsOneObjectPerBoardLineInOrder) {
    const std::string file = data_path("sliding/examples/batch-3x3.txt");
    const auto text = run_cli({"sliding", "--batch", "--path", file});
    const auto r = run_cli({"sliding", "--batch", "--path", "--format", "json", "--threads", "2", file});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto objects = objects_of(r.out);
    const auto text_lines = lines_of(text.out);
    ASSERT_EQ(objects.size(), text_lines.size());
    std::size_t last = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        ASSERT_TRUE(objects[i]["line"].is_number_unsigned());
        EXPECT_GT(objects[i]["line"].get<std::size_t>(), last);
        last = objects[i]["line"].get<std::size_t>();
        expect_solution_matches(objects[i], text_lines[i], true, false, true);
    }
}

TEST(JsonCli, BadBatchLinesAreErrorObjectsInPlace) {
    const std::string in = "1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 7 7 0\n\n1 0 3 4 2 5 7 8 6\n";
    const auto r = run_cli({"sliding", "--batch", "--format", "json"}, in);
    EXPECT_EQ(r.exit_code, 3);
    const auto objects = objects_of(r.out);
    ASSERT_EQ(objects.size(), 3u) << r.out;
    EXPECT_EQ(objects[0]["line"], 1);
    EXPECT_EQ(objects[0]["length"], 1);
    EXPECT_EQ(objects[1]["line"], 2);
    ASSERT_TRUE(objects[1]["error"].is_string());
    EXPECT_NE(r.err.find(objects[1]["error"].get<std::string>()), std::string::npos) << r.err;
    EXPECT_FALSE(objects[1].contains("length"));
    EXPECT_EQ(objects[2]["line"], 4);
    EXPECT_EQ(objects[2]["length"], 3);

    const auto rush = run_cli({"rush", "--batch", "--format", "json"}, "ooooBBoooCCCAAoooDoooooDoooooEoooooE\nAAB\n");
    EXPECT_EQ(rush.exit_code, 3);
    const auto ro = objects_of(rush.out);
    ASSERT_EQ(ro.size(), 2u) << rush.out;
    EXPECT_EQ(ro[0]["length"], 4);
    EXPECT_EQ(ro[1]["line"], 2);
    EXPECT_TRUE(ro[1]["error"].is_string());
}

TEST(JsonCli, SlidingCountMatchesText) {
    const auto text = lines_of(run_cli({"sliding", "--count", "--size", "2x3"}).out);
    const Json j = one_object({"sliding", "--count", "--size", "2x3", "--format", "json"});
    ASSERT_TRUE(j["size"].is_string());
    EXPECT_EQ(j["size"], "2x3");
    ASSERT_TRUE(j["goal"].is_string());
    ASSERT_TRUE(j["boards"].is_number_unsigned());
    ASSERT_TRUE(j["largest_distance"].is_number_unsigned());
    ASSERT_TRUE(j["layers"].is_array());
    ASSERT_EQ(j["layers"].size(), text.size() - 2);  // two '#' lines, then `distance boards`
    std::uint64_t total = 0;
    for (std::size_t d = 0; d < j["layers"].size(); ++d) {
        EXPECT_EQ(std::to_string(d) + " " + std::to_string(j["layers"][d].get<std::uint64_t>()), text[d + 2]);
        total += j["layers"][d].get<std::uint64_t>();
    }
    EXPECT_EQ(j["boards"], total);
    EXPECT_EQ(j["largest_distance"], j["layers"].size() - 1);
    EXPECT_NE(text[0].find(std::to_string(total) + " boards"), std::string::npos);
    expect_search_fields(j, false);
}

TEST(JsonCli, RushMatchesText) {
    for (const char* f : {"level1", "judge", "short"}) {
        const std::string file = data_path(std::string("rush/examples/") + f + ".txt");
        for (const char* metric : {"moves", "steps"}) {
            const auto text = run_cli({"rush", "--path", "--metric", metric, file});
            ASSERT_EQ(text.exit_code, 0) << text.err;
            const Json j = one_object({"rush", "--path", "--metric", metric, "--format", "json", "--stats", file});
            expect_solution_matches(j, lines_of(text.out)[0], true, true, false);
            EXPECT_EQ(j["algorithm"], "bfs");
        }
    }
    const std::string batch = data_path("rush/examples/batch.txt");
    const auto text = lines_of(run_cli({"rush", "--batch", "--path", batch}).out);
    const auto r = run_cli({"rush", "--batch", "--path", "--format", "json", batch});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto objects = objects_of(r.out);
    ASSERT_EQ(objects.size(), text.size());
    for (std::size_t i = 0; i < objects.size(); ++i) {
        EXPECT_TRUE(objects[i]["line"].is_number_unsigned());
        expect_solution_matches(objects[i], text[i], true, false, false);
    }
}

TEST(JsonCli, RushClusterMatchesText) {
    const std::string board = "BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG\n";
    const auto text = lines_of(run_cli({"rush", "--cluster"}, board).out);
    const Json j = one_object({"rush", "--cluster", "--format", "json"}, board);
    const char* keys[] = {"states", "goal_states", "start_distance", "hardest_distance", "hardest_states"};
    const char* labels[] = {"States: ", "Goal states: ", "Start distance: ", "Hardest distance: ", "Hardest states: "};
    for (int i = 0; i < 5; ++i) {
        ASSERT_TRUE(j[keys[i]].is_number_integer()) << keys[i];
        EXPECT_EQ(labels[i] + std::to_string(j[keys[i]].get<long long>()), text[static_cast<std::size_t>(i)]);
    }
    ASSERT_TRUE(j["hardest"].is_string());
    EXPECT_EQ("Hardest: " + j["hardest"].get<std::string>(), text[5]);
    ASSERT_TRUE(j["histogram"].is_array());
    std::string histogram = "Histogram:";
    for (std::size_t d = 0; d < j["histogram"].size(); ++d)
        histogram.append(" ")
            .append(std::to_string(d))
            .append(":")
            .append(std::to_string(j["histogram"][d].get<std::uint64_t>()));
    EXPECT_EQ(histogram, text[6]);
    expect_search_fields(j, false);

    // No goal reachable: distances -1 and hardest null.
    const Json none = one_object({"rush", "--cluster", "--format", "json"}, "ooooooooooooAAoBBooooooooooooooooooo\n");
    EXPECT_EQ(none["start_distance"], -1);
    EXPECT_TRUE(none["hardest"].is_null());
}

TEST(JsonCli, QueensCountsListsShardsAndMergeMatchText) {
    for (int n = 1; n <= 10; ++n) {
        const std::string ns = std::to_string(n);
        const Json j = one_object({"queens", ns, "--format", "json"});
        ASSERT_TRUE(j["n"].is_number_integer());
        EXPECT_EQ(j["n"], n);
        ASSERT_TRUE(j["solutions"].is_number_unsigned());
        ASSERT_TRUE(j["unique"].is_number_unsigned());
        ASSERT_TRUE(j["time_s"].is_number());
        EXPECT_EQ(std::to_string(j["solutions"].get<std::uint64_t>()) + "\n", run_cli({"queens", ns}).out);
        EXPECT_EQ(std::to_string(j["unique"].get<std::uint64_t>()) + "\n", run_cli({"queens", ns, "--unique"}).out);
    }
    const Json s = one_object({"queens", "8", "--format", "json", "--stats"});
    for (const char* k : {"unique_asymmetric", "unique_rot180", "unique_rot90", "unique_full", "sub_problems",
                          "sub_problems_resumed", "threads"})
        EXPECT_TRUE(s[k].is_number_unsigned()) << k;

    const auto text = lines_of(run_cli({"queens", "8", "--list", "5"}).out);
    const Json l = one_object({"queens", "8", "--list", "5", "--format", "json"});
    ASSERT_TRUE(l["list"].is_array());
    ASSERT_EQ(l["list"].size(), text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        std::string line;
        for (const Json& c : l["list"][i]) {
            if (!line.empty()) line += ' ';
            line += std::to_string(c.get<int>());
        }
        EXPECT_EQ(line, text[i]);
    }
    EXPECT_EQ(one_object({"queens", "3", "--list", "2", "--format", "json"})["list"].size(), 0u);

    const std::string part1 = ::testing::TempDir() + "json_cli_part1", part2 = ::testing::TempDir() + "json_cli_part2";
    for (const auto& [shard, file] : {std::pair{"1/2", part1}, std::pair{"2/2", part2}}) {
        const auto t = run_cli({"queens", "9", "--shard", shard});
        const Json p = one_object({"queens", "9", "--shard", shard, "--format", "json"});
        EXPECT_EQ(p["shard"], shard);
        EXPECT_NE(t.out.find("count=" + std::to_string(p["solutions"].get<std::uint64_t>()) + " "), std::string::npos);
        EXPECT_TRUE(p["rot180"].is_number_unsigned() && p["rot90"].is_number_unsigned());
        std::FILE* f = std::fopen(file.c_str(), "w");
        ASSERT_NE(f, nullptr);
        std::fputs(t.out.c_str(), f);
        std::fclose(f);
    }
    const Json m = one_object({"queens", "merge", "--format", "json", part1, part2});
    EXPECT_EQ(m["n"], 9);
    EXPECT_EQ(m["solutions"], 352);
    EXPECT_EQ(m["unique"], 46);
}

TEST(JsonCli, RushPickOneObjectPerPickedRow) {
    const std::vector<std::string> args = {
        "rush", "pick", data_path("rush/fogleman-db-sample.txt"), "--moves", "30..", "--count", "4", "--seed", "7"};
    const auto text = run_cli(args);
    ASSERT_EQ(text.exit_code, 0) << text.err;
    std::vector<std::string> json_args = args;
    json_args.insert(json_args.end(), {"--format", "json"});
    const auto r = run_cli(json_args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto rows = lines_of(text.out);
    const auto objects = objects_of(r.out);
    ASSERT_EQ(rows.size(), 4u);
    ASSERT_EQ(objects.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Json& j = objects[i];
        for (const char* field : {"moves", "cluster_size", "pieces", "walls"})
            ASSERT_TRUE(j.contains(field) && j[field].is_number_unsigned()) << field << ' ' << j;
        ASSERT_TRUE(j.contains("board") && j["board"].is_string()) << j;
        EXPECT_EQ(j.size(), 5u) << j;
        const auto words = words_of(rows[i]);  // moves board cluster_size, in the same order
        ASSERT_EQ(words.size(), 3u);
        EXPECT_EQ(j["moves"].get<int>(), std::stoi(words[0]));
        EXPECT_GE(j["moves"].get<int>(), 30);
        const std::string board = j["board"];
        EXPECT_EQ(board, words[1]);
        EXPECT_EQ(j["cluster_size"].get<std::uint64_t>(), std::stoull(words[2]));
        std::string letters;
        for (char c : board)
            if (c >= 'A' && c <= 'Z' && letters.find(c) == std::string::npos) letters += c;
        EXPECT_EQ(j["pieces"].get<std::size_t>(), letters.size());
        EXPECT_EQ(j["walls"].get<std::size_t>(), static_cast<std::size_t>(std::count(board.begin(), board.end(), 'x')));
    }
    json_args.insert(json_args.end(), {"--walls", "1"});  // a filter on the field
    for (const Json& j : objects_of(run_cli(json_args).out)) EXPECT_EQ(j["walls"], 1) << j;
}

TEST(JsonCli, BadFormatsAndTextOnlyOptionsAreUsageErrors) {
    const std::string board = data_path("sliding/examples/hardest-3x3.txt");
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"sliding", "--format", "xml", board},
             {"sliding", "--format", "json", "--show", board},
             {"rush", "--format", "json", "--show", data_path("rush/examples/short.txt")},
             {"queens", "6", "--format", "json", "--show"},
             {"rush", "pick", data_path("rush/fogleman-db-sample.txt"), "--format", "json", "--show"},
         }) {
        const auto r = run_cli(args);
        EXPECT_EQ(r.exit_code, 2) << args[0] << " " << r.err;
        EXPECT_EQ(r.out, "");
    }
}

}  // namespace
}  // namespace bitsolve::test

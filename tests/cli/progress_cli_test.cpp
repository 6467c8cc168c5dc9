// --progress: a line per IDA* iteration on stderr (threshold, nodes, time), for plain and
// pattern-database IDA*; for `rush`, a line per BFS layer (a solve in both metrics, both passes
// of --cluster). Nothing extra when stderr is not a terminal and it was not asked for.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

struct Line {
    int iteration, threshold;
    unsigned long long nodes, total;
};

std::vector<Line> progress_lines(const std::string& err) {
    static const std::regex re(
        R"(bitsolve sliding: iteration (\d+): threshold (\d+), nodes (\d+) \(total (\d+)\), \d+\.\d\d s)");
    std::vector<Line> lines;
    std::istringstream in(err);
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        if (std::regex_match(l, m, re))
            lines.push_back({std::stoi(m[1]), std::stoi(m[2]), std::stoull(m[3]), std::stoull(m[4])});
    }
    return lines;
}

TEST(ProgressCli, OneLinePerIterationAddingUpToTheStats) {
    const std::string korf = data_path("sliding/examples/korf12-4x4.txt");
    for (const char* heuristic : {"lc", "pdb555"}) {
        const auto r = run_cli({"sliding", "--goal", "blank-first", "--heuristic", heuristic, "--no-cache",
                                "--progress", "--stats", korf});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        EXPECT_EQ(r.out, "45\n");  // the answer is unchanged
        const auto lines = progress_lines(r.err);
        ASSERT_GE(lines.size(), 2u) << r.err;
        unsigned long long sum = 0;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            EXPECT_EQ(lines[i].iteration, static_cast<int>(i + 1));
            if (i > 0) {
                EXPECT_GT(lines[i].threshold, lines[i - 1].threshold);
            }
            sum += lines[i].nodes;
            EXPECT_EQ(lines[i].total, sum);
        }
        EXPECT_EQ(lines.back().threshold, 45);
        EXPECT_NE(r.err.find("Nodes expanded: " + std::to_string(sum) + "\n"), std::string::npos) << r.err;
    }
}

TEST(ProgressCli, QuietWhenStderrIsNoTerminalAndNotAsked) {
    const auto r = run_cli({"sliding", "--goal", "blank-first", data_path("sliding/examples/korf12-4x4.txt")});
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.err, "");
}

struct Layer {
    std::string what;
    int depth;
    unsigned long long states, total;
};

std::vector<Layer> layer_lines(const std::string& err) {
    static const std::regex re(
        R"(bitsolve rush: (depth|cluster: depth|cluster: distance to a goal) (\d+): states (\d+) )"
        R"(\(total (\d+)\), \d+\.\d\d s)");
    std::vector<Layer> lines;
    std::istringstream in(err);
    for (std::string l; std::getline(in, l);) {
        std::smatch m;
        EXPECT_TRUE(std::regex_match(l, m, re)) << l;
        if (!m.empty()) lines.push_back({m[1], std::stoi(m[2]), std::stoull(m[3]), std::stoull(m[4])});
    }
    return lines;
}

// Depths 0, 1, 2, ... with totals the running sums of the layers.
void expect_layers_add_up(const std::vector<Layer>& lines) {
    unsigned long long sum = 0;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        EXPECT_EQ(lines[i].depth, static_cast<int>(i));
        EXPECT_GT(lines[i].states, 0u);
        sum += lines[i].states;
        EXPECT_EQ(lines[i].total, sum);
    }
}

std::vector<Layer> of_kind(const std::vector<Layer>& lines, const std::string& what) {
    std::vector<Layer> out;
    for (const Layer& l : lines)
        if (l.what == what) out.push_back(l);
    return out;
}

TEST(ProgressCli, RushOneLinePerLayerUpToTheAnswer) {
    // Two hard rows of the sample (60 and 51 moves), the car alone (1 move, 4 steps), the goal
    // itself, and a car that a wall keeps in (-1: every layer).
    for (const char* board : {"IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
                              "ooooooooooooAAoooooooooooooooooooooo", "ooooooooooooooooAAoooooooooooooooooo",
                              "ooooooBoooooBAAooxoooooooooooooooooo"})
        for (const char* metric : {"moves", "steps"}) {
            const auto r = run_cli({"rush", "--progress", "--metric", metric}, std::string(board) + "\n");
            const auto quiet = run_cli({"rush", "--metric", metric}, std::string(board) + "\n");
            ASSERT_EQ(quiet.err, "");
            EXPECT_EQ(r.exit_code, quiet.exit_code) << r.err;
            EXPECT_EQ(r.out, quiet.out);  // the answer is unchanged
            const auto lines = layer_lines(r.err);
            ASSERT_FALSE(lines.empty()) << board << ' ' << metric << r.err;
            EXPECT_EQ(of_kind(lines, "depth").size(), lines.size());
            expect_layers_add_up(lines);
            const int length = std::stoi(r.out);
            if (length >= 0) {
                EXPECT_EQ(lines.back().depth, length) << board << ' ' << metric;
            }
        }
}

TEST(ProgressCli, RushClusterLayersMatchTheReport) {
    const std::string board = "BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG\n";
    for (const char* metric : {"moves", "steps"}) {
        const auto r = run_cli({"rush", "--cluster", "--progress", "--metric", metric}, board);
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const auto lines = layer_lines(r.err);
        const auto forward = of_kind(lines, "cluster: depth"), distance = of_kind(lines, "cluster: distance to a goal");
        EXPECT_EQ(forward.size() + distance.size(), lines.size());
        ASSERT_FALSE(forward.empty());
        ASSERT_FALSE(distance.empty());
        EXPECT_EQ(lines[forward.size()].what, "cluster: distance to a goal");  // the forward pass first
        expect_layers_add_up(forward);
        expect_layers_add_up(distance);
        EXPECT_NE(r.out.find("States: " + std::to_string(forward.back().total) + "\n"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("Hardest distance: " + std::to_string(distance.back().depth) + "\n"), std::string::npos);
        std::string histogram = "Histogram:";
        for (const Layer& l : distance) histogram += ' ' + std::to_string(l.depth) + ':' + std::to_string(l.states);
        EXPECT_NE(r.out.find(histogram + "\n"), std::string::npos) << r.out << histogram;
        const auto quiet = run_cli({"rush", "--cluster", "--metric", metric}, board);
        EXPECT_EQ(quiet.out, r.out);
        EXPECT_EQ(quiet.err, "");
    }
}

TEST(ProgressCli, RushProgressIsNotForBatches) {
    const auto r = run_cli({"rush", "--batch", "--progress", data_path("rush/fogleman-db-sample.txt")});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("--progress cannot be combined with --batch"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace bitsolve::test

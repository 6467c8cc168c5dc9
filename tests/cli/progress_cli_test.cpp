// --progress: a line per IDA* iteration on stderr (threshold, nodes, time), for plain and
// pattern-database IDA*; nothing extra when stderr is not a terminal and it was not asked for.
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

}  // namespace
}  // namespace bitsolve::test

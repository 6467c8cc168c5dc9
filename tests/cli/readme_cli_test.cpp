// The README's quick start is run as written: every `$ command` line in its code blocks, from the
// repository root with $B the built binary, must print exactly the lines that follow it.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli_run.hpp"

namespace bitsolve::test {
namespace {

struct Example {
    std::string command;
    std::string expected;  // the lines after it, each with '\n'
};

// The `$ ` examples of the README between "## Quick start" and the next "### What" heading.
std::vector<Example> quick_start_examples(const std::string& readme) {
    const auto begin = readme.find("## Quick start");
    const auto end = readme.find("### What", begin);
    std::istringstream in(readme.substr(begin, end - begin));
    std::vector<Example> examples;
    bool in_block = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("```", 0) == 0) {
            in_block = !in_block;
            continue;
        }
        if (!in_block) continue;
        if (line.rfind("$ ", 0) == 0) examples.push_back({line.substr(2), {}});
        else if (!examples.empty()) examples.back().expected += line + "\n";
    }
    return examples;
}

std::string run_shell(const std::string& command) {
    const std::string root = std::filesystem::path(data_path("")).parent_path().parent_path().string();
    const std::string full = "cd '" + root + "' && B='" + BITSOLVE_BIN + "' && { " + command + "\n} 2>/dev/null";
    std::string out;
    FILE* p = ::popen(full.c_str(), "r");
    if (!p) return "popen failed";
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    ::pclose(p);
    return out;
}

TEST(ReadmeCli, QuickStartPrintsWhatItShows) {
    const auto examples = quick_start_examples(slurp(data_path("../README.md")));
    ASSERT_GE(examples.size(), 8u);  // six first examples, then the goal trap
    // A blank line that ends an output is not shown in the README; everything else must match.
    auto trimmed = [](std::string s) {
        while (s.size() >= 2 && s.substr(s.size() - 2) == "\n\n") s.pop_back();
        return s;
    };
    for (const Example& e : examples) EXPECT_EQ(trimmed(run_shell(e.command)), e.expected) << e.command;
}

}  // namespace
}  // namespace bitsolve::test

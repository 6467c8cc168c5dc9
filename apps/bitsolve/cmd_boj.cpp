// `bitsolve boj N`: the classic judge problems, input and output exactly as the judge has them.
#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "command.hpp"
#include "common.hpp"

namespace bitsolve::cli {
namespace {

std::string problem_list() {
    std::string s;
    for (const auto& p : boj_problems()) s += "  " + std::to_string(p.number) + "  " + p.title + "\n";
    return s;
}

// One line: the known numbers, and where their titles are.
UsageError unknown_problem(int number) {
    std::string known;
    for (const auto& p : boj_problems()) known += (known.empty() ? "" : ", ") + std::to_string(p.number);
    return UsageError("unknown problem " + std::to_string(number) + " (known: " + known + "; see bitsolve boj --help)");
}

int run_boj(int number, const std::string& file, const CommonOptions& limits) {
    apply_common_options(limits);
    for (const auto& p : boj_problems()) {
        if (p.number != number) continue;
        if (file.empty()) return p.solve(std::cin, std::cout);
        std::istringstream in(read_input(file));  // errors name it
        return p.solve(in, std::cout);
    }
    throw unknown_problem(number);
}

const Registration reg{
    "boj", [](CLI::App& app) {
        auto* cmd = app.add_subcommand("boj", "Answer a classic judge problem exactly (input from FILE or stdin)");
        auto number = std::make_shared<int>(0);
        auto file = std::make_shared<std::string>();
        cmd->add_option("problem", *number, "Problem number")->required();
        cmd->add_option("FILE", *file, "The judge's input (default: stdin)");
        auto limits = std::make_shared<CommonOptions>();
        add_limit_options(cmd, *limits);
        cmd->footer("Problems:\n" + problem_list());
        return Runner{
            cmd, [number, file, limits] { return guarded("boj", [&] { return run_boj(*number, *file, *limits); }); }};
    }};

}  // namespace
}  // namespace bitsolve::cli

// `bitsolve boj N`: the classic judge problems, input and output exactly as the judge has them.
#include <iostream>
#include <memory>

#include "bitsolve/core/errors.hpp"
#include "command.hpp"
#include "common.hpp"

namespace bitsolve::cli {
namespace {

std::string problem_list() {
    std::string s;
    for (const auto& p : boj_problems()) s += "  " + std::to_string(p.number) + "  " + p.title + "\n";
    return s;
}

const Registration reg{"boj", [](CLI::App& app) {
                           auto* cmd =
                               app.add_subcommand("boj", "Answer a classic judge problem exactly (input on stdin)");
                           auto number = std::make_shared<int>(0);
                           cmd->add_option("problem", *number, "Problem number")->required();
                           auto limits = std::make_shared<CommonOptions>();
                           add_limit_options(cmd, *limits);
                           cmd->footer("Problems:\n" + problem_list());
                           return Runner{cmd, [number, limits] {
                                             return guarded("boj", [&] {
                                                 apply_common_options(*limits);
                                                 for (const auto& p : boj_problems())
                                                     if (p.number == *number) return p.solve(std::cin, std::cout);
                                                 throw UsageError("unknown problem " + std::to_string(*number) +
                                                                  "; known:\n" + problem_list());
                                             });
                                         }};
                       }};

}  // namespace
}  // namespace bitsolve::cli

// `bitsolve bench [WORKLOAD]`: fixed single-threaded workloads. The node count is the bench
// signature (a test checks it); Nodes/second is the speed figure. Both go to stderr.
#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/core/errors.hpp"
#include "bitsolve/core/text.hpp"
#include "command.hpp"
#include "common.hpp"

namespace bitsolve::cli {
namespace {

std::string workload_names() {
    std::string s;
    for (const auto& w : bench_workloads()) s += (s.empty() ? "" : ", ") + w.name;
    return s;
}

const Registration reg{
    "bench", [](CLI::App& app) {
        auto* cmd = app.add_subcommand("bench", "Run the fixed benchmark workload (signature on stderr)");
        auto only = std::make_shared<std::string>();
        cmd->add_option("workload", *only, "Run only this workload (default: all)");
        auto limits = std::make_shared<CommonOptions>();
        add_limit_options(cmd, *limits);
        cmd->footer("Workloads: " + workload_names());
        return Runner{
            cmd, [only, limits] {
                return guarded("bench", [&] {
                    apply_common_options(*limits);
                    std::uint64_t total = 0;
                    double seconds = 0;
                    bool any = false;
                    for (const auto& w : bench_workloads()) {
                        if (!only->empty() && w.name != *only) continue;
                        any = true;
                        // A workload's lines are printed once it has finished: one stopped by --timeout
                        // or a signal leaves only the one error line of its stop.
                        std::ostringstream log;
                        const auto t0 = std::chrono::steady_clock::now();
                        const std::uint64_t nodes = w.fn(log);
                        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                        std::cerr << log.str();
                        std::cerr << fmt::format("{:<8} nodes {:>14}  time {:8.3f} s  nodes/s {:>12.0f}\n", w.name,
                                                 nodes, s, s > 0 ? static_cast<double>(nodes) / s : 0.0);
                        total += nodes;
                        seconds += s;
                    }
                    if (!any) throw UsageError("unknown workload '" + quote(*only) + "'; known: " + workload_names());
                    std::cerr << "===========================\n"
                              << "Total time (ms) : " << static_cast<std::uint64_t>(seconds * 1000) << "\n"
                              << "Nodes searched : " << total << "\n"
                              << "Kernel : " << kernel_name(active_kernel()) << "\n"
                              << "Nodes/second : "
                              << static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(total) / seconds : 0)
                              << "\n";
                    return 0;
                });
            }};
    }};

}  // namespace
}  // namespace bitsolve::cli

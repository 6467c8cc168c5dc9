#include "command.hpp"

#include <algorithm>

namespace bitsolve::cli {

namespace {
// Function-local statics: safe to use from other files' static initialisers.
std::vector<std::pair<std::string, Setup>>& commands() {
    static std::vector<std::pair<std::string, Setup>> v;
    return v;
}
std::vector<BojEntry>& problems() {
    static std::vector<BojEntry> v;
    return v;
}
std::vector<BenchEntry>& workloads() {
    static std::vector<BenchEntry> v;
    return v;
}
}  // namespace

Registration::Registration(std::string name, Setup setup) {
    auto& v = commands();
    v.emplace_back(std::move(name), std::move(setup));
    // Registration order depends on link order; sort so that --help is stable.
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
}
const std::vector<std::pair<std::string, Setup>>& registered_commands() { return commands(); }

BojProblem::BojProblem(int number, std::string title, BojSolver solve) {
    auto& v = problems();
    v.push_back({number, std::move(title), std::move(solve)});
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.number < b.number; });
}
const std::vector<BojEntry>& boj_problems() { return problems(); }

BenchWorkload::BenchWorkload(std::string name, BenchFn fn) {
    auto& v = workloads();
    v.push_back({std::move(name), std::move(fn)});
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
}
const std::vector<BenchEntry>& bench_workloads() { return workloads(); }

}  // namespace bitsolve::cli

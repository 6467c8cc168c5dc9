// Fuzz target: the Rush Hour searches on boards of up to 6x6, against each other. Every board
// string in the input (a whitespace-separated word of N*N characters that parses; at most four
// per input) is solved in the moves metric by the batch search with each kernel the CPU has (same length,
// states, counts and path), the path replayed to the goal, and the answer compared with the
// start's distance from the cluster analysis (a different search over the unpruned moves); the
// steps metric likewise against the cluster in steps, and never below the moves answer.
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include "bitsolve/core/cpu.hpp"
#include "bitsolve/rush/cluster.hpp"
#include "bitsolve/rush/parse.hpp"
#include "bitsolve/rush/path.hpp"
#include "bitsolve/rush/solver.hpp"
#include "fuzz_check.hpp"

using namespace bitsolve;
using namespace bitsolve::rush;

namespace {

void check_path(const Board& start, const Solution& s, Metric metric) {
    Board b = start;
    int length = 0;
    for (const Move& m : s.path) {
        FUZZ_CHECK(apply_move(b, m));
        length += cost(m, metric);
    }
    FUZZ_CHECK(b.solved());
    FUZZ_CHECK(length == s.length);
}

void check_board(const Board& b) {
    static Solver vec, sca;
    static ClusterAnalyzer cluster;
    sca.set_kernel(Kernel::Scalar);
    const Solution y = sca.solve(b, Metric::Moves, true);
    Solution x = y;
    for (Kernel k : {Kernel::Avx2, Kernel::Avx512}) {  // every kernel the CPU has, against the scalar one
        if (!kernel_supported(k)) continue;
        vec.set_kernel(k);
        x = vec.solve(b, Metric::Moves, true);
        FUZZ_CHECK(x.length == y.length && x.states == y.states);
        FUZZ_CHECK(x.stats.expanded == y.stats.expanded && x.stats.generated == y.stats.generated);
        FUZZ_CHECK(x.path.size() == y.path.size());
        for (std::size_t i = 0; i < x.path.size(); ++i)
            FUZZ_CHECK(x.path[i].piece == y.path[i].piece && x.path[i].delta == y.path[i].delta);
    }
    const ClusterReport moves = cluster.analyze(b, Metric::Moves);
    FUZZ_CHECK(x.length == moves.start_distance);
    if (x.length >= 0) check_path(b, x, Metric::Moves);
    const Solution steps = vec.solve(b, Metric::Steps, true);
    FUZZ_CHECK(steps.length == cluster.analyze(b, Metric::Steps).start_distance);
    FUZZ_CHECK((steps.length < 0) == (x.length < 0) && steps.length >= x.length);
    if (steps.length >= 0) check_path(b, steps, Metric::Steps);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(fuzz::as_text(data, size)));
    int boards = 0;
    for (std::string word; boards < 4 && in >> word;) {
        if (word.size() != 16 && word.size() != 25 && word.size() != 36) continue;
        Board b;
        if (!fuzz::accepts([&] { b = parse_board_string(word); })) continue;
        ++boards;
        check_board(b);
    }
    return 0;
}

// Counts the N-Queens solutions of an N x N board on two threads, showing progress on stderr.
// Usage: queens_count [N [STOP_AFTER]]: with STOP_AFTER, the run is stopped (through the library's
// stop flag, as a Ctrl-C handler would) once that many sub-problems are done.
#include <cstdlib>
#include <iostream>

#include "bitsolve/core/limits.hpp"
#include "bitsolve/queens/count.hpp"
#include "bitsolve/queens/summary.hpp"

namespace q = bitsolve::queens;

int main(int argc, char** argv) {
    const int n = argc > 1 ? std::atoi(argv[1]) : 12;
    const unsigned long long stop_after = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 0;
    if (n < 1 || n > 32) {
        std::cerr << "N must be 1..32\n";
        return 2;
    }
    try {
        const q::Split split = q::make_split(n);
        q::RunState state = q::start_state(split, q::ShardSpec{}, /*checkpoint=*/"");
        q::CountOptions opt{.threads = 2};
        opt.progress = [&](const q::Progress& p) {
            std::cerr << "\rdone " << p.done << '/' << p.total << std::flush;
            if (stop_after > 0 && p.done >= stop_after) bitsolve::request_stop(bitsolve::StopReason::Interrupted);
        };
        q::run_checkpointed(split, state, opt);
        const q::Summary sum = q::summarise(n, state.counts);
        std::cout << "\ntotal " << q::to_string(sum.total) << "\nunique " << q::to_string(sum.unique) << '\n';
    } catch (const bitsolve::LimitError& e) {  // the stop: what was finished is kept in `state`
        std::cout << "\nstopped: " << e.what() << '\n';
        return 1;
    }
}

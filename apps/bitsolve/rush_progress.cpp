#include "rush_progress.hpp"

#include <chrono>
#include <iostream>

#include <fmt/format.h>

#include "terminal.hpp"

namespace bitsolve::cli {

rush::LayerFn rush_layer_lines(bool asked) {
    using Pass = rush::LayerProgress::Pass;
    if (!want_progress(asked)) return {};
    return [all = asked, t0 = std::chrono::steady_clock::now()](const rush::LayerProgress& p) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!all && s < 1.0) return;
        const char* what = p.pass == Pass::Solve     ? "depth"
                           : p.pass == Pass::Forward ? "cluster: depth"
                                                     : "cluster: distance to a goal";
        std::cerr << fmt::format("bitsolve rush: {} {}: states {} (total {}), {:.2f} s\n", what, p.depth, p.layer,
                                 p.states, s);
    };
}

}  // namespace bitsolve::cli

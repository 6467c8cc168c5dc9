#pragma once
// `rush --progress`: a line on stderr per BFS layer of a single-board solve or cluster analysis
// (the library's LayerProgress callback), with the sliding rule of terminal.hpp: every line
// with --progress; without it, on a terminal, the lines after the first second; else none.
#include "bitsolve/rush/layer_progress.hpp"

namespace bitsolve::cli {

// The callback printing the lines, or an empty one when none is wanted (asked: --progress).
rush::LayerFn rush_layer_lines(bool asked);

}  // namespace bitsolve::cli

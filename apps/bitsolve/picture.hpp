#pragma once
// --svg FILE and --html FILE: a solution drawn as a self-contained animated SVG (pieces moving
// one move after another, a move counter, looping) or a single offline HTML page holding that
// picture with step/back/play buttons. The families fill a Scene; nothing here knows a puzzle.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace CLI {
class App;
}

namespace bitsolve::cli {

// One piece in one frame, in grid cells: top-left corner (row, col), size h x w.
struct PiecePlace {
    int row = 0, col = 0, h = 1, w = 1;
};

struct ScenePiece {
    std::string label;               // drawn in the middle
    std::string fill;                // "#rrggbb"
    std::vector<PiecePlace> places;  // one per frame
};

struct Scene {
    std::string title;
    int rows = 0, cols = 0;
    std::vector<std::pair<int, int>> walls;  // (row, col) of fixed obstacles, drawn dark
    int exit_row = -1;                       // >= 0: an exit mark at the right end of this row
    std::vector<ScenePiece> pieces;
    std::vector<std::string> captions;  // one per frame: "start", "move 3/9: C-1", ...
};

// Geometry of the drawing, shared with the HTML page's controls and the browser test (docs).
inline constexpr int kCellPx = 60, kMarginPx = 20, kCaptionPx = 40;
inline constexpr double kStepSeconds = 0.8;  // one move, then a hold, per step

// The colour of piece i out of n: distinct hues, none of them red (red is the primary car's).
std::string piece_colour(std::size_t i, std::size_t n);
inline constexpr const char* kPrimaryColour = "#d62728";
inline constexpr const char* kWallColour = "#303030";

std::string svg_of(const Scene& scene);
std::string html_of(const Scene& scene);

// The queens boards side by side, columns 1-based as --list prints them.
std::string queens_svg(int n, const std::vector<std::vector<int>>& boards);

// --svg FILE / --html FILE, as `sliding` and `rush` take them; either may be empty (not asked for).
struct PictureFiles {
    std::string svg, html;
    bool any() const { return !svg.empty() || !html.empty(); }
};
// (Defined in common.cpp with the other option adders: only the files that add options compile CLI11.)
void add_picture_options(CLI::App* cmd, PictureFiles& files);

// Refuses now, as write_pictures would at the end, a picture path that cannot be written (a
// missing folder, a folder), so that a long search does not find out after it.
void check_pictures_writable(const PictureFiles& files);

// Writes the pictures asked for; neither is written when either cannot be made.
void write_pictures(const Scene& scene, const PictureFiles& files);

}  // namespace bitsolve::cli

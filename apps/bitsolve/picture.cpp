#include "picture.hpp"

#include <cmath>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "bitsolve/core/file.hpp"

namespace bitsolve::cli {
namespace {

std::string escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else if (c == '&') out += "&amp;";
        else if (c == '"') out += "&quot;";
        else out += c;
    }
    return out;
}

// The moments of the animation (seconds): frame k is reached at k*T and held for 0.3*T, then the
// next move takes the rest of the step; the last frame is held for a whole step, then it loops.
std::string key_times(std::size_t frames) {
    const double total = static_cast<double>(frames) * kStepSeconds;
    std::string s = "0";
    for (std::size_t k = 0; k < frames; ++k) {
        const double arrive = static_cast<double>(k) * kStepSeconds;
        if (k > 0) s += fmt::format(";{:.6f}", arrive / total);
        s += fmt::format(";{:.6f}", (k + 1 == frames ? total : arrive + 0.3 * kStepSeconds) / total);
    }
    return s;
}

std::string translate(const PiecePlace& p) {
    return fmt::format("{},{}", kMarginPx + p.col * kCellPx, kMarginPx + p.row * kCellPx);
}

}  // namespace

std::string piece_colour(std::size_t i, std::size_t n) {
    // Hues spread over 20..340 degrees (red kept for the primary car), two lightness levels.
    const double hue = 20.0 + 320.0 * static_cast<double>(i) / static_cast<double>(n > 1 ? n : 1);
    const double l = i % 2 == 0 ? 0.55 : 0.42, s = 0.65;
    const double c = (1 - std::fabs(2 * l - 1)) * s, hp = hue / 60.0;
    const double x = c * (1 - std::fabs(std::fmod(hp, 2.0) - 1));
    double r = 0, g = 0, b = 0;
    if (hp < 1) r = c, g = x;
    else if (hp < 2) r = x, g = c;
    else if (hp < 3) g = c, b = x;
    else if (hp < 4) g = x, b = c;
    else if (hp < 5) r = x, b = c;
    else r = c, b = x;
    const double m = l - c / 2;
    auto byte = [m](double v) { return static_cast<int>(std::lround((v + m) * 255)); };
    return fmt::format("#{:02x}{:02x}{:02x}", byte(r), byte(g), byte(b));
}

std::string svg_of(const Scene& sc) {
    const std::size_t frames = sc.captions.size();
    const int width = 2 * kMarginPx + sc.cols * kCellPx, height = 2 * kMarginPx + sc.rows * kCellPx + kCaptionPx;
    const double total = static_cast<double>(frames) * kStepSeconds;
    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"picture\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"sans-serif\">\n<title>{2}</title>\n",
        width, height, escape(sc.title));
    s += fmt::format("<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n", width, height);
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#e8e4d8\" stroke=\"#888888\"/>\n",
                     kMarginPx, kMarginPx, sc.cols * kCellPx, sc.rows * kCellPx);
    if (sc.exit_row >= 0)
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"6\" height=\"{}\" fill=\"#2ca02c\"/>\n",
                         kMarginPx + sc.cols * kCellPx, kMarginPx + sc.exit_row * kCellPx, kCellPx);
    for (const auto& [r, c] : sc.walls)
        s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", kMarginPx + c * kCellPx,
                         kMarginPx + r * kCellPx, kCellPx, kCellPx, kWallColour);
    const std::string times = key_times(frames);
    for (const ScenePiece& p : sc.pieces) {
        const PiecePlace& first = p.places.front();
        s += fmt::format("<g transform=\"translate({})\">", translate(first));
        std::string values;
        for (std::size_t k = 0; k < frames; ++k) {
            const std::string t = translate(p.places[k]);
            if (k) values += ';';
            values.append(t).append(";").append(t);
        }
        if (frames > 1)
            s += fmt::format(
                "<animateTransform attributeName=\"transform\" type=\"translate\" values=\"{}\" keyTimes=\"{}\" "
                "dur=\"{:.3f}s\" repeatCount=\"indefinite\"/>",
                values, times, total);
        const int w = first.w * kCellPx, h = first.h * kCellPx;
        s += fmt::format("<rect x=\"3\" y=\"3\" width=\"{}\" height=\"{}\" rx=\"8\" fill=\"{}\" stroke=\"#202020\"/>",
                         w - 6, h - 6, p.fill);
        s += fmt::format(
            "<text x=\"{}\" y=\"{}\" font-size=\"22\" text-anchor=\"middle\" dominant-baseline=\"central\" "
            "fill=\"#ffffff\">{}</text></g>\n",
            w / 2, h / 2, escape(p.label));
    }
    // The move counter: one caption per frame, visible while its frame is on show.
    const int cy = 2 * kMarginPx + sc.rows * kCellPx + kCaptionPx / 2 - 6;
    for (std::size_t k = 0; k < frames; ++k) {
        s += fmt::format("<text class=\"caption\" x=\"{}\" y=\"{}\" font-size=\"18\" visibility=\"{}\">{}", kMarginPx,
                         cy, k == 0 ? "visible" : "hidden", escape(sc.captions[k]));
        if (frames > 1) {
            const double on = static_cast<double>(k) * kStepSeconds / total,
                         off = static_cast<double>(k + 1) * kStepSeconds / total;
            std::string values, times_k;
            if (k == 0) values = "visible;hidden", times_k = fmt::format("0;{:.6f}", off);
            else if (k + 1 == frames) values = "hidden;visible", times_k = fmt::format("0;{:.6f}", on);
            else values = "hidden;visible;hidden", times_k = fmt::format("0;{:.6f};{:.6f}", on, off);
            s += fmt::format(
                "<animate attributeName=\"visibility\" values=\"{}\" keyTimes=\"{}\" calcMode=\"discrete\" "
                "dur=\"{:.3f}s\" repeatCount=\"indefinite\"/>",
                values, times_k, total);
        }
        s += "</text>\n";
    }
    return s + "</svg>\n";
}

std::string html_of(const Scene& sc) {
    const std::size_t moves = sc.captions.size() - 1;
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>" +
                    escape(sc.title) +
                    "</title>\n<style>body{margin:0;font-family:sans-serif}"
                    "#controls{padding:0 20px}button{font-size:16px;margin-right:8px}</style>\n</head>\n<body>\n";
    s += svg_of(sc);
    s += "<div id=\"controls\"><button id=\"back\">back</button><button id=\"play\">play</button>"
         "<button id=\"step\">step</button></div>\n";
    // Step k shows frame k: the animation paused inside that frame's hold. `#step=K` in the URL
    // opens the page at step K, paused; without it the animation plays.
    s += fmt::format(R"(<script>
(function () {{
  var svg = document.getElementById("picture"), T = {}, last = {}, k = 0, playing = false;
  function show(i) {{
    k = (i % (last + 1) + last + 1) % (last + 1);
    svg.pauseAnimations();
    svg.setCurrentTime(k * T + 0.15 * T);
    playing = false;
    document.getElementById("play").textContent = "play";
  }}
  function current() {{ return Math.floor(svg.getCurrentTime() / T) % (last + 1); }}
  document.getElementById("step").onclick = function () {{ show((playing ? current() : k) + 1); }};
  document.getElementById("back").onclick = function () {{ show((playing ? current() : k) - 1); }};
  document.getElementById("play").onclick = function () {{
    if (playing) {{ show(current()); return; }}
    playing = true;
    this.textContent = "pause";
    svg.unpauseAnimations();
  }};
  var m = /step=([0-9]+)/.exec(window.location.hash);
  if (m) show(parseInt(m[1], 10));
  else {{ playing = true; document.getElementById("play").textContent = "pause"; }}
}})();
</script>
</body>
</html>
)",
                     kStepSeconds, moves);
    return s;
}

std::string queens_svg(int n, const std::vector<std::vector<int>>& boards) {
    const int cell = 30, gap = 20, per_row = 4;
    const int count = static_cast<int>(boards.size());
    const int across = count < per_row ? (count ? count : 1) : per_row, down = (count + per_row - 1) / per_row;
    const int side = n * cell, width = gap + across * (side + gap), height = gap + (down ? down : 1) * (side + 2 * gap);
    std::string s = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"sans-serif\">\n<title>{2} queens: {3} solution(s)</title>\n<rect width=\"{0}\" height=\"{1}\" "
        "fill=\"#ffffff\"/>\n",
        width, height, n, count);
    for (int b = 0; b < count; ++b) {
        const int x0 = gap + (b % per_row) * (side + gap), y0 = gap + (b / per_row) * (side + 2 * gap);
        s += fmt::format("<g transform=\"translate({},{})\">\n", x0, y0);
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c)
                s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>", c * cell, r * cell,
                                 cell, cell, (r + c) % 2 ? "#b58863" : "#f0d9b5");
        s += "\n";
        for (int r = 0; r < n; ++r)
            s += fmt::format("<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#202020\"/>",
                             (boards[static_cast<std::size_t>(b)][static_cast<std::size_t>(r)] - 1) * cell + cell / 2,
                             r * cell + cell / 2, cell / 3);
        std::string cols;
        for (int c : boards[static_cast<std::size_t>(b)]) {
            if (!cols.empty()) cols += ' ';
            cols += std::to_string(c);
        }
        s += fmt::format("\n<text x=\"0\" y=\"{}\" font-size=\"14\">{}</text>\n</g>\n", side + 18, cols);
    }
    return s + "</svg>\n";
}

void check_pictures_writable(const PictureFiles& files) {
    for (const std::string& path : {files.svg, files.html})
        if (!path.empty()) check_writable(path);
}

void write_pictures(const Scene& scene, const PictureFiles& files) {
    // Both are made and written before either replaces its file, so an error leaves none behind.
    std::vector<std::pair<std::string, std::vector<std::string_view>>> out;
    const std::string svg = files.svg.empty() ? "" : svg_of(scene), html = files.html.empty() ? "" : html_of(scene);
    if (!files.svg.empty()) out.push_back({files.svg, {svg}});
    if (!files.html.empty()) out.push_back({files.html, {html}});
    write_files_atomic(out);
}

}  // namespace bitsolve::cli

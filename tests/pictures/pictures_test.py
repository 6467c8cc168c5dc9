#!/usr/bin/env python3
"""--svg / --html end to end.

  pictures_test.py BIN DATA_DIR static    the files are well-formed XML (the SVGs; the HTML page's
                                          picture), self-contained (no external reference), written
                                          only on success, refused where they make no sense
  pictures_test.py BIN DATA_DIR browser   headless Chromium opens the HTML pages at two steps; the
                                          screenshots differ and every piece's colour is where the
                                          SVG places it at that step (walls dark, the car red)

Exit code 0 passed, 1 failed, 77 skipped (browser: no chromium, unless BITSOLVE_REQUIRE_BROWSER=1).
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

BIN, DATA, MODE = sys.argv[1], sys.argv[2], sys.argv[3]
SVG_NS = "{http://www.w3.org/2000/svg}"
CELL, MARGIN = 60, 20  # apps/bitsolve/picture.hpp
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what, file=sys.stderr)


def run(args, stdin=None):
    return subprocess.run([BIN] + args, input=stdin, capture_output=True, text=True, timeout=120)


def no_external_reference(text, name):
    # Namespace names are identifiers, not references; anything else pointing outside fails.
    stripped = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    for pattern in (r"https?:", r"\bsrc\s*=", r"\bhref\s*=", r"url\(", r"@import", r"//[a-z0-9.-]+\.[a-z]{2,}/"):
        check(re.search(pattern, stripped, re.I) is None, f"{name}: external reference matching {pattern}")


def svg_of_html(text):
    m = re.search(r"<svg.*?</svg>", text, re.S)
    return m.group(0) if m else ""


def pieces_of(svg_text):
    """Each piece of an animated SVG: its fill and its top-left corner (px) per frame."""
    root = ET.fromstring(svg_text)
    pieces = []
    for g in root.iter(SVG_NS + "g"):
        anim = g.find(SVG_NS + "animateTransform")
        rect = g.find(SVG_NS + "rect")
        if rect is None:
            continue
        if anim is None:
            corners = [tuple(int(v) for v in re.findall(r"-?\d+", g.get("transform")))]
        else:
            values = [tuple(int(x) for x in v.split(",")) for v in anim.get("values").split(";")]
            corners = values[0::2]  # each frame is reached, then held: two values per frame
        pieces.append({"fill": rect.get("fill"), "corners": corners,
                       "w": int(rect.get("width")) + 6, "h": int(rect.get("height")) + 6})
    return root, pieces


def static_checks(tmp):
    cases = [
        ("rush", ["rush", os.path.join(DATA, "rush/examples/level1.txt")], 9),
        ("rushwall", ["rush"], 60),
        ("sliding", ["sliding", os.path.join(DATA, "sliding/examples/hardest-3x3.txt")], 31),
    ]
    for name, args, moves in cases:
        svg, html = os.path.join(tmp, name + ".svg"), os.path.join(tmp, name + ".html")
        stdin = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n" if name == "rushwall" else None
        r = run(args + ["--svg", svg, "--html", html], stdin)
        check(r.returncode == 0, f"{name}: exit {r.returncode}: {r.stderr}")
        check(r.stdout.split()[0] == str(moves), f"{name}: answer {r.stdout!r}")
        for f in (svg, html):
            check(os.path.exists(f), f"{name}: {f} written")
        if not os.path.exists(svg) or not os.path.exists(html):
            continue
        svg_text, html_text = open(svg).read(), open(html).read()
        try:
            root, pieces = pieces_of(svg_text)
            check(root.tag == SVG_NS + "svg", f"{name}: root is <svg>")
        except ET.ParseError as e:
            check(False, f"{name}.svg is not well-formed XML: {e}")
            continue
        check(all(len(p["corners"]) == moves + 1 for p in pieces), f"{name}: one position per frame")
        captions = [t for t in root.iter(SVG_NS + "text") if t.get("class") == "caption"]
        check(len(captions) == moves + 1 and captions[-1].text == f"move {moves}/{moves}: " +
              captions[-1].text.split(": ")[-1], f"{name}: a caption per frame, the move counter")
        check('repeatCount="indefinite"' in svg_text, f"{name}: the animation loops")
        try:
            ET.fromstring(svg_of_html(html_text))
        except ET.ParseError as e:
            check(False, f"{name}.html: its picture is not well-formed XML: {e}")
        check(all(b in html_text for b in ('id="back"', 'id="play"', 'id="step"')), f"{name}: buttons")
        check("<script src" not in html_text and "<link" not in html_text, f"{name}: inline script only")
        no_external_reference(svg_text, name + ".svg")
        no_external_reference(html_text, name + ".html")
        if name == "rushwall":
            check(any(e.get("fill") == "#303030" for e in root.iter(SVG_NS + "rect")), "walls drawn dark")
        if name.startswith("rush"):
            check(sum(p["fill"] == "#d62728" for p in pieces) == 1, f"{name}: one red piece, the primary car")
        fills = [p["fill"] for p in pieces]
        check(len(set(fills)) == len(fills), f"{name}: distinct colours {fills}")

    q = os.path.join(tmp, "queens.svg")
    r = run(["queens", "8", "--list", "3", "--svg", q])
    check(r.returncode == 0 and os.path.exists(q), f"queens --svg: {r.stderr}")
    if os.path.exists(q):
        root = ET.parse(q).getroot()
        circles = list(root.iter(SVG_NS + "circle"))
        check(len(circles) == 24, f"queens: 3 boards of 8 queens, found {len(circles)} circles")
        no_external_reference(open(q).read(), "queens.svg")
        labels = [t.text for t in root.iter(SVG_NS + "text")]
        check(labels == r.stdout.splitlines(), f"queens: each board labelled as --list prints it: {labels}")

    # Nothing is written on an error, and where a picture makes no sense it is refused.
    bad = os.path.join(tmp, "bad.svg")
    r = run(["sliding", "--svg", bad], "1 2 3\n4 5 6\n7 7 0\n")
    check(r.returncode == 3 and not os.path.exists(bad), "bad board: exit 3 and no file")
    r = run(["sliding", "--batch", "--svg", bad], "1 2 3 4 5 6 7 8 0\n")
    check(r.returncode == 2 and not os.path.exists(bad) and r.stdout == "", "--svg with --batch: usage error")
    r = run(["rush", "--cluster", "--html", bad], "ooooooooooooAAoooooooooooooooooooooo\n")
    check(r.returncode == 2 and not os.path.exists(bad), "--html with --cluster: usage error")
    hardest = os.path.join(DATA, "sliding/examples/hardest-3x3.txt")
    r = run(["sliding", "--svg", os.path.join(tmp, "no/such/dir/x.svg"), hardest])
    check(r.returncode == 3 and "cannot create" in r.stderr and r.stdout == "", f"missing folder: exit 3, {r.stderr!r}")
    # Two pictures: one that cannot be written leaves the other unwritten too.
    good = os.path.join(tmp, "pair.svg")
    r = run(["sliding", "--svg", good, "--html", os.path.join(tmp, "no/such/dir/x.html"), hardest])
    check(r.returncode == 3 and not os.path.exists(good) and r.stdout == "", f"--svg with a bad --html: {r.stderr!r}")
    # queens --list with --svg prints its boards only once the picture is written.
    r = run(["queens", "6", "--list", "2", "--svg", os.path.join(tmp, "no/such/dir/q.svg")])
    check(r.returncode == 3 and r.stdout == "", f"queens --svg to a missing folder: stdout {r.stdout!r}")
    check(not [f for f in os.listdir(tmp) if f.startswith(".")], "no temporary file left behind")


def png_pixels(path):
    """RGB(A) rows of an 8-bit, non-interlaced PNG (what Chromium writes)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride, rows, prev = zlib.decompress(idat), width * bpp, [], bytearray(width * bpp)
    for y in range(height):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(width)])
        prev = line
    return rows


def browser_checks(tmp):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        if os.environ.get("BITSOLVE_REQUIRE_BROWSER") == "1":
            check(False, "chromium not found (scripts/setup.sh --browser installs it)")
            return
        print("skipped: no chromium (scripts/setup.sh --browser)")
        sys.exit(77)
    cases = [("rushwall", ["rush"], "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM\n"),
             ("sliding", ["sliding", os.path.join(DATA, "sliding/examples/hardest-3x3.txt")], None)]
    for name, args, stdin in cases:
        html = os.path.join(tmp, name + ".html")
        r = run(args + ["--html", html], stdin)
        check(r.returncode == 0, f"{name}: {r.stderr}")
        root, pieces = pieces_of(svg_of_html(open(html).read()))
        last = len(pieces[0]["corners"]) - 1
        shots = {}
        for step in (0, last):
            png = os.path.join(tmp, f"{name}-{step}.png")
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--user-data-dir=" + os.path.join(tmp, "profile"), "--window-size=440,540",
                            f"--screenshot={png}", f"file://{html}#step={step}"],
                           capture_output=True, timeout=120)
            check(os.path.exists(png), f"{name}: screenshot at step {step}")
            if not os.path.exists(png):
                return
            shots[step] = px = png_pixels(png)
            for p in pieces:
                x, y = p["corners"][step]
                want = tuple(int(p["fill"][i:i + 2], 16) for i in (1, 3, 5))
                got = px[y + 12][x + 12]  # inside the piece's first cell, clear of its label
                check(max(abs(a - b) for a, b in zip(got, want)) <= 8,
                      f"{name} step {step}: piece at ({x},{y}) is {got}, expected {p['fill']}")
            for w in root.iter(SVG_NS + "rect"):
                if w.get("fill") == "#303030":
                    got = px[int(w.get("y")) + 30][int(w.get("x")) + 30]
                    check(max(got) <= 0x40, f"{name} step {step}: wall dark, found {got}")
        check(shots[0] != shots[last], f"{name}: the first and the last step look different")
        moved = [p for p in pieces if p["corners"][0] != p["corners"][last]]
        check(bool(moved), f"{name}: some piece moves")


with tempfile.TemporaryDirectory() as tmp:
    (static_checks if MODE == "static" else browser_checks)(tmp)
print("ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)

#!/usr/bin/env python3
"""docs/architecture.md keeps one true line per file: every path it names exists, and every source
file of the tree is named. Header paths are written from include/bitsolve/ (`core/bits.hpp`)."""
import fnmatch, os, re, subprocess, sys

ROOTS = ("include/", "src/", "apps/", "tests/", "bench/", "fuzz/", "scripts/", "examples/", "python/", "cmake/")
EXTS = (".hpp", ".cpp", ".h", ".sh", ".py", ".pyi", ".cmake", ".in")
FAMILIES = ("core/", "sliding/", "rush/", "queens/")

def named_paths(text):
    out = []
    base = ""  # a section "## CLI (`apps/bitsolve`)" names its files by their bare names
    for line in text.splitlines():
        if line.startswith("## "):
            m = re.search(r"`([^`]+)`", line)
            base = m.group(1).rstrip("/") + "/" if m else ""
            continue
        if not line.startswith("- "):
            continue
        head = line.split(" — ", 1)[0]
        for span in re.findall(r"`([^`]+)`", head):
            span = span.strip()
            if " " in span or "/" not in span and "." not in span:
                continue  # a command or a word, not a path
            if span.startswith(FAMILIES):
                span = "include/bitsolve/" + span
            elif "/" not in span and base:
                span = base + span
            out.append(re.sub(r"<[^>]+>", "*", span).rstrip("/"))
    return out

def main():
    os.chdir(subprocess.check_output(["git", "rev-parse", "--show-toplevel"], text=True).strip())
    doc = open("docs/architecture.md", encoding="utf-8").read()
    # Tracked files and new ones git does not ignore (a check before `git add` agrees with CI).
    files = subprocess.check_output(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                                    text=True).split("\n")
    files = [f for f in files if f]
    names = named_paths(doc)
    bad = 0
    for n in names:
        if any(c in n for c in "*?["):
            if not any(fnmatch.fnmatch(f, n) or fnmatch.fnmatch(f, n + "/*") for f in files):
                print(f"docs/architecture.md: `{n}` matches no file"); bad += 1
        elif n not in files and not any(f.startswith(n + "/") for f in files):
            print(f"docs/architecture.md: `{n}` does not exist"); bad += 1
    for f in files:
        if not f.startswith(ROOTS) or not (f.endswith(EXTS) or f.endswith("CMakeLists.txt")):
            continue
        if "/corpus/" in f or "/regressions/" in f:
            continue
        if not any(f == n or fnmatch.fnmatch(f, n) or fnmatch.fnmatch(f, n + "/*") for n in names):
            print(f"docs/architecture.md: no line names `{f}`"); bad += 1
    if bad:
        print(f"architecture: {bad} problem(s)"); return 1
    print(f"architecture: {len(names)} paths named, every source file listed")
    return 0

sys.exit(main())

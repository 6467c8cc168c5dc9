#!/usr/bin/env bash
# clang-tidy with the curated .clang-tidy over the library (src/, and through HeaderFilterRegex the
# headers under include/bitsolve/), every finding an error. Needs the compile database of a
# configured build (CMAKE_EXPORT_COMPILE_COMMANDS is on): `scripts/tidy.sh build`.
# `scripts/tidy.sh build apps` checks the front ends instead (apps/.clang-tidy; their headers too).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
tree=${2:-src}
[[ "$tree" == src || "$tree" == apps ]] || { echo "tidy: the tree is src or apps, not $tree" >&2; exit 2; }
[[ -f "$build/compile_commands.json" ]] || { echo "tidy: no $build/compile_commands.json; run make build first" >&2; exit 2; }
log=$(mktemp)
db=$(mktemp -d)
trap 'rm -rf "$log" "$db"' EXIT
# The library's sources are compiled twice, the second time as PIC copies for the Python module
# (cmake/pic_copies.cmake), and clang-tidy checks every entry of a file: keep its first entry.
python3 - "$build/compile_commands.json" "$db/compile_commands.json" <<'PY'
import json, sys
first = {}
for e in json.load(open(sys.argv[1])):
    first.setdefault(e["file"], e)
json.dump(list(first.values()), open(sys.argv[2], "w"))
PY
# One file per clang-tidy process, as many processes as cores; --quiet drops the suppression notes.
headers=()
[[ "$tree" == apps ]] && headers=(--header-filter='(include/bitsolve|apps)/.*')
if git ls-files "$tree/*.cpp" | xargs -P "$(nproc)" -n 1 clang-tidy -p "$db" --quiet --warnings-as-errors='*' "${headers[@]}" >"$log" 2>&1; then
    echo "tidy: $(git ls-files "$tree/*.cpp" | wc -l) files clean ($tree)"
else
    grep -E 'error:|warning:' "$log" | sort -u >&2 || cat "$log" >&2
    echo "tidy: findings above" >&2
    exit 1
fi

#!/usr/bin/env bash
# clang-tidy with the curated .clang-tidy over the library (src/, and through HeaderFilterRegex the
# headers under include/bitsolve/), every finding an error. Needs the compile database of a
# configured build (CMAKE_EXPORT_COMPILE_COMMANDS is on): `scripts/tidy.sh build`.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
[[ -f "$build/compile_commands.json" ]] || { echo "tidy: no $build/compile_commands.json; run make build first" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# One file per clang-tidy process, as many processes as cores; --quiet drops the suppression notes.
if git ls-files 'src/*.cpp' | xargs -P "$(nproc)" -n 1 clang-tidy -p "$build" --quiet --warnings-as-errors='*' >"$log" 2>&1; then
    echo "tidy: $(git ls-files 'src/*.cpp' | wc -l) files clean"
else
    grep -E 'error:|warning:' "$log" | sort -u >&2 || cat "$log" >&2
    echo "tidy: findings above" >&2
    exit 1
fi

#!/usr/bin/env bash
# Side-by-side: the classic judge method (bench/baseline_sliding_hashbfs.cpp, BFS from the start
# over a hash set) against `bitsolve sliding --batch --threads 1`, on the same random 3x3 boards
# (every third one unreachable). Answers must be identical; times are user CPU seconds (robust on
# a shared machine). bitsolve solves the batch REPEAT times so that its process start-up and the
# timer resolution do not dominate.
#
#   bench/sliding_compare.sh [BUILD_DIR] [BOARDS] [REPEAT]
set -euo pipefail
build=${1:-build}
n=${2:-150}
repeat=${3:-50}
base="$build/bench/baseline_sliding_hashbfs"
bits="$build/apps/bitsolve/bitsolve"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$base" --generate "$n" 1525 >"$tmp/boards.txt"
for ((i = 0; i < repeat; ++i)); do cat "$tmp/boards.txt"; done >"$tmp/repeated.txt"
TIMEFORMAT=%U
t_base=$({ time "$base" <"$tmp/boards.txt" >"$tmp/base.out"; } 2>&1)
t_bits=$({ time "$bits" sliding --batch --threads 1 "$tmp/repeated.txt" >"$tmp/bits.out"; } 2>&1)
head -n "$n" "$tmp/bits.out" >"$tmp/bits1.out"
if ! cmp -s "$tmp/base.out" "$tmp/bits1.out"; then
    echo "answers differ" >&2
    exit 1
fi
unreachable=$(grep -c -- '^-1$' "$tmp/base.out" || true)
awk -v n="$n" -v r="$repeat" -v tb="$t_base" -v ts="$t_bits" -v u="$unreachable" 'BEGIN {
    pb = tb / n; ps = ts / (n * r);
    printf "boards: %d random 3x3 (%d unreachable), answers identical\n", n, u;
    printf "baseline hash-set BFS : %10.1f us/board (%.2f s CPU)\n", pb * 1e6, tb;
    printf "bitsolve sliding      : %10.1f us/board (%.2f s CPU for %d boards)\n", ps * 1e6, ts, n * r;
    printf "ratio                 : %10.0fx faster per board\n", (ps > 0 ? pb / ps : 0);
}'

#!/usr/bin/env bash
# `make run`: the bundled sliding-tile boards (data/sliding/examples), then one solution drawn
# board by board. $BIN is the bitsolve binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ex=data/sliding/examples
echo "== sliding: fewest moves and the blank's path (U D L R), -1 when unreachable"
for f in boj1525-sample hardest-3x3 unreachable-3x3 rect-2x5; do
    printf '%-18s %s\n' "$f" "$("$BIN" sliding --path "$ex/$f.txt")"
done
printf '%-18s %s\n' "korf12-4x4" "$("$BIN" sliding --goal blank-first --path "$ex/korf12-4x4.txt")"
echo "== sliding --batch (one answer per line, in input order)"
"$BIN" sliding --batch "$ex/batch-3x3.txt" | paste -sd' '
echo "== sliding --show: BOJ 1525 sample 1, board by board"
"$BIN" sliding --show "$ex/boj1525-sample.txt"

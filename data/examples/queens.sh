#!/usr/bin/env bash
# `make run`: N-Queens counts, the unique count with its symmetry classes, one solution drawn,
# and a count split into shards and merged. $BIN is the bitsolve binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== queens: solutions for N = 1..12 (OEIS A000170)"
for n in $(seq 1 12); do printf '%s ' "$("$BIN" queens "$n")"; done
echo
echo "== queens 12 --unique --stats (A002562, and the unique solutions per symmetry class)"
"$BIN" queens 12 --unique --stats 2>&1 | grep -v -e '^Sub-problems' -e '^Threads' -e '^Time'
echo "== queens 8 --list 1 --show: the first solution in lexicographic order"
"$BIN" queens 8 --list 1 --show
echo "== queens 13 in 3 shards, merged"
tmp=$(mktemp -d)
for i in 1 2 3; do "$BIN" queens 13 --shard "$i/3" | tee "$tmp/part$i"; done
"$BIN" queens merge "$tmp"/part*
rm -rf "$tmp"
echo "== boj 9663 (judge sample)"
"$BIN" boj 9663 < data/boj/9663-1.in

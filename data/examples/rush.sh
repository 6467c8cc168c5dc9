#!/usr/bin/env bash
# `make run`: the bundled Rush Hour boards (data/rush/examples), then one solution drawn board by
# board. $BIN is the bitsolve binary.
set -euo pipefail
cd "$(dirname "$0")/../.."
ex=data/rush/examples
echo "== rush: fewest moves (slide any distance) and the moves; -1 when the car can never get out"
"$BIN" rush --path "$ex/level1.txt"
"$BIN" rush --metric steps "$ex/level1.txt" | sed 's/^/steps: /'
echo "== rush --batch (one answer per line, in input order)"
"$BIN" rush --batch "$ex/batch.txt" | paste -sd' '
echo "== rush on the judge's grid (vehicle ids), and boj 18139 (+2 exit steps, -1 above 10)"
"$BIN" rush --metric steps --path "$ex/judge.txt"
"$BIN" boj 18139 < "$ex/judge.txt"
echo "== rush --cluster: the 24,132-state cluster of a 49-move puzzle"
echo BBBKLMHCCKLMHoAALMDDJooooIJEEooIFFGG | "$BIN" rush --cluster | grep -v Histogram
echo "== rush --show: a 4-move puzzle, board by board"
"$BIN" rush --show "$ex/short.txt"

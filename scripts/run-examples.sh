#!/usr/bin/env bash
# `make run`: solves the bundled example puzzles of every family with the built binary.
set -uo pipefail
bin=${1:-build/apps/bitsolve/bitsolve}
cd "$(dirname "$0")/.."
"$bin" --version
for f in data/examples/*.sh; do
    [[ -f "$f" ]] || continue
    BIN="$bin" bash "$f" || exit $?
done

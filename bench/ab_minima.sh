#!/usr/bin/env bash
# A/B timing on a shared, noisy machine: runs Google Benchmark binaries alternately, ROUNDS
# times each with three repetitions, and prints each binary's smallest CPU time over all its
# repetitions (the run least disturbed by other processes).
#
#   bench/ab_minima.sh FILTER ROUNDS BINARY...
#   bench/ab_minima.sh 'BM_SolveSample$' 4 old/rush_bench build/bench/rush_bench
#
# Run it from the repository root (rush_bench reads data/ from there). FILTER should select
# one benchmark: the minimum is taken over every line the binary prints.
set -euo pipefail
if [ $# -lt 3 ]; then
    echo "usage: $0 FILTER ROUNDS BINARY..." >&2
    exit 2
fi
filter=$1 rounds=$2
shift 2
declare -A best
for ((r = 0; r < rounds; ++r)); do
    for bin in "$@"; do
        # Columns of a repetition line: name, time, unit, CPU time, unit, iterations.
        t=$("$bin" --benchmark_filter="$filter" --benchmark_repetitions=3 2>/dev/null |
            awk '/^BM_/ && !/_(mean|median|stddev|cv) / { print $4 }' | sort -g | head -n 1)
        if [ -z "$t" ]; then
            echo "$0: $bin printed no time for '$filter'" >&2
            exit 1
        fi
        best[$bin]=$(awk -v a="${best[$bin]:-inf}" -v b="$t" 'BEGIN { print (a == "inf" || b + 0 < a + 0) ? b : a }')
    done
done
for bin in "$@"; do printf '%s %s\n' "${best[$bin]}" "$bin"; done

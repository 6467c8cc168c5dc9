#!/usr/bin/env bash
# The N-Queens table of docs/benchmarks.md: `bitsolve queens N` on 1 and 2 threads for each N,
# and the classic bitmask baseline (bench/baseline_queens_somers.cpp, one thread) measured in
# the same run, with the ratio baseline / bitsolve in CPU seconds on one thread. Wall-clock and
# CPU seconds (user + sys) are both printed: on a busy machine the CPU time of a one-thread run
# is the steadier figure.
#
#   bash bench/queens_table.sh [BUILD_DIR]        NS="14 15 16 17 18" BASELINE_MAX=17 by default
set -euo pipefail
build=${1:-build}
bin=$build/apps/bitsolve/bitsolve
base=$build/bench/baseline_queens_somers
ns=${NS:-14 15 16 17 18}
baseline_max=${BASELINE_MAX:-17}

# Runs "$@"; prints its stdout's first line, the wall seconds and the CPU seconds (user + sys).
measure() {
    local out times
    out=$(mktemp)
    times=$( { TIMEFORMAT='%R %U %S'; time "$@" > "$out" 2>/dev/null; } 2>&1 )
    read -r real user sys <<< "$times"
    echo "$(head -1 "$out") $real $(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')"
    rm -f "$out"
}

echo "# $(uname -m), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-3s %-14s %9s %9s %9s %9s %9s %7s\n" N solutions "1t wall" "1t cpu" "2t wall" "base wall" "base cpu" ratio
for n in $ns; do
    read -r total one one_cpu < <(measure "$bin" queens "$n" --threads 1)
    read -r total2 two two_cpu < <(measure "$bin" queens "$n" --threads 2)
    [[ "$total" == "$total2" ]] || { echo "N=$n: thread counts disagree ($total vs $total2)" >&2; exit 1; }
    b="-" b_cpu="-" ratio="-"
    if (( n <= baseline_max )); then
        read -r btotal b b_cpu < <(measure "$base" "$n")
        [[ "$btotal" == "$total" ]] || { echo "N=$n: baseline disagrees ($btotal vs $total)" >&2; exit 1; }
        ratio=$(awk -v a="$b_cpu" -v b="$one_cpu" 'BEGIN { printf "%.2f", a / b }')
    fi
    printf "%-3s %-14s %9s %9s %9s %9s %9s %7s\n" "$n" "$total" "$one" "$one_cpu" "$two" "$b" "$b_cpu" "$ratio"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# The N-Queens table of docs/benchmarks.md: `bitsolve queens N` on 1 and 2 threads for each N,
# and the classic bitmask baseline (bench/baseline_queens_somers.cpp, one thread) measured in
# the same run, with the ratio baseline / bitsolve on one thread. Wall-clock seconds.
#
#   bash bench/queens_table.sh [BUILD_DIR]        NS="14 15 16 17 18" BASELINE_MAX=17 by default
set -euo pipefail
build=${1:-build}
bin=$build/apps/bitsolve/bitsolve
base=$build/bench/baseline_queens_somers
ns=${NS:-14 15 16 17 18}
baseline_max=${BASELINE_MAX:-17}

seconds() {  # runs "$@", prints its stdout's first line and the wall time
    local t0 t1 out
    t0=$(date +%s.%N)
    out=$("$@" 2>/dev/null | head -1)
    t1=$(date +%s.%N)
    echo "$out $(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
}

echo "# $(uname -m), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-3s %-14s %10s %10s %10s %8s\n" N solutions "1 thread" "2 threads" baseline ratio
for n in $ns; do
    read -r total one < <(seconds "$bin" queens "$n" --threads 1)
    read -r total2 two < <(seconds "$bin" queens "$n" --threads 2)
    [[ "$total" == "$total2" ]] || { echo "N=$n: thread counts disagree ($total vs $total2)" >&2; exit 1; }
    b="-" ratio="-"
    if (( n <= baseline_max )); then
        read -r btotal b < <(seconds "$base" "$n")
        [[ "$btotal" == "$total" ]] || { echo "N=$n: baseline disagrees ($btotal vs $total)" >&2; exit 1; }
        ratio=$(awk -v a="$b" -v b="$one" 'BEGIN { printf "%.2f", a / b }')
        b=$(printf "%.2f" "$b")
    fi
    printf "%-3s %-14s %10.2f %10.2f %10s %8s\n" "$n" "$total" "$one" "$two" "$b" "$ratio"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

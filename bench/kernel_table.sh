#!/usr/bin/env bash
# Each kernel (BITSOLVE_KERNEL) × each workload, minimum CPU time (user + sys, whole process) of
# RUNS runs: queens 17 --threads 1, the three `bitsolve bench` workloads and
# rush --batch --threads 1 of RUSH_FILE (default: the Rush Hour sample of data/rush; CPU times
# are counted in 10 ms steps, so a longer file, e.g. the sample ten times, measures better).
# Prints markdown table rows.
#
#   bench/kernel_table.sh BINARY [RUNS] [KERNEL...]
#   bench/kernel_table.sh build/apps/bitsolve/bitsolve 3 scalar avx2 avx512
#
# Run it from the repository root. Kernels the CPU lacks are refused by the binary (a row of
# errors); by default the three are tried.
set -euo pipefail
if [ $# -lt 1 ]; then
    echo "usage: $0 BINARY [RUNS] [KERNEL...]" >&2
    exit 2
fi
bin=$1 runs=${2:-3}
shift $(($# >= 2 ? 2 : 1))
kernels=("$@")
[ ${#kernels[@]} -gt 0 ] || kernels=(scalar avx2 avx512)
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# Minimum over runs of the user + sys seconds of a command.
cpu_min() {
    local best=inf
    for ((i = 0; i < runs; ++i)); do
        /usr/bin/time -f '%U %S' -o "$tmp" "$@" >/dev/null 2>&1
        best=$(awk -v a="$best" '{ t = $1 + $2; print (a == "inf" || t < a) ? t : a }' "$tmp")
    done
    printf '%.2f' "$best"
}
echo "| kernel | queens 17 --threads 1 | bench queens | bench rush | bench sliding | rush --batch |"
echo "|---|---|---|---|---|---|"
for k in "${kernels[@]}"; do
    export BITSOLVE_KERNEL=$k
    q=$(cpu_min "$bin" queens 17 --threads 1)
    bq=$(cpu_min "$bin" bench queens)
    br=$(cpu_min "$bin" bench rush)
    bs=$(cpu_min "$bin" bench sliding)
    rb=$(cpu_min "$bin" rush --batch --threads 1 "${RUSH_FILE:-data/rush/fogleman-db-sample.txt}")
    echo "| $k | $q s | $bq s | $br s | $bs s | $rb s |"
done

#!/usr/bin/env bash
# Each kernel (BITSOLVE_KERNEL) × each workload, minimum CPU time (user + sys) of RUNS runs:
# queens 17 --threads 1, the three `bitsolve bench` workloads (their own time lines) and
# rush --batch --threads 1 of the Rush Hour sample. Prints markdown table rows.
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
# Minimum over runs of one workload's time in `bitsolve bench WORKLOAD`.
bench_min() {
    local best=inf
    for ((i = 0; i < runs; ++i)); do
        t=$("$bin" bench "$1" 2>&1 | awk -v w="$1" '$1 == w && $2 == "nodes" { print $5 }')
        best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (a == "inf" || b + 0 < a + 0) ? b : a }')
    done
    printf '%.3f' "$best"
}
echo "| kernel | queens 17 --threads 1 | bench queens | bench rush | bench sliding | rush --batch sample |"
echo "|---|---|---|---|---|---|"
for k in "${kernels[@]}"; do
    export BITSOLVE_KERNEL=$k
    q=$(cpu_min "$bin" queens 17 --threads 1)
    bq=$(bench_min queens)
    br=$(bench_min rush)
    bs=$(bench_min sliding)
    rb=$(cpu_min "$bin" rush --batch --threads 1 data/rush/fogleman-db-sample.txt)
    echo "| $k | $q s | $bq s | $br s | $bs s | $rb s |"
done

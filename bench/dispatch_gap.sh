#!/usr/bin/env bash
# The dispatched default build against a `-DBITSOLVE_NATIVE=ON` (-march=native) build of the
# same sources: ROUNDS alternating runs of each workload, the minimum and median of the time the
# program reports itself (the `time` of `bitsolve bench W`, the `Time:` of `queens 17 --stats`),
# and the ratio of the medians. On a shared machine single runs vary by 10% or more, so only
# many alternating runs decide a few percent. Prints markdown table rows.
#
#   bench/dispatch_gap.sh DEFAULT_BINARY NATIVE_BINARY [ROUNDS]
#   bench/dispatch_gap.sh build/apps/bitsolve/bitsolve build-native/apps/bitsolve/bitsolve 15
#
# Run it from the repository root. The two binaries must run the same kernel (see `Kernel :` in
# `bitsolve bench`); BITSOLVE_KERNEL, when set, forces it for both.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 DEFAULT_BINARY NATIVE_BINARY [ROUNDS]" >&2
    exit 2
fi
default=$1 native=$2 rounds=${3:-15}
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT
# The seconds one run of workload $2 reports, with binary $1.
seconds() {
    case $2 in
    queens17) "$1" queens 17 --threads 1 --stats 2>&1 >/dev/null | awk '/^Time:/ { print $2 }' ;;
    *) "$1" bench "$2" 2>&1 | awk -v w="$2" '$1 == w && $2 == "nodes" { print $5 }' ;;
    esac
}
workloads=(queens rush sliding queens17)
for ((r = 0; r < rounds; ++r)); do
    for w in "${workloads[@]}"; do
        echo "$w default $(seconds "$default" "$w")" >>"$raw"
        echo "$w native $(seconds "$native" "$w")" >>"$raw"
    done
done
echo "# $(uname -m), $(nproc) cores, kernel: $("$default" bench rush 2>&1 | awk -F' : ' '/^Kernel/ { print $2 }') (default), $("$native" bench rush 2>&1 | awk -F' : ' '/^Kernel/ { print $2 }') (native), $rounds rounds"
echo "| workload | default min | default median | native min | native median | default / native (medians) |"
echo "|---|---|---|---|---|---|"
for w in "${workloads[@]}"; do
    awk -v w="$w" '
        function median(a, n,   i, j, t) {
            for (i = 2; i <= n; ++i) for (j = i; j > 1 && a[j - 1] > a[j]; --j) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
            return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
        }
        $1 == w && $2 == "default" { d[++nd] = $3 }
        $1 == w && $2 == "native" { n[++nn] = $3 }
        END {
            dm = median(d, nd); nm = median(n, nn)
            dmin = d[1]; nmin = n[1]
            name = w == "queens17" ? "queens 17 --threads 1" : "bench " w
            printf "| %s | %.3f s | %.3f s | %.3f s | %.3f s | %.3f |\n", name, dmin, dm, nmin, nm, dm / nm
        }' "$raw"
done

#!/usr/bin/env bash
# The scaling table of docs/cluster.md: `bitsolve-mpi queens N --threads 1` on P ranks of one
# machine (oversubscribed past its cores, a simulated cluster), with the farm's statistics (units
# per rank, messages, idle time of the idlest rank), then the 10% check: `mpirun -np 2`
# over one thread each against `bitsolve queens M --threads 2`, the best of REPEAT runs each.
#
#   bash bench/mpi_scaling.sh [BUILD_DIR]     N=16 PS="1 2 4 8" M=17 REPEAT=3 by default
set -euo pipefail
build=${1:-build}
mpi_bin=$build/apps/bitsolve-mpi/bitsolve-mpi
bin=$build/apps/bitsolve/bitsolve
n=${N:-16}
ps=${PS:-1 2 4 8}
m=${M:-17}
repeat=${REPEAT:-3}
[[ $(id -u) -eq 0 ]] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
err=$(mktemp)
trap 'rm -f "$err"' EXIT

wall() {  # wall seconds of "$@" (stdout and stderr to $err)
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >"$err.out" 2>"$err" </dev/null
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

echo "# $(uname -m), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# queens $n --threads 1 on P ranks (mpirun --oversubscribe)"
echo "| P | wall s (mpirun) | job s | units per rank (min..max) | messages | idle s, idlest rank |"
echo "|---|---|---|---|---|---|"
for p in $ps; do
    w=$(wall mpirun --oversubscribe -np "$p" "$mpi_bin" queens "$n" --threads 1 --stats)
    awk -v p="$p" -v w="$w" '
        /^Time:/ { farm = $2 }
        /^Rank / { gsub(",", ""); u = $3; msg += $5; idle = $13
                   if (min == "" || u < min) min = u; if (u > max) max = u; if (idle > imax) imax = idle }
        END { printf "| %d | %s | %s | %d..%d | %d | %.3f |\n", p, w, farm, min, max, msg, imax }' "$err"
done

best() {  # the smallest wall time of REPEAT runs of "$@"
    local b="" t
    for _ in $(seq "$repeat"); do
        t=$(wall "$@")
        if [[ -z $b ]] || awk -v t="$t" -v b="$b" 'BEGIN { exit !(t < b) }'; then b=$t; fi
    done
    echo "$b"
}
echo
echo "# queens $m, best of $repeat: bitsolve --threads 2 against mpirun -np 2 bitsolve-mpi --threads 1"
single=$(best "$bin" queens "$m" --threads 2)
multi=$(best mpirun -np 2 "$mpi_bin" queens "$m" --threads 1)
awk -v s="$single" -v m="$multi" 'BEGIN { printf "bitsolve %s s, bitsolve-mpi %s s: %+.1f%%\n", s, m, 100 * (m - s) / s }'

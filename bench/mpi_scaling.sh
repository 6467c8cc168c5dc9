#!/usr/bin/env bash
# The scaling table of docs/cluster.md: `bitsolve-mpi queens N --threads 1` on P ranks of one
# machine (oversubscribed past its cores, a simulated cluster), with the farm's statistics (units
# per rank, messages, idle time of the idlest rank), then the 10% check: `mpirun -np 2`
# over one thread each against `bitsolve queens M --threads 2`, REPEAT alternating runs each (the
# median by job time: on a shared machine single runs of a one-second job vary by 10%), and
# the same on one Rush Hour enumeration shard (`rush enumerate --size 6 --shard RUSH_SHARD`).
# Both programs are started by mpirun (bitsolve as a one-process job, unbound: with -np 1 Open MPI
# would bind both its threads to one core), so that a loaded machine
# schedules them alike; each line gives the wall time, the job's own time (--stats Time:) and the
# CPU time of every process (/usr/bin/time: user + sys, mpirun included).
#
#   bash bench/mpi_scaling.sh [BUILD_DIR]     N=16 PS="1 2 4 8" M=17 REPEAT=7 RUSH_SHARD=1/3000
set -euo pipefail
build=${1:-build}
mpi_bin=$build/apps/bitsolve-mpi/bitsolve-mpi
bin=$build/apps/bitsolve/bitsolve
n=${N:-16}
ps=${PS:-1 2 4 8}
m=${M:-17}
repeat=${REPEAT:-7}
rush_shard=${RUSH_SHARD:-1/3000}
[[ $(id -u) -eq 0 ]] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
err=$(mktemp)
trap 'rm -f "$err" "$err.out" "$err.time"' EXIT

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

measure() {  # "job wall cpu" of "$@": job from --stats Time:, wall and CPU (user + sys) from /usr/bin/time
    /usr/bin/time -f "TIME %e %U %S" -o "$err.time" "$@" >"$err.out" 2>"$err" </dev/null
    local job
    job=$(awk '/^Time:/ { print $2 }' "$err")
    awk -v job="$job" '/^TIME/ { printf "%s %s %.2f\n", job, $2, $3 + $4 }' "$err.time"
}

median() {  # the run with the median job time of the "job wall cpu" lines on stdin
    sort -n -k1,1 | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }'
}

compare() {  # title, then the two commands separated by --; REPEAT alternating runs of each
    local title=$1 single multi
    shift
    local -a one=() two=()
    while [[ $1 != -- ]]; do one+=("$1"); shift; done
    shift
    two=("$@")
    local runs_one="" runs_two=""
    for _ in $(seq "$repeat"); do
        runs_one+="$(measure "${one[@]}")"$'\n'
        runs_two+="$(measure "${two[@]}")"$'\n'
    done
    single=$(median <<<"${runs_one%$'\n'}")
    multi=$(median <<<"${runs_two%$'\n'}")
    echo
    echo "# $title: the median of $repeat alternating runs each (by job time)"
    echo "| command | job s | wall s | CPU s | all runs, job s |"
    echo "|---|---|---|---|---|"
    read -r sj sw sc <<<"$single"
    read -r mj mw mc <<<"$multi"
    echo "| \`${one[*]#"$build/apps/"}\` | $sj | $sw | $sc | $(awk '{ print $1 }' <<<"${runs_one%$'\n'}" | sort -n | paste -sd' ') |"
    echo "| \`${two[*]#"$build/apps/"}\` | $mj | $mw | $mc | $(awk '{ print $1 }' <<<"${runs_two%$'\n'}" | sort -n | paste -sd' ') |"
    awk -v sj="$sj" -v mj="$mj" -v sw="$sw" -v mw="$mw" -v sc="$sc" -v mc="$mc" 'BEGIN {
        printf "bitsolve-mpi against bitsolve: job %+.1f%%, wall %+.1f%%, CPU %+.1f%%\n",
               100 * (mj - sj) / sj, 100 * (mw - sw) / sw, 100 * (mc - sc) / sc }'
}

compare "queens $m: bitsolve --threads 2 against mpirun -np 2 bitsolve-mpi --threads 1" \
    mpirun -np 1 --bind-to none "$bin" queens "$m" --threads 2 --stats -- mpirun -np 2 "$mpi_bin" queens "$m" --threads 1 --stats
compare "rush enumerate --size 6 --shard $rush_shard: bitsolve --threads 2 against mpirun -np 2 bitsolve-mpi --threads 1" \
    mpirun -np 1 --bind-to none "$bin" rush enumerate --size 6 --shard "$rush_shard" --threads 2 --stats -- \
    mpirun -np 2 "$mpi_bin" rush enumerate --size 6 --shard "$rush_shard" --threads 1 --stats

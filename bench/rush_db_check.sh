#!/usr/bin/env bash
# The full wall-free 6x6 Rush Hour database (minutes; not in CI), checked against Fogleman's
# published rows: every wall-free row of data/rush/fogleman-db-sample.txt must be in the output
# with the same moves and cluster size, and the wall-free rows of 50 or more moves must be
# exactly those of the sample (the 51- and the 50-move puzzle). Prints the wall time, the peak
# memory (with /usr/bin/time -v where it exists) and the run's --stats.
#
#   bench/rush_db_check.sh [THREADS]          (default: all cores)
#   BIN=path/to/bitsolve KEEP=db6.txt bench/rush_db_check.sh 2
#   DB=db6.txt bench/rush_db_check.sh         (checks an existing output, plain or .zst; no run)
#
# Run it from anywhere; exit code 0 when every check passes, 1 otherwise.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${BIN:-$root/build/apps/bitsolve/bitsolve}
sample=$root/data/rush/fogleman-db-sample.txt
threads=${1:-0}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
out=${KEEP:-$work/db6.txt}

if [ -n "${DB:-}" ]; then
    out=$DB
else
    cmd=("$bin" rush enumerate --size 6 --walls 0 --threads "$threads" --stats -o "$out")
    echo "running: ${cmd[*]}"
    start=$(date +%s.%N)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -v "${cmd[@]}" 2>"$work/log"
    else
        "${cmd[@]}" 2>"$work/log"
    fi
    end=$(date +%s.%N)
    grep -E '^[A-Z][A-Za-z/ ]+: ' "$work/log" | grep -v -E '^\s' || true
    awk -v s="$start" -v e="$end" 'BEGIN { printf "Wall time: %.1f s\n", e - s }'
    peak=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$work/log")
    if [ -n "$peak" ]; then
        awk -v k="$peak" 'BEGIN { printf "Peak memory: %.1f MiB\n", k / 1024 }'
    fi
fi
case "$out" in
*.zst) zstd -q -d -c "$out" >"$work/plain" && out=$work/plain ;;
esac

status=0
grep -v '^#' "$sample" | awk 'NF == 3 && $2 !~ /x/ { printf "%02d %s %s\n", $1, $2, $3 }' | sort >"$work/want"
grep -v '^#' "$out" | sort >"$work/have"
missing=$(comm -23 "$work/want" "$work/have" | wc -l)
echo "Wall-free sample rows: $(wc -l <"$work/want"), missing or different in the output: $missing"
if [ "$missing" -ne 0 ]; then
    comm -23 "$work/want" "$work/have" | head -n 10 | sed 's/^/  missing: /'
    status=1
fi
awk '$1 >= 50' "$work/want" >"$work/want50"
awk '$1 >= 50' "$work/have" >"$work/have50"
if cmp -s "$work/want50" "$work/have50"; then
    echo "Rows of 50 moves or more: $(wc -l <"$work/have50"), exactly the sample's wall-free ones"
else
    echo "Rows of 50 moves or more differ from the sample's wall-free ones:"
    diff "$work/want50" "$work/have50" | sed 's/^/  /' || true
    status=1
fi
echo "Rows: $(wc -l <"$work/have")"
[ "$status" -eq 0 ] && echo "OK" || echo "FAILED"
exit "$status"

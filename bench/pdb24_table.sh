#!/usr/bin/env bash
# The four easiest Korf & Taylor 24-puzzles (optimal 95, 97, 98, 100 moves: lines #1, #3, #4, #5
# of data/sliding/korf24-50.txt) solved one after the other with 6-6-6-6 + reflection, one table
# row per instance (markdown, as in docs/benchmarks.md). Needs the four 6-tile tables in DIR
# (built there on first use, about 4 x 180 M states) and idle cores: each instance runs minutes.
#
#   bench/pdb24_table.sh [-b BUILD_DIR] [-d PDB_DIR] [-t THREADS] [-i "1 3 4 5"] [-m MAX_THRESHOLD]
#                        [-p pdb6666 | pdb6666-dual]
#
# -m stops every instance before its first IDA* iteration above the threshold (a fixed amount of
# work for timing; the row then says "cut off" instead of the length found).
set -euo pipefail
build=build dir="${XDG_CACHE_HOME:-$HOME/.cache}/bitsolve" threads=2 instances="1 3 4 5" max="" pdb=pdb6666
while getopts "b:d:t:i:m:p:" o; do
    case $o in
        b) build=$OPTARG ;;
        d) dir=$OPTARG ;;
        t) threads=$OPTARG ;;
        i) instances=$OPTARG ;;
        m) max=$OPTARG ;;
        p) pdb=$OPTARG ;;
        *) sed -n '2,11p' "$0"; exit 2 ;;
    esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$build/bench/pdb_korf_bench"
[[ -x $bench ]] || bench="$root/$build/bench/pdb_korf_bench"
[[ -x $bench ]] || { echo "no $build/bench/pdb_korf_bench: build it first" >&2; exit 2; }

commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

echo "| instance (Korf & Taylor) | optimal | found | initial h | generated | expanded | wall ($threads threads) | CPU |"
echo "|---|---|---|---|---|---|---|---|"
for i in $instances; do
    args=(--pdb "$pdb" --dir "$dir" --threads "$threads" --skip $((i - 1)) --first 1)
    [[ -n $max ]] && args+=(--max-threshold "$max")
    # Columns of a result row: no opt len h0 expanded generated seconds cpu [cut off] [WRONG].
    line=$("$bench" "${args[@]}" "$root/data/sliding/korf24-50.txt" | grep -v '^#')
    read -r no opt len h0 expanded generated wall cpu rest <<<"$line"
    found=$len
    [[ $rest == *"cut off"* ]] && found="cut off"
    [[ $rest == *WRONG* ]] && found="$found WRONG"
    printf '| #%s | %s | %s | %s | %s | %s | %.1f s | %.1f s |\n' "$no" "$opt" "$found" "$h0" \
        "$(commas "$generated")" "$(commas "$expanded")" "$wall" "$cpu"
done

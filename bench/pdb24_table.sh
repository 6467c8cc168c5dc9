#!/usr/bin/env bash
# Korf & Taylor 24-puzzles (by default the four with optimal 95, 97, 98, 100 moves: lines #1, #3,
# #4, #5 of data/sliding/korf24-50.txt) solved one after the other with 6-6-6-6 + reflection, one
# table row per instance (markdown, as in docs/benchmarks.md), then a total row. Each row also
# gives the nodes Korf & Felner's 6-6-6-6 + reflection generated on the instance
# (data/sliding/korf24-nodes.txt) and the ratio of ours to theirs. Needs the four 6-tile tables
# in DIR (built there on first use, about 4 x 180 M states) and idle cores: instances run minutes.
#
#   bench/pdb24_table.sh [-b BUILD_DIR] [-d PDB_DIR] [-t THREADS] [-i "1 3 4 5"] [-m MAX_THRESHOLD]
#                        [-p pdb6666 | pdb6666-dual | zpdb6666 | pdb6666+pdb7773] [-z PRUNE_DEPTH]
#
# -m stops every instance before its first IDA* iteration above the threshold (a fixed amount of
# work for timing; the row then says "cut off" instead of the length found). -z: duplicate-move
# pruning depth (pdb_korf_bench --prune-depth; 12 is what --heuristic best uses on 5x5).
set -euo pipefail
build=build dir="${XDG_CACHE_HOME:-$HOME/.cache}/bitsolve" threads=2 instances="1 3 4 5" max="" pdb=pdb6666 prune=2
while getopts "b:d:t:i:m:p:z:" o; do
    case $o in
        b) build=$OPTARG ;;
        d) dir=$OPTARG ;;
        t) threads=$OPTARG ;;
        i) instances=$OPTARG ;;
        m) max=$OPTARG ;;
        p) pdb=$OPTARG ;;
        z) prune=$OPTARG ;;
        *) sed -n '2,14p' "$0"; exit 2 ;;
    esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
bench="$build/bench/pdb_korf_bench"
[[ -x $bench ]] || bench="$root/$build/bench/pdb_korf_bench"
[[ -x $bench ]] || { echo "no $build/bench/pdb_korf_bench: build it first" >&2; exit 2; }

commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

published() { grep -v '^#' "$root/data/sliding/korf24-nodes.txt" | awk -v i="$1" '$1 == i { print $3 }'; }

echo "| instance (Korf & Taylor) | optimal | found | initial h | generated | expanded | wall ($threads threads) | CPU | Korf & Felner generated | ratio |"
echo "|---|---|---|---|---|---|---|---|---|---|"
sum_gen=0 sum_kf=0 sum_wall=0 sum_cpu=0 any_cut=0
for i in $instances; do
    args=(--pdb "$pdb" --dir "$dir" --threads "$threads" --skip $((i - 1)) --first 1 --prune-depth "$prune")
    [[ -n $max ]] && args+=(--max-threshold "$max")
    # Columns of a result row: no opt len h0 expanded generated seconds cpu [cut off] [WRONG].
    line=$("$bench" "${args[@]}" "$root/data/sliding/korf24-50.txt" | grep -v '^#')
    read -r no opt len h0 expanded generated wall cpu rest <<<"$line"
    found=$len
    [[ $rest == *"cut off"* ]] && found="cut off"
    [[ $rest == *WRONG* ]] && found="$found WRONG"
    kf=$(published "$i")
    ratio=$(awk -v a="$generated" -v b="$kf" 'BEGIN { printf "%.3f", a / b }')
    [[ $found == "cut off" ]] && ratio="(cut off)" any_cut=1
    printf '| #%s | %s | %s | %s | %s | %s | %.1f s | %.1f s | %s | %s |\n' "$no" "$opt" "$found" "$h0" \
        "$(commas "$generated")" "$(commas "$expanded")" "$wall" "$cpu" "$(commas "$kf")" "$ratio"
    sum_gen=$((sum_gen + generated)) sum_kf=$((sum_kf + kf))
    sum_wall=$(awk -v a="$sum_wall" -v b="$wall" 'BEGIN { print a + b }')
    sum_cpu=$(awk -v a="$sum_cpu" -v b="$cpu" 'BEGIN { print a + b }')
done
total_ratio=$(awk -v a="$sum_gen" -v b="$sum_kf" 'BEGIN { printf "%.3f", a / b }')
((any_cut)) && total_ratio="(cut off)"
printf '| total | | | | %s | | %.1f s | %.1f s | %s | %s |\n' "$(commas "$sum_gen")" "$sum_wall" "$sum_cpu" \
    "$(commas "$sum_kf")" "$total_ratio"

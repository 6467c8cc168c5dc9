#!/usr/bin/env bash
# Korf & Taylor 24-puzzles (by default the four with optimal 95, 97, 98, 100 moves: lines #1, #3,
# #4, #5 of data/sliding/korf24-50.txt) solved one after the other with 6-6-6-6 + reflection, one
# table row per instance (markdown, as in docs/benchmarks.md), then a total row. Each row also
# gives the nodes Korf & Felner's 6-6-6-6 + reflection generated on the instance
# (data/sliding/korf24-nodes.txt) and the ratio of ours to theirs. Needs the four 6-tile tables
# in DIR (built there on first use, about 4 x 180 M states) and idle cores: instances run minutes.
#
#   bench/pdb24_table.sh [-b BUILD_DIR] [-d PDB_DIR] [-t THREADS] [-i "1 3 4 5" | -i all] [-m MAX_THRESHOLD]
#                        [-B BUDGET [-f FRACTION]] [-p pdb6666 | pdb6666-dual | zpdb6666 | pdb6666+pdb7773] [-z PRUNE_DEPTH]
#
# -m stops every instance before its first IDA* iteration above the threshold (a fixed amount of
# work for timing; the row then says "cut off" instead of the length found). -z: duplicate-move
# pruning depth (pdb_korf_bench --prune-depth; 12 is what --heuristic best uses on 5x5).
# -B stops every instance before the iteration that would take it above BUDGET generated nodes
# (pdb_korf_bench --budget) and adds two columns: the nodes and CPU time projected to the
# published length (the measured ones for a solved instance), a range for one cut off: without
# and with its final iteration in full; the total row sums them. A last line gives the totals
# with FRACTION of each final iteration (-f, default 0.2) and the ratio to Korf & Felner's
# nodes then. -i all: the 50 instances.
# The bench's own comment lines (the tables' loading time, the lookup forms' memory, its totals)
# go to stderr.
set -euo pipefail
build=build dir="${XDG_CACHE_HOME:-$HOME/.cache}/bitsolve" threads=2 instances="1 3 4 5" max="" budget="" fraction=0.2 pdb=pdb6666 prune=2
while getopts "b:d:t:i:m:B:f:p:z:" o; do
    case $o in
        b) build=$OPTARG ;;
        d) dir=$OPTARG ;;
        t) threads=$OPTARG ;;
        i) instances=$OPTARG ;;
        m) max=$OPTARG ;;
        B) budget=$OPTARG ;;
        f) fraction=$OPTARG ;;
        p) pdb=$OPTARG ;;
        z) prune=$OPTARG ;;
        *) sed -n '2,22p' "$0"; exit 2 ;;
    esac
done
root=$(cd "$(dirname "$0")/.." && pwd)
[[ $instances == all ]] && instances=$(seq -s ' ' 1 50)
bench="$build/bench/pdb_korf_bench"
[[ -x $bench ]] || bench="$root/$build/bench/pdb_korf_bench"
[[ -x $bench ]] || { echo "no $build/bench/pdb_korf_bench: build it first" >&2; exit 2; }

commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

published() { grep -v '^#' "$root/data/sliding/korf24-nodes.txt" | awk -v i="$1" '$1 == i { print $3 }'; }

extra_head="" extra_rule=""
[[ -n $budget ]] && extra_head=" projected generated | projected CPU |" extra_rule="---|---|"
echo "| instance (Korf & Taylor) | optimal | found | initial h | generated | expanded | wall ($threads threads) | CPU |$extra_head Korf & Felner generated | ratio |"
echo "|---|---|---|---|---|---|---|---|$extra_rule---|---|"
sum_gen=0 sum_kf=0 sum_wall=0 sum_cpu=0 any_cut=0 sum_lo=0 sum_hi=0 sum_clo=0 sum_chi=0
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f", a + b }'; }
addf() { awk -v a="$1" -v b="$2" 'BEGIN { print a + b }'; }
# One process solves the instances in the order given (a file of their lines), so the tables are
# loaded once: 7-tile tables take minutes to read.
list=$(mktemp)
trap 'rm -f "$list"' EXIT
for i in $instances; do
    grep -v '^#' "$root/data/sliding/korf24-50.txt" | sed -n "${i}p" >>"$list"
done
args=(--pdb "$pdb" --dir "$dir" --threads "$threads" --prune-depth "$prune")
[[ -n $max ]] && args+=(--max-threshold "$max")
[[ -n $budget ]] && args+=(--budget "$budget")
# Columns of a result row: no opt len h0 expanded generated seconds cpu [cut off [at T, projected
# LO HI generated CLO CHI cpu]] [WRONG], the first counting the rows of the list (the instance: -i).
read -r -a order <<<"$instances"
k=0
while IFS= read -r line; do
    [[ $line == '#'* ]] && { echo "$line" >&2; continue; }  # the bench's notes: loading, totals
    no=${order[k]}
    k=$((k + 1))
    read -r _ opt len h0 expanded generated wall cpu rest <<<"$line"
    found=$len lo=$generated hi=$generated clo=$cpu chi=$cpu
    if [[ $rest == *projected* ]]; then
        read -r at lo hi clo chi <<<"$(sed -E 's/.*at ([0-9]+), projected ([0-9]+) ([0-9]+) generated ([0-9.]+) ([0-9.]+) cpu.*/\1 \2 \3 \4 \5/' <<<"$rest")"
        found="cut off at $at"
    elif [[ $rest == *"cut off"* ]]; then
        found="cut off" any_cut=1
    fi
    [[ $rest == *WRONG* ]] && found="$found WRONG"
    kf=$(published "$no")
    ratio=$(awk -v a="$generated" -v b="$kf" 'BEGIN { printf "%.3f", a / b }')
    [[ $found == "cut off" ]] && ratio="(cut off)"
    [[ $found == "cut off at"* ]] && ratio=$(awk -v a="$lo" -v b="$hi" -v k="$kf" 'BEGIN { printf "%.3f-%.3f (projected)", a / k, b / k }')
    extra=""
    if [[ -n $budget ]]; then
        if [[ $lo == "$hi" ]]; then
            extra=" $(commas "$lo") | $(awk -v c="$clo" 'BEGIN { printf "%.0f s", c }') |"
        else
            extra=" $(commas "$lo") - $(commas "$hi") | $(awk -v a="$clo" -v b="$chi" 'BEGIN { printf "%.0f - %.0f s", a, b }') |"
        fi
    fi
    printf '| #%s | %s | %s | %s | %s | %s | %.1f s | %.1f s |%s %s | %s |\n' "$no" "$opt" "$found" "$h0" \
        "$(commas "$generated")" "$(commas "$expanded")" "$wall" "$cpu" "$extra" "$(commas "$kf")" "$ratio"
    sum_gen=$((sum_gen + generated)) sum_kf=$((sum_kf + kf))
    sum_lo=$(add "$sum_lo" "$lo") sum_hi=$(add "$sum_hi" "$hi")
    sum_clo=$(addf "$sum_clo" "$clo") sum_chi=$(addf "$sum_chi" "$chi")
    sum_wall=$(addf "$sum_wall" "$wall") sum_cpu=$(addf "$sum_cpu" "$cpu")
done < <("$bench" "${args[@]}" "$list")
((k == ${#order[@]})) || { echo "pdb24_table: $k results for ${#order[@]} instances" >&2; exit 1; }
total_ratio=$(awk -v a="$sum_gen" -v b="$sum_kf" 'BEGIN { printf "%.3f", a / b }')
extra=""
if [[ -n $budget ]]; then
    total_ratio=$(awk -v a="$sum_lo" -v b="$sum_hi" -v k="$sum_kf" 'BEGIN { printf "%.3f-%.3f", a / k, b / k }')
    extra=" $(commas "$sum_lo") - $(commas "$sum_hi") | $(awk -v a="$sum_clo" -v b="$sum_chi" 'BEGIN { printf "%.0f - %.0f s", a, b }') |"
fi
((any_cut)) && total_ratio="(cut off)"  # an instance cut off by -m has no projection
printf '| total | | | | %s | | %.1f s | %.1f s |%s %s | %s |\n' "$(commas "$sum_gen")" "$sum_wall" "$sum_cpu" \
    "$extra" "$(commas "$sum_kf")" "$total_ratio"
if [[ -n $budget ]]; then
    awk -v lo="$sum_lo" -v hi="$sum_hi" -v clo="$sum_clo" -v chi="$sum_chi" -v f="$fraction" -v k="$sum_kf" 'BEGIN {
        g = lo + f * (hi - lo); c = clo + f * (chi - clo)
        printf "\nWith %s of each unfinished final iteration: %.4g generated nodes (%.3fx Korf & Felner'"'"'s), %.0f CPU-s (%.1f CPU-hours).\n", f, g, g / k, c, c / 3600 }'
fi

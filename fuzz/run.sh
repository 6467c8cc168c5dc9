#!/usr/bin/env bash
# `make fuzz`: runs every libFuzzer target of a fuzz build for SECONDS each.
#   fuzz/run.sh [BUILD_DIR=build-fuzz] [SECONDS=60] [TARGET...]
# Inputs: fuzz/corpus/<target>/ (committed seeds), fuzz/regressions/<target>/ (past findings),
# and the bundled data files that fuzz/seeds.txt lists for the target. New inputs libFuzzer
# finds go to BUILD_DIR/fuzz-work/<target>/corpus (not into the repository); crashes, hangs
# (over 10 s for one input) and out-of-memory inputs go to BUILD_DIR/fuzz-work/<target>/ and
# fail the run. Keep a finding by copying it to fuzz/regressions/<target>/ and fixing the bug;
# the replay test (ctest -L fuzz) then checks it in every build.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-fuzz}
seconds=${2:-60}
shift $(( $# > 2 ? 2 : $# ))
if [[ $# -gt 0 ]]; then targets=("$@"); else mapfile -t targets < "$build/fuzz-targets.txt"; fi
[[ ${#targets[@]} -gt 0 ]] || { echo "fuzz: no targets in $build" >&2; exit 1; }

failed=()
for t in "${targets[@]}"; do
    bin="$build/fuzz/fuzz_$t"
    [[ -x "$bin" ]] || { echo "fuzz: $bin missing (build the fuzz preset first)" >&2; exit 1; }
    work="$build/fuzz-work/$t"
    mkdir -p "$work/corpus" "$work/seeds"
    rm -f "$work"/crash-* "$work"/timeout-* "$work"/oom-* "$work"/leak-*
    # Seeds from the bundled data: lines "target glob" in fuzz/seeds.txt; small files only.
    while read -r name glob; do
        [[ "$name" == "$t" ]] || continue
        for f in $glob; do
            [[ -f "$f" && $(stat -c %s "$f") -le 65536 ]] && cp "$f" "$work/seeds/$(echo "$f" | tr / _)"
        done
    done < <(grep -v '^#' fuzz/seeds.txt)
    dirs=("$work/corpus" "$work/seeds")
    for d in "fuzz/corpus/$t" "fuzz/regressions/$t"; do [[ -d "$d" ]] && dirs+=("$d"); done
    echo "fuzz: $t for ${seconds}s" >&2
    if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -print_final_stats=1 -artifact_prefix="$work/" "${dirs[@]}" >"$work/log.txt" 2>&1; then
        tail -n 60 "$work/log.txt" >&2
        echo "fuzz: $t FAILED; input(s): $(ls "$work" | grep -E '^(crash|timeout|oom|leak)-' | sed "s|^|$work/|" | tr '\n' ' ')" >&2
        failed+=("$t")
    else
        grep -E '^stat::number_of_executed_units|^Done' "$work/log.txt" | tr '\n' ' ' >&2 || true
        echo >&2
    fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: findings in: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, no findings" >&2

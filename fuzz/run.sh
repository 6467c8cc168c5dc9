#!/usr/bin/env bash
# `make fuzz`: runs every libFuzzer target of a fuzz build for SECONDS each.
#   fuzz/run.sh [BUILD_DIR=build-fuzz] [SECONDS=60] [TARGET...]
# FUZZ_JOBS targets run at a time (default: the number of cores), each for the full SECONDS;
# their logs are printed in target order once all have finished.
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

jobs=${FUZZ_JOBS:-$(nproc)}

run_one() {  # fuzz target $1; its summary goes to $work/summary.txt, exit status = finding or not
    local t=$1 bin="$build/fuzz/fuzz_$1" work="$build/fuzz-work/$1"
    mkdir -p "$work/corpus" "$work/seeds"
    rm -f "$work"/crash-* "$work"/timeout-* "$work"/oom-* "$work"/leak-* "$work/summary.txt"
    # Seeds from the bundled data: lines "target glob" in fuzz/seeds.txt; small files only.
    while read -r name glob; do
        [[ "$name" == "$t" ]] || continue
        for f in $glob; do
            [[ -f "$f" && $(stat -c %s "$f") -le 65536 ]] && cp "$f" "$work/seeds/$(echo "$f" | tr / _)"
        done
    done < <(grep -v '^#' fuzz/seeds.txt)
    local dirs=("$work/corpus" "$work/seeds") d
    for d in "fuzz/corpus/$t" "fuzz/regressions/$t"; do [[ -d "$d" ]] && dirs+=("$d"); done
    if ! "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
            -print_final_stats=1 -artifact_prefix="$work/" "${dirs[@]}" >"$work/log.txt" 2>&1; then
        {
            tail -n 60 "$work/log.txt"
            echo "fuzz: $t FAILED; input(s): $(ls "$work" | grep -E '^(crash|timeout|oom|leak)-' | sed "s|^|$work/|" | tr '\n' ' ')"
        } >"$work/summary.txt"
        return 1
    fi
    { echo -n "fuzz: $t: "; grep -E '^stat::number_of_executed_units|^Done' "$work/log.txt" | tr '\n' ' ' || true; echo; } \
        >"$work/summary.txt"
}

for t in "${targets[@]}"; do
    [[ -x "$build/fuzz/fuzz_$t" ]] || { echo "fuzz: $build/fuzz/fuzz_$t missing (build the fuzz preset first)" >&2; exit 1; }
done
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, $jobs at a time" >&2
declare -A pid_of
for t in "${targets[@]}"; do
    while (( $(jobs -rp | wc -l) >= jobs )); do wait -n || true; done
    run_one "$t" &
    pid_of[$t]=$!
done
failed=()
for t in "${targets[@]}"; do
    wait "${pid_of[$t]}" || true
    summary="$build/fuzz-work/$t/summary.txt"
    [[ -f "$summary" ]] || echo "fuzz: $t FAILED; no summary" >"$summary"
    cat "$summary" >&2
    if grep -q "^fuzz: $t FAILED" "$summary"; then failed+=("$t"); fi
done
if [[ ${#failed[@]} -gt 0 ]]; then
    echo "fuzz: findings in: ${failed[*]}" >&2
    exit 1
fi
echo "fuzz: ${#targets[@]} targets, ${seconds}s each, no findings" >&2

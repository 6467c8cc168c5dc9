#!/usr/bin/env bash
# Runs every input reader of bitsolve on 10 MB hostile inputs and prints, for each, the exit
# code, the peak resident memory, the wall time and the number of stderr lines (expected: exit
# code 3, one line, well under a second, memory about the input's size).
# Usage: scripts/hostile-inputs.sh [BIN]   (default build/apps/bitsolve/bitsolve; needs /usr/bin/time)
set -u
BIN=${1:-build/apps/bitsolve/bitsolve}
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package 'time')" >&2; exit 2; }
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
python3 - "$D" <<'PY'
import sys
d = sys.argv[1]
mb = 10 << 20
def fill(unit):
    return unit * (mb // len(unit))
open(f"{d}/numbers", "w").write(fill("7 "))
open(f"{d}/letters", "w").write(fill("q"))
open(f"{d}/newlines", "w").write("\n" * mb)
open(f"{d}/short-lines", "w").write(fill("q\n"))
ck = ["bitsolve-queens-checkpoint 1", "n 8", "shard 1/1", "split 1 10", "done 1", "total 0", "rot180 0", "rot90 0"]
ck[4] = "done " + fill("1 ")
open(f"{d}/checkpoint-done", "w").write("\n".join(ck) + "\n")
PY
run() {  # name stdin args...
    local name=$1 in=$2
    shift 2
    /usr/bin/time -o "$D/time" -f "%e %M" "$BIN" "$@" <"$in" >/dev/null 2>"$D/err"
    local rc=$? wall rss
    read -r wall rss < <(tail -n 1 "$D/time")
    awk -v n="$name" -v rc="$rc" -v rss="$rss" -v wall="$wall" -v lines="$(wc -l <"$D/err")" \
        'BEGIN { printf "%-46s exit %d  peak %6.1f MB  %6.2f s  stderr lines %d\n", n, rc, rss / 1024, wall, lines }'
}
for f in numbers letters newlines short-lines; do
    for cmd in "sliding" "rush" "rush --cluster" "boj 1525" "boj 18139" "boj 9663"; do
        # shellcheck disable=SC2086
        run "$cmd < $f" "$D/$f" $cmd
    done
    run "sliding FILE ($f)" /dev/null sliding "$D/$f"
    run "queens 8 --checkpoint FILE ($f)" /dev/null queens 8 --checkpoint "$D/$f"
    run "queens merge FILE ($f)" /dev/null queens merge "$D/$f"
    run "rush pick FILE ($f)" /dev/null rush pick "$D/$f"
    run "rush merge FILE ($f)" /dev/null rush merge "$D/$f"
    run "rush enumerate --checkpoint FILE ($f)" /dev/null rush enumerate --size 4 --checkpoint "$D/$f"
    [ "$f" = short-lines ] && continue  # a batch answers every line: below
    run "sliding --batch < $f" "$D/$f" sliding --batch
    run "rush --batch < $f" "$D/$f" rush --batch
done
run "queens 8 --checkpoint FILE (10 MB done line)" /dev/null queens 8 --checkpoint "$D/checkpoint-done"
# 5 million bad batch lines: one error line each; memory stays at the input's size.
run "sliding --batch < short-lines (5M errors)" "$D/short-lines" sliding --batch
run "rush --batch < short-lines (5M errors)" "$D/short-lines" rush --batch

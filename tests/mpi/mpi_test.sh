#!/usr/bin/env bash
# bitsolve-mpi end to end under `mpirun --oversubscribe -np 3` (ctest label mpi; tests/CMakeLists.txt):
#   mpi_test.sh CASE BITSOLVE_MPI BITSOLVE DATA_DIR
# CASE: queens (N = 1..15 against the OEIS counts), sliding (a batch against bitsolve), rush (the
# 4x4 and 5x5 databases against bitsolve, the 5x5 one again with threads refused), fault (a job
# stopped or killed midway and resumed from its journal), stop (--timeout and SIGTERM: exit code 1, one line, resumed), errors (bad input: one line, the usual exit codes, on one rank and on three).
set -uo pipefail
case_name=$1 mpi_bin=$2 bin=$3 data=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
mpi() { mpirun --oversubscribe -np "${NP:-3}" "$mpi_bin" "$@" </dev/null; }
# The error lines of bitsolve-mpi itself (mpirun adds its own lines about a non-zero exit code).
own_lines() { grep -c '^bitsolve-mpi' "$1" || true; }

records() {  # the unit records of a journal (0 when there is none yet)
    local c
    c=$(grep -c '^u [0-9]' "$1" 2>/dev/null)
    echo "${c:-0}"
}

case_queens() {
    while read -r n total unique; do
        [[ $n == \#* || $n -gt 15 ]] && continue
        local out
        out=$(mpi queens "$n" --threads 1 --stats 2>"$tmp/err")
        local code=$?
        [[ $code -eq 0 && $out == "$total" ]] ||
            fail "queens $n: '$out', OEIS $total, exit code $code, stderr: $(head -c 600 "$tmp/err")"
        grep -qx "Unique: $unique" "$tmp/err" || fail "queens $n: unique not $unique: $(grep Unique: "$tmp/err" | head -1)"
        grep -qx "Rank 2: .*" "$tmp/err" || fail "queens $n: no statistics of rank 2"
    done <"$data/queens/counts.txt"
    for n in 8 12; do
        local want
        want=$(awk -v n=$n '$1 == n { print $3 }' "$data/queens/counts.txt")
        [[ $(mpi queens $n --unique --threads 2) == "$want" ]] || fail "queens $n --unique"
    done
    # Without mpirun: one rank.
    [[ $("$mpi_bin" queens 10) == 724 ]] || fail "queens 10 on one rank"
}

case_sliding() {
    local batch=$tmp/batch.txt
    {
        grep -v '^#' "$data/sliding/examples/batch-3x3.txt"
        echo "1 2 3 4 5 6 7 0"            # no square: a bad line
        echo "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
        echo "# comment"
        echo ""
        echo "1 2 3 4 0 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0"   # bad: twice 0
        echo "8 1 3 4 0 2 7 6 5 20"        # a length column that differs: one hint at the end
    } >"$batch"
    for opts in "" "--path" "--path --show --heuristic md"; do
        # shellcheck disable=SC2086
        "$bin" sliding --batch $opts "$batch" >"$tmp/want" 2>"$tmp/want_err"
        local want_code=$?
        # shellcheck disable=SC2086
        mpi sliding --batch $opts --threads 1 "$batch" >"$tmp/got" 2>"$tmp/got_err"
        local code=$?
        cmp -s "$tmp/want" "$tmp/got" || fail "sliding --batch $opts: stdout differs"
        [[ $code -eq $want_code ]] || fail "sliding --batch $opts: exit code $code, bitsolve $want_code"
        diff <(sed 's/^bitsolve /bitsolve-mpi /' "$tmp/want_err") <(grep '^bitsolve-mpi' "$tmp/got_err") >/dev/null ||
            fail "sliding --batch $opts: error lines differ"
    done
    [[ -s $tmp/want ]] || fail "sliding: empty answers"
    # With a journal: killed midway (SIGKILL to a rank), resumed, the bytes of bitsolve.
    local k12=$tmp/k12.txt j=$tmp/s.j
    grep -v '^#' "$data/sliding/korf100.txt" |
        awk 'BEGIN { split("1 2 4 5 6 8 13 16 18 20 24 25", a); for (i in a) w[a[i]] = 1 } w[NR]' >"$k12"
    "$bin" sliding --batch --goal blank-first "$k12" >"$tmp/want" || fail "bitsolve on 12 Korf boards"
    mpirun --oversubscribe -np 3 "$mpi_bin" sliding --batch --goal blank-first --threads 1 --checkpoint "$j" "$k12" \
        </dev/null >"$tmp/got" 2>"$tmp/err" &
    local launcher=$!
    for _ in $(seq 600); do
        [[ $(records "$j") -ge 3 ]] && break
        sleep 0.05
    done
    local victim
    victim=$(pgrep -xf "$mpi_bin sliding --batch --goal blank-first --threads 1 --checkpoint $j $k12" | head -1)
    [[ -n $victim ]] && kill -KILL "$victim"
    wait "$launcher"
    local kept
    kept=$(records "$j")
    mpi sliding --batch --goal blank-first --threads 1 --checkpoint "$j" --stats "$k12" >"$tmp/got" 2>"$tmp/err" ||
        fail "sliding resumed: exit code $?"
    cmp -s "$tmp/want" "$tmp/got" || fail "sliding resumed: stdout differs from bitsolve"
    local resumed
    resumed=$(sed -n 's/^Boards resumed: //p' "$tmp/err")
    [[ $resumed -ge 3 && $resumed -lt 12 ]] || fail "sliding resumed $resumed of 12 boards ($kept records)"
    echo "sliding: killed after $kept journal records; resumed $resumed of 12 boards" >&2
    # Another batch or heuristic: refused, exit code 3, one line.
    mpi sliding --batch --goal blank-first --heuristic md --checkpoint "$j" "$k12" >"$tmp/out" 2>"$tmp/err"
    [[ $? -eq 3 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] || fail "a journal of another heuristic"
    head -5 "$k12" >"$tmp/k5.txt"
    mpi sliding --batch --goal blank-first --checkpoint "$j" "$tmp/k5.txt" >"$tmp/out" 2>"$tmp/err"
    [[ $? -eq 3 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] || fail "a journal of another batch"
    # A record whose checksum holds but whose result does not read back (its node count is not a
    # number): the checkpoint is refused, exit code 3, one line naming the board.
    python3 - "$j" <<'PY'
import sys
path = sys.argv[1]
text = open(path, 'rb').read()
head, _, _ = text.partition(b'\nu ')
result = b'o 12x 30 0.5 0 0 0 0\n1\n'
h = 1469598103934665603
for c in (0).to_bytes(8, 'little') + result:
    h = ((h ^ c) * 1099511628211) % (1 << 64)
open(path, 'wb').write(head + b'\n' + b'u 0 %d %016x\n' % (len(result), h) + result + b'\n')
PY
    mpi sliding --batch --goal blank-first --threads 1 --checkpoint "$j" "$k12" >"$tmp/out" 2>"$tmp/err"
    [[ $? -eq 3 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] && grep -q "record of board 0 is damaged" "$tmp/err" ||
        fail "a damaged board result in the journal: $(head -c 300 "$tmp/err")"
}

case_rush() {
    for args in "--size 4" "--size 4 --walls 1" "--size 5"; do
        # shellcheck disable=SC2086
        "$bin" rush enumerate $args >"$tmp/want" 2>/dev/null || fail "bitsolve rush enumerate $args"
        # shellcheck disable=SC2086
        mpi rush enumerate $args --threads 1 >"$tmp/got" 2>"$tmp/err" || fail "bitsolve-mpi rush enumerate $args"
        cmp -s "$tmp/want" "$tmp/got" || fail "rush enumerate $args: rows differ"
        [[ -s $tmp/got ]] || fail "rush enumerate $args: no rows"
    done
    # A shard: the same shard file as bitsolve's.
    "$bin" rush enumerate --size 5 --shard 2/3 >"$tmp/want_shard" 2>/dev/null || fail "bitsolve rush --shard"
    mpi rush enumerate --size 5 --shard 2/3 --threads 1 >"$tmp/got" 2>/dev/null || fail "bitsolve-mpi rush --shard"
    cmp -s "$tmp/want_shard" "$tmp/got" || fail "rush enumerate --shard 2/3: the shard files differ"
    "$bin" rush enumerate --size 4 --shard 1/1 >"$tmp/want_one" 2>/dev/null || fail "bitsolve rush --shard 1/1"
    mpi rush enumerate --size 4 --shard 1/1 --threads 1 >"$tmp/got" 2>/dev/null || fail "bitsolve-mpi rush --shard 1/1"
    [[ $(head -c 1 "$tmp/got") == "#" ]] || fail "rush enumerate --shard 1/1: no shard header"
    cmp -s "$tmp/want_one" "$tmp/got" || fail "rush enumerate --shard 1/1: the shard files differ"
    # With a journal, stopped by nothing: the same file, and a second run only reads it back.
    mpi rush enumerate --size 5 --threads 1 --checkpoint "$tmp/r.j" -o "$tmp/db.txt" --stats 2>/dev/null ||
        fail "rush with a journal"
    cmp -s "$tmp/want" "$tmp/db.txt" || fail "rush -o with a journal: rows differ"
    mpi rush enumerate --size 5 --threads 1 --checkpoint "$tmp/r.j" -o "$tmp/db2.txt" --stats 2>"$tmp/err" ||
        fail "rush resumed"
    cmp -s "$tmp/want" "$tmp/db2.txt" || fail "rush resumed: rows differ"
    local slices
    slices=$(sed -n 's/^Slices: //p' "$tmp/err")
    grep -qx "Slices resumed: $slices" "$tmp/err" || fail "rush resumed: not every slice read back"
    # Threads the system refuses: 1 GiB stacks under a 32 GiB address-space cap, so that no rank
    # can start its 64; each computes on those that started, and the rows are the same.
    if (ulimit -s 1048576) 2>/dev/null; then
        (ulimit -s 1048576 && ulimit -v $((32 << 20)) && mpi rush enumerate --size 5 --threads 64 --stats) \
            >"$tmp/got" 2>"$tmp/err" || fail "rush with threads refused: exit code $?, stderr: $(head -c 300 "$tmp/err")"
        cmp -s "$tmp/want" "$tmp/got" || fail "rush with threads refused: rows differ"
        # --stats counts the threads that started, not those asked for.
        grep -Eq '^Rank [0-9]+: .*, [0-9]+ threads' "$tmp/err" || fail "rush with threads refused: no Rank line"
        ! grep -Eq '^Rank [0-9]+: .*, 64 threads' "$tmp/err" || fail "rush with threads refused: --stats counts 64 threads"
    else
        echo "rush with threads refused: skipped (the stack size cannot be raised to 1 GiB)" >&2
    fi
}

case_fault() {
    # N = 18: a job of several seconds, so that the kill lands before the end on a fast machine too.
    local n=18 want j=$tmp/q.j
    want=$(awk -v n=$n '$1 == n { print $2 }' "$data/queens/counts.txt")
    # Stopped after 20 units: exit code 1, the units in the journal.
    mpi queens $n --threads 1 --checkpoint "$j" --max-units 20 >"$tmp/out" 2>"$tmp/err"
    [[ $? -eq 1 && ! -s $tmp/out ]] || fail "--max-units: exit code 1, nothing on stdout"
    [[ $(records "$j") -eq 20 ]] || fail "--max-units 20: $(records "$j") records"
    grep -q '^bitsolve-mpi.*stopped after 20 units' "$tmp/err" || fail "--max-units 20: $(head -c 300 "$tmp/err")"
    # A torn record at the end (a kill in the middle of a write) is dropped.
    printf 'u 7 40 0123' >>"$j"
    # Killed: SIGKILL to one rank while the count runs, once the journal has grown.
    mpi queens $n --threads 1 --checkpoint "$j" >"$tmp/out" 2>"$tmp/err" &
    local launcher=$! before
    before=$(records "$j")
    for _ in $(seq 600); do
        [[ $(records "$j") -ge $((before + 10)) ]] && break
        sleep 0.05
    done
    # A rank (not mpirun): a process whose command line is exactly this job's.
    local ranks_of_job=("$mpi_bin queens $n --threads 1 --checkpoint $j")
    local victim
    victim=$(pgrep -xf "${ranks_of_job[0]}" | head -1)
    [[ -n $victim ]] && kill -KILL "$victim"
    wait "$launcher"
    local code=$?
    # mpirun ends the other ranks; none may still write the journal when the job is resumed.
    for _ in $(seq 200); do
        pgrep -xf "${ranks_of_job[0]}" >/dev/null || break
        sleep 0.05
    done
    pgrep -xf "${ranks_of_job[0]}" >/dev/null && fail "ranks left running after the kill"
    local kept
    kept=$(records "$j")
    [[ $code -ne 0 && ! -s $tmp/out ]] || fail "the killed job: exit code $code, stdout '$(head -c 100 "$tmp/out")'"
    [[ $kept -gt 20 ]] || fail "journal after the kill: $kept records"
    # Resumed: the same answer, only the missing units computed.
    out=$(mpi queens $n --threads 1 --checkpoint "$j" --stats 2>"$tmp/err")
    [[ $out == "$want" ]] || fail "resumed count: '$out', OEIS $want"
    local units resumed
    units=$(sed -n 's/^Units: //p' "$tmp/err")
    resumed=$(sed -n 's/^Units resumed: //p' "$tmp/err")
    [[ $resumed -ge 20 && $resumed -lt $units ]] || fail "resumed $resumed of $units units"
    echo "killed after $kept journal records; resumed $resumed of $units units" >&2
    [[ $(mpi queens $n --unique --checkpoint "$j") == $(awk -v n=$n '$1 == n { print $3 }' "$data/queens/counts.txt") ]] ||
        fail "the finished journal, --unique"
    # Another job's journal is refused: exit code 3, one line.
    mpi queens 15 --checkpoint "$j" >"$tmp/out" 2>"$tmp/err"
    [[ $? -eq 3 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] || fail "a journal of N=$n used for N=15"
    echo "not a journal" >"$tmp/bad.j"
    "$mpi_bin" queens 12 --checkpoint "$tmp/bad.j" 2>"$tmp/err"
    [[ $? -eq 3 ]] || fail "a file that is no journal"
}

# A job stopped by --timeout or by SIGTERM to mpirun (Open MPI forwards it to every rank): exit
# code 1 on every rank, one line, nothing on stdout; the same command resumes from the journal.
case_stop() {
    local n=17 want j=$tmp/s.j
    want=$(awk -v n=$n '$1 == n { print $2 }' "$data/queens/counts.txt")
    mpi queens $n --threads 1 --timeout 0.5 >"$tmp/out" 2>"$tmp/err"
    local code=$?
    [[ $code -eq 1 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] ||
        fail "--timeout: exit code $code, stderr: $(head -c 300 "$tmp/err")"
    grep -q '^bitsolve-mpi queens: time limit of 0.5 s reached: [0-9]* of [0-9]* units done' "$tmp/err" ||
        fail "--timeout line: $(head -c 300 "$tmp/err")"
    grep -q 'MPI_ABORT' "$tmp/err" && fail "--timeout: the job was aborted, not stopped"
    # SIGTERM to mpirun once the journal has grown ($! is mpirun itself, not a subshell). N = 18, a
    # job of several seconds, so that the signal lands before the end on a fast, idle machine too.
    n=18
    want=$(awk -v n=$n '$1 == n { print $2 }' "$data/queens/counts.txt")
    mpirun --oversubscribe -np 3 "$mpi_bin" queens $n --threads 1 --checkpoint "$j" </dev/null >"$tmp/out" 2>"$tmp/err" &
    local launcher=$!
    for _ in $(seq 600); do
        [[ $(records "$j") -ge 20 ]] && break
        sleep 0.05
    done
    kill -TERM "$launcher"
    wait "$launcher"
    code=$?
    [[ $code -eq 1 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] ||
        fail "SIGTERM: exit code $code, stderr: $(head -c 300 "$tmp/err")"
    grep -q "^bitsolve-mpi queens: interrupted by a signal: .*resume with: .* --checkpoint" "$tmp/err" ||
        fail "SIGTERM line: $(head -c 300 "$tmp/err")"
    local kept
    kept=$(records "$j")
    out=$(mpi queens $n --threads 1 --checkpoint "$j" --stats 2>"$tmp/err")
    [[ $out == "$want" ]] || fail "resumed after SIGTERM: '$out', OEIS $want"
    grep -qx "Units resumed: $kept" "$tmp/err" || fail "resumed after SIGTERM: not $kept units resumed"
    echo "SIGTERM after $kept journal records" >&2
    # rush enumerate and sliding --batch stop the same way.
    mpi rush enumerate --size 6 --threads 1 --timeout 0.3 >"$tmp/out" 2>"$tmp/err"
    code=$?
    [[ $code -eq 1 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] ||
        fail "rush --timeout: exit code $code, stderr: $(head -c 300 "$tmp/err")"
    mpi sliding --batch --goal blank-first --heuristic md --threads 1 --timeout 0.5 "$data/sliding/korf100.txt" \
        >"$tmp/out" 2>"$tmp/err"
    code=$?
    [[ $code -eq 1 && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] ||
        fail "sliding --timeout: exit code $code, stderr: $(head -c 300 "$tmp/err")"
}

case_errors() {
    check() {  # expected-code args...
        local want=$1
        shift
        "$mpi_bin" "$@" >"$tmp/out" 2>"$tmp/err"
        local code=$?
        [[ $code -eq $want && ! -s $tmp/out && $(wc -l <"$tmp/err") -eq 1 ]] ||
            fail "one rank, $*: exit code $code (want $want), stderr: $(head -c 300 "$tmp/err")"
        mpi "$@" >"$tmp/out" 2>"$tmp/err"
        code=$?
        [[ $code -eq $want && ! -s $tmp/out && $(own_lines "$tmp/err") -eq 1 ]] ||
            fail "3 ranks, $*: exit code $code (want $want), stderr: $(head -c 300 "$tmp/err")"
    }
    check 2 queens 0
    check 2 queens abc
    check 2 queens
    check 2 queens 8 --bogus
    check 2 boj 1525
    check 2
    check 2 sliding "$data/sliding/examples/batch-3x3.txt"
    check 3 sliding --batch "$tmp/missing.txt"
    check 2 rush enumerate --size 9
    check 3 rush enumerate --size 4 -o "$tmp/no/such/dir/db.txt"
    check 2 queens 8 --unique --unique
    check 2 sliding --batch --batch "$data/sliding/examples/batch-3x3.txt"
    check 2 rush merge "$tmp/a.txt"
    grep -q "unsupported command 'rush merge'" "$tmp/err" || fail "rush merge: $(head -c 300 "$tmp/err")"
}

"case_$case_name"
[[ $failures -eq 0 ]] || exit 1
echo "ok: $case_name"

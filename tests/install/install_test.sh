#!/usr/bin/env bash
# ctest `install_package` (label install): installs the build into a temporary prefix, compiles
# every installed header on its own (no project flags, no src/), builds examples/ as an outside
# project with find_package(bitsolve) and one example with pkg-config, runs them and checks their
# answers against the bundled data.
# Usage: install_test.sh BUILD_DIR SOURCE_DIR [CXX]
set -euo pipefail
build=$1 src=$2 cxx=${3:-c++}
data=$src/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "install test: $*" >&2; exit 1; }
quiet() { "$@" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; fail "failed: $*"; }; }

# The C++ parts (the Python module, component python, is the deb test's and pytest's business).
for component in dev tool; do
    quiet cmake --install "$build" --prefix "$prefix" --component "$component"
done
"$prefix/bin/bitsolve" --version | grep -q '0\.2\.0' || fail "installed bitsolve --version has no 0.2.0"
for f in bitsolveConfig.cmake bitsolveConfigVersion.cmake bitsolveTargets.cmake bitsolve.pc; do
    [[ -n $(find "$prefix" -name "$f") ]] || fail "$f not installed"
done
if find "$prefix" -name 'bitsolveTargets*.cmake' -exec grep -lE 'march|Wconversion|/src' {} + | grep -q .; then
    fail "the exported targets carry the project's own flags or paths"
fi

# Each public header compiles alone, with the installed include directory only.
headers=$(cd "$prefix/include" && find bitsolve -name '*.hpp' | sort)
[[ $(echo "$headers" | wc -l) -ge 40 ]] || fail "too few headers installed"
echo "$headers" | xargs -P 2 -I{} sh -c \
    'printf "#include \"%s\"\n" "$1" | "$0" -std=c++20 -fsyntax-only -Wall -Wextra -Werror -I"$2" -x c++ - ||
     { echo "header $1 does not compile on its own" >&2; exit 255; }' "$cxx" {} "$prefix/include"

# The examples as an outside project (unoptimised: they only call the installed libraries).
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
quiet cmake -S "$src/examples" -B "$tmp/ex" "${gen[@]}" -DCMAKE_BUILD_TYPE= -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_PREFIX_PATH="$prefix"
quiet cmake --build "$tmp/ex" -j 2

expect() {  # expect LABEL PATTERN TEXT
    grep -qE -- "$2" <<<"$3" || fail "$1: no line matching '$2' in:"$'\n'"$3"
}
# sliding: the judge samples (one unsolvable), and Korf's easiest 15-puzzle with pattern databases.
for i in 1 2; do
    board=$(grep -v '^#' "$data/boj/1525-$i.in" | tr '\n' ' ')
    want=$(cat "$data/boj/1525-$i.out")
    out=$("$tmp/ex/sliding_solve" "$board")
    if [[ $want == -1 ]]; then expect "sliding $i" '^unsolvable$' "$out"; else expect "sliding $i" "^length $want$" "$out"; fi
done
read -r -a korf < <(awk '!/^#/ && NF == 17' "$data/sliding/korf100.txt" | sort -n -k17 | head -1)
out=$("$tmp/ex/sliding_solve" "${korf[*]:0:16}" blank-first pdb555)
expect "sliding korf" "^length ${korf[16]}$" "$out"
expect "sliding korf" "^move ${korf[16]}" "$out"
"$tmp/ex/sliding_solve" "1 2 3" 2>/dev/null && fail "sliding: a bad board was accepted"
# rush: a database row (moves, cluster size, the row as its cluster's hardest state).
read -r moves board size < <(grep -v '^#' "$data/rush/fogleman-db-sample.txt" | awk '$1 == "20"' | head -1)
out=$("$tmp/ex/rush_solve" "$board")
expect rush "^moves $((10#$moves))$" "$out"
expect rush "^cluster $size states" "$out"
expect rush "^hardest $((10#$moves)) $board$" "$out"
# queens: OEIS counts for N = 10, and a run stopped through the stop flag.
read -r _ total unique < <(awk '$1 == 10' "$data/queens/counts.txt")
out=$("$tmp/ex/queens_count" 10 2>/dev/null)
expect queens "^total $total$" "$out"
expect queens "^unique $unique$" "$out"
set +e
out=$("$tmp/ex/queens_count" 12 1 2>/dev/null)
rc=$?
set -e
[[ $rc == 1 ]] || fail "queens: a stopped count exited $rc, not 1"
expect "queens stop" '^stopped: interrupted' "$out"

# pkg-config: one example built by hand.
pc=$(dirname "$(find "$prefix" -name bitsolve.pc)")
# shellcheck disable=SC2046
"$cxx" -o "$tmp/rush_pc" "$src/examples/rush_solve.cpp" $(PKG_CONFIG_PATH=$pc pkg-config --cflags --libs bitsolve)
out=$("$tmp/rush_pc" "$board")
expect "rush (pkg-config)" "^moves $((10#$moves))$" "$out"
echo "install test: ok ($(echo "$headers" | wc -l) headers, 3 examples, pkg-config)"

#!/usr/bin/env bash
# Layering check (CI): core knows no puzzle family, and no family knows another.
#   - a file under include/bitsolve/core or src/core includes no family header;
#   - a file of family F (include/bitsolve/F, src/F) includes no header of another family.
# The families are the folders of include/bitsolve and src other than core. Only #include lines
# are read: a path with a folder named after a family (bitsolve/rush/..., rush/...) is that
# family's header. Prints every offending line as file:line: text and exits 1 if there is one.
#
#   scripts/check-layers.sh            # from anywhere in the repository
set -euo pipefail
cd "$(dirname "$0")/.."

families=()
for d in include/bitsolve/*/ src/*/; do
    f=$(basename "$d")
    [[ $f == core ]] && continue
    [[ " ${families[*]} " == *" $f "* ]] || families+=("$f")
done

bad=0
# check LAYER ALLOWED: every #include of a family other than ALLOWED in LAYER's folders.
check() {
    local layer=$1 allowed=$2 fam dirs=()
    for d in "include/bitsolve/$layer" "src/$layer"; do [[ -d $d ]] && dirs+=("$d"); done
    [[ ${#dirs[@]} -eq 0 ]] && return 0
    for fam in "${families[@]}"; do
        [[ $fam == "$allowed" ]] && continue
        # file:line: text of each include naming a folder $fam (at the start or after a '/').
        if grep -rnE --include='*.hpp' --include='*.cpp' --include='*.h' \
            "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([^\">]*/)?$fam/" "${dirs[@]}"; then
            bad=1
        fi
    done
}

check core ""
for fam in "${families[@]}"; do check "$fam" "$fam"; done

if ((bad)); then
    echo "check-layers: the lines above break the layering (core includes no family; no family includes another)" >&2
    exit 1
fi
echo "check-layers: ok (core and ${families[*]})"

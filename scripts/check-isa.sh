#!/usr/bin/env bash
# Checks that a baseline x86-64 build of bitsolve runs on any x86-64 CPU: instructions beyond the
# baseline (VEX/EVEX-encoded AVX, mask registers, BMI1/BMI2, LZCNT, POPCNT) may appear only in
# the kernels chosen at run time (core/cpu.hpp), whose names end in avx2/avx512; SSSE3 and
# SSE4 instructions only in functions whose names (template arguments included) say ssse3, the
# scalar kernel's form run where the CPU has it. Prints each other function that has such an
# instruction and fails. (tzcnt is `rep bsf`, read as bsf by older CPUs, and is allowed.)
#
#   scripts/check-isa.sh build/apps/bitsolve/bitsolve
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: $0 BINARY" >&2
    exit 2
fi
command -v objdump >/dev/null || { echo "$0: objdump not found (binutils)" >&2; exit 2; }
bad=$(objdump -d --no-show-raw-insn "$1" | c++filt |
    awk '/^[0-9a-f]+ <.*>:$/ { fn = $0; next }
         /^ +[0-9a-f]+:\t(v[a-z0-9]+|k[a-z]+|andn|bextr|blsi|blsr|blsmsk|bzhi|pdep|pext|rorx|sarx|shlx|shrx|mulx|lzcnt|popcnt) / {
             if (fn !~ /(avx2|avx512)\(/) print fn
         }
         /^ +[0-9a-f]+:\t(pshufb|palignr|phadd[a-z]*|phsub[a-z]*|pmaddubsw|pmulhrsw|psign[bwd]|pabs[bwd]|pblendvb|blendvp[sd]|pblendw|blendp[sd]|ptest|pmins[bd]|pmaxs[bd]|pminu[wd]|pmaxu[wd]|pmulld|pmuldq|pinsr[bdq]|pextr[bdq]|pcmpeqq|pcmpgtq|packusdw|pmov[sz]x[a-z]*|round[ps][sd]|dpp[sd]|insertps|extractps|mpsadbw|phminposuw|pcmp[ei]str[im]|crc32) / {
             if (tolower(fn) !~ /ssse3/) print fn
         }' | sort -u)
if [ -n "$bad" ]; then
    echo "$0: instructions beyond baseline x86-64 outside the dispatched kernels:" >&2
    echo "$bad" >&2
    exit 1
fi
echo "$0: only the dispatched kernels use AVX/BMI (and SSSE3/SSE4) instructions"

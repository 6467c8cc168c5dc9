#!/usr/bin/env bash
# Installs the Debian packages bitsolve needs, only those that are missing.
# Idempotent and quiet when everything is present; needs root (or sudo) to install.
set -euo pipefail
pkgs=(build-essential cmake ninja-build git
      libcli11-dev libfmt-dev libzstd-dev nlohmann-json3-dev
      libgtest-dev libgmock-dev googletest libbenchmark-dev
      libopenmpi-dev openmpi-bin
      pkg-config python3 python3-dev pybind11-dev python3-pybind11 python3-pytest)
# `--fuzz` (make fuzz) adds clang and its runtimes (libFuzzer, ASan, UBSan). GCC's sanitizer
# runtimes come with build-essential. BITSOLVE_SETUP_EXTRA=1 is the older spelling of --fuzz.
if [[ "${1:-}" == --fuzz || "${BITSOLVE_SETUP_EXTRA:-0}" == 1 ]]; then
    pkgs+=(clang libclang-rt-14-dev)
fi
# `--lint` (make lint) adds clang-format and clang-tidy (version 14 on Debian 12, which the
# .clang-format and .clang-tidy are written for) and python3 (scripts/check-architecture.py).
if [[ "${1:-}" == --lint ]]; then
    pkgs+=(clang-format clang-tidy python3)
fi
# `--browser` (make test-browser) adds headless Chromium and Python for the pictures' browser test.
if [[ "${1:-}" == --browser ]]; then
    pkgs+=(chromium python3)
fi
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0
echo "setup: installing ${missing[*]}" >&2
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

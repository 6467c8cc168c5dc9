#!/usr/bin/env bash
# ctest `deb_package` (labels slow, install): builds the Debian package from this build with
# cpack, checks its contents, then installs it: with BITSOLVE_DEB_INSTALL=1 as root (CI, a fresh
# machine) through `apt-get install ./bitsolve_*.deb`, else unpacked into a temporary folder with
# dpkg-deb -x. Either way `bitsolve --version` must run from the PATH and the Python module import.
# Usage: deb_test.sh BUILD_DIR PYTHON
set -euo pipefail
build=$(cd "$1" && pwd) python=${2:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "deb test: $*" >&2; exit 1; }

(cd "$tmp" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$tmp/out" >/dev/null)
deb=$(find "$tmp/out" -maxdepth 1 -name 'bitsolve_*.deb' | head -1)
[[ -n $deb ]] || fail "cpack made no bitsolve_*.deb"
dpkg-deb -f "$deb" Package Version Depends
contents=$(dpkg-deb -c "$deb")
for f in ./usr/bin/bitsolve ./usr/include/bitsolve/core/errors.hpp ./usr/lib/cmake/bitsolve/bitsolveConfig.cmake \
         ./usr/lib/pkgconfig/bitsolve.pc ./usr/lib/libbitsolve_core.a ./usr/lib/python3/dist-packages/bitsolve/__init__.py; do
    grep -qF -- " $f" <<<"$contents" || fail "$f is not in the package"
done
grep -qE ' \./usr/lib/python3/dist-packages/bitsolve/_core\..*so$' <<<"$contents" || fail "no Python extension in the package"

check='import bitsolve; assert bitsolve.queens.count(8) == 92; print("python: bitsolve", bitsolve.__version__)'
if [[ ${BITSOLVE_DEB_INSTALL:-0} == 1 && $(id -u) == 0 ]]; then
    cp "$deb" "$tmp/bitsolve.deb"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tmp/bitsolve.deb" >/dev/null
    [[ $(command -v bitsolve) == /usr/bin/bitsolve ]] || fail "bitsolve is not /usr/bin/bitsolve on the PATH"
    bitsolve --version | grep -q 'bitsolve 0\.2\.0' || fail "bitsolve --version"
    (cd "$tmp" && /usr/bin/python3 -c "$check")
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -qq bitsolve >/dev/null
else
    dpkg-deb -x "$deb" "$tmp/root"
    PATH="$tmp/root/usr/bin:$PATH" bash -c 'bitsolve --version' | grep -q 'bitsolve 0\.2\.0' || fail "bitsolve --version"
    (cd "$tmp" && PYTHONPATH="$tmp/root/usr/lib/python3/dist-packages" "$python" -c "$check")
fi
echo "deb test: ok ($(basename "$deb"))"

# Front door: `make run` and `make test` work on a fresh Debian 12 machine.
# Builds go to build/ (Release); `make debug`, `make asan` use their own folders.
JOBS      ?= $(shell nproc)
BUILD     ?= build
CMAKE_GEN := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")
BIN       := $(BUILD)/apps/bitsolve/bitsolve

.PHONY: all setup setup-fuzz setup-lint configure build run test test-slow test-all bench asan debug fuzz lint format-check ci clean format python package

all: build

setup:
	@bash scripts/setup.sh

# clang and its sanitizer/libFuzzer runtimes, needed only by `make fuzz`.
setup-fuzz:
	@bash scripts/setup.sh --fuzz

# clang-format, clang-tidy and python3, needed only by `make lint`.
setup-lint:
	@bash scripts/setup.sh --lint

# CMAKE_ARGS go to the first configure of $(BUILD), e.g. CMAKE_ARGS=-DBITSOLVE_WERROR=ON (CI).
configure: setup
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release $(CMAKE_ARGS)

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@bash scripts/run-examples.sh $(BIN)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test-slow: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

# The browser test (label browser): headless Chromium renders the --html pages and checks the
# pictures (scripts/setup.sh --browser installs chromium and python3; required here, not skipped).
.PHONY: test-browser
test-browser: build
	@bash scripts/setup.sh --browser
	@cmake -S . -B $(BUILD) >/dev/null
	@cd $(BUILD) && BITSOLVE_REQUIRE_BROWSER=1 ctest --output-on-failure -L browser

test-all: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

# The Python module alone: $(BUILD)/python/bitsolve (PYTHONPATH=$(BUILD)/python python3 -c 'import bitsolve').
python: configure
	@cmake --build $(BUILD) -j $(JOBS) --target bitsolve_python

# The Debian package, built for any x86-64 machine (no -march=native) in build-package/.
package: setup
	@test -f build-package/CMakeCache.txt || cmake -S . -B build-package $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release \
	    -DBITSOLVE_NATIVE=OFF -DBITSOLVE_TESTS=OFF -DBITSOLVE_BENCH=OFF
	@cmake --build build-package -j $(JOBS) && cd build-package && cpack -G DEB

bench: build
	@$(BIN) bench

# The non-slow suite under AddressSanitizer + UBSan (asan, in build-asan/) or with _GLIBCXX_DEBUG
# (debug, in build-debug/; GoogleTest compiled from source with the same flags). See CMakePresets.json.
asan: setup
	@cmake --preset asan-ubsan >/dev/null && cmake --build --preset asan-ubsan -j $(JOBS)
	@ctest --preset asan-ubsan -j $(JOBS)

debug: setup
	@cmake --preset debug >/dev/null && cmake --build --preset debug -j $(JOBS)
	@ctest --preset debug -j $(JOBS)

# Every libFuzzer target for FUZZ_SECONDS each, FUZZ_JOBS at a time (build-fuzz/, clang); any finding fails.
FUZZ_SECONDS ?= 60
fuzz: setup setup-fuzz
	@cmake --preset fuzz >/dev/null && cmake --build --preset fuzz -j $(JOBS) --target fuzz_targets
	@bash fuzz/run.sh build-fuzz $(FUZZ_SECONDS)

# The written style, enforced: include layering, docs/architecture.md naming every file, clang-format drift (none allowed), clang-tidy with
# the curated .clang-tidy over the library (every finding an error).
lint: setup-lint build
	@bash scripts/check-layers.sh
	@python3 scripts/check-architecture.py
	@$(MAKE) --no-print-directory format-check
	@bash scripts/tidy.sh $(BUILD)

format-check:
	@git ls-files '*.hpp' '*.cpp' | xargs clang-format --dry-run -Werror && echo "format: clean"

# Everything CI runs (.ci/run): lint, test (with -Werror), test-slow, asan, debug, fuzz.
ci:
	@bash .ci/run

format:
	@git ls-files '*.hpp' '*.cpp' | xargs clang-format -i

clean:
	rm -rf build build-*

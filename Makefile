# Front door: `make run` and `make test` work on a fresh Debian 12 machine.
# Builds go to build/ (Release); `make debug`, `make asan` use their own folders.
JOBS      ?= $(shell nproc)
BUILD     ?= build
CMAKE_GEN := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")
BIN       := $(BUILD)/apps/bitsolve/bitsolve

.PHONY: all setup configure build run test test-slow test-all bench asan debug clean format

all: build

setup:
	@bash scripts/setup.sh

configure: setup
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(CMAKE_GEN) -DCMAKE_BUILD_TYPE=Release

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

run: build
	@bash scripts/run-examples.sh $(BIN)

test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -LE slow

test-slow: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) -L slow

test-all: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

bench: build
	@$(BIN) bench

asan: setup
	@cmake --preset asan-ubsan >/dev/null && cmake --build --preset asan-ubsan -j $(JOBS)
	@cd build-asan && ctest --output-on-failure -j $(JOBS) -LE slow

debug: setup
	@cmake --preset debug >/dev/null && cmake --build --preset debug -j $(JOBS)
	@cd build-debug && ctest --output-on-failure -j $(JOBS) -LE slow

format:
	@git ls-files '*.hpp' '*.cpp' | xargs clang-format -i

clean:
	rm -rf build build-*

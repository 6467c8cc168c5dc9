#!/usr/bin/env python3
"""Python call overhead and Python batches against the C++ library and the CLI.

1. Per call on 3x3 boards: bitsolve.sliding.solve(board) in a loop against
   build/bench/sliding_calls_bench (the same solve() calls in C++) on the same boards.
2. A batch of 10,000 random 3x3 boards: bitsolve.sliding.solve_batch(boards, threads=T) against
   `bitsolve sliding --batch --threads T` on the same boards (wall time, process start included);
   answers compared.
Times are the best of a few repeats (the machine may be shared).

    PYTHONPATH=build/python python3 bench/python_calls.py [BUILD_DIR]
"""
import json
import os
import subprocess
import sys
import tempfile
import time

build = sys.argv[1] if len(sys.argv) > 1 else "build"
sys.path.insert(0, os.path.join(build, "python"))
import bitsolve  # noqa: E402

gen = os.path.join(build, "bench", "baseline_sliding_hashbfs")
cli = os.path.join(build, "apps", "bitsolve", "bitsolve")


def boards(n, seed):
    out = subprocess.run([gen, "--generate", str(n), str(seed)], check=True, capture_output=True, text=True)
    return [line for line in out.stdout.splitlines() if line and not line.startswith("#")]


def best(f, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return min(times)


with tempfile.TemporaryDirectory() as tmp:
    # 1. Per-call overhead: all boards, then the unreachable ones alone (answered by parity in
    # well under a microsecond, so their time is nearly all call overhead).
    def per_call(label, bs):
        path = os.path.join(tmp, "small.txt")
        with open(path, "w") as f:
            f.write("\n".join(bs) + "\n")
        py = best(lambda: [bitsolve.sliding.solve(b) for b in bs], 7) / len(bs)
        res = subprocess.run([os.path.join(build, "bench", "sliding_calls_bench"), path, "--benchmark_format=json",
                              "--benchmark_repetitions=5", "--benchmark_min_time=0.3"],
                             check=True, capture_output=True, text=True)
        runs = [b for b in json.loads(res.stdout)["benchmarks"] if b.get("run_type") == "iteration"]
        cpp = min(b["real_time"] for b in runs) * {"ns": 1e-9, "us": 1e-6, "ms": 1e-3}[runs[0]["time_unit"]]
        print(f"3x3 solve per call, {label}: Python {py * 1e6:.2f} us, C++ {cpp * 1e6:.2f} us, "
              f"overhead {(py - cpp) * 1e6:.2f} us")

    small = boards(300, 1525)
    per_call(f"{len(small)} random boards (a third unreachable)", small)
    per_call("the unreachable ones", [b for b in small if bitsolve.sliding.solve(b).length < 0])

    # 2. Batch of 10,000 boards.
    big = boards(10000, 7)
    path = os.path.join(tmp, "big.txt")
    with open(path, "w") as f:
        f.write("\n".join(big) + "\n")
    for threads in (1, 2):
        results = []
        t_py = best(lambda: results.append(bitsolve.sliding.solve_batch(big, threads=threads, path=False)), 3)
        out = []
        t_cli = best(lambda: out.append(subprocess.run([cli, "sliding", "--batch", "--threads", str(threads), path],
                                                       check=True, capture_output=True, text=True).stdout), 3)
        same = [r.length for r in results[-1]] == [int(x.split()[0]) for x in out[-1].splitlines()]
        print(f"batch of {len(big)} 3x3 boards, {threads} thread(s): Python solve_batch {t_py:.3f} s, "
              f"bitsolve sliding --batch {t_cli:.3f} s, ratio {t_py / t_cli:.2f}, answers "
              f"{'identical' if same else 'DIFFER'}")

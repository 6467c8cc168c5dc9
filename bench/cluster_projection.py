#!/usr/bin/env python3
"""Projected wall times of the long jobs on a cluster, from per-unit costs measured on one core.

    python3 bench/cluster_projection.py [--queens-n 18 --queens-cpu-s 18.533]
                                         [--rush1-us 14.5 --rush2-us 14.5] [--pdb24-rate 37.7e6]
                                         [--pdb24-node-ratio 1.0] [--cores 64,1024]

Queens: the CPU time of `bitsolve queens N --threads 1` at a measured N (bench/queens_table.sh),
scaled by the number of solutions (data/queens/counts.txt): the search's cost per solution grows
slowly with N, so the figures for larger N are lower bounds. Rush Hour: the CPU time per layout of
the walled enumeration (bench/rush_db_bench, docs/benchmarks.md) times the layouts. Wall time on P
cores = CPU time / P, as long as there are many more units than cores (queens: tens of thousands
of sub-problems, 27,745 at N = 16 and 41,459 at N = 17, more for larger N; Rush Hour: 207,360 and
308,880 slices), plus the start of the job.

The 50 Korf & Felner 24-puzzles: each instance's CPU time is the nodes Korf & Felner's 6-6-6-6 +
reflection search generated on it (data/sliding/korf24-nodes.txt; bitsolve's pdb6666 search
generates the same number on instance 1) divided by bitsolve's measured rate (generated nodes per
CPU second on one thread, instance 1: docs/benchmarks.md). bitsolve-mpi solves one instance per
work unit on one thread, handing them out in input order, so the wall time on P cores is that
schedule's makespan: never less than the hardest instance. --pdb24-node-ratio scales every
instance's nodes, for a search that generates fewer than theirs (0.340 for --heuristic best, 0.553 for pdb6666: their
total over the 16 easiest, bench/pdb24_table.sh). A projection, not a measurement.
"""
import argparse
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def human(seconds):
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    if seconds < 172800:
        return f"{seconds / 3600:.1f} h"
    return f"{seconds / 86400:.1f} days"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--queens-n", type=int, default=18)
    ap.add_argument("--queens-cpu-s", type=float, default=18.533)
    ap.add_argument("--rush1-us", type=float, default=14.5, help="CPU us per layout, up to one wall")
    ap.add_argument("--rush2-us", type=float, default=14.5, help="CPU us per layout, up to two walls")
    ap.add_argument("--pdb24-rate", type=float, default=37.7e6,
                    help="generated nodes per CPU second of the pdb6666 IDA* (one thread)")
    ap.add_argument("--pdb24-node-ratio", type=float, default=1.0,
                    help="nodes generated per node of Korf & Felner's search (1.0: the pdb6666 search itself)")
    ap.add_argument("--cores", default="64,1024")
    a = ap.parse_args()
    cores = [int(c) for c in a.cores.split(",")]
    counts = {}
    with open(os.path.join(HERE, "..", "data", "queens", "counts.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            n, total, _ = line.split()
            counts[int(n)] = int(total)
    rows = []
    for n in (21, 22, 23):
        cpu = a.queens_cpu_s * counts[n] / counts[a.queens_n]
        rows.append((f"queens {n}", cpu))
    rows.append(("Rush Hour 6x6, up to 1 wall (3.67 G layouts)", a.rush1_us * 1e-6 * 3.67e9))
    rows.append(("Rush Hour 6x6, up to 2 walls (27.4 G layouts)", a.rush2_us * 1e-6 * 27.4e9))
    print("| job | CPU time (one core) | " + " | ".join(f"{p} cores" for p in cores) + " |")
    print("|---|---|" + "---|" * len(cores))
    for name, cpu in rows:
        print(f"| {name} | {human(cpu)} | " + " | ".join(human(cpu / p) for p in cores) + " |")
    korf = []
    with open(os.path.join(HERE, "..", "data", "sliding", "korf24-nodes.txt")) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            _, _, nodes = line.split()
            korf.append(int(nodes) * a.pdb24_node_ratio / a.pdb24_rate)
    search = "pdb6666" if a.pdb24_node_ratio == 1.0 else f"{a.pdb24_node_ratio:g}x their nodes"
    print(f"| 50 Korf & Felner 24-puzzles, {search} (one instance per unit; hardest {human(max(korf))}) | "
          f"{human(sum(korf))} | " + " | ".join(human(makespan(korf, p)) for p in cores) + " |")


def makespan(costs, cores):
    """Wall time of units handed out in order, each to the first core that is free."""
    free = [0.0] * cores
    for c in costs:
        i = min(range(cores), key=free.__getitem__)
        free[i] += c
    return max(free)


if __name__ == "__main__":
    main()

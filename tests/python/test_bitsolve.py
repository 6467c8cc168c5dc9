"""The Python module on the bundled data: every family, errors, timeouts and interruption.

Run by ctest (label python) with PYTHONPATH=<build>/python and BITSOLVE_DATA=<source>/data.
"""
import os
import signal
import threading
import time
from pathlib import Path

import pytest

import bitsolve
from bitsolve import queens, rush, sliding

DATA = Path(os.environ.get("BITSOLVE_DATA", Path(__file__).resolve().parents[2] / "data"))


def rows(path):
    return [line.split() for line in (DATA / path).read_text().splitlines() if line.strip() and not line.startswith("#")]


def replay(board, path, cols):
    """Plays blank moves on a flat board, independently of the library."""
    b = list(board)
    step = {"U": -cols, "D": cols, "L": -1, "R": 1}
    for move in path:
        z = b.index(0)
        t = z + step[move]
        assert 0 <= t < len(b) and (move in "UD" or t // cols == z // cols)
        b[z], b[t] = b[t], b[z]
    return b


def test_version():
    assert bitsolve.__version__.startswith("0.2")


def test_sliding_judge_samples():
    for i in (1, 2):
        board = (DATA / f"boj/1525-{i}.in").read_text()
        want = int((DATA / f"boj/1525-{i}.out").read_text())
        r = sliding.solve(board)
        assert r.length == want
        if want >= 0:
            assert replay([int(x) for x in board.split()], r.path, 3) == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        else:
            assert r.path is None


def test_sliding_board_forms_and_repr():
    a = sliding.solve("1 0 3 4 2 5 7 8 6")
    b = sliding.solve([1, 0, 3, 4, 2, 5, 7, 8, 6])
    c = sliding.solve([[1, 0, 3], [4, 2, 5], [7, 8, 6]], path=False)
    assert (a.length, a.path) == (b.length, b.path) == (3, "DRD")
    assert c.length == 3 and c.path is None
    assert repr(a) == f"sliding.Result(length=3, path='DRD', algorithm={a.algorithm!r})"
    assert repr(c) == f"sliding.Result(length=3, path=None, algorithm={c.algorithm!r})"


def test_sliding_3x3_batch_against_single_calls():
    boards = [" ".join(r) for r in rows("sliding/examples/batch-3x3.txt")]
    assert len(boards) >= 9
    batch = sliding.solve_batch(boards, threads=2)
    single = [sliding.solve(b) for b in boards]
    assert [r.length for r in batch] == [r.length for r in single]
    for b, r in zip(boards, batch):
        if r.length >= 0:
            assert len(r.path) == r.length
            assert replay([int(x) for x in b.split()], r.path, 3) == [1, 2, 3, 4, 5, 6, 7, 8, 0]


def test_sliding_korf_with_pattern_databases(tmp_path):
    korf = sorted(rows("sliding/korf100.txt"), key=lambda r: int(r[16]))[:3]
    boards = [" ".join(r[:16]) for r in korf]
    results = sliding.solve_batch(boards, goal="blank-first", heuristic="pdb555", threads=2, pdb_dir=str(tmp_path))
    assert len(list(tmp_path.rglob("*"))) >= 3  # the three tables were cached there
    for r, k, b in zip(results, korf, boards):
        assert r.length == int(k[16])
        assert replay([int(x) for x in b.split()], r.path, 4) == list(range(16))
    one = sliding.solve(boards[0], goal="blank-first", heuristic="pdb555", path=False, pdb_dir="")
    assert one.length == int(korf[0][16]) and one.algorithm == "ida"
    dual = sliding.solve_batch(boards, goal="blank-first", heuristic="pdb555-dual", pdb_dir=str(tmp_path))
    for r, k, b in zip(dual, korf, boards):  # the same cached tables, with dual lookups
        assert r.length == int(k[16])
        assert replay([int(x) for x in b.split()], r.path, 4) == list(range(16))
    pruned = sliding.solve_batch(boards, goal="blank-first", heuristic="pdb555", pdb_dir=str(tmp_path), prune_depth=10)
    for r, p, k, b in zip(pruned, results, korf, boards):  # duplicate-move pruning: same lengths, fewer nodes
        assert r.length == int(k[16])
        assert replay([int(x) for x in b.split()], r.path, 4) == list(range(16))
        assert 0 < r.generated < p.generated
    joined = sliding.solve_batch(boards, goal="blank-first", heuristic="pdb555+pdb663", pdb_dir=str(tmp_path))
    for r, p, k in zip(joined, results, korf):  # the maximum over both partitions: same lengths, fewer nodes
        assert r.length == int(k[16])
        assert 0 < r.generated <= p.generated
    catalogue = "catalogue:" + str(DATA / "sliding/catalogues/4x4-555-663.txt")  # the same two partitions
    listed = sliding.solve_batch(boards, goal="blank-first", heuristic=catalogue, pdb_dir=str(tmp_path))
    assert [(r.length, r.generated) for r in listed] == [(r.length, r.generated) for r in joined]
    with pytest.raises(ValueError, match="catalogue: cannot open"):
        sliding.solve(boards[0], goal="blank-first", heuristic=catalogue + ".not-there", pdb_dir=str(tmp_path))


def test_sliding_best_and_prune_depth():
    board = "8 6 7 2 5 4 3 0 1"  # 31 moves
    best, lc = sliding.solve(board, heuristic="best"), sliding.solve(board, heuristic="lc")
    assert best.length == lc.length == 31 and best.path == lc.path  # no database is shipped for 3x3
    assert best.generated == lc.generated
    for depth in (1, 17):
        with pytest.raises(ValueError, match="prune_depth"):
            sliding.solve(board, heuristic="best", prune_depth=depth)
    with pytest.raises(ValueError, match="pattern databases"):  # deeper pruning is PDB-IDA*'s
        sliding.solve(board, heuristic="lc", prune_depth=12)


def test_sliding_errors():
    with pytest.raises(ValueError, match="column"):
        sliding.solve("1 2 3 4 5 6 7 8 8")
    with pytest.raises(ValueError):
        sliding.solve("1 0 3 4 2 5 7 8 6", heuristic="nope")
    with pytest.raises(ValueError):
        sliding.solve("1 0 3 4 2 5 7 8 6", heuristic="pdb555")  # a 4x4 partition
    with pytest.raises(ValueError):
        sliding.solve("1 0 3 4 2 5 7 8 6", heuristic="md-dual")
    with pytest.raises(ValueError, match="different sizes"):
        sliding.solve("1 0 3 4 2 5 7 8 6", heuristic="pdb555+pdb6666")  # different sizes
    with pytest.raises(ValueError, match="board 1"):
        sliding.solve_batch(["1 0 3 4 2 5 7 8 6", "1 2"])
    with pytest.raises(TypeError):
        sliding.solve(3)


def test_sliding_board_and_argument_types():
    for bad in ([1, 0, 3, 4, 2, 5, 7, 8, "6"], [1, 0, 3, 4, 2, 5, 7, 8, 6.0], ["1 0 3", "4 2 5", "7 8 6"]):
        with pytest.raises(TypeError, match="a tile must be an int"):
            sliding.solve(bad)
    with pytest.raises(TypeError, match="a tile must be an int"):
        sliding.solve("1 0 3 4 2 5 7 8 6", goal=["a"])
    with pytest.raises(ValueError, match="out of range"):
        sliding.solve([1, 0, 3, 4, 2, 5, 7, 8, 2**70])
    # bytes read as text, a byte-order mark dropped, as the CLI reads a file
    assert sliding.solve(b"1 0 3 4 2 5 7 8 6").length == 3
    assert sliding.solve("\ufeff1 0 3 4 2 5 7 8 6").length == 3
    assert sliding.solve_batch(["\ufeff1 0 3 4 2 5 7 8 6"])[0].length == 3
    # a size= the board contradicts is refused, not ignored
    for board in ("1 0 3\n4 2 5\n7 8 6", [[1, 0, 3], [4, 2, 5], [7, 8, 6]]):
        with pytest.raises(ValueError, match="not the size given, 2x2"):
            sliding.solve(board, size="2x2")
        assert sliding.solve(board, size="3x3").length == 3
    with pytest.raises(ValueError, match="board 0: the board is 3x3"):
        sliding.solve_batch([[[1, 0, 3], [4, 2, 5], [7, 8, 6]]], size="2x2")
    for kwargs in ({"threads": -1}, {"threads": 1025}, {"prune_depth": 2**40}, {"timeout": -1},
                   {"timeout": float("nan")}):
        with pytest.raises(ValueError, match=next(iter(kwargs))):
            sliding.solve("1 0 3 4 2 5 7 8 6", **kwargs)
    with pytest.raises(ValueError, match="prune_depth must be 2..16"):
        sliding.solve("1 0 3 4 2 5 7 8 6", heuristic="best", prune_depth=2**40)


def test_sliding_timeout():
    hardest = sorted(rows("sliding/korf24-50.txt"), key=lambda r: -int(r[25]))[0]
    t0 = time.monotonic()
    with pytest.raises(TimeoutError):
        sliding.solve(" ".join(hardest[:25]), goal="blank-first", heuristic="lc", timeout=0.3)
    assert time.monotonic() - t0 < 10
    assert sliding.solve("1 0 3 4 2 5 7 8 6").length == 3  # the stop flag was cleared


def test_rush_forty_levels_both_metrics():
    levels = rows("rush/fogleman-forty.txt")
    assert len(levels) == 40
    moves = rush.solve_batch([r[3] for r in levels], threads=2)
    steps = rush.solve_batch([r[3] for r in levels], metric="steps", path=False, threads=2)
    assert [r.length for r in moves] == [int(r[1]) for r in levels]
    assert [r.length for r in steps] == [int(r[2]) for r in levels]
    assert len(moves[0].path.split()) == moves[0].length
    one = rush.solve(levels[0][3])
    assert (one.length, one.path) == (moves[0].length, moves[0].path)
    assert repr(one) == f"rush.Result(length={one.length}, path={one.path!r})"


def test_rush_cluster_database_rows():
    sample = [r for r in rows("rush/fogleman-db-sample.txt") if int(r[2]) <= 5000][:12]
    for moves, board, size in sample:
        c = rush.cluster(board)
        assert c.states == int(size)
        assert c.hardest_distance == int(moves) == c.start_distance
        assert c.hardest == board
        assert sum(c.histogram) == c.states and c.histogram[0] == c.goal_states


def test_rush_judge_sample_and_errors():
    r = rush.solve((DATA / "boj/18139-2.in").read_text(), metric="steps")
    assert r.length >= 0
    with pytest.raises(ValueError):
        rush.solve("AAooooooooo")
    with pytest.raises(ValueError):
        rush.solve("ooBoCCooBoooAABoooDDDooEoooooEoooooE", metric="furlongs")


def test_rush_argument_ranges():
    board = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
    for kwargs in ({"timeout": -1}, {"timeout": float("nan")}):
        with pytest.raises(ValueError, match="timeout"):
            rush.solve(board, **kwargs)
        with pytest.raises(ValueError, match="timeout"):
            rush.cluster(board, **kwargs)
    with pytest.raises(ValueError, match="threads"):
        rush.solve_batch([board], threads=2000)


def test_rush_ctrl_c_stops_a_search_without_a_timeout():
    # 14.9 M states: seconds of search, where a stop takes milliseconds
    board = "BBCCooooDDEEooooFFGGooooAAoooooxHHIIooooJJooooooKKoooooooooooooo"
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        rush.solve(board, path=False)
    assert time.monotonic() - t0 < 2.5
    assert rush.solve("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM").length == 60


def test_queens_oeis():
    counts = {int(r[0]): (int(r[1]), int(r[2])) for r in rows("queens/counts.txt")}
    for n in range(1, 12):
        assert queens.count(n, threads=2) == counts[n][0]
        assert queens.count(n, unique=True, threads=2) == counts[n][1]
    s = queens.summary(12, threads=2)
    assert (s.total, s.unique) == counts[12]
    assert s.asymmetric + s.rot180 + s.rot90 + s.full == s.unique


def test_queens_progress_and_errors():
    seen = []
    assert queens.count(13, threads=2, progress=lambda done, total: seen.append((done, total))) == 73712
    assert seen and seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))
    with pytest.raises(ValueError):
        queens.count(0)
    for kwargs in ({"n": 2**31}, {"threads": -1}, {"threads": 1025}, {"timeout": -1}, {"timeout": float("nan")}):
        with pytest.raises(ValueError, match=next(iter(kwargs))):
            queens.count(**{"n": 8, **kwargs})
    class Eight:  # anything with __index__ is an int argument, as for Python's own functions
        def __index__(self):
            return 8

    assert queens.count(Eight()) == 92
    assert sliding.solve([1, 0, 3, 4, 2, 5, 7, Eight(), 6]).length == 3
    with pytest.raises(ZeroDivisionError):
        queens.count(15, threads=2, progress=lambda done, total: 1 / 0)
    assert queens.count(8) == 92


def test_queens_timeout():
    with pytest.raises(TimeoutError):
        queens.count(20, threads=2, timeout=0.2)
    assert queens.count(6) == 4


def test_queens_ctrl_c_stops_a_count():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        queens.count(20, threads=2)
    assert time.monotonic() - t0 < 10
    assert queens.count(8) == 92

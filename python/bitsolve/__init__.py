"""bitsolve: exact solvers for sliding-tile puzzles, Rush Hour and N-Queens.

    import bitsolve
    bitsolve.sliding.solve("1 0 3 4 2 5 7 8 6")          # sliding.Result(length=3, path='DRD', ...)
    bitsolve.rush.solve("ooBoCCooBoooAABoooDDDooEoooooEoooooE")
    bitsolve.queens.count(12, unique=True, threads=2)    # 1787

Errors: ValueError (bad input or option), TimeoutError (timeout=...), KeyboardInterrupt (Ctrl-C
stops long calls), MemoryError (a search refused by the memory budget).
"""
import sys as _sys

from ._core import __version__, queens, rush, sliding

# `import bitsolve.sliding` and `from bitsolve.rush import solve` work too.
for _m in (queens, rush, sliding):
    _sys.modules[__name__ + "." + _m.__name__.rsplit(".", 1)[-1]] = _m

__all__ = ["__version__", "queens", "rush", "sliding"]

from typing import Callable, Optional

class Summary:
    n: int
    total: int
    unique: int
    asymmetric: int
    rot180: int
    rot90: int
    full: int
def count(
    n: int,
    unique: bool = False,
    threads: int = 0,
    progress: Optional[Callable[[int, int], None]] = None,
    timeout: Optional[float] = None,
) -> int: ...
def summary(
    n: int,
    threads: int = 0,
    progress: Optional[Callable[[int, int], None]] = None,
    timeout: Optional[float] = None,
) -> Summary: ...

from typing import Callable, Optional, Sequence, Union

Board = Union[str, Sequence[int], Sequence[Sequence[int]]]

class Result:
    length: int
    path: Optional[str]
    algorithm: str
    expanded: int
    generated: int
def solve(
    board: Board,
    goal: Union[str, Sequence[int]] = "blank-last",
    heuristic: str = "auto",
    path: bool = True,
    algorithm: str = "auto",
    size: Optional[str] = None,
    threads: int = 1,
    pdb_dir: Optional[str] = None,
    timeout: Optional[float] = None,
    prune_depth: Optional[int] = None,
) -> Result: ...
def solve_batch(
    boards: Sequence[Board],
    goal: Union[str, Sequence[int]] = "blank-last",
    heuristic: str = "auto",
    path: bool = True,
    algorithm: str = "auto",
    size: Optional[str] = None,
    threads: int = 0,
    pdb_dir: Optional[str] = None,
    timeout: Optional[float] = None,
    prune_depth: Optional[int] = None,
) -> list[Result]: ...

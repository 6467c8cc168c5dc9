from typing import Optional, Sequence

class Result:
    length: int
    path: Optional[str]
    states: int
class Cluster:
    states: int
    goal_states: int
    start_distance: int
    hardest_distance: int
    hardest_count: int
    hardest: Optional[str]
    histogram: list[int]
def solve(board: str, metric: str = "moves", path: bool = True, timeout: Optional[float] = None) -> Result: ...
def solve_batch(
    boards: Sequence[str], metric: str = "moves", path: bool = True, threads: int = 0, timeout: Optional[float] = None
) -> list[Result]: ...
def cluster(board: str, metric: str = "moves", timeout: Optional[float] = None) -> Cluster: ...

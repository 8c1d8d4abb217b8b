"""Perfect play for traditional mancala games (docs/python.md).

Positions, moves, the tablebase and its evaluator, solved slices as NumPy arrays, and the
independent check of certificates: the project's Rust crates, not a second implementation.
"""

from os import PathLike
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np

__version__: str
RULES_VERSION: str

MoveLike = Union[int, str]
VariantLike = Union["Variant", str]
PathLikeStr = Union[str, "PathLike[str]"]

class MancalaError(Exception):
    """Base of every error of mancala_tb."""

class PositionError(MancalaError, ValueError):
    """A position, board, variant or slice that is not what the rules allow."""

class MoveError(MancalaError, ValueError):
    """A move that is malformed or not legal in its position."""

class TablebaseError(MancalaError):
    """The tablebase file cannot be opened, read or written, or lacks what was asked."""

class BusyError(TablebaseError):
    """Every search engine is busy and the queue is full."""

class ProofError(MancalaError):
    """A certificate that cannot be read, or whose tablebase cannot be opened."""

class Variant:
    """One rule set of docs/rules.md."""

    def __init__(self, id: str) -> None: ...
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def family(self) -> str: ...
    @property
    def scoring(self) -> str:
        """`score` or `win-draw-loss`."""
    @property
    def direction(self) -> str: ...
    @property
    def mirror_of(self) -> str | None:
        """The variant this one mirrors (`rio-kadalis` for `rio-kadalis-cw`), whose tables hold its values."""
    @property
    def rows(self) -> int: ...
    @property
    def pits_per_row(self) -> int: ...
    @property
    def pits_per_side(self) -> int: ...
    @property
    def seeds_per_pit(self) -> int: ...
    @property
    def total_seeds(self) -> int: ...
    @property
    def max_seeds(self) -> int: ...
    @property
    def summary(self) -> str: ...
    @property
    def source(self) -> str: ...

def variants() -> list[Variant]:
    """Every variant, in the order `mancala variants` lists them."""

class Position:
    """A legal position: `Position("rio-kadalis", "0,0,1,0,2,1/1,0,0,3,0,0 S")`."""

    def __init__(self, variant: VariantLike, text: str) -> None: ...
    @staticmethod
    def start(variant: VariantLike) -> "Position": ...
    @staticmethod
    def from_board(
        variant: VariantLike,
        board: Sequence[int],
        side: str = "S",
        captured: tuple[int, int] = (0, 0),
    ) -> "Position":
        """The position whose board seen from the side to move is `board` (a row of
        `Tablebase.slice_arrays`)."""
    @property
    def variant(self) -> Variant: ...
    @property
    def side(self) -> str:
        """`S` or `N`."""
    @property
    def captured(self) -> tuple[int, int]:
        """Seeds captured so far, (south, north)."""
    @property
    def seeds_on_board(self) -> int: ...
    @property
    def board(self) -> list[int]:
        """The side to move's pits 1..L, then the opponent's 1..L (PositionError when a pit
        is closed)."""
    @property
    def slice(self) -> tuple[str, int]:
        """The slice the tablebase stores it in, and its row there: "12", "5-3" (four-row),
        or "44@5+6" for a board with closed pits (its shape table, by the open pits of mover
        and opponent)."""
    @property
    def has_closed_pits(self) -> bool:
        """A pit closed with sand (Rio Kadalis after a match's first round): the position is in
        its shape table's slice, not the full board's."""
    @property
    def game_over(self) -> Optional[tuple[int, int]]:
        """Final totals (south, north) when the game is over here."""
    def pits(self, side: str) -> list[Optional[int]]:
        """Seeds of side's pits 1..L; None for a closed pit."""
    def legal_moves(self) -> list[str]: ...
    def moves(self) -> list["Played"]: ...
    def play(self, move: MoveLike) -> "Played": ...
    def play_record(self, moves: Sequence[MoveLike]) -> "Position": ...

class Played:
    """A legal move and what it did."""

    @property
    def move(self) -> str: ...
    @property
    def after(self) -> Position: ...
    @property
    def captured(self) -> tuple[int, int]: ...
    @property
    def extra_turn(self) -> bool: ...
    @property
    def ends_game(self) -> bool: ...
    @property
    def endless(self) -> bool: ...

class Value:
    """A value for the side to move (docs/rules.md#values-and-depths)."""

    @property
    def score(self) -> int: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def exact(self) -> bool: ...
    @property
    def at_least(self) -> Optional[int]:
        """An estimate's proven lower bound (1, 0, -1 for win, draw, loss); None when exact
        or nothing beyond the seeds left is proven."""
    @property
    def at_most(self) -> Optional[int]:
        """An estimate's proven upper bound; None as for at_least."""
    @property
    def outcome(self) -> str:
        """`win`, `draw` or `loss` of what is still to be played."""

class MoveEval:
    """A legal move with what it is worth to the mover."""

    @property
    def move(self) -> str: ...
    @property
    def value(self) -> Value: ...
    @property
    def best(self) -> bool: ...
    @property
    def after(self) -> Position: ...
    @property
    def captured(self) -> tuple[int, int]: ...
    @property
    def extra_turn(self) -> bool: ...

class Evaluation:
    """A position's value and every legal move's, best first."""

    @property
    def position(self) -> Position: ...
    @property
    def value(self) -> Value: ...
    @property
    def result(self) -> str:
        """`win`, `draw` or `loss` of the whole game, counting seeds captured already."""
    @property
    def game_over(self) -> Optional[tuple[int, int]]: ...
    @property
    def moves(self) -> list[MoveEval]: ...
    @property
    def best_moves(self) -> list[str]: ...
    @property
    def source(self) -> str:
        """`tablebase`, `book` or `search`."""
    @property
    def exact(self) -> bool: ...
    @property
    def search(self) -> Optional[dict[str, Any]]:
        """`depth`, `nodes`, `seconds`, `stopped_by`, `kept`; None from the tablebase."""
    def to_dict(self) -> dict[str, Any]:
        """The service's JSON of `GET /api/{variant}`."""

class Tablebase:
    """A tablebase and the evaluator over it."""

    def __init__(
        self,
        path: Optional[PathLikeStr] = None,
        *,
        write: bool = False,
        searches: Optional[int] = None,
    ) -> None: ...
    @property
    def path(self) -> str: ...
    @property
    def writable(self) -> bool: ...
    def evaluate(
        self,
        position: Union[Position, VariantLike],
        text: Optional[str] = None,
        *,
        budget: Optional[int] = None,
        time: Optional[float] = None,
    ) -> Evaluation: ...
    def holds(self, position: Union[Position, VariantLike], text: Optional[str] = None) -> bool: ...
    def prove(
        self,
        position: Union[Position, VariantLike],
        text: Optional[str] = None,
        *,
        max_positions: Optional[int] = None,
        budget: Optional[int] = None,
        time: Optional[float] = None,
    ) -> str:
        """A certificate that the value is exact: the JSON Lines text `mancala prove` writes
        (write it to a file, check it with `check_proof`). `ProofError` when there is none."""
    def main_line(
        self,
        position: Union[Position, VariantLike],
        text: Optional[str] = None,
        *,
        max_plies: int = 500,
        budget: Optional[int] = None,
        time: Optional[float] = None,
    ) -> dict[str, Any]: ...
    def analyse(
        self,
        start: Union[Position, VariantLike],
        moves: Sequence[MoveLike],
        *,
        budget: Optional[int] = None,
        time: Optional[float] = None,
    ) -> dict[str, Any]: ...
    def held_up_to(self, variant: VariantLike) -> int: ...
    def slices(self, variant: Optional[VariantLike] = None) -> list[dict[str, Any]]: ...
    def solve(
        self,
        variant: VariantLike,
        max_seeds: int,
        progress: Optional[Callable[[str, int, int], Any]] = None,
    ) -> list[dict[str, Any]]: ...
    def slice_arrays(self, variant: VariantLike, slice: Union[str, int]) -> dict[str, Any]:
        """`slice` (its name), `boards` (uint8, n x 2L), `values` (int8), `depths` (int32,
        -1 for endless play)."""

def check_proof(path: PathLikeStr, tablebase: PathLikeStr) -> dict[str, Any]:
    """Checks a certificate with the independent checker (mancala-check)."""

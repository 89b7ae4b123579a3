"""inarow: a perfect Connect-Four solver and engine, and tic-tac-toe, for Python.

The same engine as the ``inarow`` program, compiled in:

- :class:`Position`: Connect Four on any board inarow plays (width 1 to 16,
  width * (height + 1) <= 128; 7x6 by default) or tic-tac-toe, from a move
  string (``"4453"``), a FEN, or a board as Kaggle, PettingZoo or numpy give it.
- :class:`Solver`: Pascal Pons's exact score of any Connect-Four position, the
  score of every column, and a best move; its table persists across calls.
- :class:`Engine`: the opening book, the solver, then a heuristic search, within
  depth, time and node limits or at the levels of ``inarow play --level``.
- :mod:`inarow.agents`: one-line agents for Kaggle ConnectX, PettingZoo's
  ``connect_four_v3`` and OpenSpiel's ``connect_four`` and ``tic_tac_toe``.

Moves are ints: the column from 0 in Connect Four, the cell from 0 row by row
from the top left in tic-tac-toe. Players are 0 (who moves first) and 1.

>>> import inarow
>>> position = inarow.Position("4453")
>>> inarow.Solver().analyze(position)
[-5, -5, -2, -3, -4, -2, -2]

Bad input raises :class:`ValueError` (:class:`IllegalMoveError` and
:class:`InvalidPositionError` are kinds of it) with inarow's own message.
"""

from ._inarow import (
    Engine,
    IllegalMoveError,
    InvalidPositionError,
    Position,
    Score,
    SearchResult,
    Solver,
    __version__,
    max_threads,
)

__all__ = [
    "Engine",
    "IllegalMoveError",
    "InvalidPositionError",
    "Position",
    "Score",
    "SearchResult",
    "Solver",
    "__version__",
    "max_threads",
]

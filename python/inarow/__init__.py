"""inarow: a perfect Connect-Four solver and engine, and the rest of the
k-in-a-row family (tic-tac-toe, gomoku, Connect-k, m,n,k-games), for Python.

The same engine as the ``inarow`` program, compiled in:

- :class:`Position`: Connect Four on any board inarow plays (7x6 by default),
  tic-tac-toe, gomoku, Connect-k with gravity or an m,n,k-game
  (``Position(game="connect", k=5)``, ``Position(game="gomoku")``), from a
  move string (``"4453"``, ``"h8 i9"``), a FEN, or a board as Kaggle,
  PettingZoo or numpy give it.
- :class:`Solver`: Pascal Pons's exact score of a position, the score of
  every move, and a best move; its table persists across calls.
- :class:`Engine`: the opening book, the solver, then a heuristic search, within
  depth, time and node limits or at the levels of ``inarow play --level``.
- :mod:`inarow.agents`: one-line agents for Kaggle ConnectX (any ``inarow``),
  PettingZoo's ``connect_four_v3`` and OpenSpiel's ``connect_four`` (any
  ``x_in_row``), ``tic_tac_toe``, ``mnk`` and ``gomoku``.

Moves are ints: the column from 0 where stones fall, else the cell from 0 row
by row from the top left (as OpenSpiel numbers them). Players are 0 (who
moves first) and 1.

>>> import inarow
>>> position = inarow.Position("4453")
>>> inarow.Solver().analyze(position)
[-5, -5, -2, -3, -4, -2, -2]

Bad input raises one exception type per kind of error, each a kind of
:class:`Error` (itself a :class:`ValueError`), with inarow's own message:

- :class:`IllegalMoveError`: a move that cannot be played here;
  :class:`GameOverError`, a kind of it, once the game is over (a move played,
  or one asked of a solver, engine or agent);
- :class:`InvalidPositionError`: moves, a FEN or a board that are not a
  position of the game; :class:`UnsupportedGameError`, a kind of it, for a
  game, board size or rules inarow does not play;
- :class:`InvalidSettingError`: a setting or limit out of its range.

``import inarow`` imports :mod:`inarow.agents` too; ``python -m inarow.kaggle
submission.tar.gz`` writes a Kaggle ConnectX submission (see
:mod:`inarow.kaggle`).
"""

from ._inarow import (
    Engine,
    Error,
    GameOverError,
    IllegalMoveError,
    InvalidPositionError,
    InvalidSettingError,
    Position,
    PositionKey,
    Score,
    SearchResult,
    Solver,
    UnsupportedGameError,
    __version__,
    max_threads,
)
from . import agents

__all__ = [
    "Engine",
    "Error",
    "GameOverError",
    "IllegalMoveError",
    "InvalidPositionError",
    "InvalidSettingError",
    "Position",
    "PositionKey",
    "Score",
    "SearchResult",
    "Solver",
    "UnsupportedGameError",
    "__version__",
    "agents",
    "max_threads",
]

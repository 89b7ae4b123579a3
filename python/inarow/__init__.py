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

import importlib.util
import os
import pathlib
import sys

from . import _inarow

# The compiled module: the portable wheel holds one for x86-64-v2 (any x86-64
# machine of the last decade), which this imports first, and one for
# x86-64-v3 (AVX2, BMI2, FMA: most machines since 2015), in x86-64-v3/, whose
# solver is faster (python/README.md has the figures). The v3 one replaces it
# where the machine runs it, unless INAROW_CPU=x86-64-v2 says otherwise. A
# build from source has one module, for the machine that built it.
_LEVELS = ["x86-64", "x86-64-v2", "x86-64-v3", "x86-64-v4"]


def _load_for_this_cpu() -> None:
    """Replaces the module imported with the one of the highest level in the
    package that this machine runs (INAROW_CPU, if set, names the machine's
    level instead), if that is above the imported one's."""
    global _inarow
    machine = os.environ.get("INAROW_CPU") or _inarow._machine_cpu()
    if machine not in _LEVELS:
        raise ImportError(f"INAROW_CPU={machine}: give one of {', '.join(_LEVELS)}")
    for level in reversed(_LEVELS[: _LEVELS.index(machine) + 1]):
        if level == _inarow.target_cpu:
            return
        path = pathlib.Path(__file__).with_name(level) / pathlib.Path(_inarow.__file__).name
        spec = importlib.util.spec_from_file_location(_inarow.__name__, path)
        if path.is_file() and spec is not None and spec.loader is not None:
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules[_inarow.__name__] = _inarow = module
            return


_load_for_this_cpu()

from ._inarow import (  # noqa: E402
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
    target_cpu,
)
from . import agents  # noqa: E402

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
    "target_cpu",
]

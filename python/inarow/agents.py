"""Agents for the environments k-in-a-row players train in, each usable in one line.

- Kaggle ConnectX (``kaggle-environments``)::

      env.run([inarow.agents.kaggle_agent, "negamax"])

  ``kaggle_agent(observation, configuration)`` returns a column from 0. It
  rebuilds the position from the board alone (Kaggle gives no moves), plays
  any ``rows`` x ``columns`` and any ``inarow`` inarow supports (Connect-k
  with gravity), and spends its time as Kaggle counts it: within
  ``actTimeout``, and on the first moves that need more (out of its books)
  part of ``remainingOverageTime``. ``python -m inarow.kaggle
  submission.tar.gz`` writes a submission that Kaggle loads (see
  :mod:`inarow.kaggle`).

- PettingZoo ``connect_four_v3``::

      action = inarow.agents.pettingzoo_policy(observation)

  takes the observation dict (the planes and ``action_mask``).

- OpenSpiel ``connect_four`` (any ``rows``, ``columns`` and ``x_in_row``),
  ``tic_tac_toe``, ``mnk`` (``m`` columns, ``n`` rows, ``k``) and ``gomoku``
  (``size``, ``connect``; two dimensions, no ``wrap``, no ``anti``)::

      bot = inarow.agents.openspiel_bot(game)

  a ``pyspiel.Bot``, for ``evaluate_bots`` and the like. OpenSpiel numbers
  ``mnk`` and ``gomoku`` actions as :class:`~inarow.Position` numbers cells,
  row by row from the top left, and lets longer lines than ``k`` win, as
  inarow's ``mnk`` and ``gomokufreestyle`` do.

Every agent thinks the same way: the opening book, then the exact solver's
best move within most of the time it has, and only if the solver cannot finish
in time a heuristic search for the rest. Where the solver cannot finish (a
large board such as gomoku's) it gets only a small share of the time until it
answers again. Each keeps its tables warm from move to move. The module-level
agents share one :class:`Mover`, which answers one call at a time; make your
own (``KaggleAgent(time=..., mover=Mover())``, ...) for other settings,
separate tables, or agents that play at once in threads.
"""

from __future__ import annotations

import functools
import time as _time
from typing import Any, Mapping, Optional

from ._inarow import Engine, InvalidPositionError, Position, Solver, UnsupportedGameError

__all__ = [
    "Mover",
    "KaggleAgent",
    "kaggle_agent",
    "PettingZooPolicy",
    "pettingzoo_policy",
    "openspiel_bot",
]

# The share of a move's time the exact solver gets before the heuristic search
# takes over: the solver's move is perfect, the search's a guess.
_SOLVER_SHARE = 0.7

# The share it gets in a game where it did not answer last time (a board too
# large to solve yet): enough to find the end of a game, little to lose.
_PROBE_SHARE = 0.1

# With this many empty cells or fewer, the solver keeps its full share even
# after a miss, but only to find who wins (weak solves, several times
# cheaper than exact ones) and a move that keeps it: on Connect-5 7x6 exact
# best moves took 0.7 s or more in 13 of 39 positions from real games with
# 30 empty cells, where the search's guess often loses the draw. Gomoku's
# boards never get there.
_SOLVABLE_EMPTIES = 32

# The heuristic search after the solver gives up goes this deep at most (no
# game here is longer); a fixed depth also keeps the engine from asking its
# own solver again.
_SEARCH_DEPTH = 64

# The least time worth giving the heuristic search, in seconds.
_MIN_SEARCH_TIME = 0.01


class Mover:
    """Chooses moves for the agents: the book, the exact solver, then a search.

    ``Mover(hash_mb=64, threads=1, book=True)``: the solver gets ``hash_mb``
    MiB of tables and the heuristic search a quarter of that, kept from move
    to move and game to game.
    """

    def __init__(self, hash_mb: int = 64, threads: int = 1, book: bool = True) -> None:
        self.solver = Solver(hash_mb=hash_mb, threads=threads, book=book)
        self.engine = Engine(hash_mb=max(hash_mb // 4, 1), threads=threads, book=book)
        # The solver's share of the time in each game (by Position.variant).
        self._shares: dict[str, float] = {}

    def move(self, position: Position, seconds: float) -> int:
        """A move for ``position`` within about ``seconds``: perfect when the
        book or the solver answers in time (always, in tic-tac-toe); from
        the line books (``Engine.book_move``) in the openings they hold.

        Raises :class:`~inarow.GameOverError` if the game is over.
        """
        book = self.engine.book_move(position)
        if book is not None:
            return book
        start = _time.monotonic()
        seconds = max(seconds, _MIN_SEARCH_TIME)
        share = self._shares.get(position.variant, _SOLVER_SHARE)
        empties = position.width * position.height - position.ply
        if share < _SOLVER_SHARE and empties <= _SOLVABLE_EMPTIES:
            best = self._keeping_move(position, start + seconds * _SOLVER_SHARE)
        else:
            best = self.solver.best_move(position, timeout=seconds * share)
            self._shares[position.variant] = _SOLVER_SHARE if best is not None else _PROBE_SHARE
        if best is not None:
            return best
        left = max(seconds - (_time.monotonic() - start), _MIN_SEARCH_TIME)
        return self.engine.best_move(position, depth=_SEARCH_DEPTH, time=left)

    def _keeping_move(self, position: Position, deadline: float) -> Optional[int]:
        """A move that keeps a won or drawn ``position`` won or drawn, found
        by weak solves before ``deadline`` (moves from the centre out); None
        if the position is lost (the search then plays for the opponent's
        mistakes) or time runs out."""

        def weak(p: Position) -> Optional[int]:
            left = deadline - _time.monotonic()
            return self.solver.solve_weak(p, timeout=left) if left > 0 else None

        value = weak(position)
        if value is None or value < 0:
            return None
        width, height = position.width, position.height

        def distance(move: int) -> int:
            if position.gravity:
                return abs(2 * move - (width - 1))
            row, column = divmod(move, width)
            return abs(2 * column - (width - 1)) + abs(2 * row - (height - 1))

        for move in sorted(position.legal_moves(), key=distance):
            child = position.copy()
            child.play(move)
            if child.is_terminal():
                result = 0 if child.winner() is None else 1
            else:
                child_value = weak(child)
                if child_value is None:
                    return None
                result = -child_value
            if result == value:
                return move
        return None


_shared: Optional[Mover] = None


def _shared_mover() -> Mover:
    """The mover of the module-level agents, made on first use."""
    global _shared
    if _shared is None:
        _shared = Mover()
    return _shared


def _field(record: Any, name: str, default: Any = None) -> Any:
    """A field of a Kaggle observation or configuration: a dict or a Struct."""
    if isinstance(record, Mapping):
        return record.get(name, default)
    return getattr(record, name, default)


# Kaggle's clock: a move has ``actTimeout`` seconds; time past it comes out of
# ``observation.remainingOverageTime`` (60 s a game in ConnectX), and an agent
# whose overage runs out loses by timeout.

# What a move keeps back from its limit for what the agent does not time
# (Python around the search, Kaggle's own bookkeeping): this share of
# actTimeout, and at least _MIN_MARGIN seconds.
_MARGIN_SHARE = 0.1
_MIN_MARGIN = 0.2

# The first _OVERAGE_MOVES moves of a game that need more than actTimeout (the
# first out of the books, where the solver cannot finish yet and one move
# decides most) each may draw on the overage: _OVERAGE_SHARE of what is left,
# and at most _OVERAGE_CAP times actTimeout more. Most of it stays for the
# rest of the game: 3 moves of at most 8 s each at ConnectX's 2 s and 60 s.
_OVERAGE_MOVES = 3
_OVERAGE_SHARE = 0.25
_OVERAGE_CAP = 4.0


def _act_timeout(configuration: Any) -> float:
    """Kaggle's time for a move, in seconds: ``actTimeout`` (or the older
    ``timeout``), 2 if the configuration gives neither."""
    act = _field(configuration, "actTimeout", None)
    if act is None:
        act = _field(configuration, "timeout", 2)
    return float(act)


class KaggleAgent:
    """A Kaggle ConnectX agent: ``agent(observation, configuration) -> column``.

    ``KaggleAgent(time=None, mover=None, overage=True, loaded_at=None)``.

    Time, as Kaggle counts it: a move has ``configuration.actTimeout`` seconds
    (ConnectX's is 2), and time past it comes out of
    ``observation.remainingOverageTime`` (60 s a game); an agent that runs
    out of both loses. A move ends a margin before ``actTimeout``
    (a tenth of it, at least 0.2 s), but the first three moves of a game that
    need more (the first out of the books, where the solver cannot finish
    yet) each may also spend a quarter of the overage left, at most four
    times ``actTimeout`` more; no move ever goes past ``actTimeout`` plus the
    overage left, less the margin. A move the book or the solver answers at
    once takes no longer than that. ``overage=False`` keeps every move within
    ``actTimeout``; ``time`` gives every move that many seconds instead (no
    overage). ``loaded_at``, a ``time.perf_counter()`` reading taken when the
    submission started loading, makes the first move count the loading, which
    Kaggle's clock counts too.

    The position is rebuilt from ``observation.board`` alone, cut into
    ``configuration.rows`` x ``configuration.columns``, the game Connect-k
    with k ``configuration.inarow`` (Connect Four for 4); ``observation.mark``
    must be the side to move the stones say. Raises
    :class:`~inarow.UnsupportedGameError` if ``inarow`` or the board is one
    inarow cannot play (more than 448 bits: ``columns * (rows + 1)``; more
    than 26 columns), :class:`~inarow.InvalidPositionError` if the board is
    not a position.
    """

    def __init__(
        self,
        time: Optional[float] = None,
        mover: Optional[Mover] = None,
        overage: bool = True,
        loaded_at: Optional[float] = None,
    ) -> None:
        self.time = time
        self.overage = overage
        self._mover = mover
        self._loaded_at = loaded_at
        # The moves of this game that drew on the overage, and the stones of
        # the last position seen (fewer is a new game).
        self._overage_moves = 0
        self._last_ply = -1

    def budget(self, observation: Any, configuration: Any, ply: int) -> float:
        """The seconds the move at ``ply`` stones may take, from the start of
        the call, by the rules above."""
        if self.time is not None:
            return self.time
        act = _act_timeout(configuration)
        margin = max(act * _MARGIN_SHARE, _MIN_MARGIN)
        if ply < self._last_ply:
            self._overage_moves = 0
        self._last_ply = ply
        seconds = act - margin
        overage = float(_field(observation, "remainingOverageTime", 0) or 0)
        if self.overage and self._overage_moves < _OVERAGE_MOVES and overage > margin:
            extra = min(_OVERAGE_SHARE * (overage - margin), _OVERAGE_CAP * act)
            seconds = min(act + extra, act + overage - margin)
        return max(seconds, 0.0)

    def __call__(self, observation: Any, configuration: Any) -> int:
        start = _time.perf_counter()
        if self._loaded_at is not None:
            start, self._loaded_at = min(start, self._loaded_at), None
        inarow = _field(configuration, "inarow", 4)
        rows = _field(configuration, "rows", 6)
        columns = _field(configuration, "columns", 7)
        try:
            position = Position.from_board(
                list(_field(observation, "board")),
                game="connect",
                k=inarow,
                rows=rows,
                columns=columns,
            )
        except ValueError as error:
            raise type(error)(f"ConnectX {columns}x{rows}, inarow={inarow}: {error}") from error
        mark = _field(observation, "mark")
        if mark is not None and mark != position.side_to_move + 1:
            raise InvalidPositionError(
                f"observation.mark is {mark}, but with {position.ply} stones on the "
                f"board mark {position.side_to_move + 1} is to move"
            )
        seconds = self.budget(observation, configuration, position.ply)
        mover = self._mover or _shared_mover()
        move = mover.move(position, seconds - (_time.perf_counter() - start))
        if self.time is None and _time.perf_counter() - start > _act_timeout(configuration):
            self._overage_moves += 1
        return move


kaggle_agent = KaggleAgent()
"""The Kaggle ConnectX agent with the default settings (see :class:`KaggleAgent`)."""


class PettingZooPolicy:
    """A policy for PettingZoo's ``connect_four_v3``:
    ``policy(observation, agent=None) -> action``.

    ``PettingZooPolicy(time=1.0, mover=None)``: ``time`` seconds a move at most.

    ``observation`` is the dict the environment gives (``env.last()[0]`` or
    ``env.observe(agent)``): ``"observation"``, the rows x columns x 2 planes of
    the player to move's stones and the other's, and ``"action_mask"``. The
    move returned is always one the mask allows. ``agent`` is ignored: the
    planes say who is to move.
    """

    def __init__(self, time: float = 1.0, mover: Optional[Mover] = None) -> None:
        self.time = time
        self._mover = mover

    def __call__(self, observation: Any, agent: Any = None) -> int:
        planes = observation["observation"] if isinstance(observation, Mapping) else observation
        position = Position.from_board(planes)
        mover = self._mover or _shared_mover()
        action = mover.move(position, self.time)
        if isinstance(observation, Mapping) and "action_mask" in observation:
            mask = observation["action_mask"]
            if not mask[action]:
                raise InvalidPositionError(
                    f"inarow chose column {action}, which the action mask {list(mask)} forbids"
                )
        return action


pettingzoo_policy = PettingZooPolicy()
"""The PettingZoo policy with the default settings: at most a second a move."""


def _openspiel_parameters(game: Any) -> dict[str, Any]:
    """A game's parameters, with the defaults of those it was not given."""
    parameters = dict(game.get_type().parameter_specification)
    parameters.update(game.get_parameters())
    return parameters


def _connect_four(p: Mapping[str, Any]) -> dict[str, Any]:
    return {"game": "connect", "width": p["columns"], "height": p["rows"], "k": p["x_in_row"]}


def _tic_tac_toe(p: Mapping[str, Any]) -> dict[str, Any]:
    return {"game": "tictactoe"}


def _mnk(p: Mapping[str, Any]) -> dict[str, Any]:
    # m is the number of columns, n of rows: action = row * m + column.
    return {"game": "mnk", "width": p["m"], "height": p["n"], "k": p["k"]}


def _gomoku(p: Mapping[str, Any]) -> dict[str, Any]:
    for name, plays in [("dims", 2), ("wrap", False), ("anti", False)]:
        if p.get(name, plays) != plays:
            raise UnsupportedGameError(f"inarow plays OpenSpiel's gomoku with {name}={plays}, not {p[name]}")
    # OpenSpiel's gomoku lets a longer line than `connect` win: free-style.
    return {"game": "gomokufreestyle", "width": p["size"], "height": p["size"], "k": p["connect"]}


# OpenSpiel's games inarow plays: the Position arguments of each's parameters.
_OPENSPIEL_GAMES = {
    "connect_four": _connect_four,
    "tic_tac_toe": _tic_tac_toe,
    "mnk": _mnk,
    "gomoku": _gomoku,
}


def _openspiel_start(game: Any) -> Position:
    """The start position of an OpenSpiel game, checked: an
    :class:`~inarow.UnsupportedGameError` for a game or parameters inarow
    cannot play."""
    name = game.get_type().short_name
    if name not in _OPENSPIEL_GAMES:
        raise UnsupportedGameError(f"inarow plays OpenSpiel's {', '.join(_OPENSPIEL_GAMES)}, not {name}")
    parameters = _openspiel_parameters(game)
    try:
        return Position(**_OPENSPIEL_GAMES[name](parameters))
    except ValueError as error:
        raise type(error)(f"OpenSpiel's {game}: {error}") from error


def _openspiel_position(start: Position, state: Any) -> Position:
    """The position of an OpenSpiel state, replayed from its history on ``start``
    (OpenSpiel's actions are Position's move ints)."""
    position = start.copy()
    for action in state.history():
        position.play(action)
    return position


@functools.lru_cache(maxsize=None)
def _openspiel_bot_class() -> type:
    """The bot's class, made on first use: it derives from ``pyspiel.Bot``, and
    ``open_spiel`` is needed only by those who use it."""
    import pyspiel  # type: ignore[import-not-found, unused-ignore]

    class OpenSpielBot(pyspiel.Bot):  # type: ignore[misc]
        """inarow as a ``pyspiel.Bot``: the book, the exact solver, then a search."""

        def __init__(self, game: Any, player_id: Optional[int], time: float, mover: Mover) -> None:
            pyspiel.Bot.__init__(self)
            self._start = _openspiel_start(game)
            self._player_id = player_id
            self._time = time
            self._mover = mover

        def player_id(self) -> Optional[int]:
            return self._player_id

        def restart_at(self, state: Any) -> None:
            pass

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

        def provides_policy(self) -> bool:
            return False

        def step(self, state: Any) -> int:
            return self._mover.move(_openspiel_position(self._start, state), self._time)

    return OpenSpielBot


def openspiel_bot(
    game: Any, player_id: Optional[int] = None, time: float = 1.0, mover: Optional[Mover] = None
) -> Any:
    """A ``pyspiel.Bot`` that plays OpenSpiel's ``connect_four`` (any ``rows``,
    ``columns`` and ``x_in_row``), ``tic_tac_toe``, ``mnk`` or ``gomoku`` (on
    any board inarow plays), at most ``time`` seconds a move.

    ``game`` is the ``pyspiel.Game`` (checked here: another game, parameters
    inarow does not play such as gomoku's ``wrap``, or a board too large is an
    :class:`~inarow.UnsupportedGameError`); ``player_id`` is kept for callers that ask the bot for
    it. The position is replayed from the state's history at every step, so
    the bot can join a game at any point.
    """
    return _openspiel_bot_class()(game, player_id, time, mover or _shared_mover())

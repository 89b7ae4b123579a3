"""Kaggle ConnectX: real games in kaggle-environments against its built-in
`negamax` and `random` agents, on 7x6 and on 6x5, and on larger boards; the
agent's clock; and the submission `python -m inarow.kaggle` writes, loaded
from its file in an environment without inarow. As the first player inarow
wins every game; as the second it never loses; no move runs out of time.
Other `inarow`s are in test_family.py."""

import json
import os
import pathlib
import random
import subprocess
import sys
import tarfile
import time

import pytest

import inarow
from conftest import need_module, require
from inarow.agents import KaggleAgent, Mover, kaggle_agent

GAMES = 3

# Kaggle's overage budget in ConnectX, seconds a game.
OVERAGE = 60.0

# The agent's rules (KaggleAgent's docstring): moves that may draw on the
# overage, each at most this many times actTimeout past it.
OVERAGE_MOVES = 3
OVERAGE_CAP = 4.0

# What a move may run past its budget: Python and Kaggle around the search.
SLACK = 0.15


def check_clock(durations: list[float], act: float, overage: float = OVERAGE) -> float:
    """Checks one player's move times as Kaggle counts them: every move within
    actTimeout but for at most OVERAGE_MOVES, which draw on the overage (at
    most OVERAGE_CAP times actTimeout each) and never past what is left of
    it. Returns the overage left."""
    over = [d for d in durations if d > act]
    assert len(over) <= OVERAGE_MOVES, durations
    for duration in durations:
        assert duration <= act + overage, (duration, act, overage)
        assert duration <= act * (1 + OVERAGE_CAP) + SLACK, (duration, durations)
        overage -= max(0.0, duration - act)
    assert overage > 0
    return overage


def play(opponent: str, inarow_first: bool, seed: int, agent=kaggle_agent, **configuration):
    """One game; returns inarow's reward and its move times, in seconds."""
    kaggle = need_module("kaggle_environments")
    random.seed(seed)  # the built-in agents choose with `random`
    env = kaggle.make("connectx", configuration=configuration, debug=True)
    agents = [agent, opponent] if inarow_first else [opponent, agent]
    env.run(agents)
    me = 0 if inarow_first else 1
    statuses = [state["status"] for state in env.state]
    assert statuses == ["DONE", "DONE"], statuses
    durations = [step[me]["duration"] for step in env.logs if len(step) > me and "duration" in step[me]]
    left = check_clock(durations, env.configuration.actTimeout)
    assert env.state[me]["observation"]["remainingOverageTime"] == pytest.approx(left, abs=1e-3)
    return env.state[me]["reward"], durations


@pytest.mark.parametrize("opponent", ["negamax", "random"])
@pytest.mark.parametrize("rows, columns", [(6, 7), (5, 6)])
def test_first_player_wins_every_game(opponent, rows, columns):
    for seed in range(GAMES):
        reward, durations = play(opponent, True, seed, rows=rows, columns=columns)
        assert reward == 1, f"game {seed}"
        # The book and the solver answer these boards at once: no overage.
        assert max(durations) < 2


@pytest.mark.parametrize("opponent", ["negamax", "random"])
@pytest.mark.parametrize("rows, columns", [(6, 7), (5, 6)])
def test_second_player_never_loses(opponent, rows, columns):
    for seed in range(GAMES):
        reward, _ = play(opponent, False, seed, rows=rows, columns=columns)
        assert reward in (0, 1), f"game {seed}"


@pytest.mark.parametrize("rows, columns", [(7, 9), (7, 10)])
def test_wide_boards_are_played_and_won_first(rows, columns):
    """ConnectX's larger boards, past 64 bits: kaggle_agent plays them to the
    end and wins as the first player against negamax (at half a second a
    move, to keep the test short); the first moves, out of any book, draw on
    the overage."""
    reward, durations = play("negamax", True, 0, rows=rows, columns=columns, actTimeout=0.5)
    assert reward == 1
    assert durations[0] > 0.5, durations


def test_a_game_it_cannot_play_is_an_error():
    kaggle = need_module("kaggle_environments")
    env = kaggle.make("connectx", configuration={"inarow": 8}, debug=False)
    env.run([kaggle_agent, "random"])
    # Kaggle catches the agent's error and marks the agent in error.
    assert env.state[0]["status"] == "ERROR"


def test_the_budget_follows_kaggles_clock():
    """actTimeout less a margin for every move; a quarter of the overage left
    more, at most four times actTimeout, for the first three moves that take
    more than actTimeout; never past actTimeout plus the overage left."""
    agent = KaggleAgent()
    configuration = {"actTimeout": 2}

    def budget(ply: int, overage: float) -> float:
        return agent.budget({"remainingOverageTime": overage}, configuration, ply)

    assert budget(0, 60) == pytest.approx(2 + 8)  # min(0.25 * 59.8, 4 * 2) past actTimeout
    assert budget(2, 20) == pytest.approx(2 + 0.25 * 19.8)
    assert budget(4, 0.5) == pytest.approx(2 + 0.25 * 0.3)
    for overage in [0, 0.1, 0.2, 0.3, 1, 5, 100]:
        agent._overage_moves = 0
        assert budget(10, overage) <= 2 + max(overage - 0.2, 0)
    assert budget(6, 0) == pytest.approx(1.8)  # actTimeout less the margin
    agent._overage_moves = 3
    assert budget(8, 60) == pytest.approx(1.8)
    # A new game (fewer stones than last time) may draw on it again.
    assert budget(1, 60) == pytest.approx(10)
    assert KaggleAgent(overage=False).budget({"remainingOverageTime": 60}, configuration, 0) == 1.8
    assert KaggleAgent(time=0.3).budget({"remainingOverageTime": 60}, configuration, 0) == 0.3
    small = KaggleAgent().budget({"remainingOverageTime": 60}, {"actTimeout": 0.5}, 0)
    assert small == pytest.approx(0.5 + 2.0)


def agent_moves(columns: int, rows: int, act: float, overage: float, moves: int) -> list[float]:
    """The times of the agent's first `moves` moves as the first player of a
    ConnectX game against inarow's engine at depth 6, the clock kept as
    Kaggle keeps it."""
    agent = KaggleAgent(mover=Mover(hash_mb=16))
    configuration = {"rows": rows, "columns": columns, "inarow": 4, "actTimeout": act}
    opponent = inarow.Engine(hash_mb=8, book=False)
    position = inarow.Position(game="connect", width=columns, height=rows)
    durations: list[float] = []
    while len(durations) < moves and not position.is_terminal():
        board = [cell for row in position.board() for cell in row]
        start = time.perf_counter()
        column = agent({"board": board, "mark": 1, "remainingOverageTime": overage}, configuration)
        durations.append(time.perf_counter() - start)
        overage -= max(0.0, durations[-1] - act)
        position.play(column)
        if not position.is_terminal():
            position.play(opponent.best_move(position, depth=6))
    assert len(durations) == moves, position
    return durations


def test_overage_on_the_first_moves_out_of_the_books():
    """On 9x7, where no book holds the opening and the solver cannot finish
    yet, the first three moves draw on the overage, each a quarter of what
    is left (and at most four times actTimeout); every later move is within
    actTimeout. On 7x6 the book and then the solver answer at once: no move
    needs more than actTimeout."""
    act, overage = 0.5, 6.0
    durations = agent_moves(9, 7, act, overage, 6)
    left = overage
    for duration in durations[:OVERAGE_MOVES]:
        share = min(0.25 * (left - 0.2), OVERAGE_CAP * act)
        assert act < duration <= act + share + SLACK, durations
        left -= duration - act
    assert all(d <= act for d in durations[OVERAGE_MOVES:]), durations
    check_clock(durations, act, overage)
    assert all(d < act for d in agent_moves(7, 6, act, overage, 8))


# Plays the submission in kaggle-environments, in the fresh environment:
# argv are main.py and the games as JSON; prints one JSON line per game.
FRESH_GAMES = """
import json, sys
try:
    import inarow
except ImportError:
    pass
else:
    sys.exit(f"inarow is installed here: {inarow.__file__}")
from kaggle_environments import make
from kaggle_environments.agent import get_last_callable

main = sys.argv[1]
agent = get_last_callable(open(main).read(), path=main)
print(json.dumps({"name": agent.__name__, "argcount": agent.__code__.co_argcount}))
import inarow
print(json.dumps({"inarow": inarow.__file__}))
for game in json.loads(sys.argv[2]):
    env = make("connectx", configuration=game["configuration"], debug=True)
    agents = [main, "negamax"] if game["first"] else ["negamax", main]
    env.run(agents)
    me = 0 if game["first"] else 1
    print(json.dumps({
        "statuses": [state["status"] for state in env.state],
        "reward": env.state[me]["reward"],
        "durations": [step[me]["duration"] for step in env.logs if len(step) > me and "duration" in step[me]],
        "actTimeout": env.configuration.actTimeout,
        "overage": env.state[me]["observation"]["remainingOverageTime"],
    }))
"""


def test_the_submission_plays_where_inarow_is_not_installed(tmp_path):
    """`python -m inarow.kaggle submission.tar.gz`, unpacked and loaded from
    its file as Kaggle loads it (the last callable, `agent`, with two
    arguments) by the Python of an environment with kaggle-environments but no
    inarow, plays ConnectX 7x6 and 9x7 to the end against negamax, first and
    second, within Kaggle's clock; the archive is no larger than the wheel."""
    fresh = os.environ.get("INAROW_KAGGLE_PYTHON")
    require("the environment without inarow", bool(fresh), "python/test.sh sets INAROW_KAGGLE_PYTHON")
    archive = tmp_path / "submission.tar.gz"
    # From the wheel python/test.sh built and installed, else the installed package.
    wheel = os.environ.get("INAROW_WHEEL")
    written = subprocess.run(
        [sys.executable, "-m", "inarow.kaggle", str(archive), *(["--wheel", wheel] if wheel else [])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert written.returncode == 0, written.stderr
    assert "inarow.kaggle: wrote" in written.stderr
    if wheel:
        assert archive.stat().st_size <= pathlib.Path(wheel).stat().st_size
    unpacked = tmp_path / "agent"
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        tar.extractall(unpacked, filter="data")
    assert names[0] == "main.py" and any(n.startswith("inarow/_inarow") for n in names), names
    games = [
        {"configuration": {}, "first": True},
        {"configuration": {}, "first": False},
        {"configuration": {"rows": 7, "columns": 9, "actTimeout": 0.5}, "first": True},
    ]
    done = subprocess.run(
        [fresh, "-c", FRESH_GAMES, str(unpacked / "main.py"), json.dumps(games)],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    assert lines[0] == {"name": "agent", "argcount": 2}
    assert lines[1]["inarow"].startswith(str(unpacked)), lines[1]
    results = lines[2:]
    assert len(results) == len(games)
    for game, result in zip(games, results):
        assert result["statuses"] == ["DONE", "DONE"], (game, result)
        left = check_clock(result["durations"], result["actTimeout"])
        assert result["overage"] == pytest.approx(left, abs=1e-3)
        assert result["reward"] in ((1,) if game["first"] else (0, 1)), (game, result)
    # 7x6: the book and the solver, no move near actTimeout; 9x7: the first
    # move, out of any book, draws on the overage.
    assert max(results[0]["durations"]) < 2 and max(results[1]["durations"]) < 2
    assert results[2]["durations"][0] > 0.5

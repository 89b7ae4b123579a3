"""Kaggle ConnectX: real games in kaggle-environments against its built-in
`negamax` and `random` agents, on 7x6 and on 6x5. As the first player inarow
wins every game; as the second it never loses; every move is on time. Other
`inarow`s are in test_family.py."""

import random

import pytest

from conftest import need_module
from inarow.agents import kaggle_agent

GAMES = 3


def play(opponent: str, inarow_first: bool, seed: int, **configuration):
    """One game; returns inarow's reward and the longest inarow move, in seconds."""
    kaggle = need_module("kaggle_environments")
    random.seed(seed)  # the built-in agents choose with `random`
    env = kaggle.make("connectx", configuration=configuration, debug=True)
    agents = [kaggle_agent, opponent] if inarow_first else [opponent, kaggle_agent]
    env.run(agents)
    me = 0 if inarow_first else 1
    statuses = [state["status"] for state in env.state]
    assert statuses == ["DONE", "DONE"], statuses
    longest = max(
        (step[me]["duration"] for step in env.logs if len(step) > me and "duration" in step[me]),
        default=0.0,
    )
    assert longest < env.configuration.actTimeout
    return env.state[me]["reward"], longest


@pytest.mark.parametrize("opponent", ["negamax", "random"])
@pytest.mark.parametrize("rows, columns", [(6, 7), (5, 6)])
def test_first_player_wins_every_game(opponent, rows, columns):
    for seed in range(GAMES):
        reward, _ = play(opponent, True, seed, rows=rows, columns=columns)
        assert reward == 1, f"game {seed}"


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
    move, to keep the test short)."""
    reward, _ = play("negamax", True, 0, rows=rows, columns=columns, actTimeout=1)
    assert reward == 1


def test_a_game_it_cannot_play_is_an_error():
    kaggle = need_module("kaggle_environments")
    env = kaggle.make("connectx", configuration={"inarow": 8}, debug=False)
    env.run([kaggle_agent, "random"])
    # Kaggle catches the agent's ValueError and marks the agent in error.
    assert env.state[0]["status"] == "ERROR"

"""OpenSpiel: inarow's pyspiel.Bot against OpenSpiel's own MCTS bot in
connect_four and tic_tac_toe, on either side: it never loses. The other
members (mnk, gomoku, connect_four with any x_in_row) are in test_family.py."""

import numpy as np
import pytest

from conftest import need_module
from inarow.agents import openspiel_bot


def mcts_bot(game, seed: int, simulations: int):
    """OpenSpiel's MCTS with random rollouts, solving what it can."""
    mcts = need_module("open_spiel.python.algorithms.mcts")
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(
        game, uct_c=2, max_simulations=simulations, evaluator=evaluator, random_state=rng, solve=True
    )


@pytest.mark.parametrize(
    "name, games, simulations", [("connect_four", 2, 1000), ("tic_tac_toe", 4, 1000)]
)
def test_never_loses_to_mcts(name, games, simulations):
    pyspiel = need_module("pyspiel")
    evaluate_bots = need_module("open_spiel.python.algorithms.evaluate_bots")
    game = pyspiel.load_game(name)
    for seed in range(games):
        me = seed % 2
        bots = [None, None]
        bots[me] = openspiel_bot(game, player_id=me, time=0.25)
        bots[1 - me] = mcts_bot(game, seed, simulations)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(seed))
        assert returns[me] >= 0, f"{name} game {seed}: inarow as player {me} got {returns[me]}"


def test_other_sizes_and_games():
    pyspiel = need_module("pyspiel")
    small = pyspiel.load_game("connect_four", {"rows": 5, "columns": 6})
    bot = openspiel_bot(small, time=0.1)
    state = small.new_initial_state()
    state.apply_action(2)
    assert bot.step(state) in state.legal_actions()
    wide = pyspiel.load_game("connect_four", {"rows": 7, "columns": 10})
    bot = openspiel_bot(wide, time=0.1)
    state = wide.new_initial_state()
    state.apply_action(9)
    assert bot.step(state) in state.legal_actions()
    five = pyspiel.load_game("connect_four", {"x_in_row": 5})
    bot = openspiel_bot(five, time=0.1)
    state = five.new_initial_state()
    state.apply_action(3)
    assert bot.step(state) in state.legal_actions()
    with pytest.raises(ValueError, match="not breakthrough"):
        openspiel_bot(pyspiel.load_game("breakthrough"))

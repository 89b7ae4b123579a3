"""PettingZoo's connect_four_v3: 20 real games against a random policy, inarow
first in half and second in the other half: no illegal move, no loss."""

import numpy as np

from conftest import need_module
from inarow.agents import PettingZooPolicy

GAMES = 20


def play(seed: int, inarow_agent: str, policy: PettingZooPolicy) -> float:
    """One game; returns inarow's total reward."""
    pettingzoo = need_module("pettingzoo")
    # connect_four_v3, made through the registry as PettingZoo 1.27 asks.
    env = pettingzoo.make("aec", "classic/connect_four-v3")
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    rewards = {agent: 0.0 for agent in env.agents}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        rewards[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        if agent == inarow_agent:
            action = policy(observation, agent)
            assert mask[action], f"illegal move {action} with mask {mask}"
        else:
            action = int(rng.choice(np.flatnonzero(mask)))
        env.step(action)
    # An illegal move would end the game with a penalty: none may have.
    assert rewards[inarow_agent] >= 0
    env.close()
    return rewards[inarow_agent]


def test_twenty_games_against_random_lose_none():
    policy = PettingZooPolicy(time=0.25)
    results = [play(seed, ["player_0", "player_1"][seed % 2], policy) for seed in range(GAMES)]
    assert all(result >= 0 for result in results), results
    assert sum(results) >= GAMES - 2  # a random policy rarely holds a draw

#!/usr/bin/env python3
"""inarow against OpenSpiel's C++ MCTS bot, as a measurement (no test runs it).

    python python/strength.py gomoku --games 20 --time 1
    python python/strength.py connect5 --games 20 --time 1

Plays ``--games`` games, inarow taking the first player's side in the even
games and the second's in the odd ones, inarow at ``--time`` seconds a move
(its OpenSpiel bot, ``inarow.agents.openspiel_bot``) and OpenSpiel's
``pyspiel.MCTSBot`` with random rollouts at ``--simulations`` simulations a
move, ``uct_c=2``, solving what it can. The games:

- ``gomoku``: OpenSpiel's ``gomoku`` (``size=15``, ``connect=5``: five or
  more in a row wins, so inarow plays its ``gomokufreestyle``);
- ``connect5``: OpenSpiel's ``connect_four`` with ``rows=6``, ``columns=7``,
  ``x_in_row=5`` (Connect-5 with gravity on 7x6);
- or any game string ``pyspiel.load_game`` reads, such as
  ``mnk(m=7,n=7,k=4)``.

Prints a line for each game as it ends (with OpenSpiel's actions: columns
from 0, or cells row by row from the top left) and then the wins, draws and
losses by inarow's colour. Both bots share the machine's cores: inarow's time
is wall-clock, MCTS's budget simulations, so a loaded machine weakens inarow
only. Needs ``open_spiel`` and ``inarow`` installed (as
``python/test.sh`` installs them in ``target/python/venv``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

# The source tree's inarow/ next to this script lacks the compiled module:
# import the installed package instead.
_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _HERE]

import pyspiel  # noqa: E402

from inarow.agents import Mover, openspiel_bot  # noqa: E402

GAMES = {
    "gomoku": ("gomoku", {"size": 15, "connect": 5}),
    "connect5": ("connect_four", {"rows": 6, "columns": 7, "x_in_row": 5}),
}


def load(name: str):
    """The OpenSpiel game of a name above or a game string."""
    if name in GAMES:
        short, parameters = GAMES[name]
        return pyspiel.load_game(short, parameters)
    return pyspiel.load_game(name)


def play(game, inarow_player: int, seconds: float, simulations: int, seed: int, memory: int):
    """One game: inarow's return, OpenSpiel's actions, and inarow's longest
    and mean move times."""
    bots = [None, None]
    bots[inarow_player] = openspiel_bot(game, player_id=inarow_player, time=seconds, mover=Mover())
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bots[1 - inarow_player] = pyspiel.MCTSBot(
        game, evaluator, 2.0, simulations, memory, True, seed, False
    )
    state = game.new_initial_state()
    times = []
    while not state.is_terminal():
        player = state.current_player()
        start = time.monotonic()
        action = bots[player].step(state)
        if player == inarow_player:
            times.append(time.monotonic() - start)
        state.apply_action(action)
    return state.returns()[inarow_player], state.history(), max(times), sum(times) / len(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="gomoku, connect5, or a pyspiel game string")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0, help="inarow's seconds a move")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a move")
    parser.add_argument("--memory", type=int, default=1000, help="MCTS's memory, in MB")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = load(args.game)
    print(
        f"{game}: inarow at {args.time} s a move against MCTSBot (random rollouts, uct_c=2, "
        f"{args.simulations} simulations, solve=True), {args.games} games",
        flush=True,
    )
    colours = ["first", "second"]
    tally = {colour: {"win": 0, "draw": 0, "loss": 0} for colour in colours}
    started = time.monotonic()
    for number in range(args.games):
        me = number % 2
        result, actions, longest, mean = play(
            game, me, args.time, args.simulations, args.seed + number, args.memory
        )
        outcome = "win" if result > 0 else "loss" if result < 0 else "draw"
        tally[colours[me]][outcome] += 1
        print(
            f"game {number + 1}: inarow {colours[me]:6} {outcome:4} in {len(actions)} plies; "
            f"inarow's moves {mean:.2f} s on average, {longest:.2f} s at most; "
            f"actions {' '.join(map(str, actions))}",
            flush=True,
        )
    print(f"{args.games} games in {time.monotonic() - started:.0f} s")
    for colour in colours:
        t = tally[colour]
        print(f"inarow {colour:6}: {t['win']} wins, {t['draw']} draws, {t['loss']} losses")
    total = {k: sum(tally[c][k] for c in colours) for k in ("win", "draw", "loss")}
    print(f"in all: {total['win']} wins, {total['draw']} draws, {total['loss']} losses")
    return 0


if __name__ == "__main__":
    sys.exit(main())

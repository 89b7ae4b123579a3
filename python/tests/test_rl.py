"""What a reinforcement-learning loop needs of Position: a hashable key for
tables and sets, pickling (replay buffers, multiprocessing), undo, and the
board and legal moves as numpy arrays, checked against PettingZoo's and
OpenSpiel's own."""

import multiprocessing
import pickle
import random

import numpy as np
import pytest

import inarow
from conftest import need_module

# Games of every kind of board: gravity or none, 64 bits and past them.
GAMES = [
    {},
    {"width": 9, "height": 7},
    {"game": "connect", "k": 5},
    {"game": "tictactoe"},
    {"game": "mnk", "width": 5, "height": 4, "k": 3},
    {"game": "gomoku"},
]


def random_game(rng: random.Random, plies: int, **game) -> tuple[inarow.Position, list[inarow.Position]]:
    """A position after up to `plies` random moves, and the positions on the way (copies)."""
    position = inarow.Position(**game)
    seen = [position.copy()]
    for _ in range(plies):
        if position.is_terminal():
            break
        position.play(rng.choice(position.legal_moves()))
        seen.append(position.copy())
    return position, seen


def test_a_position_has_no_hash_but_its_key_has():
    position = inarow.Position("4453")
    with pytest.raises(TypeError):
        hash(position)
    key = position.key()
    assert key == inarow.Position("4453").key() == inarow.PositionKey(position)
    # A transposition: the same stones by other moves.
    assert inarow.Position("5344").key() == key
    assert inarow.Position("4454").key() != key
    # Frozen: the key does not follow the position.
    position.play(0)
    assert position.key() != key and key.position() == inarow.Position("4453")
    with pytest.raises(AttributeError):
        key.game = None  # type: ignore[attr-defined]
    # The same stones of another game, or on another board, are another key.
    assert inarow.Position(game="connect", k=5).key() != inarow.Position().key()
    assert inarow.Position(width=8).key() != inarow.Position().key()
    assert repr(key) == "PositionKey(Position('4453'))"


def test_keys_in_a_table():
    rng = random.Random(3)
    for game in GAMES:
        table: dict[inarow.PositionKey, str] = {}
        for _ in range(20):
            _, seen = random_game(rng, 12, **game)
            for position in seen:
                table[position.key()] = position.fen()
        # Every key finds its own position's FEN, and equal keys are equal positions.
        for key, fen in table.items():
            assert key.position().fen() == fen
        assert len({key.position().fen() for key in table}) == len(table)


def test_pickling_keeps_the_moves():
    rng = random.Random(5)
    for game in GAMES:
        position, _ = random_game(rng, 10, **game)
        for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
            again = pickle.loads(pickle.dumps(position, protocol))
            assert again == position and again.moves() == position.moves()
            assert repr(again) == repr(position)
            if position.ply:
                assert again.undo() == position.copy().undo()
        key = pickle.loads(pickle.dumps(position.key()))
        assert key == position.key() and hash(key) == hash(position.key())
    # A position from a FEN keeps it as its start, and undoes to it.
    start = inarow.Position.from_fen(inarow.Position("4453").fen())
    start.play(3)
    again = pickle.loads(pickle.dumps(start))
    assert again == start and again.undo() == 3 and again == inarow.Position("4453")
    with pytest.raises(IndexError):
        again.undo()


def test_a_pickle_that_is_no_position():
    position = inarow.Position("44")
    for state, words in [
        (("chess", None, []), "unknown variant 'chess'"),
        (("cfour", None, [3, 3, 3, 3, 3, 3, 3]), "column 4 is full"),
        (("cfour", None, [9]), "the columns are 0 to 6"),
    ]:
        with pytest.raises(inarow.InvalidPositionError, match="a bad pickled Position") as caught:
            position.__setstate__(state)
        assert words in str(caught.value), str(caught.value)
        assert position.moves() == "44"


def _solve(position: inarow.Position) -> int:
    return inarow.Solver(hash_mb=8).solve(position)


def test_positions_cross_to_worker_processes():
    positions = [inarow.Position(moves) for moves in ["4453", "44", "1234567"]]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        scores = pool.map(_solve, positions)
    assert scores == [_solve(p) for p in positions]


def test_undo_takes_back_each_move():
    rng = random.Random(7)
    for game in GAMES:
        position, seen = random_game(rng, 30, **game)
        for before in reversed(seen[:-1]):
            played = position.copy()
            move = position.undo()
            assert position == before and position.key() == before.key()
            assert position.moves() == before.moves()
            before.play(move)
            assert before == played
        with pytest.raises(IndexError, match="no move to undo"):
            position.undo()
        assert position == inarow.Position(**game)
    # A finished game undoes to the game going on.
    won = inarow.Position("1212121")
    assert won.winner() == 0 and won.undo() == 0 and not won.is_terminal()


def test_planes_and_the_mask():
    position = inarow.Position("4453")
    planes = position.planes()
    assert planes.shape == (2, 6, 7) and planes.dtype == np.int8
    board = np.array(position.board())
    # The first player is to move: plane 0 is its stones (1 on the board).
    assert (planes[0] == (board == 1)).all() and (planes[1] == (board == 2)).all()
    assert (position.planes(player=1)[0] == (board == 2)).all()
    assert (position.planes(channels_last=True) == np.moveaxis(planes, 0, -1)).all()
    assert inarow.Position.from_board(position.planes(channels_last=True)) == position
    position.play(6)
    board = np.array(position.board())
    assert (position.planes()[0] == (board == 2)).all()
    assert (position.planes(player=0)[0] == (board == 1)).all()
    # Arrays of their own: writing to one changes nothing else.
    first = position.planes()
    first[:] = 1
    assert position.planes().sum() == position.ply
    with pytest.raises(IndexError, match="the players are 0 and 1"):
        position.planes(player=2)
    full = inarow.Position("1111112222223")
    assert full.legal_mask().tolist() == [0, 0, 1, 1, 1, 1, 1] and full.legal_mask().dtype == np.int8
    assert inarow.Position("1212121").legal_mask().sum() == 0
    tictactoe = inarow.Position("b2 a3", game="tictactoe")
    assert tictactoe.legal_mask().tolist() == [0, 1, 1, 1, 0, 1, 1, 1, 1]
    # The first player (X, on b2) is to move: its plane first.
    assert tictactoe.planes().shape == (2, 3, 3)
    assert tictactoe.planes()[0, 1, 1] == 1 and tictactoe.planes()[1, 0, 0] == 1


def test_planes_and_mask_are_pettingzoos():
    """Random games of connect_four_v3: at every step PettingZoo's observation
    and action mask for the player to move are planes(channels_last=True) and
    legal_mask()."""
    connect_four = need_module("pettingzoo.classic.connect_four_v3")
    env = connect_four.env()
    rng = random.Random(11)
    checked = 0
    for game in range(5):
        env.reset(seed=game)
        position = inarow.Position()
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            assert (observation["observation"] == position.planes(channels_last=True)).all()
            assert (observation["action_mask"] == position.legal_mask()).all()
            checked += 1
            action = rng.choice(position.legal_moves())
            env.step(action)
            position.play(action)
        assert position.is_terminal()
    assert checked > 50


def test_planes_are_openspiels_observation():
    """OpenSpiel's observation tensors are three planes, one per player and
    the empty cells: connect_four's the first player's, the second's, then
    the empty cells, rows from the bottom; tic_tac_toe's and mnk's the empty
    cells, the second player's, the first's, rows from the top. In every
    state of random games, planes(player=0) are its players' planes."""
    pyspiel = need_module("pyspiel")
    rng = random.Random(13)
    for name, game, order in [
        ("connect_four", {}, [0, 1, 2]),
        ("tic_tac_toe", {"game": "tictactoe"}, [2, 1, 0]),
        ("mnk(m=5,n=4,k=3)", {"game": "mnk", "width": 5, "height": 4, "k": 3}, [2, 1, 0]),
    ]:
        spiel = pyspiel.load_game(name)
        for _ in range(5):
            state, position = spiel.new_initial_state(), inarow.Position(**game)
            while not state.is_terminal():
                tensor = np.array(state.observation_tensor(0)).reshape(3, position.height, position.width)
                if position.gravity:
                    tensor = tensor[:, ::-1, :]
                planes = position.planes(player=0)
                assert (tensor[order[:2]] == planes).all(), (name, position.moves())
                assert (tensor[order[2]] == 1 - planes.sum(axis=0)).all()
                mask = np.array(state.legal_actions_mask())
                assert (mask == position.legal_mask()).all()
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                position.play(action)

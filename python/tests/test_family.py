"""The whole k-in-a-row family from Python: Position on every member, moves
numbered as OpenSpiel numbers them (checked move by move against OpenSpiel's
own games), and the agents played to the end in Kaggle ConnectX with any
`inarow` and in OpenSpiel's connect_four (any x_in_row), mnk and gomoku."""

import random

import numpy as np
import pytest

import inarow
from conftest import need_module
from inarow.agents import KaggleAgent, Mover, openspiel_bot


@pytest.mark.parametrize(
    "arguments, variant, game, k, gravity, exact",
    [
        ({}, "cfour", "connect4", 4, True, False),
        ({"game": "cfour", "width": 6, "height": 5}, "cfour 6x5", "connect4", 4, True, False),
        ({"game": "tictactoe"}, "tictactoe", "tictactoe", 3, False, False),
        ({"game": "gomoku"}, "gomoku", "gomoku", 5, False, True),
        ({"game": "gomokufreestyle"}, "gomokufreestyle", "gomokufreestyle", 5, False, False),
        ({"game": "connect", "k": 5}, "connect 7x6 k5", "connect", 5, True, False),
        ({"game": "connect4", "k": 5, "width": 9, "height": 7}, "connect 9x7 k5", "connect", 5, True, False),
        ({"game": "mnk", "width": 5, "height": 5, "k": 4}, "mnk 5x5 k4", "mnk", 4, False, False),
        ({"game": "mnk", "width": 5, "height": 4, "k": 4, "exact": True}, "mnk 5x4 k4 exact", "mnk", 4, False, True),
        ({"game": "connect", "exact": True}, "connect 7x6 k4 exact", "connect", 4, True, True),
        ({"game": "gomoku", "exact": False}, "gomokufreestyle", "gomokufreestyle", 5, False, False),
        ({"game": "gomoku", "width": 19, "height": 19}, "gomoku 19x19", "gomoku", 5, False, True),
        ({"game": "gomokufreestyle", "gravity": True}, "connect 15x15 k5", "connect", 5, True, False),
        ({"game": "connect", "gravity": False, "k": 3, "width": 3, "height": 3}, "tictactoe", "tictactoe", 3, False, False),
        ({"game": "mnk 5x5 k4"}, "mnk 5x5 k4", "mnk", 4, False, False),
        ({"game": "mnk", "k": 3}, "tictactoe", "tictactoe", 3, False, False),
    ],
)
def test_every_member_by_name_and_rules(arguments, variant, game, k, gravity, exact):
    position = inarow.Position(**arguments)
    assert (position.variant, position.game, position.k, position.gravity, position.exact) == (
        variant, game, k, gravity, exact
    )
    assert inarow.Position(game=variant) == position
    assert eval(repr(position), {"Position": inarow.Position}) == position
    assert position.legal_moves() == list(range(position.width if gravity else position.width * position.height))
    # Played on, it still reads back, from its moves and from its FEN.
    for move in position.legal_moves()[1:4]:
        position.play(move)
    again = eval(repr(position), {"Position": inarow.Position})
    assert again == position and again.moves() == position.moves()
    fen = inarow.Position.from_fen(position.fen(), game=game, k=k, exact=exact, gravity=gravity)
    assert fen == position
    board = inarow.Position.from_board(position.board(), game=game, k=k, exact=exact, gravity=gravity)
    assert board == position
    if fen.moves() is None:
        assert eval(repr(fen), {"Position": inarow.Position}) == position


def test_reprs():
    assert repr(inarow.Position("44", game="connect", k=5)) == "Position('44', game='connect', k=5)"
    assert repr(inarow.Position("h8 i9", game="gomoku")) == "Position('h8 i9', game='gomoku')"
    assert (
        repr(inarow.Position("b2", game="mnk", width=5, height=4, k=3, exact=True))
        == "Position('b2', game='mnk', width=5, height=4, exact=True)"
    )
    played = inarow.Position("c3 b2", game="gomoku", width=5, height=5, k=4)
    small = inarow.Position.from_fen(played.fen(), game="gomoku", k=4)
    assert small == played and small.moves() is None
    assert repr(small).startswith(f"Position.from_fen('{played.fen()}'")
    assert repr(small).endswith(", game='mnk', k=4, exact=True)")
    # Past 16 columns a move string goes on with letters: J is column 19.
    twenty = inarow.Position("19 4", game="connect", width=20, height=6, k=5)
    assert repr(twenty) == "Position('J4', game='connect', width=20, height=6, k=5)"
    assert eval(repr(twenty), {"Position": inarow.Position}) == twenty
    assert str(inarow.Position(game="connect", k=5)).splitlines()[-1] == "   1 2 3 4 5 6 7"
    # k past the named game's own board: the FEN's board holds it.
    wide = inarow.Position.from_fen("20/20/20/20/20/20", game="connect", k=10)
    assert (wide.width, wide.height, wide.k, wide.gravity) == (20, 6, 10, True)
    assert eval(repr(wide), {"Position": inarow.Position}) == wide


def test_cells_are_numbered_row_by_row_from_the_top_left():
    gomoku = inarow.Position(game="gomoku")
    gomoku.play(0)  # a15, the top left
    gomoku.play("h8")  # the centre: row 7 from the top, column 7
    gomoku.play(224)  # o1, the bottom right
    assert gomoku.moves() == "a15 h8 o1"
    assert gomoku.board()[0][0] == 1 and gomoku.board()[7][7] == 2 and gomoku.board()[14][14] == 1
    assert 112 not in gomoku.legal_moves() and len(gomoku.legal_moves()) == 222
    mnk = inarow.Position(game="mnk", width=5, height=4, k=3)
    mnk.play(7)  # row 1 from the top, column 2: c3
    assert mnk.moves() == "c3"
    with pytest.raises(inarow.IllegalMoveError, match="the cells are 0 to 19"):
        mnk.play(20)
    connect = inarow.Position(game="connect", k=5, width=10, height=7)
    connect.play(9)
    assert connect.board()[-1][9] == 1 and connect.legal_moves() == list(range(10))


def test_wins_follow_the_rules():
    # Five in a row wins in free-style gomoku; six does not in gomoku.
    freestyle = inarow.Position("a1 a2 b1 b2 c1 c2 e1 e2 f1 f2", game="gomokufreestyle")
    exact = inarow.Position("a1 a2 b1 b2 c1 c2 e1 e2 f1 f2", game="gomoku")
    for position in (freestyle, exact):
        position.play("d1")
    assert freestyle.winner() == 0
    assert exact.winner() is None and not exact.is_terminal()
    connect3 = inarow.Position("1122", game="connect", k=3, width=5, height=4)
    connect3.play(2)
    assert connect3.winner() == 0


def test_bad_rules():
    # The rules a game has already are no change.
    assert inarow.Position(game="tictactoe", k=3, width=3, exact=False).game == "tictactoe"
    for make, words in [
        (lambda: inarow.Position(game="gomoku", k=16), "k is larger than the board"),
        (lambda: inarow.Position(game="mnk", width=21, height=21), "must be at most 448"),
        (lambda: inarow.Position(game="tictactoe", k=2), "tictactoe is played on 3x3 only"),
        (lambda: inarow.Position(game="connect", k=-1), "k must be 0 to"),
        (lambda: inarow.Position(game="connect", k=0), "k must be 1 to 32"),
    ]:
        with pytest.raises(ValueError) as caught:
            make()
        assert words in str(caught.value), str(caught.value)


def test_the_solver_and_engine_on_small_members():
    solver = inarow.Solver(hash_mb=16)
    # Connect-3 on 5x4 and 4x4 k3 without gravity are first-player wins.
    for position in [
        inarow.Position(game="connect", width=5, height=4, k=3),
        inarow.Position(game="mnk", width=4, height=4, k=3),
    ]:
        assert solver.solve_weak(position, timeout=30) == 1
        best = solver.best_move(position, timeout=30)
        scores = solver.analyze(position, timeout=30)
        assert scores is not None and scores[best] == max(s for s in scores if s is not None)
    # Gomoku cannot be solved: a limit returns None, on time.
    gomoku = inarow.Position("h8 i9", game="gomokufreestyle")
    for call in (solver.solve, solver.best_move, solver.analyze):
        assert call(gomoku, timeout=0.05) is None
    engine = inarow.Engine(hash_mb=16)
    result = engine.search(gomoku, time=0.1)
    assert result.move in gomoku.legal_moves() and result.source == "search"


def test_the_line_book_plays_connect5_openings():
    # The book's move on the empty 7x6 board, and the engine's search agrees
    # that it came from the book; without books there is no book move.
    start = inarow.Position(game="connect", k=5)
    engine = inarow.Engine(hash_mb=16)
    move = engine.book_move(start)
    assert move in start.legal_moves()
    result = engine.search(start, time=0.1)
    assert (result.move, result.source) == (move, "book")
    assert inarow.Engine(hash_mb=16, book=False).book_move(start) is None
    # The agents play it at once; a position off the book's lines has none.
    assert Mover(hash_mb=16).move(start, 0.1) == move
    assert engine.book_move(inarow.Position("1111", game="connect", k=5)) is None
    assert engine.book_move(inarow.Position(game="connect", k=4)) is None


# OpenSpiel


def openspiel_games():
    pyspiel = need_module("pyspiel")
    return [
        pyspiel.load_game("connect_four", {"x_in_row": 5}),
        pyspiel.load_game("connect_four", {"rows": 4, "columns": 5, "x_in_row": 3}),
        pyspiel.load_game("connect_four", {"rows": 7, "columns": 10}),
        pyspiel.load_game("tic_tac_toe"),
        pyspiel.load_game("mnk", {"m": 5, "n": 4, "k": 3}),
        pyspiel.load_game("mnk", {"m": 3, "n": 6, "k": 3}),
        pyspiel.load_game("mnk"),
        pyspiel.load_game("gomoku", {"size": 7, "connect": 4}),
        pyspiel.load_game("gomoku"),
    ]


def test_openspiel_games_are_the_same_games():
    """Random games in OpenSpiel, each action played on inarow's Position too:
    the legal moves, the end and the winner agree at every step."""
    from inarow.agents import _openspiel_position, _openspiel_start

    rng = random.Random(7)
    for game in openspiel_games():
        start = _openspiel_start(game)
        for _ in range(30):
            state = game.new_initial_state()
            position = start.copy()
            while True:
                assert position.legal_moves() == sorted(state.legal_actions()), str(game)
                assert position.is_terminal() == state.is_terminal()
                if state.is_terminal():
                    break
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                position.play(action)
            returns = state.returns()
            winner = None if returns[0] == 0 else (0 if returns[0] > 0 else 1)
            assert position.winner() == winner, str(game)
            assert _openspiel_position(start, state) == position


def test_openspiel_games_inarow_does_not_play():
    pyspiel = need_module("pyspiel")
    for game, words in [
        (pyspiel.load_game("gomoku", {"wrap": True}), "wrap=False, not True"),
        (pyspiel.load_game("gomoku", {"anti": True}), "anti=False, not True"),
        (pyspiel.load_game("gomoku", {"dims": 3, "size": 5}), "dims=2, not 3"),
        (pyspiel.load_game("gomoku", {"size": 25}), "OpenSpiel's gomoku(size=25)"),
        (pyspiel.load_game("breakthrough"), "not breakthrough"),
    ]:
        with pytest.raises(ValueError) as caught:
            openspiel_bot(game)
        assert words in str(caught.value), str(caught.value)


def mcts(game, seed: int, simulations: int):
    """OpenSpiel's C++ MCTS with random rollouts, solving what it can."""
    pyspiel = need_module("pyspiel")
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.MCTSBot(game, evaluator, 2.0, simulations, 100, True, seed, False)


@pytest.mark.parametrize(
    "name, parameters, simulations, seconds, first_wins",
    [
        ("mnk", {"m": 4, "n": 4, "k": 3}, 1000, 0.05, True),
        ("connect_four", {"rows": 4, "columns": 5, "x_in_row": 3}, 1000, 0.05, True),
        ("connect_four", {"x_in_row": 5}, 1000, 0.1, False),
        ("gomoku", {"size": 9, "connect": 5}, 300, 0.1, False),
        ("gomoku", {}, 100, 0.1, False),
    ],
)
def test_openspiel_bot_against_mcts(name, parameters, simulations, seconds, first_wins):
    """Full games on either side against MCTS: inarow wins every game its
    solver says it wins and draws every game it says it draws; where the
    first player wins with perfect play inarow wins first, else it never
    loses."""
    pyspiel = need_module("pyspiel")
    from inarow.agents import _openspiel_position, _openspiel_start

    game = pyspiel.load_game(name, parameters)
    solver = inarow.Solver(hash_mb=16)
    for me in (0, 1):
        bots = [None, None]
        bots[me] = openspiel_bot(game, player_id=me, time=seconds, mover=Mover(hash_mb=16))
        bots[1 - me] = mcts(game, me + 1, simulations)
        state = game.new_initial_state()
        proven = -1
        while not state.is_terminal():
            player = state.current_player()
            if player == me:
                verdict = solver.solve_weak(
                    _openspiel_position(_openspiel_start(game), state), timeout=0.02
                )
                proven = max(proven, verdict if verdict is not None else -1)
            state.apply_action(bots[player].step(state))
        result = state.returns()[me]
        assert result >= proven, f"{game}: inarow as player {me} got {result}, proven {proven}"
        if first_wins and me == 0:
            assert result == 1, f"{game}: inarow first got {result}"
        elif not first_wins:
            assert result >= 0, f"{game}: inarow as player {me} got {result}"


# Kaggle ConnectX with any inarow


def kaggle_game(configuration, opponent: str, inarow_first: bool, seed: int):
    """One game; returns inarow's reward and the best result the solver
    proved for inarow in the positions it moved in (-1 if none)."""
    kaggle = need_module("kaggle_environments")
    random.seed(seed)  # the built-in agents choose with `random`
    env = kaggle.make("connectx", configuration=configuration, debug=True)
    agent = KaggleAgent(time=0.15, mover=Mover(hash_mb=16))
    env.run([agent, opponent] if inarow_first else [opponent, agent])
    me = 0 if inarow_first else 1
    statuses = [state["status"] for state in env.state]
    assert statuses == ["DONE", "DONE"], statuses
    solver = inarow.Solver(hash_mb=16)
    proven = -1
    for step in env.steps:
        if step[me]["status"] != "ACTIVE":
            continue
        position = inarow.Position.from_board(
            step[0]["observation"]["board"],
            game="connect",
            k=configuration["inarow"],
            rows=configuration["rows"],
            columns=configuration["columns"],
        )
        verdict = solver.solve_weak(position, timeout=0.05)
        proven = max(proven, verdict if verdict is not None else -1)
    return env.state[me]["reward"], proven


@pytest.mark.parametrize("opponent", ["negamax", "random"])
@pytest.mark.parametrize(
    "columns, rows, k", [(7, 6, 5), (5, 4, 3), (9, 7, 4), (10, 7, 4), (4, 4, 3)]
)
def test_connectx_with_any_inarow(columns, rows, k, opponent):
    configuration = {"columns": columns, "rows": rows, "inarow": k}
    for inarow_first in (True, False):
        reward, proven = kaggle_game(configuration, opponent, inarow_first, columns + k)
        assert reward is not None and reward >= proven, (configuration, inarow_first, reward, proven)


def test_connectx_boards_from_numpy():
    board = np.zeros(20, dtype=np.int64)
    board[17] = 1
    agent = KaggleAgent(time=0.1)
    move = agent({"board": board, "mark": 2}, {"rows": 4, "columns": 5, "inarow": 3})
    assert move in range(5)

"""Bad input: each kind raises its one exception type, a kind of inarow.Error
(a ValueError), with inarow's own words, and the object it was given to works
afterwards. Nothing panics across the boundary."""

import numpy as np
import pytest

import inarow
from inarow.agents import KaggleAgent


def still_works(position=None, solver=None, engine=None):
    """The objects answer as before the error."""
    if position is not None:
        before = position.moves()
        copy = position.copy()
        copy.play(copy.legal_moves()[0])
        assert position.moves() == before
    if solver is not None:
        assert solver.solve(inarow.Position("4453")) == -2
    if engine is not None:
        assert engine.best_move(inarow.Position("121212"), depth=2) == 0


def test_malformed_move_strings():
    for moves, words in [
        ("44x3", "move 1 ('44x3'): '44x3' is not a move: a square starts with a file letter"),
        ("4458", "bad move string '4458': move 4 ('8'): no such column (columns 1 to 7)"),
        ("1111111", "bad move string '1111111': move 7 ('1'): the column is full"),
        ("12121213", "move 8 ('3'): the game is already won"),
    ]:
        with pytest.raises(inarow.InvalidPositionError) as caught:
            inarow.Position(moves)
        assert isinstance(caught.value, ValueError)
        assert words in str(caught.value), str(caught.value)


def test_illegal_moves_leave_the_position_unchanged():
    position = inarow.Position("444444")
    for move, words in [
        (3, "move 3 (inarow's column 4): illegal move: column 4 is full"),
        (7, "move 7: the columns are 0 to 6"),
        (-1, "move -1: the columns are 0 to 6"),
        ("P@d1", "move 'P@d1': illegal move: square d1 is occupied"),
        ("P@e2", "move 'P@e2': illegal move: a stone dropped in file e lands on e1, not e2"),
        ("Q@d1", "the only piece that can be dropped is P"),
        ("", "empty move"),
        (2**70, "move 1180591620717411303424: the columns are 0 to 6"),
        (-(2**70), "move -1180591620717411303424: the columns are 0 to 6"),
        (np.uint64(2**63), "move 9223372036854775808: the columns are 0 to 6"),
    ]:
        with pytest.raises(inarow.IllegalMoveError) as caught:
            position.play(move)
        assert words in str(caught.value), str(caught.value)
        assert position.moves() == "444444"
    for move in [2.5, None, [3]]:
        with pytest.raises(TypeError, match="a move is an int or text, not"):
            position.play(move)  # type: ignore[arg-type]
    still_works(position)
    tictactoe = inarow.Position("b2", game="tictactoe")
    with pytest.raises(inarow.IllegalMoveError, match="square b2 is occupied"):
        tictactoe.play(4)
    with pytest.raises(inarow.IllegalMoveError, match="the cells are 0 to 8"):
        tictactoe.play(9)
    with pytest.raises(inarow.IllegalMoveError, match="move 2361183241434822606848: the cells are 0 to 8"):
        tictactoe.play(2**71)
    still_works(tictactoe)


def test_grids_with_floating_stones():
    board = [[0] * 7 for _ in range(6)]
    board[4][3] = 1  # row 4 from the top: the second rank, over an empty cell
    with pytest.raises(inarow.InvalidPositionError) as caught:
        inarow.Position.from_board(board)
    assert str(caught.value) == "the stone on d2 floats over an empty square"


def test_impossible_stone_counts():
    board = [[0] * 7 for _ in range(6)]
    board[5][0] = board[5][1] = 1
    with pytest.raises(inarow.InvalidPositionError) as caught:
        inarow.Position.from_board(board)
    assert "2 first-player and 0 second-player stones cannot arise" in str(caught.value)
    planes = np.zeros((6, 7, 2), dtype=np.int8)
    planes[5, 0, 0] = planes[5, 1, 0] = 1
    with pytest.raises(inarow.InvalidPositionError, match="the player to move has as many"):
        inarow.Position.from_board(planes)
    # Both players made a line.
    with pytest.raises(inarow.InvalidPositionError, match="both players have a line"):
        inarow.Position.from_board([[1, 1, 1], [2, 2, 2], [0, 0, 0]], game="tictactoe")


def test_wrong_shapes_and_values():
    for board, words in [
        ([0] * 41, "a flat board of 41 cells"),
        ([[0] * 7] * 5 + [[0] * 6], "the board's rows differ in length"),
        (np.zeros((6, 7, 3)), "has 3 planes"),
        (np.zeros((6, 7, 2, 1)), "more than 3 dimensions"),
        ([[0] * 7] * 5 + [[0, 0, 0, 3, 0, 0, 0]], "holds 3: expected 0 (empty)"),
        ([0.5] * 42, "not a whole number"),
        ("0" * 42, "a board is numbers, not text"),
        ([], "the board is empty"),
        # Past the whole family's boards, the family's limits.
        ([[0] * 27] * 6, "a 27x6 board is not supported: the width must be 1 to 26"),
        ([[0] * 20] * 22, "a 20x22 board is not supported: width * (height + 1) must be at most 448"),
        ([[0, [0]]], "mixes numbers and lists"),
    ]:
        with pytest.raises(inarow.InvalidPositionError) as caught:
            inarow.Position.from_board(board)
        assert words in str(caught.value), str(caught.value)
    with pytest.raises(inarow.InvalidPositionError, match="rows=5, but the board has 6 rows"):
        inarow.Position.from_board([[0] * 7] * 6, rows=5)
    with pytest.raises(inarow.InvalidPositionError, match="tic-tac-toe is played on 3x3"):
        inarow.Position.from_board([[0] * 7] * 6, game="tictactoe")


def test_bad_fens_and_names():
    with pytest.raises(inarow.InvalidPositionError, match="bad FEN: rank 3 from the top: 'x' is not P, p or a digit"):
        inarow.Position.from_fen("7/7/x")
    with pytest.raises(inarow.UnsupportedGameError, match="unknown variant 'chess'"):
        inarow.Position(game="chess")
    with pytest.raises(inarow.UnsupportedGameError, match="a 27x6 board: the width must be 1 to 26"):
        inarow.Position(width=27, game="connect")
    with pytest.raises(inarow.UnsupportedGameError, match="a 21x21 board: width \\* \\(height \\+ 1\\) must be at most 448"):
        inarow.Position(game="mnk", width=21, height=21)
    with pytest.raises(inarow.UnsupportedGameError, match="tictactoe is played on 3x3 only"):
        inarow.Position(game="tictactoe", width=4)


def test_text_after_a_fen():
    fen = inarow.Position("4453").fen()
    assert inarow.Position.from_fen(fen) == inarow.Position("4453")
    assert inarow.Position.from_fen(fen.rsplit(" ", 4)[0]) == inarow.Position("4453")
    for bad, words in [
        (fen + " junk", "bad FEN: 'junk' after its six fields"),
        (fen.replace(" - - ", " KQkq - "), "the castling field is 'KQkq'"),
        (fen.replace(" - - ", " - e3 "), "the en passant field is 'e3'"),
        (fen.replace(" 0 3", " x 3"), "the halfmove counter is 'x', not a number"),
        (fen.replace(" 0 3", " 0 three"), "the fullmove counter is 'three', not a number"),
    ]:
        with pytest.raises(inarow.InvalidPositionError) as caught:
            inarow.Position.from_fen(bad)
        assert words in str(caught.value), str(caught.value)


def test_connect_four_stays_connect_four():
    """Connect Four asked for by name on a board past its own is an error that
    names game='connect', not another game under the name."""
    for make in [
        lambda: inarow.Position(width=17),
        lambda: inarow.Position(game="cfour 17x6"),
        lambda: inarow.Position.from_board([[0] * 17] * 6),
        lambda: inarow.Position.from_fen("17/17/17/17/17/17"),
    ]:
        with pytest.raises(inarow.UnsupportedGameError) as caught:
            make()
        assert "Connect Four is not played on 17x6 (the width must be 1 to 16); game='connect'" in str(
            caught.value
        ), str(caught.value)
    connect = inarow.Position(width=17, game="connect")
    assert (connect.game, connect.width, connect.k) == ("connect", 17, 4)
    assert inarow.Position.from_board([[0] * 17] * 6, game="connect").game == "connect"
    # Another k is another game, as asked.
    assert inarow.Position(k=5).game == "connect"


def test_each_kind_of_error_has_its_type():
    """One exception type per kind of error, each an inarow.Error and so a
    ValueError; TypeError and IndexError where Python's own types say it."""
    position = inarow.Position("44")
    solver, engine = inarow.Solver(hash_mb=8), inarow.Engine(hash_mb=8)
    kinds = [
        (inarow.IllegalMoveError, lambda: position.play(9)),
        (inarow.IllegalMoveError, lambda: inarow.Position("444444").play(3)),
        (inarow.GameOverError, lambda: inarow.Position("1212121").play(0)),
        (inarow.GameOverError, lambda: solver.best_move(inarow.Position("1212121"))),
        (inarow.GameOverError, lambda: engine.best_move(inarow.Position("1212121"))),
        (inarow.InvalidPositionError, lambda: inarow.Position("44x")),
        (inarow.InvalidPositionError, lambda: inarow.Position.from_fen("7/7/x")),
        (inarow.InvalidPositionError, lambda: inarow.Position.from_board([[0] * 7] * 5 + [[2] * 7])),
        (inarow.UnsupportedGameError, lambda: inarow.Position(game="chess")),
        (inarow.UnsupportedGameError, lambda: inarow.Position(k=8)),
        (inarow.UnsupportedGameError, lambda: inarow.Position.from_board([0] * 42, game="connect", k=8, rows=6, columns=7)),
        (inarow.UnsupportedGameError, lambda: inarow.Position.from_board([[0] * 27] * 6)),
        (inarow.UnsupportedGameError, lambda: inarow.Position(width=-7)),
        (inarow.InvalidSettingError, lambda: inarow.Solver(hash_mb=0)),
        (inarow.InvalidSettingError, lambda: inarow.Engine(threads=0)),
        (inarow.InvalidSettingError, lambda: inarow.Engine(level=11)),
        (inarow.InvalidSettingError, lambda: solver.solve(position, timeout=-1)),
        (inarow.InvalidSettingError, lambda: engine.search(position, depth=3, level=3)),
        (TypeError, lambda: position.play(2.5)),  # type: ignore[arg-type]
        (IndexError, lambda: inarow.Position().undo()),
    ]
    for kind, call in kinds:
        with pytest.raises(Exception) as caught:
            call()
        assert type(caught.value) is kind, (kind, type(caught.value), caught.value)
    for kind in {kind for kind, _ in kinds} - {TypeError, IndexError}:
        assert issubclass(kind, inarow.Error) and issubclass(kind, ValueError)
        assert kind.__module__ == "inarow" and kind.__doc__
    # k larger than the board is the same kind wherever it is asked for, and a
    # kind of InvalidPositionError, as a board past the game's limits is.
    assert issubclass(inarow.UnsupportedGameError, inarow.InvalidPositionError)
    assert issubclass(inarow.GameOverError, inarow.IllegalMoveError)
    still_works(position, solver, engine)


def test_a_full_board_has_no_move():
    full = inarow.Position("1234123443214321", width=4, height=4)
    solver, engine = inarow.Solver(hash_mb=8), inarow.Engine(hash_mb=8)
    with pytest.raises(inarow.GameOverError, match="move 0 \\(inarow's column 1\\): the game is over \\(a draw\\)"):
        full.play(0)
    with pytest.raises(inarow.GameOverError, match="the game is over \\(player 0 won\\)"):
        inarow.Position("1212121").play("P@d1")
    with pytest.raises(inarow.GameOverError, match="the game is over"):
        solver.best_move(full)
    with pytest.raises(inarow.GameOverError, match="the game is over"):
        engine.search(full)
    assert solver.solve(full) == 0
    assert solver.analyze(full) == [None] * 4
    still_works(solver=solver, engine=engine)


def test_bad_settings():
    for make, words in [
        (lambda: inarow.Solver(hash_mb=0), "hash_mb must be 1 to 32768, got 0"),
        (lambda: inarow.Solver(threads=-2), "expected a thread count from 1"),
        (lambda: inarow.Engine(level=11), "level must be 1 to 10, got 11"),
    ]:
        with pytest.raises(ValueError, match=None) as caught:
            make()
        assert words in str(caught.value)
    solver, engine = inarow.Solver(hash_mb=8), inarow.Engine(hash_mb=8)
    position = inarow.Position("4453")
    for call, words in [
        (lambda: solver.solve(position, timeout=-1), "timeout must be 0 to 10000000 seconds, got -1"),
        (lambda: solver.solve(position, nodes=-5), "nodes must be 0 to"),
        (lambda: engine.search(position, time=1e30), "time must be 0 to 10000000 seconds"),
        (lambda: engine.search(position, depth=-1), "depth must be 0 to"),
        (lambda: engine.search(position, level=0), "level must be 1 to 10, got 0"),
        (lambda: inarow.Position(width=-7), "width must be 0 to"),
        (lambda: inarow.Position.from_board([0] * 42, rows=-6), "rows must be 0 to"),
    ]:
        with pytest.raises(ValueError) as caught:
            call()
        assert words in str(caught.value), str(caught.value)
    with pytest.raises(ValueError, match="give a level or depth, time and nodes, not both"):
        engine.search(position, depth=3, level=3)
    with pytest.raises(TypeError):
        solver.solve("4453")  # type: ignore[arg-type]
    still_works(solver=solver, engine=engine)


def test_an_unsupported_connectx_game():
    agent = KaggleAgent(time=0.1)
    board = [0] * 42
    with pytest.raises(inarow.UnsupportedGameError, match="ConnectX 7x6, inarow=8: .*k is larger than the board"):
        agent({"board": board, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 8})
    with pytest.raises(inarow.UnsupportedGameError, match="ConnectX 27x6, inarow=4: a 27x6 board is not supported"):
        agent({"board": [0] * 162, "mark": 1}, {"rows": 6, "columns": 27, "inarow": 4})
    with pytest.raises(inarow.InvalidPositionError, match="observation.mark is 2, but with 0 stones"):
        agent({"board": board, "mark": 2}, {"rows": 6, "columns": 7, "inarow": 4})
    # And it plays on.
    assert agent({"board": board, "mark": 1}, {"rows": 6, "columns": 7, "inarow": 4}) == 3


def test_garbage_never_panics():
    # A panic would cross as pyo3's PanicException, a BaseException that the
    # `except ValueError` below would not catch.
    import random

    rng = random.Random(15)
    alphabet = "0123456789Pp@abcdij/[] wb-,x"
    solver, engine = inarow.Solver(hash_mb=4), inarow.Engine(hash_mb=4)
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 20)))
        for make in [
            lambda: inarow.Position(text),
            lambda: inarow.Position(text, game="tictactoe"),
            lambda: inarow.Position.from_fen(text),
            lambda: inarow.Position.from_fen(text, game="tictactoe"),
        ]:
            try:
                position = make()
            except ValueError:
                continue
            try:
                position.play(text[:3])
            except ValueError:
                pass
            if position.game == "connect4" and not position.is_terminal():
                assert solver.best_move(position, nodes=2000) in position.legal_moves() + [None]
        rows, columns = rng.randrange(0, 11), rng.randrange(0, 11)
        board = [[rng.choice([0, 0, 0, 1, 2]) for _ in range(columns)] for _ in range(rows)]
        try:
            position = inarow.Position.from_board(board)
        except ValueError:
            continue
        if not position.is_terminal():
            assert engine.best_move(position, nodes=500) in position.legal_moves()

"""Position: built from moves, a FEN or a board in every shape the environments
give, played on, and read back."""

import copy

import numpy as np
import pytest

import inarow


def test_from_moves_and_back():
    position = inarow.Position("4453")
    assert (position.game, position.width, position.height) == ("connect4", 7, 6)
    assert position.ply == 4 and position.side_to_move == 0
    assert position.moves() == "4453"
    assert position.legal_moves() == list(range(7))
    assert not position.is_terminal() and position.winner() is None
    assert repr(position) == "Position('4453')"
    assert eval(repr(position), {"Position": inarow.Position}) == position
    assert str(position).splitlines()[-2:] == [" . . O X X . .", " 1 2 3 4 5 6 7"]
    # Moves in any notation, separated by spaces or commas.
    assert inarow.Position("P@d1 P@d2, e1 c1") == position


def test_play_ints_and_text():
    position = inarow.Position()
    for move in [3, "4", "P@e1", 2]:
        position.play(move)
    assert position.moves() == "4453"
    position.play(np.int64(0))
    assert position.moves() == "44531"


def test_a_win_and_a_draw():
    position = inarow.Position("1212121")
    assert position.is_terminal() and position.winner() == 0
    assert position.legal_moves() == []
    # A full 4x4 board nobody won.
    full = inarow.Position("1234123443214321", width=4, height=4)
    assert full.is_terminal() and full.winner() is None


def test_fen_round_trip():
    position = inarow.Position("4453")
    fen = position.fen()
    assert fen == "7/7/7/7/3p3/2pPP2[PPPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 3"
    again = inarow.Position.from_fen(fen)
    assert again == position
    # No history, but Connect Four finds a move string back.
    assert again.moves() == "4453"
    small = inarow.Position.from_fen("6/6/6/6/6")
    assert (small.width, small.height) == (6, 5)


def test_board_shapes():
    position = inarow.Position("4453")
    rows = position.board()
    assert rows[-1] == [0, 0, 2, 1, 1, 0, 0] and rows[-2] == [0, 0, 0, 2, 0, 0, 0]
    flat = [cell for row in rows for cell in row]
    assert inarow.Position.from_board(flat) == position
    assert inarow.Position.from_board(flat, rows=6, columns=7) == position
    assert inarow.Position.from_board(rows) == position
    assert inarow.Position.from_board(np.array(rows, dtype=np.int8)) == position
    assert inarow.Position.from_board(np.array(rows, dtype=np.float32)) == position
    assert inarow.Position.from_board(tuple(map(tuple, rows))) == position


def test_pettingzoo_planes_are_from_the_player_to_move():
    # First player to move: plane 0 holds the first player's stones.
    position = inarow.Position("4453")
    rows = np.array(position.board())
    planes = np.stack([rows == 1, rows == 2], axis=-1).astype(np.int8)
    assert inarow.Position.from_board(planes) == position
    # Second player to move: plane 0 holds the second player's stones.
    position.play(0)
    rows = np.array(position.board())
    planes = np.stack([rows == 2, rows == 1], axis=-1).astype(np.int8)
    assert inarow.Position.from_board(planes) == position


def test_other_sizes():
    position = inarow.Position("3344", width=6, height=5)
    assert repr(position) == "Position('3344', width=6, height=5)"
    board = position.board()
    assert len(board) == 5 and len(board[0]) == 6
    assert inarow.Position.from_board(board) == position
    flat = [cell for row in board for cell in row]
    assert inarow.Position.from_board(flat, rows=5, columns=6) == position
    wide = inarow.Position(width=9, height=6)
    assert wide.legal_moves() == list(range(9))


def test_tictactoe_cells_are_numbered_from_the_top_left():
    position = inarow.Position(game="tictactoe")
    position.play(0)  # top left: a3
    position.play(4)  # centre: b2
    position.play("c1")  # bottom right: cell 8
    assert position.board() == [[1, 0, 0], [0, 2, 0], [0, 0, 1]]
    assert position.legal_moves() == [1, 2, 3, 5, 6, 7]
    assert position.moves() == "a3 b2 c1"
    assert repr(position) == "Position('a3 b2 c1', game='tictactoe')"
    assert inarow.Position.from_board(position.board(), game="tictactoe") == position
    assert inarow.Position.from_board(position.board(), game="tictactoe").moves() is None
    # O c3, X b3, O b1, X a2, O c2, X a1: the first player fills column a.
    for cell in [2, 1, 7, 3, 5, 6]:
        position.play(cell)
    assert position.is_terminal() and position.winner() == 0
    assert str(position).splitlines()[:3] == ["3 X X O", "2 X O O", "1 X O X"]


def test_copies_are_independent():
    position = inarow.Position("44")
    for other in [position.copy(), copy.copy(position), copy.deepcopy(position)]:
        other.play(0)
        assert position.moves() == "44" and other.moves() == "441"
    with pytest.raises(TypeError):
        hash(position)

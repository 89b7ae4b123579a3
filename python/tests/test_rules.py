"""Gomocup's rules from Python: renju's forbidden moves (left out of
legal_moves, refused by play, listed by forbidden_moves), renju's and caro's
wins, and the boards and rules that cannot go together."""

import pytest

import inarow

DOUBLE_THREE = "f8 a1 g8 a3 h6 a5 h7 a7"


def cell(position, square):
    """The int of a square such as h8: row by row from the top left."""
    file = ord(square[0]) - ord("a")
    rank = int(square[1:]) - 1
    return (position.height - 1 - rank) * position.width + file


def test_renju_and_caro_by_name():
    for game, rule in [("renju", "renju"), ("caro", "caro"), ("gomoku", "exact"), ("gomokufreestyle", "freestyle")]:
        position = inarow.Position(game=game)
        assert (position.game, position.rule, position.k, position.width) == (game, rule, 5, 15)
        assert eval(repr(position), {"Position": inarow.Position}).variant == position.variant
    assert inarow.Position(game="renju", width=20, height=20).variant == "renju 20x20"


def test_renju_forbids_a_double_three_to_black():
    position = inarow.Position(DOUBLE_THREE, game="renju")
    h8 = cell(position, "h8")
    assert position.forbidden_moves() == [h8]
    assert h8 not in position.legal_moves()
    with pytest.raises(inarow.IllegalMoveError, match="forbidden to Black under renju"):
        position.play("h8")
    assert position.ply == 8, "the position is unchanged"
    # White has no forbidden move; under exactly five nothing is forbidden.
    position.play("o15")
    assert position.forbidden_moves() == []
    standard = inarow.Position(DOUBLE_THREE, game="gomoku")
    assert standard.forbidden_moves() == [] and h8 in standard.legal_moves()


def test_renju_white_wins_with_six_and_caro_needs_an_open_end():
    white = inarow.Position("o1 c8 o3 d8 o5 e8 o7 g8 o9 h8 a15 f8", game="renju")
    assert white.is_terminal() and white.winner() == 1
    black = inarow.Position("c8 o1 d8 o3 e8 o5 g8 o7 h8 o9", game="renju")
    assert cell(black, "f8") in black.forbidden_moves()
    blocked = inarow.Position("c8 b8 d8 h8 e8 o1 f8 o3 g8", game="caro")
    assert not blocked.is_terminal()
    opened = inarow.Position("c8 b8 d8 o1 e8 o3 f8 o5 g8", game="caro")
    assert opened.is_terminal() and opened.winner() == 0


def test_rules_a_board_cannot_take_are_refused():
    for arguments in [
        {"game": "renju", "k": 4},
        {"game": "caro", "gravity": True},
        {"game": "renju", "exact": False},
        {"game": "renju 4x4"},
    ]:
        with pytest.raises(inarow.UnsupportedGameError):
            inarow.Position(**arguments)
    # A renju board where Black has six in a row.
    six = inarow.Position("c8 a1 d8 a3 e8 a5 f8 a7 h8 a9 g8 a11", game="gomoku").fen()
    with pytest.raises(inarow.InvalidPositionError, match="overline"):
        inarow.Position.from_fen(six, game="renju")

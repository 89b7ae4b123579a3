"""Engine: the move, its score and its line within depth, time and node
limits, and the levels of `inarow play`."""

import time

import pytest

import inarow


def test_search_returns_a_move_its_score_and_line():
    engine = inarow.Engine(hash_mb=16)
    position = inarow.Position("4453")
    result = engine.search(position, depth=8)
    assert result.move in position.legal_moves()
    assert result.pv[0] == result.move and len(result.pv) >= 2
    assert result.depth == 8 and result.nodes > 0 and result.source == "search"
    assert result.score.kind == "heuristic" and not result.score.proven
    assert result.score.pons is None and str(result.score).startswith(("+", "-"))
    assert repr(result).startswith(f"SearchResult(move={result.move}, ")


def test_proven_scores():
    engine = inarow.Engine(hash_mb=16)
    # The first player wins at once in column 1 (index 0).
    win = engine.search(inarow.Position("121212"), time=0.5)
    assert win.move == 0 and win.source == "solver"
    assert (win.score.kind, win.score.plies, win.score.mate) == ("win", 1, 1)
    assert win.score.pons == 18 and win.score.proven
    assert str(win.score) == "wins in 1 move"
    assert repr(win.score) == "Score('win', plies=1, pons=18)"
    # The empty board is in the book.
    book = engine.search(inarow.Position(), time=0.5)
    assert (book.move, book.source, book.score.pons) == (3, "book", 1)
    # Tic-tac-toe is solved outright: a draw.
    draw = engine.search(inarow.Position(game="tictactoe"), time=0.5)
    assert draw.score.kind == "draw" and draw.score.pons == 0


def test_limits():
    engine = inarow.Engine(hash_mb=16, book=False)
    empty = inarow.Position()
    start = time.perf_counter()
    result = engine.search(empty, time=0.2)
    assert time.perf_counter() - start < 1.0
    assert result.move in range(7)
    assert engine.search(empty, nodes=5000).nodes <= 5000 * 2
    both = engine.search(empty, depth=4, time=5.0)
    assert both.depth == 4
    # Stopped before the first iteration, a search still has a move.
    early = engine.search(inarow.Position("4453"), nodes=0)
    assert early.move in range(7) and early.pv == [early.move]


def test_levels_play_legal_moves_and_take_wins():
    position = inarow.Position("121212")
    for level in range(1, 11):
        engine = inarow.Engine(hash_mb=4, level=level, seed=level)
        assert engine.level == level
        assert engine.best_move(position) == 0, f"level {level}"
        assert engine.search(inarow.Position("44"), level=level).move in range(7)
    # A seed gives the same choices again.
    moves = [
        [inarow.Engine(hash_mb=4, seed=7).best_move(inarow.Position("4"), level=2) for _ in range(3)]
        for _ in range(2)
    ]
    assert moves[0] == moves[1]


def test_tictactoe_is_never_lost():
    # The engine plays second, against every first move and a naive opponent.
    engine = inarow.Engine(hash_mb=4)
    for first in range(9):
        position = inarow.Position(game="tictactoe")
        position.play(first)
        while not position.is_terminal():
            position.play(engine.best_move(position, time=0.2))
            if position.is_terminal():
                break
            position.play(position.legal_moves()[0])
        assert position.winner() != 0, position.moves()

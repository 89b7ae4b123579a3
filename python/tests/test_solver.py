"""Solver: the same scores as `inarow analyze` and `inarow solve`, its limits,
its table kept between calls, and the GIL released while it works."""

import random
import threading
import time

import pytest

import inarow
from conftest import read_set, run_inarow


def analyze_cli(moves: list[str], size: str = "7x6") -> list[list[int | None]]:
    """`inarow analyze` on these move strings: a score per column, None where full."""
    out = run_inarow(["analyze", "--size", size], "".join(m + "\n" for m in moves))
    rows = []
    for line, moves_given in zip(out.splitlines(), moves):
        fields = line.split()
        if moves_given == "":
            fields = [""] + fields
        assert fields[0] == moves_given
        rows.append([None if f == "-" else int(f) for f in fields[1:]])
    return rows


def test_analyze_matches_the_cli_on_pons_sets():
    # Spread over every set but the hardest (Test_L1_R3): a few seconds in all.
    cases = read_set("Test_L3_R1", every=100) + read_set("Test_L2_R1", every=100)
    cases += read_set("Test_L2_R2", every=100) + read_set("Test_L1_R1", every=200)
    cases += read_set("Test_L1_R2", every=250)
    moves = [m for m, _ in cases]
    expected = analyze_cli(moves)
    solver = inarow.Solver()
    for (line, score), want in zip(cases, expected):
        solver.clear()
        position = inarow.Position(line)
        got = solver.analyze(position)
        assert got == want, line
        # The position's score is its best column's, as Pons's set says.
        assert max(s for s in got if s is not None) == score == solver.solve(position), line


def random_position(rng: random.Random, width: int, height: int, plies: int) -> inarow.Position:
    """A position after random moves that does not end the game."""
    while True:
        position = inarow.Position(width=width, height=height)
        for _ in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            position.play(rng.choice(moves))
        if not position.is_terminal():
            return position


def test_analyze_matches_the_cli_on_6x5():
    rng = random.Random(15)
    positions = [random_position(rng, 6, 5, rng.randrange(4, 20)) for _ in range(12)]
    positions.append(inarow.Position(width=6, height=5))
    expected = analyze_cli([p.moves() for p in positions], "6x5")
    solver = inarow.Solver(hash_mb=16)
    for position, want in zip(positions, expected):
        assert solver.analyze(position) == want, position.moves()
    # The empty 6x5 board is a draw.
    assert solver.solve(inarow.Position(width=6, height=5)) == 0


def test_weak_and_best_moves_agree_with_the_scores():
    solver = inarow.Solver()
    for line, score in read_set("Test_L2_R1", every=125):
        position = inarow.Position(line)
        assert solver.solve_weak(position) == (score > 0) - (score < 0)
        weak = solver.analyze(position, weak=True)
        strong = solver.analyze(position)
        assert weak == [None if s is None else (s > 0) - (s < 0) for s in strong]
        best = solver.best_move(position)
        assert strong[best] == score, line


def test_the_book_answers_the_opening():
    solver = inarow.Solver()
    assert solver.book
    assert solver.solve(inarow.Position()) == 1
    assert solver.best_move(inarow.Position()) == 3
    assert solver.nodes == 0
    assert not inarow.Solver(hash_mb=8, book=False).book


def test_limits_give_up_and_the_table_persists():
    solver = inarow.Solver(book=False)
    empty = inarow.Position()
    assert solver.solve(empty, nodes=1000) is None
    assert solver.analyze(empty, timeout=0.01) is None
    assert solver.best_move(empty, timeout=0) is None
    # What one call learns, the next uses.
    position = inarow.Position("2416615552")
    solver.clear()
    start = time.perf_counter()
    assert solver.solve(position) == 4
    first, first_time = solver.nodes, time.perf_counter() - start
    start = time.perf_counter()
    assert solver.solve(position) == 4
    assert solver.nodes - first < first / 100
    assert time.perf_counter() - start < first_time
    solver.clear()
    assert solver.nodes == 0


def test_threads_give_the_same_scores():
    solver = inarow.Solver(threads=inarow.max_threads())
    for line, score in read_set("Test_L2_R2", every=250):
        assert solver.solve(inarow.Position(line)) == score


def test_a_solve_releases_the_gil():
    solver = inarow.Solver(book=False)
    ticks = 0
    done = threading.Event()

    def solve():
        solver.solve(inarow.Position("4453"), timeout=0.3)
        done.set()

    worker = threading.Thread(target=solve)
    worker.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    # The main thread ran all along: a tick a millisecond or so, not one or two.
    assert ticks > 50


def test_tictactoe_is_solved_exactly():
    solver = inarow.Solver(hash_mb=4)
    # The empty board is a draw; an edge answer to the centre loses: the
    # first player wins with its fourth stone (5 - 4 + 1 = 2).
    assert solver.solve(inarow.Position(game="tictactoe")) == 0
    assert solver.solve(inarow.Position("b2 a2", game="tictactoe")) == 2
    assert solver.solve_weak(inarow.Position("b2 a2", game="tictactoe")) == 1
    # Every cell by its int, row by row from the top left; the centre is 4.
    scores = solver.analyze(inarow.Position("b2", game="tictactoe"))
    assert len(scores) == 9 and scores[4] is None
    corners, edges = [scores[i] for i in (0, 2, 6, 8)], [scores[i] for i in (1, 3, 5, 7)]
    assert corners == [0, 0, 0, 0] and edges == [-2, -2, -2, -2], scores
    best = solver.best_move(inarow.Position("b2", game="tictactoe"))
    assert best in (0, 2, 6, 8)
    # X to move wins at once on a2 (the int 3), with its third stone.
    position = inarow.Position("a1 b2 a3 c1", game="tictactoe")
    assert solver.solve(position) == 3 and solver.best_move(position) == 3

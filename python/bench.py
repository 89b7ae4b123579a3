"""Times the Python package against the `inarow` program, in one run.

    target/python/venv/bin/python python/bench.py [--set Test_L2_R2] [--rounds 2]

- `solve` through Python against `inarow solve` on one of Pons's sets: each
  position solved from an empty table, as the program does, each in a fresh
  process, the two taking turns set by set so the machine's load falls on
  both; the wall time of each call, and the CPU time of each run.
- Kaggle's agent: a move from the empty board and from ply 8 (random
  positions), with the book, in a process of its own: the first move (which
  makes the tables) and the later ones.

Pons's sets come from $INAROW_PONS_DIR, else ../shared/data/pons; the program
from $INAROW_BIN, else target/release/inarow.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time

REPO = pathlib.Path(__file__).resolve().parents[1]

# Python puts this script's folder first on the path, and there the source
# tree's inarow/ (without the compiled module) would shadow the installed one.
sys.path = [p for p in sys.path if pathlib.Path(p or ".").resolve() != REPO / "python"]


def pons_set(name: str) -> list[str]:
    directory = pathlib.Path(os.environ.get("INAROW_PONS_DIR") or REPO / ".." / "shared" / "data" / "pons")
    return [line.split()[0] for line in (directory / name).read_text().splitlines() if line.strip()]


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_solve(moves: list[str]) -> tuple[list[float], float]:
    """`inarow solve`'s own time per position in seconds, and the CPU time of
    the whole run."""
    program = os.environ.get("INAROW_BIN") or str(REPO / "target" / "release" / "inarow")
    before = cpu_of_children()
    out = subprocess.run(
        [program, "solve"], input="\n".join(moves) + "\n", capture_output=True, text=True, check=True
    ).stdout
    return [int(line.split()[3]) / 1e6 for line in out.splitlines()], cpu_of_children() - before


# Each position from an empty table, as `inarow solve` does; the time of the
# `solve` call alone.
PYTHON_SOLVE = """
import sys, time
import inarow
solver = inarow.Solver()
for line in sys.stdin.read().split():
    solver.clear()
    position = inarow.Position(line)
    start = time.perf_counter()
    solver.solve(position)
    print(time.perf_counter() - start)
"""


def python_solve(moves: list[str]) -> tuple[list[float], float]:
    """The time of each `Solver.solve` call, and the CPU time of the whole run,
    in a fresh process as the program gets: under load the scheduler favours
    new processes, so a long-lived one would be timed unfairly."""
    before = cpu_of_children()
    out = subprocess.run(
        [sys.executable, "-c", PYTHON_SOLVE],
        input="\n".join(moves) + "\n",
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    ).stdout
    return [float(t) for t in out.split()], cpu_of_children() - before


def agent_times(plies: int, moves: int, seed: int) -> list[float]:
    """Kaggle agent moves on random positions with `plies` stones, in a fresh process."""
    code = f"""
import random, time
import inarow
from inarow.agents import kaggle_agent
rng = random.Random({seed})
times = []
for _ in range({moves}):
    while True:
        p = inarow.Position()
        for _ in range({plies}):
            p.play(rng.choice(p.legal_moves()))
        if not p.is_terminal() and p.ply == {plies}:
            break
    board = [c for row in p.board() for c in row]
    start = time.perf_counter()
    kaggle_agent({{"board": board, "mark": p.side_to_move + 1}},
                 {{"rows": 6, "columns": 7, "inarow": 4, "actTimeout": 2}})
    times.append(time.perf_counter() - start)
print(" ".join(str(t) for t in times))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(t) for t in out.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", default="Test_L2_R2")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    moves = pons_set(args.set)
    cli, calls, cli_cpu, python_cpu = [], [], 0.0, 0.0
    for _ in range(args.rounds):
        times, cpu = cli_solve(moves)
        cli += times
        cli_cpu += cpu
        times, cpu = python_solve(moves)
        calls += times
        python_cpu += cpu
    mean = statistics.mean
    print(f"{args.set}: {len(moves)} positions x {args.rounds} rounds, taking turns")
    print(f"  inarow solve   mean {mean(cli) * 1e6:8.1f} us a position; CPU {cli_cpu:.2f} s in all")
    print(
        f"  Solver.solve   mean {mean(calls) * 1e6:8.1f} us a call ({mean(calls) / mean(cli) - 1:+.1%}); "
        f"CPU {python_cpu:.2f} s in all, Python's start included ({python_cpu / cli_cpu - 1:+.1%})"
    )

    for plies in (0, 8):
        times = agent_times(plies, 20, seed=plies + 1)
        later = times[1:]
        print(
            f"kaggle_agent from ply {plies}: first move {times[0] * 1e3:.0f} ms (makes the tables); "
            f"then mean {mean(later) * 1e3:.1f} ms, worst {max(later) * 1e3:.1f} ms over {len(later)} moves"
        )


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Renju's forbidden points, inarow against a reference brain: seeded random
# renju positions, each asked of both with YXBOARD and YXSHOWFORBID, and
# how many answers agree.
#
# Usage: bench/gomoku/forbid-check.sh REFERENCE [POSITIONS] [SEED]
#   REFERENCE  a Piskvork brain that answers YXSHOWFORBID (Rapfi, built
#              outside this repository); it runs in its own directory.
#   POSITIONS  how many positions (1000)
#   SEED       the seed of the positions (1)
# INAROW=path takes that inarow binary instead of building one.
#
# A position is a random game on 15x15 under renju: each stone goes near
# the stones already down (Black's more often near Black's), Black never on
# a point the reference forbids, and no one makes five; it ends with Black to
# move, after 10 to 80 stones. The reference also says which of Black's
# moves are allowed, so inarow must take every position (an ERROR is a
# disagreement).
set -euo pipefail

if [[ $# -lt 1 ]]; then
    sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
reference=$(realpath "$1")
positions=${2:-1000}
seed=${3:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
if [[ -z "${INAROW:-}" ]]; then
    cargo build --release --quiet --manifest-path "$root/Cargo.toml" --bin inarow
    INAROW="$root/target/release/inarow"
fi

exec python3 - "$INAROW" "$reference" "$positions" "$seed" <<'PYTHON'
import os
import random
import subprocess
import sys

inarow, reference, positions, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
SIZE = 15


class Brain:
    def __init__(self, command, cwd):
        self.process = subprocess.Popen(
            command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, *lines):
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self, prefix):
        """The lines up to one that starts with `prefix`: (that line, errors before it)."""
        errors = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"{self.process.args[0]} exited")
            line = line.strip()
            if line.startswith(prefix):
                return line, errors
            if line.startswith("ERROR"):
                errors.append(line)

    def forbidden(self, stones):
        """The points YXSHOWFORBID gives on `stones` (Black first, alternating)."""
        lines = ["YXBOARD"]
        for i, (x, y) in enumerate(stones):
            lines.append(f"{x},{y},{1 if i % 2 == 0 else 2}")
        lines += ["DONE", "YXSHOWFORBID"]
        self.send(*lines)
        line, errors = self.answer("FORBID")
        digits = line[len("FORBID"):].strip().rstrip(".")
        points = {(int(digits[i:i + 2]), int(digits[i + 2:i + 4])) for i in range(0, len(digits), 4)}
        return points, errors

    def close(self):
        self.send("END")
        self.process.wait(timeout=10)


def makes_five(board, x, y, colour):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while 0 <= cx < SIZE and 0 <= cy < SIZE and board.get((cx, cy)) == colour:
                run += 1
                cx, cy = cx + sign * dx, cy + sign * dy
        if run >= 5:
            return True
    return False


def near(board, colour=None, reach=2):
    cells = set()
    for (x, y), c in board.items():
        if colour is not None and c != colour:
            continue
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                p = (x + dx, y + dy)
                if 0 <= p[0] < SIZE and 0 <= p[1] < SIZE and p not in board:
                    cells.add(p)
    return sorted(cells)


def position(rng, ref):
    """A random renju game's stones, Black first, ending with Black to move."""
    length = 2 * rng.randint(5, 40)
    stones, board = [], {}
    while len(stones) < length:
        colour = len(stones) % 2
        if not stones:
            choices = [(rng.randint(4, 10), rng.randint(4, 10))]
        else:
            own = near(board, colour) if colour == 0 and rng.random() < 0.7 else []
            choices = own or near(board)
            if colour == 0:
                banned, _ = ref.forbidden(stones)
                choices = [p for p in choices if p not in banned]
            choices = [p for p in choices if not makes_five(board, *p, colour)]
        if not choices:
            break
        move = rng.choice(choices)
        stones.append(move)
        board[move] = colour
    if len(stones) % 2:
        stones.pop()
    return stones


def main():
    mine = Brain([inarow, "piskvork"], cwd=None)
    ref = Brain([reference], cwd=os.path.dirname(reference))
    for brain in (mine, ref):
        brain.send("INFO rule 4", "START 15")
        brain.answer("OK")
    agree = with_forbidden = points = 0
    shown = 0
    for i in range(positions):
        rng = random.Random(seed * 1_000_003 + i)
        stones = position(rng, ref)
        theirs, _ = ref.forbidden(stones)
        ours, errors = mine.forbidden(stones)
        with_forbidden += bool(theirs)
        points += len(theirs)
        if ours == theirs and not errors:
            agree += 1
        elif shown < 10:
            shown += 1
            moves = " ".join(f"{x},{y}" for x, y in stones)
            print(f"position {i}: {moves}", file=sys.stderr)
            print(f"  reference {sorted(theirs)}", file=sys.stderr)
            print(f"  inarow    {sorted(ours)} {' '.join(errors)}", file=sys.stderr)
    mine.close()
    ref.close()
    print(f"positions {positions} (seed {seed}), with a forbidden point {with_forbidden}, "
          f"forbidden points {points}")
    print(f"agree {agree}/{positions}")
    return 0 if agree == positions else 1


sys.exit(main())
PYTHON

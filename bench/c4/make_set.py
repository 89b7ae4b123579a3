#!/usr/bin/env python3
"""Makes a set of Connect-Four positions on any board, as `bench.sh --size WxH
--set FILE` reads them: "moves score" a line, Pons's move strings (columns 1
to 9, then A to G).

    bench/c4/make_set.py --size 9x7 --stones 18 --count 60 --seed 1 \\
        --c4 C4_DIR --inarow target/release/inarow [--min-nodes N] [--hash MIB]

Each candidate is a random game of `--stones` moves, the moves drawn from a
seeded generator of our own (SplitMix64, so the same seed gives the same
games with any Python), kept if no one has won, the side to move cannot win
at once, and no earlier candidate reached the same position. c4 (built for
the board by bench/c4/build.sh, one thread) solves each; a candidate is kept
if c4 searched at least `--min-nodes` nodes (a node count, unlike a time,
does not depend on the machine). inarow then solves every kept position, and
the two scores must agree: the set is written only if they all do, with the
score both gave. Progress and the tally go to stderr, the set to stdout.
"""

import argparse
import subprocess
import sys

MASK64 = (1 << 64) - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64: a tiny generator whose output is fixed
    by its definition, so a seed names the same set forever."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        """A number in 0..n, by rejection (no modulo bias)."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next()
            if value < limit:
                return value % n


def column_char(col):
    return str(col + 1) if col < 9 else chr(ord("A") + col - 9)


def wins(board, width, height, col, row, player):
    """Whether `player`'s stone at (col, row) completes four in a row."""
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < width and 0 <= r < height and board[c][r] == player:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def random_game(rng, width, height, stones):
    """A move string of `stones` random moves that no one has won and after
    which the side to move cannot win at once, or None."""
    board = [[0] * height for _ in range(width)]
    heights = [0] * width
    moves = []
    for ply in range(stones):
        player = 1 + ply % 2
        open_cols = [c for c in range(width) if heights[c] < height]
        col = open_cols[rng.below(len(open_cols))]
        row = heights[col]
        if wins(board, width, height, col, row, player):
            return None
        board[col][row] = player
        heights[col] += 1
        moves.append(col)
    mover = 1 + stones % 2
    for col in range(width):
        if heights[col] < height and wins(board, width, height, col, heights[col], mover):
            return None
    key = tuple(tuple(column) for column in board)
    return "".join(column_char(c) for c in moves), key


def solve(command, positions):
    """Runs a solver that prints "moves score nodes micros" a line."""
    result = subprocess.run(
        command, input="\n".join(positions) + "\n", capture_output=True, text=True, check=True
    )
    rows = [line.split() for line in result.stdout.splitlines()]
    if len(rows) != len(positions) or any(len(row) < 3 for row in rows):
        sys.exit(f"make_set.py: {command[0]} answered {len(rows)} lines for {len(positions)}")
    return [(row[0], int(row[1]), int(row[2])) for row in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", required=True, help="the board, WxH")
    parser.add_argument("--stones", type=int, required=True)
    parser.add_argument("--count", type=int, required=True, help="positions in the set")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--c4", required=True, help="a directory of bench/c4/build.sh")
    parser.add_argument("--inarow", required=True, help="an inarow binary")
    parser.add_argument("--min-nodes", type=int, default=100_000)
    parser.add_argument("--hash", type=int, default=1100, help="inarow's table, MiB")
    parser.add_argument("--batch", type=int, default=20, help="candidates c4 solves at a time")
    args = parser.parse_args()
    width, height = (int(part) for part in args.size.split("x"))

    rng = SplitMix64(args.seed)
    seen = set()
    kept = []
    tried = 0
    while len(kept) < args.count:
        batch = []
        while len(batch) < args.batch:
            game = random_game(rng, width, height, args.stones)
            if game is None or game[1] in seen:
                continue
            seen.add(game[1])
            batch.append(game[0])
        tried += len(batch)
        for moves, score, nodes in solve([f"{args.c4}/c4-driver-t1"], batch):
            if nodes >= args.min_nodes and len(kept) < args.count:
                kept.append((moves, score))
        print(f"make_set.py: {len(kept)} kept of {tried} candidates", file=sys.stderr)

    ours = solve(
        [args.inarow, "solve", "--no-book", "--size", args.size, "--hash", str(args.hash)],
        [moves for moves, _ in kept],
    )
    disagree = [(m, s, o[1]) for (m, s), o in zip(kept, ours) if s != o[1]]
    for moves, theirs, mine in disagree:
        print(f"make_set.py: {moves}: c4 scores {theirs}, inarow {mine}", file=sys.stderr)
    if disagree:
        sys.exit(f"make_set.py: {len(disagree)} of {len(kept)} scores disagree; no set written")
    print(f"make_set.py: c4 and inarow agree on all {len(kept)} scores", file=sys.stderr)
    for moves, score in kept:
        print(moves, score)


if __name__ == "__main__":
    main()

// A game of any member of the family, as the page keeps it: the rules, the
// cells and the moves; which moves are legal, and who has won.

import { gameName } from './family.js';

/** How the board looks: 'frame' (a frame stones drop into, red and yellow)
 * for every game with gravity, 'paper' (X and O) for boards up to 3x3, and
 * 'goban' (black and white stones on a wooden grid) for the rest. */
export function styleOf(rules) {
  if (rules.gravity) return 'frame';
  return rules.width <= 3 && rules.height <= 3 ? 'paper' : 'goban';
}

export function emptyCells(width, height) {
  return Array.from({ length: height }, () => new Array(width).fill(0));
}

/** A game of `rules` from the empty board: `cells[rank][file]` holds 0
 * (empty), 1 (first) or 2 (second). */
export function newGame(rules) {
  const { width, height, k, gravity } = rules;
  return {
    rules: Object.assign({}, rules),
    style: styleOf(rules),
    width,
    height,
    k,
    gravity,
    exact: rules.exact,
    exactBy: rules.exactBy || [!!rules.exact, !!rules.exact],
    unblocked: !!rules.unblocked,
    forbids: !!rules.forbids,
    cells: emptyCells(width, height),
    moves: [], // {file, rank, player, by: 'human'|'engine'|'user'}
  };
}

/** The server's name of the game, '' until it has named it. */
export function variantOf(g) {
  return gameName(g.rules);
}

export function toMove(g) {
  return g.moves.length % 2 === 0 ? 1 : 2;
}

export function dropRank(g, file) {
  for (let r = 0; r < g.height; r++) if (g.cells[r][file] === 0) return r;
  return -1;
}

export function isLegal(g, file, rank) {
  if (file < 0 || file >= g.width || rank < 0 || rank >= g.height) return false;
  if (g.cells[rank][file] !== 0) return false;
  return !g.gravity || dropRank(g, file) === rank;
}

export function play(g, file, rank, by) {
  const player = toMove(g);
  g.cells[rank][file] = player;
  g.moves.push({ file, rank, player, by });
}

export function unplay(g) {
  const m = g.moves.pop();
  if (m) g.cells[m.rank][m.file] = 0;
  return m;
}

/** Every cell in a winning line: a run of `k` or more stones of one
 * colour, or of exactly `k` when `exact` (a longer run, an overline, does
 * not win; `exact` may be a pair, one for each player), and with
 * `unblocked` not a run the other colour's stones block at both ends (the
 * edge blocks nothing). {player, cells: Set("f,r")} or null. */
export function findWin(cells, width, height, k, exact, unblocked = false) {
  const won = new Set();
  let winner = 0;
  const dirs = [[1, 0], [0, 1], [1, 1], [1, -1]];
  const at = (f, r) => (f >= 0 && f < width && r >= 0 && r < height ? cells[r][f] : 0);
  for (let r = 0; r < height; r++) {
    for (let f = 0; f < width; f++) {
      const p = cells[r][f];
      if (!p) continue;
      for (const [df, dr] of dirs) {
        if (at(f - df, r - dr) === p) continue; // not the start of its run
        const line = [];
        let ff = f;
        let rr = r;
        while (at(ff, rr) === p) {
          line.push(`${ff},${rr}`);
          ff += df;
          rr += dr;
        }
        const exactly = Array.isArray(exact) ? exact[p - 1] : exact;
        const blocked = unblocked && at(f - df, r - dr) === 3 - p && at(ff, rr) === 3 - p;
        if ((exactly ? line.length === k : line.length >= k) && !blocked) {
          winner = winner || p;
          line.forEach((c) => won.add(c));
        }
      }
    }
  }
  return winner ? { player: winner, cells: won } : null;
}

function isFull(cells) {
  return cells.every((row) => row.every((c) => c !== 0));
}

/** '1-0', '0-1', '1/2-1/2' or null. */
export function outcome(g) {
  const win = findWin(g.cells, g.width, g.height, g.k, g.exactBy, g.unblocked);
  if (win) return win.player === 1 ? '1-0' : '0-1';
  return isFull(g.cells) ? '1/2-1/2' : null;
}

/** The players' names in a game of this look: Red and Yellow in the
 * frame, X and O on paper, Black and White on the goban. */
export function sideName(style, player) {
  if (style === 'paper') return player === 1 ? 'X' : 'O';
  if (style === 'goban') return player === 1 ? 'Black' : 'White';
  return player === 1 ? 'Red' : 'Yellow';
}

// Drawing the board: a frame stones drop into where they fall, paper with
// X and O for boards up to 3x3, a goban with its coordinates for the rest.

import { $ } from './state.js';
import { FILES } from './notation.js';
import { dropRank } from './game.js';

/** The board's element. */
export const board = $('board');

/** Draws `cells` of a width x height board, marking `last` ({file,rank}),
 * `win` (a Set of "f,r"), `marks` (a Set of "f,r" for best moves) and
 * `forbidden` (a Map of "f,r" to the shape that forbids the side to move
 * that square).
 * `style` is how it looks (see styleOf): 'frame' draws columns to drop
 * stones into, 'paper' and 'goban' squares to click; the goban carries its
 * file letters and rank numbers. `variant` is the server's name of the
 * game ('' until it has named it). */
export function drawBoard(opts) {
  const { variant, style, width, height, cells, last, win, marks, clickable } = opts;
  const forbidden = opts.forbidden || null;
  board.className = `board ${style}`;
  board.dataset.turn = opts.turn || '';
  board.dataset.variant = variant;
  board.dataset.style = style;
  board.dataset.width = width;
  board.dataset.height = height;
  const wrap = $('board-wrap');
  for (const el of [board, wrap]) {
    el.style.setProperty('--cols', width);
    el.style.setProperty('--rows', height);
  }
  wrap.className = `board-wrap ${style}`;
  board.textContent = '';
  if (style === 'frame') {
    for (let f = 0; f < width; f++) {
      const col = document.createElement('button');
      col.type = 'button';
      col.className = 'col';
      col.dataset.col = f;
      const top = dropRank({ cells, width, height }, f);
      col.dataset.full = top < 0 ? '1' : '0';
      col.disabled = !clickable || top < 0;
      col.setAttribute('aria-label', `Column ${f + 1}${top < 0 ? ' (full)' : ''}`);
      for (let r = height - 1; r >= 0; r--) {
        const c = cell(f, r, cells, last, win, marks, false, forbidden);
        if (r === top) c.classList.add('next');
        col.appendChild(c);
      }
      board.appendChild(col);
    }
  } else {
    const labelled = style === 'goban';
    for (let r = height - 1; r >= 0; r--) {
      if (labelled) board.appendChild(label('rank-label', String(r + 1)));
      for (let f = 0; f < width; f++) {
        const sq = cell(f, r, cells, last, win, marks, true, forbidden);
        sq.disabled = !clickable || cells[r][f] !== 0;
        if (labelled) gridEdges(sq, f, r, width, height);
        board.appendChild(sq);
      }
    }
    if (labelled) {
      board.appendChild(label('corner', ''));
      for (let f = 0; f < width; f++) board.appendChild(label('file-label', FILES[f]));
    }
  }
  const files = $('files');
  files.textContent = '';
  files.hidden = style !== 'frame';
  for (let f = 0; f < width && style === 'frame'; f++) {
    const s = document.createElement('span');
    s.innerHTML = `${f + 1}<small>${FILES[f]}</small>`;
    files.appendChild(s);
  }
}

/** A coordinate on the goban's margin. */
function label(cls, text) {
  const el = document.createElement('span');
  el.className = cls;
  el.textContent = text;
  el.setAttribute('aria-hidden', 'true');
  return el;
}

/** Marks a square on the edge of the goban's grid, where its lines stop at
 * the stone's point; and the centre and the classic star points. */
function gridEdges(sq, f, r, width, height) {
  if (f === 0) sq.classList.add('edge-l');
  if (f === width - 1) sq.classList.add('edge-r');
  if (r === 0) sq.classList.add('edge-b');
  if (r === height - 1) sq.classList.add('edge-t');
  const star = (n, i) => (n % 2 === 1 && i === (n - 1) / 2) || (n >= 13 && (i === 3 || i === n - 4));
  if (width >= 9 && height >= 9 && star(width, f) && star(height, r)) sq.classList.add('star');
}

function cell(f, r, cells, last, win, marks, asButton, forbidden) {
  const el = document.createElement(asButton ? 'button' : 'span');
  if (asButton) el.type = 'button';
  const p = cells[r][f];
  el.className = 'cell';
  el.dataset.file = f;
  el.dataset.rank = r;
  el.dataset.player = p;
  if (asButton) {
    el.setAttribute('aria-label', `${FILES[f]}${r + 1}${p ? ` ${p === 1 ? 'first' : 'second'}` : ''}`);
    const coord = document.createElement('span');
    coord.className = 'coord';
    coord.textContent = `${FILES[f]}${r + 1}`;
    el.appendChild(coord);
  }
  const key = `${f},${r}`;
  if (p) {
    const piece = document.createElement('span');
    piece.className = `piece p${p}`;
    el.appendChild(piece);
  }
  if (last && last.file === f && last.rank === r) el.classList.add('last');
  if (win && win.has(key)) el.classList.add('won');
  if (marks && marks.has(key) && !p) el.classList.add('mark');
  if (forbidden && forbidden.has(key) && !p) {
    el.classList.add('forbidden');
    el.dataset.forbidden = forbidden.get(key);
    el.title = `Forbidden: ${forbidden.get(key)}`;
    if (asButton) el.setAttribute('aria-label', `${FILES[f]}${r + 1} forbidden (${forbidden.get(key)})`);
  }
  return el;
}

// Play and analysis: the game on the board, the engine's moves, every
// move's score, the status and the move list.

import { $, state, showError, clearError, signed } from './state.js';
import { gameTitle, lineName, learnGame } from './family.js';
import { newGame, variantOf, toMove, dropRank, isLegal, play, unplay, findWin, outcome, sideName } from './game.js';
import { notation, parseNotation, movesString } from './notation.js';
import { ApiError, api, cancelPending, beginRequest, endRequest, positionBody, positionKey } from './api.js';
import { board, drawBoard } from './draw.js';
import { FILES } from './notation.js';

/** Connect Four's cells: the boards up to this size get the server's
 * default budget for their first analysis. */
const SMALL_BOARD_CELLS = 42;

export function startNewGame() {
  cancelPending();
  state.lastEngine = null;
  state.analysis = null;
  state.analysisError = null;
  state.game = newGame(state.rules);
  clearError();
  afterChange();
}

export function gameOver() {
  return outcome(state.game) !== null;
}

function engineToMove() {
  if (state.mode !== 'play' || gameOver()) return false;
  const humanPlayer = state.human === 'first' ? 1 : 2;
  return toMove(state.game) !== humanPlayer;
}

/** The squares the side to move may not play here, a Map of "f,r" to the
 * shape that forbids it, once the server has said; null before. */
function forbiddenNow(g) {
  const f = state.forbidden;
  return f && f.game === g && f.key === positionKey(g) ? f.squares : null;
}

/** Where the rules forbid some moves to the first player and it is to
 * move, asks the server which (POST /api/v1/position) and redraws. */
async function learnForbidden(g) {
  if (!g.forbids || toMove(g) !== 1 || outcome(g)) return;
  const key = positionKey(g);
  try {
    const data = await api('/api/v1/position', positionBody(g));
    if (state.game !== g || positionKey(g) !== key) return;
    const squares = new Map(data.forbidden.map((s) => [`${s.file},${s.rank}`, s.shape]));
    state.forbidden = { game: g, key, squares };
    renderGame();
  } catch (e) {
    showError(e, 'The forbidden points could not be read');
  }
}

/** Redraws, then asks the engine to move or analyses, as the mode wants. */
export function afterChange() {
  learnForbidden(state.game);
  renderGame();
  if (state.mode === 'play' && engineToMove() && !state.thinking) {
    engineMove();
  } else if (state.mode === 'analysis') {
    analyse();
  }
}

export async function engineMove() {
  const g = state.game;
  const { token, signal } = beginRequest();
  state.thinking = true;
  renderGame();
  const body = Object.assign(positionBody(g), { level: state.level });
  try {
    const started = performance.now();
    const answer = await api('/api/v1/move', body, signal);
    endRequest(token);
    // Let a very quick answer show "thinking" for a moment, so the move is seen.
    const wait = 250 - (performance.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (token !== state.token) return;
    state.thinking = false;
    let file = Number(answer.file);
    let rank = Number(answer.rank);
    if (!Number.isInteger(file) || !Number.isInteger(rank)) {
      const parsed = parseNotation(answer.move);
      if (!parsed) throw new ApiError(`The engine's move '${answer.move}' cannot be read.`, 'internal', 200);
      ({ file, rank } = parsed);
    }
    if (!isLegal(g, file, rank)) {
      throw new ApiError(`The engine answered an illegal move, ${answer.move}.`, 'internal', 200);
    }
    play(g, file, rank, 'engine');
    state.lastEngine = answer;
    afterChange();
  } catch (e) {
    if (token !== state.token) return;
    state.thinking = false;
    renderGame();
    showError(e, 'The engine could not move');
  }
}

/** The first analysis's budget of a position: the server's default on
 * boards of up to Connect Four's 42 cells, where the book and the solver
 * answer most positions exactly within it, and a few seconds on larger
 * boards, where the solver often proves only bounds ("Think longer" asks for
 * the most allowed). */
function quickMillis(g) {
  return g.width * g.height <= SMALL_BOARD_CELLS ? null : Math.min(3000, state.maxMillis);
}

/** Analyses the current position (again with `millis` when given). */
export async function analyse(millis) {
  const g = state.game;
  const key = positionKey(g);
  if (!millis && state.analysis && state.analysis.key === key && state.analysis.data) return;
  const { token, signal } = beginRequest();
  state.analysis = { key, data: null };
  state.analysisError = null;
  renderScores();
  try {
    const body = positionBody(g);
    const budget = millis || quickMillis(g);
    if (budget) body.budget = { millis: budget };
    const data = await api('/api/v1/analyze', body, signal);
    endRequest(token);
    if (token !== state.token) return;
    state.analysis = { key, data };
    learnGame(data.game);
    renderGame();
  } catch (e) {
    if (token !== state.token) return;
    state.analysis = null;
    state.analysisError = e;
    renderGame();
    showError(e, 'Analysis failed');
  }
}

export function humanMove(file, rank) {
  const g = state.game;
  if (state.mode === 'review') return;
  if (state.mode === 'play' && (state.thinking || engineToMove())) return;
  if (gameOver()) return;
  if (g.gravity) rank = dropRank(g, file);
  if (!isLegal(g, file, rank)) return;
  if (g.forbids && toMove(g) === 1) {
    const forbidden = forbiddenNow(g);
    // Until the server has said which squares are forbidden, none is played.
    if (!forbidden) return;
    const shape = forbidden.get(`${file},${rank}`);
    if (shape) {
      const article = shape === 'overline' ? 'an' : 'a';
      showError(`${FILES[file]}${rank + 1} is forbidden to ${sideName(g.style, 1)}: it makes ${article} ${shape}.`, 'Move');
      return;
    }
  }
  clearError();
  play(g, file, rank, state.mode === 'play' ? 'human' : 'user');
  afterChange();
}

export function undo() {
  const g = state.game;
  if (!g.moves.length) return;
  cancelPending(); // drop any answer on its way
  state.lastEngine = null;
  clearError();
  if (state.mode === 'analysis') {
    unplay(g);
  } else {
    // Take back the engine's replies and the human's last move.
    const humanPlayer = state.human === 'first' ? 1 : 2;
    const lastHuman = g.moves.map((m) => m.player).lastIndexOf(humanPlayer);
    if (lastHuman < 0) return renderGame();
    while (g.moves.length > lastHuman) unplay(g);
  }
  afterChange();
}

/** Sets the game to the moves typed in the position field (analysis):
 * a Pons move string where stones fall (one character a column, 1-9 then
 * A-Q), else moves separated by spaces or commas (`h8 h9`, `P@h8`, or
 * column numbers where stones fall). */
export function loadPosition() {
  const text = $('position').value.trim();
  const g = newGame(state.rules);
  const moveString = g.gravity && /^[1-9A-Q]*$/.test(text);
  const tokens = moveString ? text.split('') : text.split(/[\s,]+/).filter(Boolean);
  for (const [i, tok] of tokens.entries()) {
    let file;
    let rank;
    if (moveString && /^[A-Q]$/.test(tok)) {
      file = tok.charCodeAt(0) - 65 + 9;
      rank = file < g.width ? dropRank(g, file) : -1;
    } else if (/^\d+$/.test(tok) && g.gravity) {
      file = Number(tok) - 1;
      rank = file >= 0 && file < g.width ? dropRank(g, file) : -1;
    } else {
      const p = parseNotation(tok.toLowerCase().replace(/^p@/, 'P@'));
      if (p) ({ file, rank } = p);
    }
    if (outcome(g)) {
      showError(`move ${i + 1} ('${tok}'): the game is already over`, 'Position');
      return;
    }
    if (file === undefined || !isLegal(g, file, rank)) {
      const off = file !== undefined && (file >= g.width || rank >= g.height);
      showError(`move ${i + 1} ('${tok}') is ${off ? 'off the board' : 'not a legal move here'}`, 'Position');
      return;
    }
    play(g, file, rank, 'user');
  }
  cancelPending();
  clearError();
  state.lastEngine = null;
  state.game = g;
  afterChange();
}

export function canUndo() {
  const g = state.game;
  if (!g || !g.moves.length) return false;
  if (state.mode === 'analysis') return true;
  const humanPlayer = state.human === 'first' ? 1 : 2;
  return g.moves.some((m) => m.player === humanPlayer);
}

export function renderGame() {
  const g = state.game;
  if (!g || state.mode === 'review') return;
  const result = outcome(g);
  const win = findWin(g.cells, g.width, g.height, g.k, g.exactBy, g.unblocked);
  const last = g.moves[g.moves.length - 1];
  const humanPlayer = state.human === 'first' ? 1 : 2;
  const clickable = !result && (state.mode === 'analysis' || (!state.thinking && toMove(g) === humanPlayer));
  drawBoard({
    variant: variantOf(g), style: g.style, width: g.width, height: g.height, cells: g.cells,
    last, win: win ? win.cells : null, marks: null, clickable, turn: toMove(g),
    forbidden: result ? null : forbiddenNow(g),
  });
  board.dataset.moves = movesString(g);

  // Status line
  const status = $('status');
  const dot = $('turn-dot');
  let text;
  let st;
  const mover = toMove(g);
  dot.className = `turn-dot ${g.style} p${mover}`;
  if (result) {
    st = 'over';
    const winner = result === '1-0' ? 1 : result === '0-1' ? 2 : 0;
    dot.className = `turn-dot ${g.style} ${winner ? 'p' + winner : 'draw'}`;
    const line = lineName(g.rules);
    if (state.mode === 'play') {
      if (!winner) text = 'Draw.';
      else if (winner === humanPlayer) text = `You win! ${sideName(g.style, winner)} has ${line}.`;
      else text = `The engine wins: ${sideName(g.style, winner)} has ${line}.`;
    } else {
      text = winner ? `${sideName(g.style, winner)} wins with ${line}.` : 'Draw.';
    }
    text += ` (${result})`;
  } else if (state.mode === 'analysis') {
    st = 'analysis';
    text = `${sideName(g.style, mover)} to move`;
  } else if (state.thinking || mover !== humanPlayer) {
    st = 'thinking';
    text = 'Engine thinking…';
  } else {
    st = 'human';
    text = `Your turn (${sideName(g.style, mover)})`;
  }
  status.dataset.state = st;
  status.dataset.result = result || '';
  status.classList.toggle('busy', st === 'thinking');
  $('status-text').textContent = text;

  // Sub line: what the engine thinks, or the position's value
  let sub = '';
  if (state.mode === 'play' && state.lastEngine && last && last.by === 'engine') {
    const a = state.lastEngine;
    const col = g.gravity ? `column ${Number(a.file) + 1} (${a.move})` : `${a.move}`;
    const bits = [`Engine played ${col}`];
    if (a.score !== null && a.score !== undefined) bits.push(`score ${signed(a.score)} for it`);
    else if (a.eval !== null && a.eval !== undefined) bits.push(`eval ${signed(a.eval)}`);
    if (a.source) bits.push(a.source === 'search' ? `search depth ${a.depth}` : a.source);
    if (typeof a.millis === 'number') bits.push(a.millis < 1 ? 'under 1 ms' : `${Math.round(a.millis)} ms`);
    sub = bits.join(' · ');
  } else if (state.mode === 'analysis') {
    sub = analysisSummary(g);
  } else if (state.mode === 'play' && !g.moves.length && !result) {
    const how = g.gravity ? 'Click a column to drop a stone' + (g.width <= 9 ? ' (or press its number).' : '.') : 'Click a square.';
    sub = `${gameTitle(g.rules)}: ${lineName(g.rules)} wins. ${how}`;
  }
  $('subline').textContent = sub;
  const a = state.analysis;
  $('think-longer').hidden = !(state.mode === 'analysis' && a && a.data && a.data.complete === false && !a.data.outcome);

  renderScores();
  renderMoveList();
  $('undo').disabled = !canUndo();
  if (document.activeElement !== $('position')) $('position').value = movesString(g);
  $('legend').hidden = state.mode !== 'analysis';
}

export function showLevel() {
  const lv = $('level');
  const v = Number(lv.value);
  let text = `${v}`;
  if (v >= Number(lv.max)) text += ' · full strength';
  else if (v <= Number(lv.min)) text += ' · weakest';
  $('level-out').textContent = text;
}

function analysisSummary(g) {
  if (state.analysisError) return 'No analysis: see the error above.';
  const a = state.analysis;
  if (!a || !a.data) return 'Solving…';
  const d = a.data;
  const who = sideName(g.style, toMove(g));
  if (d.outcome) return '';
  let value;
  if (d.score !== null && d.score !== undefined) {
    const s = Number(d.score);
    if (s > 0) value = `${who} wins with best play (score ${s}).`;
    else if (s < 0) value = `${who} loses with best play (score ${s}).`;
    else value = 'A draw with best play (score 0).';
  } else {
    const b = bounds(d.lower, d.upper);
    value = b === '?' ? `Not settled: the score is between ${d.lower} and ${d.upper}.` : `Not settled: the score is ${b}.`;
  }
  const secs = typeof d.millis === 'number' ? ` in ${(d.millis / 1000).toFixed(d.millis < 1000 ? 2 : 1)} s` : '';
  let src = '';
  if (d.complete === false) src = ` The solver stopped at its time limit${secs}.`;
  else if (d.source === 'book') src = ' From the opening book.';
  else if (d.source === 'solver') src = ` Solved${secs}.`;
  return value + src;
}

/** Proven bounds as text: `≥2` for a win by at least 2, `≤-1` for a loss,
 * `-3…5` when neither side's result is proven. */
function bounds(lower, upper) {
  const lo = lower === null || lower === undefined ? null : Number(lower);
  const hi = upper === null || upper === undefined ? null : Number(upper);
  if (lo === null && hi === null) return '?';
  if (lo === null) return `≤${hi}`;
  if (hi === null) return `≥${lo}`;
  if (lo === hi) return `${lo}`;
  if (lo >= 0) return `≥${lo}`;
  if (hi <= 0) return `≤${hi}`;
  return '?'; // a win and a loss are both still possible
}

/** {text, cls, exact} for a move of an analysis. */
function scoreView(m) {
  if (m.score !== null && m.score !== undefined) {
    const s = Number(m.score);
    return { text: `${s}`, cls: s > 0 ? 'win' : s < 0 ? 'loss' : 'draw', exact: true };
  }
  const lo = m.lower === null || m.lower === undefined ? null : Number(m.lower);
  const hi = m.upper === null || m.upper === undefined ? null : Number(m.upper);
  let cls = 'unknown';
  if (lo !== null && lo > 0) cls = 'win';
  else if (hi !== null && hi < 0) cls = 'loss';
  else if (lo === 0 && hi === 0) cls = 'draw';
  else if (lo !== null && lo >= 0) cls = 'notloss';
  else if (hi !== null && hi <= 0) cls = 'notwin';
  return { text: bounds(lo, hi), cls: `${cls} bound`, exact: false };
}

function renderScores() {
  const g = state.game;
  const scores = $('scores');
  const show = state.mode === 'analysis' && g;
  scores.hidden = !show || !g.gravity;
  // A game without gravity shows its scores in the squares.
  board.querySelectorAll('.sq-score').forEach((el) => el.remove());
  if (!show) return;
  const a = state.analysis;
  const data = a && a.data && a.key === positionKey(g) ? a.data : null;
  scores.dataset.moves = movesString(g);
  scores.dataset.state = data ? 'ready' : state.analysisError ? 'error' : 'loading';
  const byCell = new Map();
  let best = null;
  if (data && Array.isArray(data.moves)) {
    for (const m of data.moves) {
      let f = Number(m.file);
      let r = Number(m.rank);
      if (!Number.isInteger(f)) ({ file: f, rank: r } = parseNotation(m.move) || {});
      byCell.set(`${f},${r}`, m);
      byCell.set(`col${f}`, m);
      const key = m.score !== null && m.score !== undefined ? Number(m.score) : null;
      if (key !== null && (best === null || key > best)) best = key;
    }
  }
  // The best move is marked only when every move is settled: an unsettled
  // one may be better than the best exact score.
  if (data && data.complete === false) best = null;
  if (g.gravity) {
    scores.textContent = '';
    for (let f = 0; f < g.width; f++) {
      const el = document.createElement('span');
      el.className = 'score';
      el.dataset.col = f;
      const m = byCell.get(`col${f}`);
      if (!data) {
        el.textContent = dropRank(g, f) < 0 || gameOver() ? '' : '·';
        el.classList.add('pending');
        el.dataset.score = '';
      } else if (!m) {
        el.textContent = '';
        el.dataset.score = '-';
      } else {
        const v = scoreView(m);
        el.textContent = v.text;
        el.className = `score ${v.cls}`;
        if (v.exact && Number(m.score) === best) el.classList.add('best');
        el.dataset.score = v.exact ? String(Number(m.score)) : v.text;
        if (m.lower !== null && m.lower !== undefined) el.dataset.lower = m.lower;
        if (m.upper !== null && m.upper !== undefined) el.dataset.upper = m.upper;
        el.title = `Column ${f + 1} (${m.move}): ${v.exact ? 'score ' + v.text : `between ${m.lower} and ${m.upper}`}`;
      }
      scores.appendChild(el);
    }
  } else if (data) {
    // On a large board a square the solver settled nothing about stays
    // clear: the summary says the position is not settled.
    const quiet = g.style === 'goban';
    for (const sq of board.querySelectorAll('.cell')) {
      const m = byCell.get(`${sq.dataset.file},${sq.dataset.rank}`);
      if (!m) continue;
      const v = scoreView(m);
      if (quiet && v.text === '?') continue;
      const el = document.createElement('span');
      el.className = `sq-score ${v.cls}`;
      if (v.exact && Number(m.score) === best) el.classList.add('best');
      el.textContent = v.text;
      el.dataset.score = v.exact ? String(Number(m.score)) : v.text;
      sq.appendChild(el);
    }
  }
}

function renderMoveList() {
  const g = state.game;
  const list = $('movelist');
  list.textContent = '';
  $('movelist-empty').hidden = g.moves.length > 0;
  for (let i = 0; i < g.moves.length; i += 2) {
    const li = document.createElement('li');
    for (const m of g.moves.slice(i, i + 2)) li.appendChild(moveChip(g.style, m, m === g.moves[g.moves.length - 1]));
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
}

/** A move of the list, in the engine's notation (`P@h8`), with its
 * column number where stones fall (`P@d1 4`). */
function moveChip(style, m, current) {
  const s = document.createElement('span');
  s.className = `mv p${m.player}${current ? ' current' : ''}`;
  const dot = document.createElement('i');
  dot.className = `dot ${style} p${m.player}`;
  s.appendChild(dot);
  s.appendChild(document.createTextNode(notation(m.file, m.rank)));
  if (style === 'frame') {
    const c = document.createElement('small');
    c.textContent = ` ${m.file + 1}`;
    c.title = `column ${m.file + 1}`;
    s.appendChild(c);
  }
  return s;
}

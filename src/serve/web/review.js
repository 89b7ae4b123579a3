// Review: the verdict on every move of a pasted PGN, stepped through on
// the board, with the summary of each player's moves.

import { $, state, showError, clearError, signed } from './state.js';
import { defaultRules, gameName, gameTitle, learnGame, rulesOf, variantString } from './family.js';
import { emptyCells, findWin, styleOf } from './game.js';
import { parseFen, parseNotation } from './notation.js';
import { api } from './api.js';
import { board, drawBoard } from './draw.js';

/** The rules of a reviewed game, as the server spells them out (its
 * `game`); Connect Four on the FEN's board if it gave none. */
function reviewRules(rg, start) {
  const g = rg.game;
  if (g && Number.isInteger(g.width) && Number.isInteger(g.k)) return rulesOf(g);
  return { width: start.width, height: start.height, k: 4, gravity: true, exact: false };
}

export async function runReview() {
  const pgn = $('pgn').value;
  if (!pgn.trim()) {
    showError('Paste a PGN first.', 'Review');
    return;
  }
  clearError();
  const body = { pgn };
  const ms = $('rv-budget').value;
  if (ms) body.budget = { millis: Number(ms) };
  state.reviewing = true;
  renderReviewButton();
  setReviewStatus('busy', 'Reviewing…');
  try {
    const data = await api('/api/v1/review', body);
    state.review = data;
    state.reviewGame = 0;
    state.cursor = 0;
    const games = Array.isArray(data.games) ? data.games : [];
    games.forEach((gm) => learnGame(gm.game));
    if (!games.length) {
      const why = (data.errors && data.errors.length) ? data.errors.join('; ') : 'no game found in the PGN';
      showError(why, 'Nothing to review');
    } else if (window.matchMedia('(max-width: 860px)').matches) {
      window.scrollTo(0, 0); // the board comes first on a phone
    }
  } catch (e) {
    showError(e, 'Review failed');
  } finally {
    state.reviewing = false;
    renderReviewButton();
    renderReview();
  }
}

function renderReviewButton() {
  const b = $('review-btn');
  b.disabled = state.reviewing;
  b.textContent = state.reviewing ? 'Reviewing…' : 'Review';
}

function setReviewStatus(st, text) {
  const status = $('status');
  status.dataset.state = st;
  status.dataset.result = '';
  status.classList.toggle('busy', st === 'busy');
  $('status-text').textContent = text;
}

function currentReviewGame() {
  const r = state.review;
  if (!r || !Array.isArray(r.games) || !r.games.length) return null;
  return r.games[Math.min(state.reviewGame, r.games.length - 1)];
}

/** The board after `n` moves of review game `rg`. */
function reviewPosition(rg, n) {
  const start = parseFen(rg.start_fen);
  const cells = start.cells.map((row) => row.slice());
  const moves = rg.moves || [];
  for (let i = 0; i < n && i < moves.length; i++) {
    const m = moves[i];
    let f = Number(m.file);
    let r = Number(m.rank);
    if (!Number.isInteger(f) || !Number.isInteger(r)) ({ file: f, rank: r } = parseNotation(m.move) || {});
    if (r >= 0 && r < start.height && f >= 0 && f < start.width) cells[r][f] = m.mover === 'second' ? 2 : 1;
  }
  return { width: start.width, height: start.height, cells };
}

const LABELS = {
  best: { cls: 'best', short: 'best', icon: '✓' },
  'score error': { cls: 'score-error', short: 'score error', icon: '?!' },
  'outcome error': { cls: 'outcome-error', short: 'outcome error', icon: '??' },
  unsettled: { cls: 'unsettled', short: 'unsettled', icon: '~' },
};

function labelOf(m) {
  if (!m.reviewed || !m.label) return { cls: 'none', short: m.reviewed ? 'no verdict' : 'not reviewed', icon: '·' };
  return LABELS[m.label] || { cls: 'none', short: m.label, icon: '·' };
}

export function renderReview() {
  if (state.mode !== 'review') return;
  const r = state.review;
  const rg = currentReviewGame();
  // Warnings: unreadable parts of the PGN
  const warn = $('rv-warnings');
  warn.textContent = '';
  for (const e of (r && r.errors) || []) {
    const li = document.createElement('li');
    li.textContent = e;
    warn.appendChild(li);
  }
  if (r && r.complete === false) {
    const li = document.createElement('li');
    li.textContent = 'The review was cut short by the server’s time limit: some moves are not reviewed.';
    warn.appendChild(li);
  }
  // Game choice
  const sel = $('rv-game');
  const games = (r && r.games) || [];
  $('rv-game-field').hidden = games.length < 2;
  if (sel.reviewShown !== r) {
    sel.reviewShown = r;
    sel.textContent = '';
    games.forEach((gm, i) => {
      const o = document.createElement('option');
      o.value = i;
      o.textContent = `${gm.number || i + 1}. ${gm.white || '?'} – ${gm.black || '?'} ${gm.result || ''}`;
      sel.appendChild(o);
    });
  }
  sel.value = String(state.reviewGame);
  renderSummary(r);

  const nav = $('review-nav');
  const verdict = $('verdict');
  document.body.dataset.reviewed = rg ? '1' : '0';
  if (!rg) {
    nav.hidden = true;
    verdict.hidden = true;
    $('rv-moves-card').hidden = true;
    const rules = defaultRules();
    drawBoard({
      variant: gameName(rules), style: styleOf(rules), width: rules.width, height: rules.height,
      cells: emptyCells(rules.width, rules.height), clickable: false,
    });
    $('scores').hidden = true;
    if (!state.reviewing) setReviewStatus('idle', 'Paste a PGN and press Review.');
    $('subline').textContent = 'Every move gets a verdict from the solver: best, score error, outcome error or unsettled.';
    return;
  }
  const moves = rg.moves || [];
  state.cursor = Math.max(0, Math.min(state.cursor, moves.length));
  const n = state.cursor;
  const pos = reviewPosition(rg, n);
  const rules = reviewRules(rg, pos);
  const style = styleOf(rules);
  const played = n > 0 ? moves[n - 1] : null;
  const win = findWin(pos.cells, pos.width, pos.height, rules.k, rules.exactBy || rules.exact, rules.unblocked);
  const marks = new Set();
  if (played && Array.isArray(played.best_moves) && played.label && played.label !== 'best') {
    for (const bm of played.best_moves) {
      const p = parseNotation(bm);
      if (p) marks.add(`${p.file},${p.rank}`);
    }
  }
  drawBoard({
    variant: rg.game ? rg.game.name : gameName(rules), style, width: pos.width, height: pos.height, cells: pos.cells,
    last: played ? { file: Number(played.file), rank: Number(played.rank) } : null,
    win: win ? win.cells : null, marks, clickable: false,
  });
  $('scores').hidden = true;
  board.dataset.cursor = n;

  // Status: the game and where we are
  const title = `${rg.white && rg.white !== '?' ? rg.white : 'White'} – ${rg.black && rg.black !== '?' ? rg.black : 'Black'}`;
  setReviewStatus('review', `${title}  ${rg.result || ''}`.trim());
  $('turn-dot').className = `turn-dot ${style} ${played ? 'p' + (played.mover === 'second' ? 2 : 1) : 'none'}`;
  $('subline').textContent = `${gameTitle(rules)} · ${moves.length} move${moves.length === 1 ? '' : 's'}${rg.error ? ' · the review stopped early' : ''}`;

  nav.hidden = false;
  $('rv-pos').textContent = `${n} / ${moves.length}`;
  $('rv-first').disabled = $('rv-prev').disabled = n === 0;
  $('rv-last').disabled = $('rv-next').disabled = n >= moves.length;

  // Verdict card
  verdict.hidden = false;
  verdict.textContent = '';
  if (!played) {
    verdict.className = 'verdict';
    verdict.dataset.label = '';
    verdict.innerHTML = '<strong>Start position.</strong> Step through with ◀ ▶, the arrow keys, or click a move.';
    if (rg.error) appendP(verdict, `The review stopped: ${rg.error}`, 'warn');
  } else {
    const lab = labelOf(played);
    verdict.className = `verdict ${lab.cls}`;
    verdict.dataset.label = played.label || '';
    const h = document.createElement('div');
    h.className = 'verdict-head';
    const badge = document.createElement('span');
    badge.className = `badge ${lab.cls}`;
    badge.textContent = lab.short;
    const moveNo = Math.floor(Number(played.ply) / 2) + 1;
    const who = played.mover === 'second' ? (rg.black || 'Black') : (rg.white || 'White');
    const col = rules.gravity ? ` (column ${Number(played.file) + 1})` : '';
    const strong = document.createElement('strong');
    strong.textContent = `${moveNo}${played.mover === 'second' ? '…' : '.'} ${played.move}${col}`;
    h.append(strong, document.createTextNode(` by ${who} `), badge);
    verdict.appendChild(h);
    if (played.reviewed) {
      const dl = document.createElement('dl');
      addDef(dl, 'Played score', fmtScore(played.score));
      addDef(dl, 'Best score', fmtScore(played.best));
      const bests = (played.best_moves || []).map((bm) => moveWithColumn(rules, bm));
      if (!bests.length && played.label === 'best') bests.push(`${moveWithColumn(rules, played.move)}, as played`);
      addDef(dl, 'Best moves', bests.join(', ') || '—');
      verdict.appendChild(dl);
    } else {
      appendP(verdict, 'This move was not reviewed.', 'muted');
    }
  }
  if (n === moves.length && rg.error && played) appendP(verdict, `The review stopped: ${rg.error}`, 'warn');

  // Move list
  $('rv-moves-card').hidden = false;
  $('rv-title').textContent = `Moves — ${title}`;
  const list = $('rv-movelist');
  list.textContent = '';
  let li = null;
  moves.forEach((m, i) => {
    if (!li || m.mover === 'first' || i === 0) {
      li = document.createElement('li');
      li.value = Math.floor(Number(m.ply) / 2) + 1;
      if (m.mover === 'second' && i === 0) {
        const gap = document.createElement('span');
        gap.className = 'mv gap';
        gap.textContent = '…';
        li.appendChild(gap);
      }
      list.appendChild(li);
    }
    const lab = labelOf(m);
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `mv rv ${lab.cls}${i === n - 1 ? ' current' : ''}`;
    b.dataset.index = i;
    b.dataset.label = m.label || '';
    b.title = lab.short;
    const dot = document.createElement('i');
    dot.className = `dot ${style} p${m.mover === 'second' ? 2 : 1}`;
    b.appendChild(dot);
    b.appendChild(document.createTextNode(m.move));
    const mark = document.createElement('span');
    mark.className = `tag ${lab.cls}`;
    mark.textContent = lab.icon;
    b.appendChild(mark);
    b.addEventListener('click', () => { state.cursor = i + 1; renderReview(); });
    li.appendChild(b);
  });
  // Keep the current move in view in the list (not the whole page).
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top - 4;
    else if (top + cur.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + cur.offsetHeight - list.clientHeight + 4;
  }
}

/** A move with its column number where stones fall: `P@d1 (4)`. */
function moveWithColumn(rules, mv) {
  const p = parseNotation(mv);
  return rules.gravity && p ? `${mv} (${p.file + 1})` : mv;
}

function fmtScore(s) {
  if (s === null || s === undefined) return '—';
  return signed(s);
}

function addDef(dl, term, value) {
  const dt = document.createElement('dt');
  dt.textContent = term;
  const dd = document.createElement('dd');
  dd.textContent = value;
  dl.append(dt, dd);
}

function appendP(parent, text, cls) {
  const p = document.createElement('p');
  p.className = cls || '';
  p.textContent = text;
  parent.appendChild(p);
}

/** The summary, one column per player (or engine), one row per count. */
function renderSummary(r) {
  const card = $('rv-summary-card');
  const rows = (r && r.summary) || [];
  card.hidden = !rows.length;
  const t = $('rv-summary');
  t.textContent = '';
  if (!rows.length) return;
  const head = document.createElement('tr');
  head.appendChild(document.createElement('th'));
  for (const row of rows) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = row.engine;
    head.appendChild(th);
  }
  t.appendChild(head);
  const lines = [
    ['Moves', 'moves', ''],
    ['Best', 'best', 'best'],
    ['Score errors', 'score_errors', 'score-error'],
    ['Outcome errors', 'outcome_errors', 'outcome-error'],
    ['Unsettled', 'unsettled', 'unsettled'],
  ];
  for (const [name, field, cls] of lines) {
    const tr = document.createElement('tr');
    tr.dataset.field = field;
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = name;
    if (cls) {
      const tag = document.createElement('span');
      tag.className = `tag ${cls}`;
      tag.textContent = LABELS[cls.replace('-', ' ')] ? LABELS[cls.replace('-', ' ')].icon : '';
      th.prepend(tag);
    }
    tr.appendChild(th);
    for (const row of rows) {
      const td = document.createElement('td');
      const v = row[field];
      td.textContent = v === null || v === undefined ? '' : String(v);
      if (cls && Number(v) > 0) td.className = cls;
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
}

export function step(to) {
  const rg = currentReviewGame();
  if (!rg) return;
  const n = (rg.moves || []).length;
  state.cursor = Math.max(0, Math.min(n, to));
  renderReview();
}

/** The rules of the sample game: seven columns of six, four in a row
 * where stones fall. */
const SAMPLE_RULES = { width: 7, height: 6, k: 4, gravity: true, exact: false };

/** A short game with an outcome error each: 2. P@b1 throws White's win
 * (P@d2 keeps it), then 2... P@g1 gives it back. */
export function sample() {
  return `[Event "example"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[Variant "${variantString(SAMPLE_RULES)}"]

1. P@d1 P@a1 2. P@b1 P@g1 3. P@c1 P@g2 4. P@e1 {White wins with four in a row} 1-0
`;
}

/** The PGN field's placeholder: the first lines of a game of the sample's rules. */
export function pgnPlaceholder() {
  return `[White "A"]\n[Black "B"]\n[Result "1-0"]\n[Variant "${variantString(SAMPLE_RULES)}"]\n\n1. P@d1 P@d2 2. P@d3 P@c1 ...`;
}

// The page of `inarow serve`: play any member of the k-in-a-row family
// (Connect Four, tic-tac-toe, gomoku, Connect-k, m,n,k-games) against the
// engine, analyse a position (every move's exact score) and review a PGN.
// Plain script, no build step, no network but this server's /api/v1.
'use strict';

(() => {
  const FILES = 'abcdefghijklmnopqrstuvwxyz';
  const $ = (id) => document.getElementById(id);

  // ---------------------------------------------------------------- state

  const state = {
    mode: 'play', // 'play' | 'analysis' | 'review'
    rules: null, // the game's rules, {width, height, k, gravity, exact} (see PRESETS)
    human: 'first', // the side the human plays in play mode
    level: 10,
    game: null, // the current game (play and analysis share it)
    token: 0, // bumped to drop the answer of a request no longer wanted
    thinking: false,
    lastEngine: null, // the engine's last answer, for the sub line
    analysis: null, // {key, data} the last analysis of the current position
    analysisError: null,
    review: null, // the answer of /api/v1/review
    reviewGame: 0,
    cursor: 0, // review: positions after `cursor` moves
    reviewing: false,
    maxMillis: 60000, // the longest analysis the server allows (from /api/v1/info)
    // The family's bounds (from /api/v1/info; these are inarow's).
    family: { max_width: 26, max_height: 127, max_bits: 448, max_k: 32 },
  };

  // ---------------------------------------------------------------- the family

  /** The games offered by name; any other member is "Custom". Each gives
   * its board, the line that wins, gravity (stones fall to the lowest empty
   * cell of their column) and whether only exactly `k` in a row wins. */
  const PRESETS = [
    { id: 'cfour', label: 'Connect Four', width: 7, height: 6, k: 4, gravity: true, exact: false },
    { id: 'tictactoe', label: 'Tic-tac-toe', width: 3, height: 3, k: 3, gravity: false, exact: false },
    { id: 'gomoku', label: 'Gomoku (exactly five)', width: 15, height: 15, k: 5, gravity: false, exact: true },
    { id: 'gomokufreestyle', label: 'Free-style gomoku', width: 15, height: 15, k: 5, gravity: false, exact: false },
    { id: 'gomocup', label: 'Gomoku 20 × 20 (Gomocup)', width: 20, height: 20, k: 5, gravity: false, exact: false },
    { id: 'connect5', label: 'Connect-5 7 × 6', width: 7, height: 6, k: 5, gravity: true, exact: false },
    { id: 'mnk443', label: 'm,n,k-game 4,4,3', width: 4, height: 4, k: 3, gravity: false, exact: false },
  ];

  function presetRules(id) {
    const p = PRESETS.find((q) => q.id === id) || PRESETS[0];
    return { width: p.width, height: p.height, k: p.k, gravity: p.gravity, exact: p.exact };
  }

  /** Whether a line longer than `k` fits the board: only then does "exactly
   * k" differ from "k or more". */
  function overlineFits(rules) {
    return rules.k + 1 <= Math.max(rules.width, rules.height);
  }

  /** The preset these rules are, or 'custom'. */
  function presetOf(rules) {
    const same = (p) => p.width === rules.width && p.height === rules.height && p.k === rules.k
      && p.gravity === rules.gravity && (p.exact === rules.exact || !overlineFits(rules));
    const p = PRESETS.find(same);
    return p ? p.id : 'custom';
  }

  /** Why inarow cannot play these rules (as the server's Rules::new says),
   * or null. */
  function rulesProblem(rules) {
    const { width, height, k } = rules;
    const f = state.family;
    const whole = (n) => Number.isInteger(n) && n >= 1;
    if (!whole(width) || width > f.max_width) return `the width must be 1 to ${f.max_width} (files a to z)`;
    if (!whole(height) || height > f.max_height) return `the height must be 1 to ${f.max_height}`;
    if (width * (height + 1) > f.max_bits) return `width × (height + 1) must be at most ${f.max_bits} (20 × 20 fits)`;
    if (!whole(k) || k > f.max_k) return `k must be 1 to ${f.max_k}`;
    if (k > Math.max(width, height)) return 'k is larger than the board: no line of k fits';
    return null;
  }

  /** The variant's name as the server gives it: cfour, tictactoe, gomoku,
   * gomokufreestyle, connect or mnk (see Variant::name). */
  function variantName(rules) {
    const { width, height, k, gravity, exact } = rules;
    if (gravity && k === 4 && !exact && width <= 16 && width * (height + 1) <= 128) return 'cfour';
    if (!gravity && width === 3 && height === 3 && k === 3) return 'tictactoe';
    if (gravity) return 'connect';
    if (k === 5) return exact ? 'gomoku' : 'gomokufreestyle';
    return 'mnk';
  }

  /** The variant string the API reads (and inarow writes): `cfour`,
   * `cfour 6x5`, `tictactoe`, `gomoku`, `gomokufreestyle 20x20`,
   * `connect 7x6 k5`, `mnk 4x4 k3 exact`. */
  function variantString(rules) {
    const { width, height, k, exact } = rules;
    const name = variantName(rules);
    const board = `${width}x${height}`;
    if (name === 'cfour') return width === 7 && height === 6 ? 'cfour' : `cfour ${board}`;
    if (name === 'tictactoe') return name;
    if (name === 'gomoku' || name === 'gomokufreestyle') return width === 15 && height === 15 ? name : `${name} ${board}`;
    return `${name} ${board} k${k}${exact ? ' exact' : ''}`;
  }

  /** How the board looks: 'cfour' (a frame stones drop into, red and
   * yellow) for every game with gravity, 'tictactoe' (X and O) for 3x3, and
   * 'gomoku' (black and white stones on a wooden grid) for the rest. */
  function styleOf(rules) {
    if (rules.gravity) return 'cfour';
    return rules.width <= 3 && rules.height <= 3 ? 'tictactoe' : 'gomoku';
  }

  const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

  /** What wins, in words: `four in a row`, `exactly five in a row`. */
  function lineName(rules) {
    const n = NUMBER_WORDS[rules.k] || String(rules.k);
    return `${rules.exact && overlineFits(rules) ? 'exactly ' : ''}${n} in a row`;
  }

  /** The game's name for people, as Variant::title gives it. */
  function gameTitle(rules) {
    const { width, height, k } = rules;
    const exact = rules.exact && overlineFits(rules) ? ', exactly' : '';
    switch (variantName(rules)) {
      case 'cfour': return `Connect Four ${width}×${height}`;
      case 'tictactoe': return 'Tic-tac-toe';
      case 'gomoku': return `Gomoku ${width}×${height}`;
      case 'gomokufreestyle': return `Free-style gomoku ${width}×${height}`;
      case 'connect': return `Connect-${k} ${width}×${height}${exact}`;
      default: return `m,n,k-game ${width},${height},${k}${exact}`;
    }
  }

  // ---------------------------------------------------------------- the game

  /** A game of `rules` from the empty board: `cells[rank][file]` holds 0
   * (empty), 1 (first) or 2 (second). */
  function newGame(rules) {
    const { width, height, k, gravity } = rules;
    return {
      rules: Object.assign({}, rules),
      variant: variantName(rules), // the server's name of the game
      style: styleOf(rules),
      width,
      height,
      k,
      gravity,
      exact: rules.exact,
      cells: emptyCells(width, height),
      moves: [], // {file, rank, player, by: 'human'|'engine'|'user'}
    };
  }

  function emptyCells(width, height) {
    return Array.from({ length: height }, () => new Array(width).fill(0));
  }

  function toMove(g) {
    return g.moves.length % 2 === 0 ? 1 : 2;
  }

  function dropRank(g, file) {
    for (let r = 0; r < g.height; r++) if (g.cells[r][file] === 0) return r;
    return -1;
  }

  function isLegal(g, file, rank) {
    if (file < 0 || file >= g.width || rank < 0 || rank >= g.height) return false;
    if (g.cells[rank][file] !== 0) return false;
    return !g.gravity || dropRank(g, file) === rank;
  }

  function play(g, file, rank, by) {
    const player = toMove(g);
    g.cells[rank][file] = player;
    g.moves.push({ file, rank, player, by });
  }

  function unplay(g) {
    const m = g.moves.pop();
    if (m) g.cells[m.rank][m.file] = 0;
    return m;
  }

  /** Every cell in a winning line: a run of `k` or more stones of one
   * colour, or of exactly `k` when `exact` (a longer run, an overline, does
   * not win). {player, cells: Set("f,r")} or null. */
  function findWin(cells, width, height, k, exact) {
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
          if (exact ? line.length === k : line.length >= k) {
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
  function outcome(g) {
    const win = findWin(g.cells, g.width, g.height, g.k, g.exact);
    if (win) return win.player === 1 ? '1-0' : '0-1';
    return isFull(g.cells) ? '1/2-1/2' : null;
  }

  function notation(file, rank) {
    return `P@${FILES[file]}${rank + 1}`;
  }

  function parseNotation(move) {
    const m = /^(?:P@)?([a-z])(\d+)$/.exec(String(move).trim());
    return m ? { file: FILES.indexOf(m[1]), rank: Number(m[2]) - 1 } : null;
  }

  /** A column's character in a Pons move string: 1 to 9, then A to Q for
   * columns 10 to 26 (see docs/PROTOCOL.md). */
  function columnChar(file) {
    return file < 9 ? String(file + 1) : String.fromCharCode(65 + file - 9);
  }

  /** The position fields of a request for game `g`: its variant string
   * and its moves, a Pons move string where stones fall, squares otherwise. */
  function positionBody(g) {
    const body = { variant: variantString(g.rules) };
    if (g.moves.length) body.moves = movesString(g);
    return body;
  }

  /** A key of the position: the variant and the moves. */
  function positionKey(g) {
    return `${variantString(g.rules)} ${movesString(g)}`;
  }

  /** The moves as a person types them, as inarow writes them: Pons's move
   * string where stones fall (`4453`), squares otherwise (`h8 h9`). */
  function movesString(g) {
    if (g.gravity) return g.moves.map((m) => columnChar(m.file)).join('');
    return g.moves.map((m) => `${FILES[m.file]}${m.rank + 1}`).join(' ');
  }

  /** The players' names in a game of this look: Red and Yellow in the
   * frame, X and O in tic-tac-toe, Black and White on the gomoku board. */
  function sideName(style, player) {
    if (style === 'tictactoe') return player === 1 ? 'X' : 'O';
    if (style === 'gomoku') return player === 1 ? 'Black' : 'White';
    return player === 1 ? 'Red' : 'Yellow';
  }

  // ---------------------------------------------------------------- the API

  class ApiError extends Error {
    constructor(message, code, status) {
      super(message);
      this.code = code;
      this.status = status;
    }
  }

  async function api(path, body, signal) {
    let res;
    try {
      res = await fetch(path, body === undefined ? { signal } : {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal,
      });
    } catch (e) {
      if (e && e.name === 'AbortError') throw new ApiError('cancelled', 'cancelled', 0);
      throw new ApiError(`Cannot reach the inarow server (${e.message}).`, 'network', 0);
    }
    const text = await res.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (e) {
      data = null;
    }
    if (!res.ok) {
      const why = data && data.error ? data.error : (text.trim().slice(0, 200) || res.statusText);
      throw new ApiError(why, data && data.code ? data.code : 'http', res.status);
    }
    if (data === null) throw new ApiError(`The server sent no JSON for ${path}.`, 'internal', res.status);
    return data;
  }

  function showError(e, what) {
    const code = e && e.code && e.code !== 'network' ? ` [${e.code}]` : '';
    $('error-text').textContent = `${what ? what + ': ' : ''}${e && e.message ? e.message : e}${code}`;
    $('error').hidden = false;
  }

  function clearError() {
    $('error').hidden = true;
    $('error-text').textContent = '';
  }

  // The engine's request on its way (a move or an analysis), if any: a new
  // position cancels it, and the server stops its work when the client goes.
  let pending = null;

  function cancelPending() {
    state.token++;
    state.thinking = false;
    if (pending) pending.abort();
    pending = null;
  }

  function beginRequest() {
    cancelPending();
    pending = new AbortController();
    return { token: state.token, signal: pending.signal };
  }

  function endRequest(token) {
    if (token === state.token) pending = null;
  }

  // ---------------------------------------------------------------- board drawing

  const board = $('board');

  /** Draws `cells` of a width x height board, marking `last` ({file,rank}),
   * `win` (a Set of "f,r"), and `marks` (a Set of "f,r" for best moves).
   * `style` is how it looks (see styleOf): 'cfour' draws columns to drop
   * stones into, 'tictactoe' and 'gomoku' squares to click; the gomoku
   * board carries its file letters and rank numbers. `variant` is the
   * server's name of the game. */
  function drawBoard(opts) {
    const { variant, style, width, height, cells, last, win, marks, clickable } = opts;
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
    if (style === 'cfour') {
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
          const c = cell(f, r, cells, last, win, marks);
          if (r === top) c.classList.add('next');
          col.appendChild(c);
        }
        board.appendChild(col);
      }
    } else {
      const labelled = style === 'gomoku';
      for (let r = height - 1; r >= 0; r--) {
        if (labelled) board.appendChild(label('rank-label', String(r + 1)));
        for (let f = 0; f < width; f++) {
          const sq = cell(f, r, cells, last, win, marks, true);
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
    files.hidden = style !== 'cfour';
    for (let f = 0; f < width && style === 'cfour'; f++) {
      const s = document.createElement('span');
      s.innerHTML = `${f + 1}<small>${FILES[f]}</small>`;
      files.appendChild(s);
    }
  }

  /** A coordinate on the gomoku board's margin. */
  function label(cls, text) {
    const el = document.createElement('span');
    el.className = cls;
    el.textContent = text;
    el.setAttribute('aria-hidden', 'true');
    return el;
  }

  /** Marks a square on the edge of the gomoku grid, where its lines stop at
   * the stone's point; and the centre and the classic star points. */
  function gridEdges(sq, f, r, width, height) {
    if (f === 0) sq.classList.add('edge-l');
    if (f === width - 1) sq.classList.add('edge-r');
    if (r === 0) sq.classList.add('edge-b');
    if (r === height - 1) sq.classList.add('edge-t');
    const star = (n, i) => (n % 2 === 1 && i === (n - 1) / 2) || (n >= 13 && (i === 3 || i === n - 4));
    if (width >= 9 && height >= 9 && star(width, f) && star(height, r)) sq.classList.add('star');
  }

  function cell(f, r, cells, last, win, marks, asButton) {
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
    return el;
  }

  // ---------------------------------------------------------------- play and analysis

  function startNewGame() {
    cancelPending();
    state.lastEngine = null;
    state.analysis = null;
    state.analysisError = null;
    state.game = newGame(state.rules);
    clearError();
    afterChange();
  }

  function gameOver() {
    return outcome(state.game) !== null;
  }

  function engineToMove() {
    if (state.mode !== 'play' || gameOver()) return false;
    const humanPlayer = state.human === 'first' ? 1 : 2;
    return toMove(state.game) !== humanPlayer;
  }

  /** Redraws, then asks the engine to move or analyses, as the mode wants. */
  function afterChange() {
    renderGame();
    if (state.mode === 'play' && engineToMove() && !state.thinking) {
      engineMove();
    } else if (state.mode === 'analysis') {
      analyse();
    }
  }

  async function engineMove() {
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

  /** The first analysis's budget of a position: the server's default for
   * Connect Four (its book and solver answer most positions exactly) and
   * tic-tac-toe, a few seconds for the rest of the family, where the solver
   * often proves only bounds ("Think longer" asks for the most allowed). */
  function quickMillis(g) {
    return g.variant === 'cfour' || g.variant === 'tictactoe' ? null : Math.min(3000, state.maxMillis);
  }

  /** Analyses the current position (again with `millis` when given). */
  async function analyse(millis) {
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
      renderGame();
    } catch (e) {
      if (token !== state.token) return;
      state.analysis = null;
      state.analysisError = e;
      renderGame();
      showError(e, 'Analysis failed');
    }
  }

  function humanMove(file, rank) {
    const g = state.game;
    if (state.mode === 'review') return;
    if (state.mode === 'play' && (state.thinking || engineToMove())) return;
    if (gameOver()) return;
    if (g.gravity) rank = dropRank(g, file);
    if (!isLegal(g, file, rank)) return;
    clearError();
    play(g, file, rank, state.mode === 'play' ? 'human' : 'user');
    afterChange();
  }

  function undo() {
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
  function loadPosition() {
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

  function canUndo() {
    const g = state.game;
    if (!g || !g.moves.length) return false;
    if (state.mode === 'analysis') return true;
    const humanPlayer = state.human === 'first' ? 1 : 2;
    return g.moves.some((m) => m.player === humanPlayer);
  }

  function renderGame() {
    const g = state.game;
    if (!g || state.mode === 'review') return;
    const result = outcome(g);
    const win = findWin(g.cells, g.width, g.height, g.k, g.exact);
    const last = g.moves[g.moves.length - 1];
    const humanPlayer = state.human === 'first' ? 1 : 2;
    const clickable = !result && (state.mode === 'analysis' || (!state.thinking && toMove(g) === humanPlayer));
    drawBoard({
      variant: g.variant, style: g.style, width: g.width, height: g.height, cells: g.cells,
      last, win: win ? win.cells : null, marks: null, clickable, turn: toMove(g),
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

  function showLevel() {
    const lv = $('level');
    const v = Number(lv.value);
    let text = `${v}`;
    if (v >= Number(lv.max)) text += ' · full strength';
    else if (v <= Number(lv.min)) text += ' · weakest';
    $('level-out').textContent = text;
  }

  function signed(n) {
    n = Number(n);
    return n > 0 ? `+${n}` : `${n}`;
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
      const quiet = g.style === 'gomoku';
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
    if (style === 'cfour') {
      const c = document.createElement('small');
      c.textContent = ` ${m.file + 1}`;
      c.title = `column ${m.file + 1}`;
      s.appendChild(c);
    }
    return s;
  }

  // ---------------------------------------------------------------- review

  /** Reads a FEN's board: {width, height, cells} with cells[rank][file]. */
  function parseFen(fen) {
    const boardPart = String(fen || '').trim().split(/[\s[]/)[0];
    const ranks = boardPart.split('/');
    const rows = ranks.map((rank) => {
      const row = [];
      const re = /(\d+)|([Pp])|(.)/g;
      let m;
      while ((m = re.exec(rank))) {
        if (m[1]) for (let i = 0; i < Number(m[1]); i++) row.push(0);
        else if (m[2]) row.push(m[2] === 'P' ? 1 : 2);
        else row.push(0);
      }
      return row;
    });
    const height = rows.length;
    const width = Math.max(0, ...rows.map((r) => r.length));
    const cells = rows.reverse().map((r) => { while (r.length < width) r.push(0); return r; });
    return { width, height, cells };
  }

  /** The rules of a reviewed game, as the server spells them out (its
   * `game`); Connect Four on the FEN's board if it gave none. */
  function reviewRules(rg, start) {
    const g = rg.game;
    if (g && Number.isInteger(g.width) && Number.isInteger(g.k)) {
      return { width: g.width, height: g.height, k: g.k, gravity: !!g.gravity, exact: !!g.exact };
    }
    return { width: start.width, height: start.height, k: 4, gravity: true, exact: false };
  }

  async function runReview() {
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

  function renderReview() {
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
      drawBoard({ variant: 'cfour', style: 'cfour', width: 7, height: 6, cells: emptyCells(7, 6), clickable: false });
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
    const win = findWin(pos.cells, pos.width, pos.height, rules.k, rules.exact);
    const marks = new Set();
    if (played && Array.isArray(played.best_moves) && played.label && played.label !== 'best') {
      for (const bm of played.best_moves) {
        const p = parseNotation(bm);
        if (p) marks.add(`${p.file},${p.rank}`);
      }
    }
    drawBoard({
      variant: variantName(rules), style, width: pos.width, height: pos.height, cells: pos.cells,
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

  function step(to) {
    const rg = currentReviewGame();
    if (!rg) return;
    const n = (rg.moves || []).length;
    state.cursor = Math.max(0, Math.min(n, to));
    renderReview();
  }

  // A short game with an outcome error each: 2. P@b1 throws White's win
  // (P@d2 keeps it), then 2... P@g1 gives it back.
  const SAMPLE = `[Event "example"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[Variant "cfour"]

1. P@d1 P@a1 2. P@b1 P@g1 3. P@c1 P@g2 4. P@e1 {White wins with four in a row} 1-0
`;

  // ---------------------------------------------------------------- choosing the game

  /** The presets, then "Custom" for any other member. */
  function fillPresets(select) {
    for (const p of PRESETS) {
      const option = document.createElement('option');
      option.value = p.id;
      option.textContent = p.label;
      select.appendChild(option);
    }
    const custom = document.createElement('option');
    custom.value = 'custom';
    custom.textContent = 'Custom…';
    select.appendChild(custom);
  }

  /** The rules the width, height, k and checkboxes give. */
  function rulesFromFields() {
    return {
      width: Number($('width').value),
      height: Number($('height').value),
      k: Number($('k').value),
      gravity: $('gravity').checked,
      exact: $('exact').checked,
    };
  }

  /** Shows `rules` in the fields and the game chooser. */
  function showRules(rules) {
    $('width').value = rules.width;
    $('height').value = rules.height;
    $('k').value = rules.k;
    $('gravity').checked = rules.gravity;
    $('exact').checked = rules.exact;
    showRulesHints(rules);
  }

  /** The chooser's preset, "Exactly k" where an overline fits, and the
   * position field's hint for these rules. */
  function showRulesHints(rules) {
    $('variant').value = presetOf(rules);
    $('exact-k').textContent = Number.isInteger(rules.k) ? String(rules.k) : 'k';
    $('exact-field').hidden = !overlineFits(rules);
    $('position').placeholder = rules.gravity ? '4453' : 'h8 h9';
    $('position-hint').textContent = rules.gravity
      ? 'Columns from 1, as on Pons’s solver (4453; columns past 9 are A to Q).'
      : 'Squares, a file letter and a rank from 1 at the bottom (h8 h9).';
  }

  /** Bounds the number fields by the family's limits (from /api/v1/info). */
  function boundFields() {
    const f = state.family;
    $('width').max = f.max_width;
    // A board taller than 20 fits only when narrow (width × (height + 1)
    // is bounded too): rulesProblem says so.
    $('height').max = f.max_height;
    $('k').max = Math.min(f.max_k, Math.max(f.max_width, f.max_height));
  }

  /** Plays `rules` from now on, with a new game, if inarow plays them;
   * otherwise says why and keeps the game. */
  function chooseRules(rules) {
    const problem = rulesProblem(rules);
    $('rules-problem').hidden = !problem;
    $('rules-problem').textContent = problem ? `Cannot play ${rules.width}×${rules.height}, ${rules.k} in a row: ${problem}.` : '';
    showRulesHints(rules);
    if (problem) {
      $('variant').value = 'custom';
      return;
    }
    showRules(rules);
    state.rules = rules;
    startNewGame();
  }

  // ---------------------------------------------------------------- modes and wiring

  function setMode(mode) {
    if (state.mode === mode) return;
    state.mode = mode;
    for (const t of document.querySelectorAll('.tabs [role=tab]')) {
      t.setAttribute('aria-selected', String(t.dataset.mode === mode));
    }
    document.body.dataset.mode = mode;
    $('game-controls').hidden = mode === 'review';
    $('review-controls').hidden = mode !== 'review';
    $('review-nav').hidden = mode !== 'review';
    $('verdict').hidden = mode !== 'review';
    $('legend').hidden = mode !== 'analysis';
    cancelPending(); // an engine move or analysis on its way is not wanted now
    clearError();
    if (mode === 'review') {
      $('scores').hidden = true;
      renderReview();
    } else {
      afterChange();
    }
  }

  function wire() {
    for (const t of document.querySelectorAll('.tabs [role=tab]')) {
      t.addEventListener('click', () => setMode(t.dataset.mode));
    }
    board.addEventListener('click', (ev) => {
      if (state.mode === 'review') return;
      const target = ev.target.closest('.col, .cell');
      if (!target || !board.contains(target)) return;
      if (state.game.gravity) {
        const col = target.closest('.col');
        if (col && !col.disabled) humanMove(Number(col.dataset.col), -1);
      } else if (!target.disabled) {
        humanMove(Number(target.dataset.file), Number(target.dataset.rank));
      }
    });
    fillPresets($('variant'));
    $('variant').addEventListener('change', (e) => {
      if (e.target.value === 'custom') {
        $('width').focus();
        return;
      }
      chooseRules(presetRules(e.target.value));
    });
    for (const id of ['width', 'height', 'k', 'gravity', 'exact']) {
      $(id).addEventListener('change', () => chooseRules(rulesFromFields()));
    }
    $('side').addEventListener('change', (e) => { state.human = e.target.value; startNewGame(); });
    $('level').addEventListener('input', (e) => {
      state.level = Number(e.target.value);
      showLevel();
    });
    $('new-game').addEventListener('click', startNewGame);
    $('position-load').addEventListener('click', loadPosition);
    $('position').addEventListener('keydown', (e) => { if (e.key === 'Enter') loadPosition(); });
    $('think-longer').addEventListener('click', () => analyse(state.maxMillis));
    $('undo').addEventListener('click', undo);
    $('error-close').addEventListener('click', clearError);
    $('review-btn').addEventListener('click', runReview);
    $('review-sample').addEventListener('click', () => { $('pgn').value = SAMPLE; });
    $('rv-game').addEventListener('change', (e) => { state.reviewGame = Number(e.target.value); state.cursor = 0; renderReview(); });
    $('rv-first').addEventListener('click', () => step(0));
    $('rv-prev').addEventListener('click', () => step(state.cursor - 1));
    $('rv-next').addEventListener('click', () => step(state.cursor + 1));
    $('rv-last').addEventListener('click', () => step(Infinity));
    document.addEventListener('keydown', (ev) => {
      const tag = (ev.target && ev.target.tagName) || '';
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag) || ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (state.mode === 'review') {
        const keys = { ArrowLeft: () => step(state.cursor - 1), ArrowRight: () => step(state.cursor + 1), Home: () => step(0), End: () => step(Infinity) };
        if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
        return;
      }
      const g = state.game;
      if (g && g.gravity && /^[1-9]$/.test(ev.key) && Number(ev.key) <= g.width) {
        humanMove(Number(ev.key) - 1, -1);
      } else if (ev.key === 'Backspace' || (ev.key === 'z' && !ev.shiftKey)) {
        if (canUndo()) { ev.preventDefault(); undo(); }
      }
    });
  }

  async function loadInfo() {
    try {
      const info = await api('/api/v1/info');
      if (info.version) $('version').textContent = `v${info.version}`;
      if (info.limits && info.limits.max_millis) state.maxMillis = Number(info.limits.max_millis);
      if (info.family && Number.isInteger(info.family.max_width)) {
        state.family = info.family;
        boundFields();
      }
      if (info.levels) {
        const lv = $('level');
        lv.min = info.levels.min;
        lv.max = info.levels.max;
        showLevel();
      }
      const bits = [`${info.name || 'inarow'} ${info.version || ''}`.trim()];
      if (info.threads) bits.push(`${info.threads} thread${info.threads === 1 ? '' : 's'}`);
      if (info.hash_mib) bits.push(`${info.hash_mib} MiB of tables`);
      $('foot-info').textContent = `${bits.join(' · ')} — a perfect-play engine for k-in-a-row games.`;
    } catch (e) {
      showError(e, 'The server did not answer /api/v1/info');
    }
  }

  wire();
  showLevel();
  document.body.dataset.mode = 'play';
  state.rules = presetRules('cfour');
  showRules(state.rules);
  state.game = newGame(state.rules);
  afterChange();
  loadInfo();
})();

// The page of `inarow serve` in a real browser: Debian's chromium driven by
// playwright-core. Starts the release binary's server on a free port, plays
// Connect Four, tic-tac-toe, gomoku and Connect-5 by clicking, marks renju's
// forbidden points, checks the
// analysis numbers (Connect Four's and an m,n,k-game's) against `inarow
// analyze` and the review verdicts against `inarow review`, looks at a
// phone-sized screen, and saves screenshots to target/browser/.
//
//   node run.mjs            (from tests/browser; run.sh installs what it needs)
//
// Environment: CHROMIUM (default /usr/bin/chromium), INAROW_BIN (default
// target/release/inarow), HEADED=1 to watch it.

import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const bin = process.env.INAROW_BIN || join(root, 'target', 'release', 'inarow');
const shots = join(root, 'target', 'browser');
const started = Date.now();
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

let server = null;
let browser = null;
let passed = 0;
const failures = [];
const screenshots = [];

function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)}s`;
}

function log(msg) {
  console.log(`[${elapsed()}] ${msg}`);
}

class CheckFailed extends Error {}

function check(cond, msg) {
  if (!cond) throw new CheckFailed(msg);
}

function eq(actual, expected, msg) {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new CheckFailed(`${msg}: expected ${e}, the page shows ${a}`);
}

// ------------------------------------------------------------------ the server

function startServer() {
  return new Promise((resolveStart, rejectStart) => {
    if (!existsSync(bin)) {
      rejectStart(new Error(`${bin} is missing: run cargo build --release first`));
      return;
    }
    const child = spawn(bin, ['serve', '--bind', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    server = child;
    let out = '';
    let err = '';
    const timer = setTimeout(() => rejectStart(new Error(`inarow serve printed no 'listening on' line in 20 s; stderr: ${err}`)), 20000);
    child.stderr.on('data', (d) => {
      err += d;
      if (process.env.VERBOSE) process.stderr.write(`[server] ${d}`);
    });
    child.stdout.on('data', (d) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      const line = out.slice(0, nl).trim();
      clearTimeout(timer);
      const m = /^listening on (http:\/\/127\.0\.0\.1:(\d+))$/.exec(line);
      if (!m) rejectStart(new Error(`inarow serve's first line is not 'listening on http://127.0.0.1:PORT': '${line}'`));
      else resolveStart(m[1]);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (server === child) server = null;
      rejectStart(new Error(`inarow serve exited (${code ?? signal}) before listening; stderr: ${err}`));
    });
  });
}

async function stopServer() {
  const child = server;
  if (!child) return;
  server = null;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 5000);
  await gone;
  clearTimeout(t);
}

async function cleanup() {
  try { if (browser) await browser.close(); } catch { /* already gone */ }
  browser = null;
  await stopServer();
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, async () => {
    await cleanup();
    process.exit(130);
  });
}

// ------------------------------------------------------------------ the CLI, for expected values

/** `inarow analyze --variant` of moves by squares: a Map of square to score. */
function cliAnalyzeSquares(variant, moves) {
  const out = execFileSync(bin, ['analyze', '--variant', variant], { input: `${moves}\n`, encoding: 'utf8' }).trim();
  return new Map(out.split(/\s+/).filter((t) => t.includes(':')).map((t) => t.split(':')));
}

/** `inarow analyze` of a Pons move string: 7 (width) entries, a number or '-'. */
function cliAnalyze(moves, size) {
  const args = ['analyze'];
  if (size) args.push('--size', size);
  const out = execFileSync(bin, args, { input: `${moves}\n`, encoding: 'utf8' }).trim();
  const tokens = out.split(/\s+/);
  if (moves) {
    check(tokens[0] === moves, `inarow analyze answered '${out}' for ${moves}`);
    tokens.shift();
  }
  return tokens;
}

/** `inarow review` of a PGN: the labels by ply (1-based), 'best' for any move not listed as an error. */
function cliReview(pgn) {
  const out = execFileSync(bin, ['review', '--errors', '1000', '--hash', '16'], { input: pgn, encoding: 'utf8' });
  const labels = new Map();
  for (const m of out.matchAll(/^(score error|outcome error|unsettled): game 1, ply (\d+),/gm)) {
    labels.set(Number(m[2]), m[1]);
  }
  return labels;
}

// ------------------------------------------------------------------ page helpers

/** Connect-Four or tic-tac-toe winner of the board in the DOM, computed here. */
async function readBoard(page) {
  return page.$eval('#board', (b) => {
    const width = Number(b.dataset.width);
    const height = Number(b.dataset.height);
    const cells = Array.from({ length: height }, () => new Array(width).fill(0));
    for (const c of b.querySelectorAll('.cell')) cells[Number(c.dataset.rank)][Number(c.dataset.file)] = Number(c.dataset.player);
    return { width, height, cells, moves: b.dataset.moves, variant: b.dataset.variant };
  });
}

/** The result of the board: a line of k (of exactly k when `exact`: a
 * longer run does not count) wins. */
function winnerOf({ width, height, cells }, k, exact = false) {
  let winner = 0;
  for (let r = 0; r < height; r++) {
    for (let f = 0; f < width; f++) {
      const p = cells[r][f];
      if (!p) continue;
      for (const [df, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        if (cells[r - dr]?.[f - df] === p) continue; // inside a run counted from its start
        let n = 0;
        while (cells[r + dr * n]?.[f + df * n] === p) n++;
        if (exact ? n === k : n >= k) {
          check(!winner || winner === p, 'both players have a line on the board');
          winner = p;
        }
      }
    }
  }
  const full = cells.every((row) => row.every((c) => c));
  return winner ? (winner === 1 ? '1-0' : '0-1') : full ? '1/2-1/2' : null;
}

async function statusState(page) {
  return page.$eval('#status', (s) => s.dataset.state);
}

async function statusText(page) {
  return (await page.textContent('#status-text')).trim();
}

async function setLevel(page, level) {
  await page.$eval('#level', (el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, level);
}

/** Sets the rules fields at once (width, height, k, gravity, exact) and
 * lets the page take them, as a person's edit does. */
async function setRules(page, rules) {
  await page.evaluate((r) => {
    const set = (id, v) => { const el = document.getElementById(id); if (el.type === 'checkbox') el.checked = v; else el.value = String(v); };
    for (const [id, v] of Object.entries(r)) set(id, v);
    document.getElementById('width').dispatchEvent(new Event('change', { bubbles: true }));
  }, rules);
}

/** Sets Connect Four's board to `size` (WxH). */
async function setSize(page, size) {
  const [width, height] = size.split('x').map(Number);
  await setRules(page, { width, height, k: 4, gravity: true, exact: false });
}

async function newGame(page, { variant = 'cfour', size = '7x6', side = 'first', level = 10 } = {}) {
  await page.selectOption('#variant', variant);
  if (variant === 'cfour' && size !== '7x6') await setSize(page, size);
  if (await page.isVisible('#side')) await page.selectOption('#side', side);
  await setLevel(page, level);
  await page.click('#new-game');
}

/** Waits until it is the human's turn or the game is over; returns the state. */
async function waitTurn(page, timeout = 15000) {
  await page.waitForSelector('#status[data-state="human"], #status[data-state="over"]', { timeout });
  return statusState(page);
}

async function moveCount(page) {
  const b = await readBoard(page);
  return b.cells.flat().filter((c) => c).length;
}

async function waitMoves(page, n, timeout = 15000) {
  await page.waitForFunction((want) => document.querySelectorAll('#board .piece').length === want, n, { timeout });
}

async function shot(page, name) {
  const path = join(shots, name);
  // No hover ghost, and animations at their end.
  if (!page.viewportSize() || page.viewportSize().width > 600) await page.mouse.move(0, 0);
  await page.screenshot({ path, fullPage: false, animations: 'disabled' });
  screenshots.push(path);
  return path;
}

async function noHorizontalScroll(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  check(scroll <= width, `${what}: the page is ${scroll}px wide in a ${width}px window (it scrolls sideways)`);
}

async function errorShown(page) {
  if (!(await page.isVisible('#error'))) return null;
  return (await page.textContent('#error-text')).trim();
}

async function noError(page, what) {
  const e = await errorShown(page);
  check(e === null, `${what}: the page shows an error: ${e}`);
}

// ------------------------------------------------------------------ the checks

async function playConnectFour(page) {
  await newGame(page, { variant: 'cfour', size: '7x6', side: 'first', level: 1 });
  check((await waitTurn(page)) === 'human', 'a new game with the human first is not the human\'s turn');
  check(/your turn/i.test(await statusText(page)), `the status says '${await statusText(page)}', not 'Your turn'`);

  // Undo: a move, the engine's reply, then both taken back.
  await page.click('#board .col[data-col="3"]');
  await waitMoves(page, 2);
  await waitTurn(page);
  eq(await page.$$eval('#movelist .mv', (els) => els.length), 2, 'moves in the list after one move each');
  await page.click('#undo');
  await waitMoves(page, 0);
  eq((await readBoard(page)).moves, '', 'the moves after undo');
  check((await waitTurn(page)) === 'human', 'after undo it is not the human\'s turn');

  // A whole game: the first legal column every turn.
  let plies = 0;
  for (let turn = 0; turn < 30; turn++) {
    const st = await waitTurn(page);
    if (st === 'over') break;
    const before = await moveCount(page);
    const col = await page.$('#board .col[data-full="0"]:not(:disabled)');
    check(col, 'it is the human\'s turn but no column can be clicked');
    await col.click();
    await page.waitForFunction((n) => document.querySelectorAll('#board .piece').length > n
      && ['human', 'over'].includes(document.getElementById('status').dataset.state), before, { timeout: 15000 });
    plies = await moveCount(page);
  }
  check((await statusState(page)) === 'over', `the game is not over after ${plies} plies`);
  await noError(page, 'Connect Four game');
  const boardNow = await readBoard(page);
  const result = winnerOf(boardNow, 4);
  check(result, 'the page says the game is over but the board has no four and is not full');
  eq(await page.$eval('#status', (s) => s.dataset.result), result, 'the result');
  const text = await statusText(page);
  const want = result === '1-0' ? /you win/i : result === '0-1' ? /engine wins/i : /draw/i;
  check(want.test(text), `the result is ${result} but the status says '${text}'`);
  check(text.includes(result), `the status '${text}' does not give the result ${result}`);
  const won = await page.$$eval('#board .cell.won', (els) => els.length);
  check(result === '1/2-1/2' || won >= 4, `the winning four is not highlighted (${won} cells)`);
  const listed = await page.$$eval('#movelist .mv', (els) => els.map((e) => e.textContent.trim()));
  eq(listed.length, plies, 'the move list\'s length');
  check(listed.every((m) => /^P@[a-g][1-6] [1-7]$/.test(m)), `a move in the list is not 'P@d1 4': ${listed.join(', ')}`);
  check(boardNow.moves.length === plies, `the board's move string ${boardNow.moves} is not ${plies} moves`);
  log(`Connect Four: ${plies} plies, ${result} ("${text}")`);
  return shot(page, 'desktop-play.png');
}

async function analysisScores(page, moves) {
  await page.waitForSelector(`#scores[data-state="ready"][data-moves="${moves}"]`, { timeout: 20000 });
  return page.$$eval('#scores .score', (els) => els.map((e) => ({ score: e.dataset.score, text: e.textContent.trim() })));
}

async function clickColumns(page, cols) {
  for (const c of cols) {
    const n = await moveCount(page);
    await page.click(`#board .col[data-col="${Number(c) - 1}"]`);
    await waitMoves(page, n + 1);
  }
}

async function compareAnalysis(page, moves) {
  const shown = await analysisScores(page, moves);
  const expected = cliAnalyze(moves);
  eq(shown.length, expected.length, `columns with a score after ${moves}`);
  expected.forEach((e, i) => {
    if (e === '-') {
      eq(shown[i].score, '-', `column ${i + 1} (full) after ${moves}`);
      eq(shown[i].text, '', `column ${i + 1}'s text (full) after ${moves}`);
    } else {
      eq(shown[i].score, e, `column ${i + 1}'s score after ${moves} (inarow analyze: ${expected.join(' ')})`);
      eq(shown[i].text, e, `column ${i + 1}'s number after ${moves}`);
    }
  });
  log(`analysis ${moves}: ${shown.map((s) => s.text || '-').join(' ')} = inarow analyze`);
}

async function analysis(page) {
  await page.click('#tab-analysis');
  await page.selectOption('#variant', 'cfour');
  await page.click('#new-game');
  await compareAnalysis(page, '');
  check((await statusState(page)) === 'analysis', 'the analysis tab\'s status');
  await clickColumns(page, '4453');
  eq((await readBoard(page)).moves, '4453', 'the moves clicked in analysis (both sides, no engine)');
  await compareAnalysis(page, '4453');
  await noError(page, 'analysis');
  const path = await shot(page, 'analysis.png');

  // A full column.
  await page.click('#new-game');
  await clickColumns(page, '4444441');
  await compareAnalysis(page, '4444441');
  // Undo takes back one move in analysis.
  await page.click('#undo');
  await waitMoves(page, 6);
  await compareAnalysis(page, '444444');
  check(await page.isVisible('#legend'), 'the analysis legend is not shown');
  // A position typed in: a legal one, then a seventh stone in one column.
  eq(await page.inputValue('#position'), '444444', 'the position field');
  await page.fill('#position', '4453');
  await page.press('#position', 'Enter');
  await compareAnalysis(page, '4453');
  await page.fill('#position', '4444444');
  await page.click('#position-load');
  const why = await errorShown(page);
  check(why && /move 7/.test(why), `a seventh stone in column 4 gives no clear error: '${why}'`);
  eq((await readBoard(page)).moves, '4453', 'the moves after a bad position was typed');
  await page.click('#error-close');
  await noError(page, 'analysis with a full column');
  // Past nine columns a move string names columns 10 to 16 by letters: on
  // 10x6, AA1 is two stones in the tenth column and one in the first.
  await setSize(page, '10x6');
  await page.fill('#position', 'AA1');
  await page.press('#position', 'Enter');
  await waitMoves(page, 3);
  eq((await readBoard(page)).moves, 'AA1', 'a 10x6 move string with letters');
  await noError(page, 'a 10x6 position typed in');
  await page.selectOption('#variant', 'cfour');
  return path;
}

const REVIEW_PGN = `[Event "?"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Variant "cfour"]

1. P@d1 P@a1 2. P@b1 P@g1 3. P@c1 P@g2 4. P@e1 1-0

`;

/** A 6x5 game where Black's 2... P@d2 throws the draw, and tic-tac-toe's
 * edge answer to the centre (from tests/review.rs). */
const OTHER_BOARDS_PGN = `[Event "?"]
[White "C"]
[Black "D"]
[Result "1-0"]
[FEN "6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1"]
[SetUp "1"]
[Variant "cfour"]

1. P@c1 P@c2 2. P@d1 P@d2 3. P@b1 P@b2 4. P@e1 1-0

[Event "?"]
[White "Bob"]
[Black "Alice"]
[Result "1-0"]
[Variant "tictactoe"]

1. P@b2 P@a2 2. P@a1 P@c3 3. P@c1 P@b1 4. P@a3 {X wins} 1-0

`;

const GOMOKU_PGN = `[White "E"]
[Black "F"]
[Result "1-0"]
[Variant "gomoku"]

1. P@h8 P@a15 2. P@i8 P@b15 3. P@j8 P@c15 4. P@k8 P@d15 5. P@l8 1-0
`;

async function review(page) {
  const expected = cliReview(REVIEW_PGN);
  check(expected.get(3) === 'outcome error', `inarow review no longer calls 2. P@b1 an outcome error: ${[...expected]}`);
  await page.click('#tab-review');
  // A PGN that is no game at all: a clear error, not silence.
  await page.fill('#pgn', 'this is not a game');
  await page.click('#review-btn');
  await page.waitForFunction(() => !document.getElementById('review-btn').disabled, null, { timeout: 20000 });
  await page.waitForSelector('#error:not([hidden]), #rv-warnings li', { timeout: 5000 });
  const why = (await errorShown(page)) || (await page.textContent('#rv-warnings')).trim();
  check(why && why.length > 5, 'a PGN without a game gives no message');
  log(`review of a non-game says: ${why}`);

  await page.fill('#pgn', REVIEW_PGN);
  await page.click('#review-btn');
  await page.waitForSelector('#rv-movelist .mv.rv', { timeout: 30000 });
  await noError(page, 'review');
  const labels = await page.$$eval('#rv-movelist .mv.rv', (els) => els.map((e) => e.dataset.label));
  eq(labels.length, 7, 'moves in the review list');
  const want = labels.map((_, i) => expected.get(i + 1) || 'best');
  eq(labels, want, 'the verdicts (inarow review gives them)');
  const summary = await page.$$eval('#rv-summary tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent.trim())));
  const outcomeErrors = (p) => labels.filter((l, i) => l === 'outcome error' && i % 2 === p).length;
  check(summary[0][1] === 'A' && summary[0][2] === 'B'
    && summary.some((r) => /Outcome errors/.test(r[0]) && r[1] === String(outcomeErrors(0)) && r[2] === String(outcomeErrors(1))),
  `the summary table: ${JSON.stringify(summary)}`);

  // Step through: buttons, keys and a click in the list.
  eq(await page.textContent('#rv-pos'), '0 / 7', 'the review starts at');
  await page.click('#rv-last');
  eq(await page.textContent('#rv-pos'), '7 / 7', 'after Last');
  eq(await page.$$eval('#board .piece', (els) => els.length), 7, 'stones after Last');
  eq(await page.$$eval('#board .cell.won', (els) => els.length), 4, 'the winning four highlighted after Last');
  await page.click('#rv-first');
  eq(await page.textContent('#rv-pos'), '0 / 7', 'after First');
  for (let i = 0; i < 3; i++) await page.click('#rv-next');
  eq(await page.textContent('#rv-pos'), '3 / 7', 'after Next three times');
  const verdict = async () => ({
    label: await page.$eval('#verdict', (v) => v.dataset.label),
    text: (await page.textContent('#verdict')).replace(/\s+/g, ' '),
  });
  let v = await verdict();
  eq(v.label, 'outcome error', 'the verdict of 2. P@b1');
  check(/P@b1/.test(v.text) && /Played score\s*-2/.test(v.text) && /Best score\s*\+4/.test(v.text) && /P@d2/.test(v.text),
    `the verdict of 2. P@b1 does not show played -2, best +4 and P@d2: '${v.text}'`);
  check(await page.$('#board .cell.mark[data-file="3"][data-rank="1"]'), 'the best move d2 is not marked on the board');
  const path = await shot(page, 'review.png');
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press('ArrowLeft');
  eq(await page.textContent('#rv-pos'), '2 / 7', 'after ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  eq(await page.textContent('#rv-pos'), '4 / 7', 'after ArrowRight twice');
  eq((await verdict()).label, 'outcome error', 'the verdict of 2... P@g1');
  await page.keyboard.press('End');
  eq(await page.textContent('#rv-pos'), '7 / 7', 'after End');
  await page.keyboard.press('Home');
  eq(await page.textContent('#rv-pos'), '0 / 7', 'after Home');
  await page.click('#rv-movelist .mv.rv[data-index="1"]');
  eq(await page.textContent('#rv-pos'), '2 / 7', 'after clicking 1... P@a1 in the list');
  v = await verdict();
  eq(v.label, expected.get(2) || 'best', 'the verdict of 1... P@a1');
  log(`review: ${labels.join(', ')}`);

  // Two games on other boards: 6x5 Connect Four and tic-tac-toe.
  await page.fill('#pgn', OTHER_BOARDS_PGN);
  await page.click('#review-btn');
  await page.waitForFunction(() => document.getElementById('rv-game').options.length === 2
    && !document.getElementById('review-btn').disabled, null, { timeout: 30000 });
  await noError(page, 'review of two games');
  check(await page.isVisible('#rv-game'), 'the game choice is not shown for a PGN of two games');
  const dims = async () => page.$eval('#board', (b) => [b.dataset.variant, Number(b.dataset.width), Number(b.dataset.height)]);
  eq(await dims(), ['cfour', 6, 5], 'the board of the 6x5 game');
  eq(await page.$$eval('#rv-movelist .mv.rv', (els) => els.map((e) => e.dataset.label)),
    ['best', 'best', 'best', 'outcome error', 'best', 'best', 'best'], 'the 6x5 verdicts');
  await page.click('#rv-last');
  eq(await page.$$eval('#board .cell.won', (els) => els.length), 4, 'the 6x5 game\'s winning four');
  await page.selectOption('#rv-game', '1');
  eq(await dims(), ['tictactoe', 3, 3], 'the board of the tic-tac-toe game');
  eq(await page.$$eval('#rv-movelist .mv.rv', (els) => els.map((e) => e.dataset.label)),
    ['best', 'outcome error', 'best', 'best', 'best', 'best', 'best'], 'the tic-tac-toe verdicts');
  await page.click('#rv-last');
  eq(await page.$$eval('#board .cell.won', (els) => els.length), 3, 'the tic-tac-toe winning line');
  eq(await page.$$eval('#rv-summary tr:first-child th[scope=col]', (els) => els.map((e) => e.textContent)),
    ['C', 'D', 'Bob', 'Alice'], 'the summary\'s players');

  // A gomoku game: its 15x15 board, and the five marked at the end.
  await page.fill('#pgn', GOMOKU_PGN);
  await page.selectOption('#rv-budget', '100');
  await page.click('#review-btn');
  await page.waitForFunction(() => document.querySelectorAll('#rv-movelist .mv.rv').length === 9
    && !document.getElementById('review-btn').disabled, null, { timeout: 30000 });
  await noError(page, 'review of a gomoku game');
  eq(await dims(), ['gomoku', 15, 15], 'the board of the gomoku game');
  await page.click('#rv-last');
  eq(await page.$$eval('#board .cell.won', (els) => els.map((e) => e.dataset.file).sort()), ['10', '11', '7', '8', '9'],
    'the gomoku five h8-l8 marked');
  check(/Gomoku 15×15/.test(await page.textContent('#subline')), `the review's game: ${await page.textContent('#subline')}`);
  await page.selectOption('#rv-budget', '');
  return path;
}

async function ticTacToe(page) {
  await page.click('#tab-play');
  await newGame(page, { variant: 'tictactoe', side: 'second', level: 10 });
  let plies = 0;
  for (let turn = 0; turn < 6; turn++) {
    const st = await waitTurn(page);
    if (st === 'over') break;
    const before = await moveCount(page);
    const sq = await page.$('#board .cell:not(:disabled)');
    check(sq, 'it is the human\'s turn but no square can be clicked');
    await sq.click();
    await page.waitForFunction((n) => document.querySelectorAll('#board .piece').length > n
      && ['human', 'over'].includes(document.getElementById('status').dataset.state), before, { timeout: 15000 });
    plies = await moveCount(page);
  }
  check((await statusState(page)) === 'over', 'the tic-tac-toe game is not over');
  const result = winnerOf(await readBoard(page), 3);
  check(result, 'the tic-tac-toe board has no line and is not full');
  eq(await page.$eval('#status', (s) => s.dataset.result), result, 'the tic-tac-toe result');
  check(result !== '0-1', 'the human (second) beat the full-strength engine at tic-tac-toe');
  const text = await statusText(page);
  check((result === '1-0' ? /engine wins/i : /draw/i).test(text), `tic-tac-toe ${result} but the status says '${text}'`);
  eq(await page.$$eval('#movelist .mv', (els) => els.length), plies, 'tic-tac-toe moves in the list');
  await noError(page, 'tic-tac-toe');
  log(`tic-tac-toe: ${plies} plies, ${result} ("${text}")`);
  const path = await shot(page, 'desktop-tictactoe.png');

  // Every first move of tic-tac-toe draws: nine zeros in analysis.
  await page.click('#tab-analysis');
  await page.click('#new-game');
  await page.waitForFunction(() => document.querySelectorAll('#board .sq-score').length === 9, null, { timeout: 15000 });
  const scores = await page.$$eval('#board .sq-score', (els) => els.map((e) => e.dataset.score));
  eq(scores, new Array(9).fill('0'), 'tic-tac-toe first moves in analysis');
  return path;
}

/** Plays the human's turns by clicking the first cell `pick` gives, until
 * the game is over; returns the plies played. */
async function playOut(page, pick, turns) {
  for (let turn = 0; turn < turns; turn++) {
    const st = await waitTurn(page, 30000);
    if (st === 'over') break;
    const before = await moveCount(page);
    const target = await page.$(pick);
    check(target, `it is the human's turn but nothing matches ${pick}`);
    await target.click();
    await page.waitForFunction((n) => document.querySelectorAll('#board .piece').length > n
      && ['human', 'over'].includes(document.getElementById('status').dataset.state), before, { timeout: 30000 });
  }
  check((await statusState(page)) === 'over', `the game is not over after ${turns} turns`);
  return moveCount(page);
}

/** Checks the end of a game of k in a row: the result the page gives is
 * the board's, the status says it, and the winning line is marked. */
async function checkResult(page, what, k, exact) {
  const boardNow = await readBoard(page);
  const result = winnerOf(boardNow, k, exact);
  check(result, `${what}: the page says the game is over but the board has no line of ${k} and is not full`);
  eq(await page.$eval('#status', (s) => s.dataset.result), result, `${what}: the result`);
  const text = await statusText(page);
  const want = result === '1-0' ? /you win/i : result === '0-1' ? /engine wins/i : /draw/i;
  check(want.test(text) && text.includes(result), `${what}: the result is ${result} but the status says '${text}'`);
  const won = await page.$$eval('#board .cell.won', (els) => els.map((e) => [Number(e.dataset.file), Number(e.dataset.rank), Number(e.dataset.player)]));
  if (result !== '1/2-1/2') {
    const winner = result === '1-0' ? 1 : 2;
    check(won.length >= k && won.every(([, , p]) => p === winner), `${what}: the winning line is not marked: ${JSON.stringify(won)}`);
  }
  return { result, text, board: boardNow };
}

/** Renju, chosen from the presets /api/v1/info gives: Black's forbidden
 * point h8 (a double three after f8 g8 h6 h7) is marked as the server's
 * /api/v1/position says, a click on it is refused with the reason and plays
 * nothing, and nothing is marked with White to move. */
async function renju(page) {
  await page.click('#tab-analysis');
  await page.selectOption('#variant', 'renju');
  await page.fill('#position', 'f8 a1 g8 a3 h6 a5 h7 a7');
  await page.press('#position', 'Enter');
  await waitMoves(page, 8);
  await page.waitForSelector('#board .cell.forbidden', { timeout: 10000 });
  const marked = () => page.$$eval('#board .cell.forbidden',
    (els) => els.map((e) => [Number(e.dataset.file), Number(e.dataset.rank), e.dataset.forbidden]));
  eq(await marked(), [[7, 7, 'double three']], 'the forbidden points after f8 a1 g8 a3 h6 a5 h7 a7');
  const cross = await page.$eval('#board .cell.forbidden', (e) => getComputedStyle(e, '::after').content);
  eq(cross, '"×"', 'the mark drawn on the forbidden point');
  await shot(page, 'renju-forbidden.png');
  await page.click('#board .cell[data-file="7"][data-rank="7"]');
  await page.waitForSelector('#error:not([hidden])');
  const why = await errorShown(page);
  check(/h8 is forbidden to Black: it makes a double three/.test(why), `the refusal of h8 says '${why}'`);
  eq(await moveCount(page), 8, 'the stones after a click on a forbidden point');
  // Black plays elsewhere: White to move, nothing is forbidden to it.
  await page.click('#board .cell[data-file="14"][data-rank="14"]');
  await waitMoves(page, 9);
  eq(await marked(), [], 'the forbidden points with White to move');
  await page.click('#tab-play');
}

/** Gomoku (15x15, exactly five): the human clicks cells along the bottom
 * ranks, the engine answers each, and a five ends the game. */
async function gomoku(page) {
  await page.click('#tab-play');
  await newGame(page, { variant: 'gomoku', side: 'first', level: 10 });
  eq(await page.$eval('#board', (b) => [b.dataset.variant, b.dataset.style, b.dataset.width, b.dataset.height]),
    ['gomoku', 'goban', '15', '15'], 'the gomoku board');
  eq(await page.$$eval('#board .cell', (els) => els.length), 225, 'the gomoku board\'s cells');
  eq([await page.inputValue('#width'), await page.inputValue('#height'), await page.inputValue('#k'),
    await page.isChecked('#gravity'), await page.isChecked('#exact')], ['15', '15', '5', false, true], 'the gomoku rules');
  eq(await page.$$eval('#board .file-label', (els) => els.map((e) => e.textContent).join('')), 'abcdefghijklmno', 'the files');
  check((await waitTurn(page)) === 'human', 'gomoku: not the human\'s turn at the start');
  // The centre first, then the first empty cell from a1 on.
  await page.click('#board .cell[data-file="7"][data-rank="7"]');
  const plies = await playOut(page, '#board .cell:not(:disabled)', 60);
  const { result, text, board: end } = await checkResult(page, 'gomoku', 5, true);
  await noError(page, 'gomoku game');
  const listed = await page.$$eval('#movelist .mv', (els) => els.map((e) => e.textContent.trim()));
  eq(listed.length, plies, 'the gomoku move list\'s length');
  check(listed.every((m) => /^P@[a-o]([1-9]|1[0-5])$/.test(m)), `a gomoku move in the list is not a square: ${listed.join(', ')}`);
  eq(end.moves, listed.map((m) => m.slice(2)).join(' '), 'the gomoku moves as squares');
  log(`gomoku: ${plies} plies, ${result} ("${text}")`);
  const path = await shot(page, 'desktop-gomoku.png');

  // Exactly five: a sixth stone in the line (f1, with b1-e1 and g1) wins
  // nothing, where a1 (five) wins.
  await page.click('#tab-analysis');
  const six = 'b1 h8 c1 j10 d1 l12 e1 n14 g1 o3 f1';
  await page.fill('#position', six);
  await page.press('#position', 'Enter');
  await waitMoves(page, 11);
  eq(await statusState(page), 'analysis', `gomoku ${six}: an overline ended the game`);
  eq(await page.$$eval('#board .cell.won', (els) => els.length), 0, 'an overline marked as a win');
  await page.fill('#position', six.replace(/f1$/, 'a1'));
  await page.press('#position', 'Enter');
  await page.waitForSelector('#status[data-state="over"][data-result="1-0"]');
  eq(await page.$$eval('#board .cell.won', (els) => els.map((e) => e.dataset.file + e.dataset.rank).sort()),
    ['00', '10', '20', '30', '40'], 'the five a1-e1 marked');
  // In free-style gomoku the six wins too.
  await page.selectOption('#variant', 'gomokufreestyle');
  await page.fill('#position', six);
  await page.press('#position', 'Enter');
  await page.waitForSelector('#status[data-state="over"][data-result="1-0"]');
  await noError(page, 'gomoku positions');
  await page.click('#tab-play');
  return path;
}

/** Connect-5 on 7x6: stones fall; the human drops into the first column
 * not full, at level 1, until a five or a full board. */
async function connectFive(page) {
  await page.click('#tab-play');
  await newGame(page, { variant: 'connect 7x6 k5', side: 'first', level: 1 });
  eq(await page.$eval('#board', (b) => [b.dataset.variant, b.dataset.style, b.dataset.width, b.dataset.height]),
    ['connect', 'frame', '7', '6'], 'the Connect-5 board');
  eq(await page.$$eval('#board .col', (els) => els.length), 7, 'Connect-5\'s columns');
  const plies = await playOut(page, '#board .col[data-full="0"]:not(:disabled)', 25);
  const { result, text, board: end } = await checkResult(page, 'Connect-5', 5, false);
  await noError(page, 'Connect-5 game');
  check(/^[1-7]+$/.test(end.moves) && end.moves.length === plies, `the Connect-5 moves string ${end.moves}`);
  const listed = await page.$$eval('#movelist .mv', (els) => els.map((e) => e.textContent.trim()));
  check(listed.length === plies && listed.every((m) => /^P@[a-g][1-6] [1-7]$/.test(m)), `the Connect-5 list: ${listed.join(', ')}`);
  log(`Connect-5 7x6: ${plies} plies, ${result} ("${text}")`);
  return shot(page, 'desktop-connect5.png');
}

/** Every square's score of an m,n,k-game shown in analysis is `inarow
 * analyze --variant`'s. */
async function compareSquares(page, variant, moves) {
  // The scores row is hidden without gravity: the scores are in the squares.
  await page.waitForSelector(`#scores[data-state="ready"][data-moves="${moves}"]`, { state: 'attached', timeout: 20000 });
  const shown = new Map(await page.$$eval('#board .cell', (els) => els
    .filter((e) => e.querySelector('.sq-score'))
    .map((e) => [`${'abcdefghijklmnopqrstuvwxyz'[Number(e.dataset.file)]}${Number(e.dataset.rank) + 1}`, e.querySelector('.sq-score').dataset.score])));
  const expected = cliAnalyzeSquares(variant, moves);
  eq([...shown.entries()].sort(), [...expected.entries()].sort(), `the squares' scores after '${moves}' (inarow analyze --variant '${variant}')`);
  log(`analysis ${variant} '${moves}': ${[...shown.values()].join(' ')} = inarow analyze`);
}

/** The 4x4 board with three in a row, chosen by its fields: solved, every
 * square's score as inarow analyze gives it, before and after a move. */
async function mnkAnalysis(page) {
  await page.click('#tab-analysis');
  await setRules(page, { width: 4, height: 4, k: 3, gravity: false, exact: false });
  eq(await page.inputValue('#variant'), 'mnk 4x4 k3', 'the preset of 4x4, three in a row');
  await compareSquares(page, 'mnk 4x4 k3', '');
  await page.click('#board .cell[data-file="1"][data-rank="1"]');
  await compareSquares(page, 'mnk 4x4 k3', 'b2');
  check(/Black loses|White wins|loses with best play/.test(await page.textContent('#subline')), `the summary after b2: ${await page.textContent('#subline')}`);
  await noError(page, 'm,n,k analysis');
  const path = await shot(page, 'analysis-mnk.png');
  // A gomoku board in analysis: the page asks for a short budget, shows the
  // proven squares, and offers to think longer.
  await page.selectOption('#variant', 'gomoku');
  await page.fill('#position', 'a1 a2 b1 b2 c1 c2 d1');
  await page.press('#position', 'Enter');
  await page.waitForSelector('#scores[data-state="ready"]', { state: 'attached', timeout: 20000 });
  // White must take e1: every other square loses at once.
  const e1 = await page.$eval('#board .cell[data-file="4"][data-rank="0"] .sq-score', (e) => e.dataset.score).catch(() => null);
  const a3 = await page.$eval('#board .cell[data-file="0"][data-rank="2"] .sq-score', (e) => e.dataset.score).catch(() => null);
  check(a3 !== null && Number(a3) < 0, `a3 does not lose in the gomoku analysis: ${a3}`);
  check(e1 === null || Number.isNaN(Number(e1)) || Number(e1) > Number(a3), `e1 scores ${e1}, not better than a3's ${a3}`);
  await noError(page, 'gomoku analysis');
  await shot(page, 'analysis-gomoku.png');
  await page.selectOption('#variant', 'cfour');
  return path;
}

async function phone(context) {
  const page = await context.newPage();
  watch(page);
  await page.goto(base);
  await page.waitForSelector('#status[data-state="human"]');
  await noHorizontalScroll(page, 'phone, play');
  const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { left: r.left, right: r.right, width: r.width }; });
  check(box.left >= 0 && box.right <= PHONE.width && box.width >= 300, `on a phone the board is ${JSON.stringify(box)}`);
  await setLevel(page, 1);
  for (const c of [4, 3, 5]) {
    await waitTurn(page);
    const n = await moveCount(page);
    await page.tap(`#board .col[data-col="${c - 1}"]`);
    await page.waitForFunction((k) => document.querySelectorAll('#board .piece').length >= k + 2
      || document.getElementById('status').dataset.state === 'over', n, { timeout: 15000 });
  }
  await waitTurn(page);
  await noError(page, 'phone play');
  const paths = [await shot(page, 'phone-play.png')];
  await page.tap('#tab-analysis');
  await page.waitForSelector('#scores[data-state="ready"]', { timeout: 20000 });
  await noHorizontalScroll(page, 'phone, analysis');
  paths.push(await shot(page, 'phone-analysis.png'));
  await page.tap('#tab-review');
  await page.fill('#pgn', REVIEW_PGN);
  await page.tap('#review-btn');
  await page.waitForSelector('#rv-movelist .mv.rv', { timeout: 30000 });
  for (let i = 0; i < 3; i++) await page.tap('#rv-next');
  await noHorizontalScroll(page, 'phone, review');
  paths.push(await shot(page, 'phone-review.png'));
  await page.close();
  return paths;
}

// ------------------------------------------------------------------ main

let base = '';
const pageProblems = [];

/** Records script errors, failed requests and any request off this server. */
function watch(page) {
  page.on('pageerror', (e) => pageProblems.push(`script error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') pageProblems.push(`console error: ${m.text()}`); });
  page.on('requestfailed', (r) => {
    if (!/ERR_ABORTED/.test(r.failure()?.errorText || '')) pageProblems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  });
  page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(base) || url.startsWith('data:')) return route.continue();
    pageProblems.push(`the page asked for something off the server: ${url}`);
    return route.abort();
  });
}

async function step(name, page, fn) {
  const t0 = Date.now();
  try {
    const out = await fn();
    if (pageProblems.length) throw new CheckFailed(pageProblems.splice(0).join('; '));
    passed++;
    log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
    return out;
  } catch (e) {
    const msg = e instanceof CheckFailed ? e.message : (e.stack || String(e));
    failures.push(`${name}: ${msg}`);
    log(`FAIL ${name}: ${msg}`);
    if (page && !page.isClosed()) {
      try { await shot(page, `failed-${name.replace(/\W+/g, '-')}.png`); } catch { /* no page */ }
    }
    pageProblems.length = 0;
    return null;
  }
}

async function main() {
  mkdirSync(shots, { recursive: true });
  base = await startServer();
  log(`inarow serve is at ${base}`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox'],
    headless: !process.env.HEADED,
  });
  const desktop = await browser.newContext({ viewport: DESKTOP, colorScheme: 'light' });
  const page = await desktop.newPage();
  page.setDefaultTimeout(15000);
  watch(page);

  await step('page loads', page, async () => {
    const res = await page.goto(base);
    check(res && res.ok(), `GET / answered ${res && res.status()}`);
    await page.waitForSelector('#status[data-state="human"]');
    const version = await page.textContent('#version');
    check(/^v\d/.test(version), `the version from /api/v1/info is not shown ('${version}')`);
    eq(await page.$$eval('#board .col', (els) => els.length), 7, 'columns of the default board');
    await noHorizontalScroll(page, 'desktop');
    await noError(page, 'first load');
  });
  await step('Connect Four game against level 1', page, () => playConnectFour(page));
  await step('analysis = inarow analyze', page, () => analysis(page));
  await step('review of a PGN', page, () => review(page));
  await step('tic-tac-toe game', page, () => ticTacToe(page));
  await step('gomoku game against level 10', page, () => gomoku(page));
  await step('renju: forbidden points marked and refused', page, () => renju(page));
  await step('Connect-5 game against level 1', page, () => connectFive(page));
  await step('m,n,k-game 4,4,3 analysis = inarow analyze', page, () => mnkAnalysis(page));
  await step('board sizes and members', page, async () => {
    // The engine moves first on each, at level 1: boards with gravity
    // (Connect Four's own sizes, then Connect-k past 128 bits) and without.
    await page.click('#tab-play');
    await page.selectOption('#variant', 'cfour');
    await page.selectOption('#side', 'second');
    await setLevel(page, 1);
    const boards = [
      [4, 4, 4, true], [5, 4, 4, true], [6, 5, 4, true], [8, 7, 4, true], [9, 7, 4, true], [10, 6, 4, true],
      [16, 4, 4, true], [12, 9, 4, true], [16, 7, 4, true], [20, 20, 5, true], [26, 6, 4, true],
      [5, 5, 4, false], [19, 19, 5, false], [20, 20, 5, false], [26, 8, 6, false], [7, 6, 4, true],
    ];
    for (const [w, h, k, gravity] of boards) {
      const name = `${w}x${h} k${k}${gravity ? ' with gravity' : ''}`;
      await setRules(page, { width: w, height: h, k, gravity, exact: false });
      await page.waitForFunction(([ww, hh, cols]) => {
        const b = document.getElementById('board');
        return Number(b.dataset.width) === ww && Number(b.dataset.height) === hh
          && b.querySelectorAll('.col').length === cols && b.querySelectorAll('.cell').length === ww * hh
          && b.querySelectorAll('.piece').length === 1;
      }, [w, h, gravity ? w : 0], { timeout: 20000 });
      check((await waitTurn(page)) === 'human', `after the engine's first move on ${name}`);
      await noError(page, `board ${name}`);
      await noHorizontalScroll(page, `board ${name}`);
      check(await page.isHidden('#rules-problem'), `${name} is said not to be playable`);
    }
    eq(await page.inputValue('#variant'), 'cfour', 'the game chosen for 7x6, k4, gravity');
    // Members inarow cannot play: a reason, and the game stays.
    for (const [rules, words] of [
      [{ width: 4, height: 4, k: 9, gravity: false }, 'k is larger than the board'],
      [{ width: 27, height: 6, k: 4, gravity: true }, 'the width must be 1 to 26'],
      [{ width: 22, height: 20, k: 5, gravity: false }, 'at most 448'],
    ]) {
      await setRules(page, rules);
      await page.waitForSelector('#rules-problem:not([hidden])');
      const why = (await page.textContent('#rules-problem')).trim();
      check(why.includes(words), `the reason given for ${JSON.stringify(rules)} is '${why}'`);
      eq(await page.$eval('#board', (b) => [b.dataset.width, b.dataset.height]), ['7', '6'], 'the board after a member that cannot be played');
    }
    await page.selectOption('#variant', 'cfour');
    check(await page.isHidden('#rules-problem'), 'the reason stays after a good choice');
    await page.selectOption('#side', 'first');
  });
  await desktop.close();

  const phoneContext = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' });
  await step('phone-sized screen', null, () => phone(phoneContext));
  await phoneContext.close();
}

const watchdog = setTimeout(async () => {
  console.error(`browser test: FAILED: still running after 360 s`);
  await cleanup();
  process.exit(1);
}, 360000);

try {
  await main();
} catch (e) {
  failures.push(e.stack || String(e));
  console.error(`browser test: ${e.message}`);
} finally {
  await cleanup();
  clearTimeout(watchdog);
}

for (const p of screenshots) console.log(`screenshot: ${p}`);
writeFileSync(join(shots, 'screenshots.txt'), screenshots.join('\n') + '\n');
if (failures.length) {
  console.error(`browser test FAILED after ${elapsed()}:`);
  for (const f of failures) console.error(`  - ${f}`);
  console.log(`browser: ${passed} passed, ${failures.length} failed`);
  process.exit(1);
}
console.log(`browser test: every check passed in ${elapsed()}`);
console.log(`browser: ${passed} passed, 0 failed`);

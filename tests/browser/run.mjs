// The page of `inarow serve` in a real browser: Debian's chromium driven by
// playwright-core. Starts the release binary's server on a free port, plays
// Connect Four and tic-tac-toe by clicking, checks the analysis numbers
// against `inarow analyze` and the review verdicts against `inarow review`,
// looks at a phone-sized screen, and saves screenshots to target/browser/.
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

function winnerOf({ width, height, cells }, k) {
  let winner = 0;
  for (let r = 0; r < height; r++) {
    for (let f = 0; f < width; f++) {
      const p = cells[r][f];
      if (!p) continue;
      for (const [df, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
        let n = 0;
        while (n < k && cells[r + dr * n]?.[f + df * n] === p) n++;
        if (n === k) {
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

async function newGame(page, { variant = 'cfour', size = '7x6', side = 'first', level = 10 } = {}) {
  await page.selectOption('#variant', variant);
  if (variant === 'cfour') await page.selectOption('#size', size);
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
  await page.selectOption('#size', '7x6');
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
  await page.selectOption('#size', '10x6');
  await page.click('#new-game');
  await page.fill('#position', 'AA1');
  await page.press('#position', 'Enter');
  await waitMoves(page, 3);
  eq((await readBoard(page)).moves, 'AA1', 'a 10x6 move string with letters');
  await noError(page, 'a 10x6 position typed in');
  await page.selectOption('#size', '7x6');
  await page.click('#new-game');
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
  await step('every board size', page, async () => {
    // The engine moves first on each, at level 1.
    await page.click('#tab-play');
    await page.selectOption('#variant', 'cfour');
    await page.selectOption('#side', 'second');
    await setLevel(page, 1);
    // The page offers every board inarow plays with room for a four both
    // ways, up to 16 rows: 4 to 16 columns, 4 to 16 rows, width * (height + 1) <= 128.
    const expected = [];
    for (let w = 4; w <= 16; w++) for (let h = 4; h <= 16 && w * (h + 1) <= 128; h++) expected.push(`${w}x${h}`);
    const offered = await page.$$eval('#size option', (options) => options.map((o) => o.value));
    check(offered.length === expected.length && expected.every((s) => offered.includes(s)),
      `the sizes offered: ${offered.join(' ')}`);
    check(offered[0] === '7x6', `the first size offered is ${offered[0]}, not 7x6`);
    for (const size of [...offered.slice(1), '7x6']) {
      await page.selectOption('#size', size);
      const [w, h] = size.split('x').map(Number);
      await page.waitForFunction(([ww, hh]) => {
        const b = document.getElementById('board');
        return b.querySelectorAll('.col').length === ww && b.querySelectorAll('.cell').length === ww * hh
          && b.querySelectorAll('.piece').length === 1;
      }, [w, h]);
      check((await waitTurn(page)) === 'human', `after the engine's first move on ${size}`);
      await noError(page, `board ${size}`);
      await noHorizontalScroll(page, `board ${size}`);
    }
    await page.selectOption('#side', 'first');
  });
  await desktop.close();

  const phoneContext = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' });
  await step('phone-sized screen', null, () => phone(phoneContext));
  await phoneContext.close();
}

const watchdog = setTimeout(async () => {
  console.error(`browser test: FAILED: still running after 180 s`);
  await cleanup();
  process.exit(1);
}, 180000);

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

// The page of `inarow serve`: play any member of the k-in-a-row family
// against the engine, analyse a position (every move's exact score) and
// review a PGN. Plain ES modules, no build step, no network but this
// server's /api/v1, from which it takes the games it offers. This module
// chooses the game, switches modes and wires the controls.

import { $, state, clearError, showError } from './state.js';
import { bounds, defaultRules, learnFamily, overlineFits, presetOf, presetRules, presets, prettyTitle, rulesProblem } from './family.js';
import { newGame } from './game.js';
import { api, cancelPending } from './api.js';
import { board } from './draw.js';
import { afterChange, analyse, canUndo, humanMove, loadPosition, showLevel, startNewGame, undo } from './play.js';
import { pgnPlaceholder, renderReview, runReview, sample, step } from './review.js';

/** The presets, then "Custom" for any other member. */
function fillPresets(select) {
  for (const p of presets()) {
    const option = document.createElement('option');
    option.value = p.variant;
    option.textContent = prettyTitle(p.title);
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
  const preset = presetOf(rules);
  $('variant').value = preset ? preset.variant : 'custom';
  $('exact-k').textContent = Number.isInteger(rules.k) ? String(rules.k) : 'k';
  $('exact-field').hidden = !overlineFits(rules);
  $('position').placeholder = rules.gravity ? '4453' : 'h8 h9';
  $('position-hint').textContent = rules.gravity
    ? 'Columns from 1, as on Pons’s solver (4453; columns past 9 are A to Q).'
    : 'Squares, a file letter and a rank from 1 at the bottom (h8 h9).';
}

/** Bounds the number fields by the family's limits (from /api/v1/info). */
function boundFields() {
  const f = bounds();
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
  $('review-sample').addEventListener('click', () => { $('pgn').value = sample(); });
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

/** Shows the server's version, levels and limits, and takes the family
 * from it; false if the server did not answer with one. */
async function loadInfo() {
  try {
    const info = await api('/api/v1/info');
    if (info.version) $('version').textContent = `v${info.version}`;
    if (info.limits && info.limits.max_millis) state.maxMillis = Number(info.limits.max_millis);
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
    if (learnFamily(info)) return true;
    showError('it describes no games', 'The server\'s /api/v1/info');
  } catch (e) {
    showError(e, 'The server did not answer /api/v1/info');
  }
  return false;
}

/** Starts the page once the server has said which games it plays. */
async function start() {
  showLevel();
  document.body.dataset.mode = 'play';
  if (!(await loadInfo())) return;
  fillPresets($('variant'));
  wire();
  boundFields();
  $('pgn').placeholder = pgnPlaceholder();
  state.rules = defaultRules();
  showRules(state.rules);
  state.game = newGame(state.rules);
  afterChange();
}

start();

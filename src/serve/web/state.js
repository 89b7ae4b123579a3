// What the page is showing and doing, shared by its modules: the mode, the
// game, the engine's answers on their way, the review; and the page's
// small DOM helpers.

/** The element of an id. */
export const $ = (id) => document.getElementById(id);

export const state = {
  mode: 'play', // 'play' | 'analysis' | 'review'
  rules: null, // the game's rules, {width, height, k, gravity, exact}
  human: 'first', // the side the human plays in play mode
  level: 10,
  game: null, // the current game (play and analysis share it)
  token: 0, // bumped to drop the answer of a request no longer wanted
  thinking: false,
  lastEngine: null, // the engine's last answer, for the sub line
  analysis: null, // {key, data} the last analysis of the current position
  analysisError: null,
  forbidden: null, // {game, key, squares}: the squares the side to move may not play
  review: null, // the answer of /api/v1/review
  reviewGame: 0,
  cursor: 0, // review: positions after `cursor` moves
  reviewing: false,
  maxMillis: 60000, // the longest analysis the server allows (from /api/v1/info)
};

export function showError(e, what) {
  const code = e && e.code && e.code !== 'network' ? ` [${e.code}]` : '';
  $('error-text').textContent = `${what ? what + ': ' : ''}${e && e.message ? e.message : e}${code}`;
  $('error').hidden = false;
}

export function clearError() {
  $('error').hidden = true;
  $('error-text').textContent = '';
}

/** A score with its sign: `+3`, `-1`, `0`. */
export function signed(n) {
  n = Number(n);
  return n > 0 ? `+${n}` : `${n}`;
}

// The k-in-a-row family as the server describes it in GET /api/v1/info:
// the members it offers by name (each with its name, variant string, title
// and rules), the forms that spell any other member, and the bounds of
// boards and lines. The page keeps no list of games of its own: what it
// knows of a member's name it learns from the server.

const family = {
  presets: [], // the server's presets: {name, variant, title, width, height, k, gravity, exact, ...}
  forms: [], // {name, gravity, form}: `form` spells a member with a board and a line
  bounds: null, // {max_width, max_height, max_bits, max_k}
  games: new Map(), // what the server said of other members, by rulesKey
};

/** Takes the family from the server's info; false if it holds none. */
export function learnFamily(info) {
  const f = info && info.family;
  if (!f || !Array.isArray(info.presets) || !info.presets.length || !Array.isArray(f.forms)) return false;
  family.presets = info.presets;
  family.forms = f.forms;
  family.bounds = f;
  return true;
}

export function presets() {
  return family.presets;
}

export function bounds() {
  return family.bounds;
}

/** The rules of a description of a member: the server's `game`, a preset.
 * Past the board and the line: whether only exactly k wins for each player
 * (`exactBy`), whether a line blocked at both ends loses (`unblocked`), and
 * whether some moves are forbidden to the first player (`forbids`), as the
 * server says them. */
export function rulesOf(g) {
  const exact = !!g.exact;
  return {
    width: g.width,
    height: g.height,
    k: g.k,
    gravity: !!g.gravity,
    exact,
    exactBy: [g.exact_first ?? exact, g.exact_second ?? exact].map(Boolean),
    unblocked: !!g.blocked_lines_lose,
    forbids: !!g.forbidden_moves,
  };
}

/** The rules of the preset of this variant string, or null. */
export function presetRules(variant) {
  const p = family.presets.find((q) => q.variant === variant);
  return p ? rulesOf(p) : null;
}

/** The default game: the server's first preset. */
export function defaultRules() {
  return rulesOf(family.presets[0]);
}

/** Whether a line longer than `k` fits the board: only then does "exactly
 * k" differ from "k or more". */
export function overlineFits(rules) {
  return rules.k + 1 <= Math.max(rules.width, rules.height);
}

function sameRules(a, b) {
  return a.width === b.width && a.height === b.height && a.k === b.k
    && a.gravity === b.gravity && (a.exact === b.exact || !overlineFits(a))
    && !!a.unblocked === !!b.unblocked && !!a.forbids === !!b.forbids;
}

/** The preset these rules are, or null. */
export function presetOf(rules) {
  return family.presets.find((p) => sameRules(rulesOf(p), rules)) || null;
}

/** Why inarow cannot play these rules (as the server's Rules::new says),
 * or null. */
export function rulesProblem(rules) {
  const { width, height, k } = rules;
  const f = family.bounds;
  const whole = (n) => Number.isInteger(n) && n >= 1;
  if (!whole(width) || width > f.max_width) return `the width must be 1 to ${f.max_width} (files a to z)`;
  if (!whole(height) || height > f.max_height) return `the height must be 1 to ${f.max_height}`;
  if (width * (height + 1) > f.max_bits) return `width × (height + 1) must be at most ${f.max_bits} (20 × 20 fits)`;
  if (!whole(k) || k > f.max_k) return `k must be 1 to ${f.max_k}`;
  if (k > Math.max(width, height)) return 'k is larger than the board: no line of k fits';
  return null;
}

/** The variant string the API reads: the preset's own, or the server's
 * form for the rules' gravity with the board and the line filled in, and
 * ` exact` where only exactly k wins. */
export function variantString(rules) {
  const p = presetOf(rules);
  if (p) return p.variant;
  const { width, height, k, gravity, exact } = rules;
  const form = family.forms.find((f) => f.gravity === gravity);
  const spelled = form.form.replace('WxH', `${width}x${height}`).replace('kK', `k${k}`);
  return exact ? `${spelled} exact` : spelled;
}

function rulesKey(rules) {
  const exact = rules.exact && overlineFits(rules);
  const more = `${rules.unblocked ? ' unblocked' : ''}${rules.forbids ? ' forbids' : ''}`;
  return `${rules.width}x${rules.height} k${rules.k}${rules.gravity ? ' gravity' : ''}${exact ? ' exact' : ''}${more}`;
}

/** Keeps what the server said of a member (an answer's `game`): its name
 * and title, for the page to show while it plays these rules. */
export function learnGame(game) {
  if (game && Number.isInteger(game.width) && game.title) family.games.set(rulesKey(rulesOf(game)), game);
}

/** What the server said of these rules' member ({name, title, ...}): a
 * preset, or an answer about it; null if it said nothing yet. */
export function gameOf(rules) {
  return presetOf(rules) || family.games.get(rulesKey(rules)) || null;
}

/** A title as people read it: `Gomoku 15×15`. */
export function prettyTitle(title) {
  return String(title).replace(/(\d)x(\d)/g, '$1×$2');
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** What wins, in words: `four in a row`, `exactly five in a row`. */
export function lineName(rules) {
  const n = NUMBER_WORDS[rules.k] || String(rules.k);
  return `${rules.exact && overlineFits(rules) ? 'exactly ' : ''}${n} in a row`;
}

/** The game's name for people: the server's title of its member, or, until
 * the server has named it, its board and whether stones fall. */
export function gameTitle(rules) {
  const game = gameOf(rules);
  if (game) return prettyTitle(game.title);
  return `${rules.width}×${rules.height}${rules.gravity ? ', stones fall' : ''}`;
}

/** The server's name of the member (`Variant::name`), or '' until it has
 * named it. */
export function gameName(rules) {
  const game = gameOf(rules);
  return game ? game.name : '';
}

// The client of the server's JSON API (/api/v1): requests, their errors,
// the one engine request on its way, and the position fields of a request.

import { state } from './state.js';
import { variantString } from './family.js';
import { movesString } from './notation.js';

export class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** GETs `path`, or POSTs `body` as JSON to it; the answer's JSON, or an
 * ApiError with the server's reason. */
export async function api(path, body, signal) {
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

// The engine's request on its way (a move or an analysis), if any: a new
// position cancels it, and the server stops its work when the client goes.
let pending = null;

export function cancelPending() {
  state.token++;
  state.thinking = false;
  if (pending) pending.abort();
  pending = null;
}

export function beginRequest() {
  cancelPending();
  pending = new AbortController();
  return { token: state.token, signal: pending.signal };
}

export function endRequest(token) {
  if (token === state.token) pending = null;
}

/** The position fields of a request for game `g`: its variant string
 * and its moves, a Pons move string where stones fall, squares otherwise. */
export function positionBody(g) {
  const body = { variant: variantString(g.rules) };
  if (g.moves.length) body.moves = movesString(g);
  return body;
}

/** A key of the position: the variant and the moves. */
export function positionKey(g) {
  return `${variantString(g.rules)} ${movesString(g)}`;
}

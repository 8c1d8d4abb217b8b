// What every part of the player page shares: the API client (every request asynchronous, a
// spinner and a line of text shown once one takes more than a moment), the messages (errors in
// words a player reads), the page's address and the clipboard. The page only talks to the JSON
// API of the server that serves it and never re-implements the rules.

import { t } from './i18n.js';

export const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// The API

class ApiError extends Error {
  constructor(message, status, body, retryAfter = null) {
    super(message);
    this.status = status;
    this.body = body || {};
    this.retryAfter = retryAfter; // seconds, from a `Retry-After` header
  }
}

// Requests in flight, for the loading indicators (every `.spinner` and `.loading`), shown
// once a request has taken more than a moment (BUSY_AFTER_MS), so quick answers do not flicker.
let inFlight = 0;
let busyTimer = null;
const BUSY_AFTER_MS = 250;

function showBusy(on) {
  document.querySelectorAll('.spinner, .loading').forEach((el) => { el.hidden = !on; });
}

function setBusy(delta) {
  inFlight += delta;
  document.body.dataset.busy = String(inFlight > 0);
  if (inFlight > 0 && !busyTimer) {
    busyTimer = setTimeout(() => showBusy(inFlight > 0), BUSY_AFTER_MS);
  } else if (inFlight === 0) {
    clearTimeout(busyTimer);
    busyTimer = null;
    showBusy(false);
  }
}

export async function api(path, options) {
  let res;
  setBusy(1);
  try {
    res = await fetch(path, options);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(t('error.unreachable', { detail: e.message }), 0);
  } finally {
    setBusy(-1);
  }
  let body = null;
  try {
    body = await res.json();
  } catch (e) {
    body = null;
  }
  if (!res.ok) {
    const words = body && body.error ? body.error : t('error.status', { status: `${res.status} ${res.statusText}` });
    throw new ApiError(words, res.status, body, Number(res.headers.get('Retry-After')) || null);
  }
  return body;
}

export const urlPosition = (p) => encodeURIComponent(p.trim().replace(/\s+/g, '_')).replace(/%2C/g, ',').replace(/%2F/g, '/');
// Every move's sowing comes with it (`sowing=true`): the animation plays it.
export const evaluate = (variant, pos, signal) => api(`/api/${encodeURIComponent(variant)}?position=${urlPosition(pos)}&sowing=true`, { signal });
export const mainline = (variant, pos, signal) => api(`/api/${encodeURIComponent(variant)}/mainline?position=${urlPosition(pos)}`, { signal });

// ---------------------------------------------------------------------------------------------
// Messages

export function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = false;
}

export function clearError() {
  const box = $('error');
  box.textContent = '';
  box.hidden = true;
}

// An error in words a player reads: what was being done, then what is wrong. A bad move of a
// record is said from the answer's fields (which move, why, what could be played); a bad
// position is the server's account of it without the request's field names.
export function errorWords(e, what) {
  let text = e instanceof ApiError ? e.message : String(e && e.message ? e.message : e);
  const body = e instanceof ApiError ? e.body : {};
  if (Number.isInteger(body.index) && typeof body.move === 'string') return badMoveWords(body);
  if (body.field === 'position') text = t('error.bad_position', { detail: text.replace(/^position: (?:[A-Z]+: )?/, '') });
  if (body.building) text = t('error.puzzles_building');
  return what ? `${what}: ${text}` : text;
}

// The words for a move of a record that cannot be played (the analyse and attempt routes'
// `index`, `move`, `legal` and `position`).
function badMoveWords(body) {
  const [rows, side] = (body.position || '').trim().split(/\s+/);
  const name = (m) => (m === 'pass' ? t('move.pass') : `${side || ''}${m}`);
  const n = body.index + 1;
  if (body.legal && body.legal.length) {
    return t('error.move_illegal', { n, move: name(body.move), legal: body.legal.map(name).join(', ') });
  }
  // No legal move: the game was over, unless the move names no pit of the mover (a side owns
  // a row of a two-row board, two rows of a four-row one).
  const board = (rows || '').split('/');
  const pits = (board[0] || '').split(',').length * (board.length === 4 ? 2 : 1);
  const k = Number(body.move);
  if (body.move === 'pass' || (Number.isInteger(k) && k >= 1 && k <= pits)) {
    return t('error.move_after_end', { n, move: name(body.move) });
  }
  return t('error.move_unreadable', { n, move: body.move });
}

// ---------------------------------------------------------------------------------------------
// The address and the clipboard

export function setHash(hash) {
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
}

// Copies `text` to the clipboard and says so through `say`; where the browser refuses (no
// permission, an insecure page), `say` shows the text itself to copy by hand.
export async function copyText(text, what, say) {
  try {
    await navigator.clipboard.writeText(text);
    say(t('copy.done', { what }));
  } catch (e) {
    say(`${what}: ${text}`);
  }
}

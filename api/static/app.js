// The player page: Explore (perfect-play values of a position and of every move) and Puzzles.
// It only talks to the JSON API of the server that serves it and never re-implements the
// rules: every position after a move is the `after` of the move in the server's evaluation.
// Positions beyond the tablebase are searched by the server, which can take seconds: every
// request is asynchronous, a spinner and a line of text show when one takes more than a moment,
// and a newer Explore request supersedes (aborts) an older one, so the page never waits on an
// answer nobody wants. The sowing animation is in sowing.js, the game review in review.js.

import { animateSowing, sowingSpeed, setSowingSpeed, SPEEDS } from './sowing.js';
import { initReview } from './review.js';
import { initPlay } from './play.js';
import { initMatch } from './match.js';
import { initMine } from './mine.js';
import { t, has, chooseLanguage, useLanguage, language, switchLanguage, translatePage, LANGUAGES } from './i18n.js';

const $ = (id) => document.getElementById(id);

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

async function api(path, options) {
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

const urlPosition = (p) => encodeURIComponent(p.trim().replace(/\s+/g, '_')).replace(/%2C/g, ',').replace(/%2F/g, '/');
// Every move's sowing comes with it (`sowing=true`): the animation plays it.
const evaluate = (variant, pos, signal) => api(`/api/${encodeURIComponent(variant)}?position=${urlPosition(pos)}&sowing=true`, { signal });
const mainline = (variant, pos, signal) => api(`/api/${encodeURIComponent(variant)}/mainline?position=${urlPosition(pos)}`, { signal });

// One slot for the Explore requests: starting a new one aborts the one before, whose answer
// would only be thrown away.
const exploreRequest = { controller: null };

function newExploreSignal() {
  if (exploreRequest.controller) exploreRequest.controller.abort();
  exploreRequest.controller = new AbortController();
  stopSharpening();
  return exploreRequest.controller.signal;
}

// ---------------------------------------------------------------------------------------------
// Answers that sharpen: a quick estimate is shown at once, then the streaming route
// (GET /api/{variant}/analysis, Server-Sent Events) searches on, and every iteration it
// completes replaces the values shown, one ply deeper each time. The Stop button, or moving
// on, closes the stream, which stops the search on the server.

const sharpening = { source: null };

function stopSharpening() {
  if (sharpening.source) sharpening.source.close();
  sharpening.source = null;
  $('sharpen').hidden = true;
}

// Whether an answer is worth searching on: an estimate from a quick search (the book's
// answers were searched with the whole budget already).
const worthSharpening = (e) => e.source === 'search' && e.exact === false && e.search
  && e.search.stopped_by !== null && !e.search.kept;

function sharpen(e) {
  stopSharpening();
  if (!worthSharpening(e)) return;
  const seq = explore.seq;
  const url = `/api/${encodeURIComponent(explore.variant)}/analysis?position=${urlPosition(e.position)}`;
  const source = new EventSource(url);
  sharpening.source = source;
  const box = $('sharpen');
  box.hidden = false;
  $('sharpen-text').textContent = t('sharpen.searching');
  const depth = (x) => (x && x.search ? x.search.depth : 0);
  box.dataset.depth = String(depth(e));
  const take = (ev, last) => {
    if (seq !== explore.seq || sharpening.source !== source) return;
    const next = JSON.parse(ev.data);
    if (next.position !== explore.position) return;
    if (last) {
      source.close();
      sharpening.source = null;
      $('sharpen-stop').hidden = true;
    }
    // The first iterations are shallower than the quick answer shown: only deeper ones (and
    // the final answer) replace it.
    if (!last && depth(next) <= depth(explore.evaluation)) return;
    // The stream's moves carry no sowing: keep each move's from the first answer.
    const sowing = new Map(explore.evaluation.moves.map((m) => [m.move, m.sowing]));
    next.moves.forEach((m) => { m.sowing = sowing.get(m.move); });
    // Proven bounds are facts: an iteration that has not proven as much keeps what was shown.
    if (next.exact === false) keepBounds(next.value, explore.evaluation.value);
    const shown = new Map(explore.evaluation.moves.map((m) => [m.move, m.value]));
    next.moves.forEach((m) => { if (m.exact === false) keepBounds(m.value, shown.get(m.move)); });
    explore.evaluation = next;
    renderExplore();
    box.dataset.depth = String(depth(next));
    $('sharpen-text').textContent = last
      ? t('sharpen.searched', { n: depth(next) })
      : t('sharpen.so_far', { n: depth(next) });
  };
  $('sharpen-stop').hidden = false;
  source.addEventListener('iteration', (ev) => take(ev, false));
  source.addEventListener('answer', (ev) => take(ev, true));
  source.addEventListener('error', () => {
    // A refused search (all busy) or a lost connection: the answer shown stands.
    if (sharpening.source !== source) return;
    source.close();
    sharpening.source = null;
    box.hidden = true;
  });
}

// ---------------------------------------------------------------------------------------------
// Messages

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = false;
}

function clearError() {
  const box = $('error');
  box.textContent = '';
  box.hidden = true;
}

// An error in words a player reads: what was being done, then what is wrong. A bad move of a
// record is said from the answer's fields (which move, why, what could be played); a bad
// position is the server's account of it without the request's field names.
function errorWords(e, what) {
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
// Positions and boards (layout only: docs/rules.md#notation)

const variants = new Map();

// A position string read for drawing: `rows` of seed counts, `null` for a pit closed with sand
// (`x`: Rio Kadalis after a match's first round, docs/rules.md#rio-kadalis-matches).
function parsePosition(text) {
  const fields = text.trim().replace(/_/g, ' ').split(/\s+/);
  if (fields.length < 2) return null;
  const rows = fields[0].split('/').map((r) => r.split(',').map((n) => (n === 'x' ? null : Number(n))));
  if (rows.some((r) => r.some((n) => n !== null && (!Number.isInteger(n) || n < 0)))) return null;
  const side = fields[1];
  let captured = [0, 0];
  if (fields[2]) {
    captured = fields[2].split('-').map(Number);
    if (captured.length !== 2 || captured.some((n) => !Number.isInteger(n))) return null;
  }
  return { rows, side, captured };
}

// The pit label (`S3`, `N9`) at a row and column of the drawn board (South at the bottom).
function pitLabel(nrows, p, row, col) {
  if (nrows === 2) return row === 0 ? `N${p - col}` : `S${col + 1}`;
  switch (row) {
    case 0: return `N${p - col}`;
    case 1: return `N${p + 1 + col}`;
    case 2: return `S${2 * p - col}`;
    default: return `S${col + 1}`;
  }
}

// A value as shown: `+3 (d5)`, `win (d7)`; a search's estimate (`exact` false) as `≈ +3`.
function formatValue(v, exact = true) {
  if (!v) return '';
  let text;
  if (v.result !== undefined) text = t(`value.${v.result}`);
  else text = v.score > 0 ? `+${v.score}` : `${v.score}`;
  if (v.depth !== null && v.depth !== undefined) text += ` ${t('value.depth', { d: v.depth })}`;
  return exact ? text : `\u2248 ${text}`;
}

// A bound as a number, to compare: a score, or -1, 0, 1 for loss, draw, win.
const boundRank = (b) => (typeof b === 'string' ? { loss: -1, draw: 0, win: 1 }[b] : b);

// Keeps in the value `next` (an estimate) the tighter of its proven bounds and those of `shown`,
// an earlier answer for the same position: both are facts.
function keepBounds(next, shown) {
  if (!next || !shown) return;
  if (shown.at_least !== undefined && (next.at_least === undefined || boundRank(shown.at_least) > boundRank(next.at_least))) next.at_least = shown.at_least;
  if (shown.at_most !== undefined && (next.at_most === undefined || boundRank(shown.at_most) < boundRank(next.at_most))) next.at_most = shown.at_most;
}

// What a search proved of an estimate (the value's `at_least` and `at_most`, written as the
// value is), in words: `between +1 and +5`, `at least a draw`; '' when it proved nothing.
function boundsWords(v) {
  if (!v) return '';
  const word = (b) => (typeof b === 'string' ? t(`value.${b}`) : b > 0 ? `+${b}` : `${b}`);
  const low = v.at_least;
  const high = v.at_most;
  if (low !== undefined && high !== undefined) return t('bounds.between', { low: word(low), high: word(high) });
  if (low !== undefined) return t('bounds.at_least', { low: word(low) });
  if (high !== undefined) return t('bounds.at_most', { high: word(high) });
  return '';
}

// Where an evaluation's value comes from, in words: nothing for the tablebase; for a search,
// whether it is exact or an estimate, and how deep it searched.
function sourceWords(e) {
  if ((e.source !== 'search' && e.source !== 'book') || !e.search) return '';
  return `${t(e.exact ? 'source.exact' : 'source.estimate')}, ${searchedWords(e)}`;
}

// How deep a search went, and whether the opening book kept it.
function searchedWords(e) {
  if (!e.search) return '';
  return t('source.searched', { n: e.search.depth }) + (e.source === 'book' ? t('source.book') : '');
}

const sideName = (s) => t(`side.${s}`);

// A game's name in the page's language (the server's name where the dictionary has none).
const gameName = (v) => (has(`game.${v.id}`) ? t(`game.${v.id}`) : v.name);

// The result for the mover of a move or position worth `value` (for the mover) when the
// mover has captured `own` and the opponent `other`: 'win', 'even' or 'loss'. The value
// already says it in the win/draw/loss games; in the score games it is what is still to come.
function resultOf(value, own, other) {
  if (!value) return null;
  if (value.result !== undefined) return value.result === 'draw' ? 'even' : value.result;
  const margin = own - other + value.score;
  return margin > 0 ? 'win' : margin < 0 ? 'loss' : 'even';
}

// Draws a board into `el`.
//   pos: parsed position; variant: the variant JSON; flipped: North at the bottom;
//   moves: Map move -> {value, best} for the mover's pits (or null: no values);
//   playable: Set of moves that can be clicked; onPlay(move);
//   flash: Set of pit labels changed by the last move; played: label of the pit last played;
//   over: the game is over (nobody is to move).
//
// The new board takes the old one's place in one step (never an empty box in between): a board
// gone for a moment shortens the page, and the browser then pulls the scroll position up to fit
// (on a phone, to the top). The pit that had the focus keeps it, without scrolling.
function drawBoard(el, opts) {
  const { pos, variant, flipped } = opts;
  if (!pos || !variant) {
    el.replaceChildren();
    return;
  }
  const nrows = variant.board.rows;
  const p = variant.board.pits_per_row;
  const toMove = opts.over ? null : pos.side;
  const board = document.createElement('div');
  board.className = `board rows-${nrows}`;
  board.dataset.side = pos.side;
  board.dataset.pits = p;
  board.dataset.nrows = nrows;
  board.style.setProperty('--pits', p);
  board.setAttribute('role', 'group');
  board.setAttribute('aria-label', toMove ? t('board.label_to_move', { game: gameName(variant), side: sideName(toMove) }) : t('board.label_over', { game: gameName(variant) }));

  const store = (side) => {
    const s = document.createElement('div');
    s.className = `store store-${side}` + (toMove === side ? ' to-move' : '');
    s.setAttribute('data-testid', `captured-${side}`);
    const n = pos.captured[side === 'S' ? 0 : 1];
    s.dataset.count = n;
    s.innerHTML = `<span class="store-name">${sideName(side)}</span><span class="store-count">${n}</span><span class="store-label">${t('board.captured')}</span>`;
    s.title = t('board.store_title', { side: sideName(side), n });
    s.setAttribute('aria-label', s.title);
    return s;
  };

  const order = [...Array(nrows).keys()];
  if (flipped) order.reverse();
  const rowsEl = document.createElement('div');
  rowsEl.className = 'rows';
  const top = flipped ? 'S' : 'N';
  const bottom = flipped ? 'N' : 'S';
  const label = (side, where) => {
    const d = document.createElement('div');
    d.className = `side-label ${where}` + (toMove === side ? ' to-move' : '');
    d.setAttribute('data-testid', `side-label-${side}`);
    d.textContent = toMove === side ? t('board.side_to_move', { side: sideName(side) }) : sideName(side);
    return d;
  };
  const mover = [pos.captured[pos.side === 'S' ? 0 : 1], pos.captured[pos.side === 'S' ? 1 : 0]];
  rowsEl.appendChild(label(top, 'top'));
  order.forEach((row, i) => {
    if (i === nrows / 2) {
      const gap = document.createElement('div');
      gap.className = 'divider';
      rowsEl.appendChild(gap);
    }
    const rowEl = document.createElement('div');
    const owner = row < nrows / 2 ? 'N' : 'S';
    rowEl.className = `row r${i} owner-${owner}` + (owner === toMove ? ' mover' : '');
    const cols = [...Array(p).keys()];
    if (flipped) cols.reverse();
    for (const col of cols) {
      const lab = pitLabel(nrows, p, row, col);
      const cell = (pos.rows[row] || [])[col];
      if (cell === null) {
        rowEl.appendChild(closedPit(lab));
        continue;
      }
      const seeds = cell ?? 0;
      const move = lab.slice(1);
      const info = owner === toMove && opts.moves ? opts.moves.get(move) : undefined;
      const canPlay = owner === toMove && opts.playable && opts.playable.has(move);
      const result = info ? resultOf(info.value, mover[0], mover[1]) : null;
      const pit = document.createElement(canPlay ? 'button' : 'div');
      let words = t('pit.seeds', { pit: lab, n: seeds });
      if (info) {
        const range = info.exact === false ? boundsWords(info.value) : '';
        words += t(info.exact === false ? 'pit.value_estimate' : 'pit.value', { value: formatValue(info.value, info.exact !== false), result: t(`result.${result}`) })
          + (range ? `, ${t('bounds.proven', { range })}` : '')
          + (info.best ? t('pit.best') : '');
      }
      if (canPlay) {
        pit.type = 'button';
        pit.addEventListener('click', () => opts.onPlay(move));
        words = t('pit.play', { words });
      } else {
        pit.setAttribute('role', 'img');
      }
      if (opts.played === lab) words += t('pit.played_last');
      pit.title = words;
      pit.setAttribute('aria-label', words);
      pit.className = 'pit' + (canPlay ? ' playable' : '') + (info && info.best ? ' best' : '')
        + (info && info.exact === false ? ' estimate' : '')
        + (opts.flash && opts.flash.has(lab) ? ' flash' : '') + (opts.played === lab ? ' played' : '');
      pit.setAttribute('data-testid', `pit-${lab}`);
      pit.dataset.pit = lab;
      pit.dataset.seeds = seeds;
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = lab;
      num.setAttribute('aria-hidden', 'true');
      const cnt = document.createElement('span');
      cnt.className = 'seeds' + (seeds === 0 ? ' empty' : '');
      cnt.textContent = seeds;
      cnt.setAttribute('aria-hidden', 'true');
      pit.append(num, cnt);
      if (info) {
        const val = document.createElement('span');
        val.className = `val ${result}`;
        val.setAttribute('data-testid', `value-${lab}`);
        val.setAttribute('aria-hidden', 'true');
        val.dataset.result = result;
        // The text as one string (the tests read it), drawn on two lines: value, depth.
        // The estimate's mark in a span of its own, drawn smaller: on the small pits of the
        // four-row boards every pixel of the word counts.
        const text = formatValue(info.value, info.exact !== false);
        const cut = text.indexOf(' (');
        const shown = cut > 0 ? text.slice(0, cut) : text;
        const main = document.createElement('span');
        if (shown.startsWith('\u2248 ')) {
          const approx = document.createElement('span');
          approx.className = 'approx';
          approx.textContent = '\u2248 ';
          main.append(approx, shown.slice(2));
        } else {
          main.textContent = shown;
        }
        val.append(main);
        if (cut > 0) {
          const depth = document.createElement('span');
          depth.className = 'depth';
          depth.textContent = text.slice(cut);
          val.append(depth);
        }
        val.dataset.exact = String(info.exact !== false);
        pit.appendChild(val);
      }
      rowEl.appendChild(pit);
    }
    rowsEl.appendChild(rowEl);
  });
  rowsEl.appendChild(label(bottom, 'bottom'));

  board.append(store(top), rowsEl, store(bottom));
  const parts = [board];

  // A pass, where the variant makes the mover pass.
  if (opts.playable && opts.playable.has('pass')) {
    const info = opts.moves ? opts.moves.get('pass') : undefined;
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'pass' + (info && info.best ? ' best' : '');
    b.setAttribute('data-testid', 'pass');
    b.textContent = t('board.must_pass', { side: sideName(pos.side) }) + (info ? ` \u2014 ${formatValue(info.value, info.exact !== false)}` : '');
    b.addEventListener('click', () => opts.onPlay('pass'));
    parts.push(b);
  }
  // The board is sized before it goes in: a board drawn at its natural size is wider than a
  // phone, and the browser, fitting the page to it for a moment, loses the scroll position
  // (the page jumped to the top after every move). The pit that had the focus gets it back.
  const focused = el.contains(document.activeElement) ? document.activeElement.dataset.pit : undefined;
  fitBoard(el, board);
  el.replaceChildren(...parts);
  fitBoard(el);
  const refocus = focused && el.querySelector(`button[data-pit="${focused}"]`);
  if (refocus) refocus.focus({ preventScroll: true });
  if (opts.flash && opts.flash.size) {
    setTimeout(() => el.querySelectorAll('.flash').forEach((x) => x.classList.remove('flash')), 900);
  }
}

// A pit closed with sand: never played nor sown into, so it shows no count, only its label.
function closedPit(lab) {
  const pit = document.createElement('div');
  pit.className = 'pit closed';
  pit.setAttribute('role', 'img');
  pit.setAttribute('data-testid', `pit-${lab}`);
  pit.dataset.pit = lab;
  pit.dataset.closed = 'true';
  pit.title = t('pit.closed', { pit: lab });
  pit.setAttribute('aria-label', pit.title);
  const num = document.createElement('span');
  num.className = 'num';
  num.textContent = lab;
  num.setAttribute('aria-hidden', 'true');
  pit.append(num);
  return pit;
}

// Sizes the board drawn in `wrap` to the room it has: pits up to 70 px; stores beside the rows
// when pits stay at least 48 px that way, else above and below them; a two-row board whose
// pits would still be under 34 px is turned upright (each row a column of pits as wide as it).
// Pits never go under 32 px, the least a finger can tap. `board` may be one not yet in the
// page (drawBoard sizes a new board before it shows it); its values are fitted once it is in.
function fitBoard(wrap, board = wrap.querySelector('.board')) {
  const width = wrap.clientWidth;
  if (!board || !width) return;
  const p = Number(board.dataset.pits);
  const nrows = Number(board.dataset.nrows);
  const slack = 6;
  const row = (w) => (w - 10.4 - slack); // a row's padding and border
  const size = (w, n) => {
    let pit = (w + 6) / n - 6;
    const gap = Math.max(3, Math.min(7, Math.round(pit * 0.1)));
    pit = (w + gap) / n - gap;
    return { pit, gap };
  };
  let layout = 'wide';
  let column = 0; // upright only: a column's width
  let { pit, gap } = size(row(width - 2 * 9.6 - 2 * (73.6 + 9.6)), p);
  if (pit < 48) {
    layout = 'narrow';
    ({ pit, gap } = size(row(width - 2 * 7.2), p));
    if (pit < 34 && nrows === 2) {
      layout = 'vertical';
      // Two columns, each a row with its padding, 0.6rem apart: the pits as wide as a column
      // (up to 180 px), so that the board takes the phone's width, and up to 52 px high.
      column = (width - 2 * 7.2 - 2 * 10.4 - 9.6 - slack) / 2;
      pit = Math.min(column, 52);
      gap = 4;
    }
  }
  pit = Math.max(32, Math.floor(Math.min(pit, 70)));
  board.style.setProperty('--pit-size', `${pit}px`);
  board.style.setProperty('--pit-width', `${Math.max(pit, Math.floor(Math.min(column, 180)))}px`);
  board.style.setProperty('--gap', `${gap}px`);
  for (const l of ['wide', 'narrow', 'vertical']) board.classList.toggle(`layout-${l}`, l === layout);
  board.classList.toggle('compact', pit < 48);
  board.dataset.layout = layout;
  if (!board.isConnected) return;
  // A value wider than its pit (a long word in a small pit) is drawn smaller until it fits:
  // its text's extent against the room its box has (both as drawn, through a pit's flash).
  const vals = [...board.querySelectorAll('.pit .val')];
  vals.forEach((v) => { v.style.fontSize = ''; });
  const text = document.createRange();
  vals.map((v) => {
    text.selectNodeContents(v);
    return [v, v.getBoundingClientRect().width / text.getBoundingClientRect().width, parseFloat(getComputedStyle(v).fontSize)];
  }).forEach(([v, k, px]) => {
    if (k < 1) v.style.fontSize = `${Math.floor(px * k * 10) / 10}px`;
  });
}

function fitAllBoards() {
  document.querySelectorAll('.board-wrap').forEach((wrap) => fitBoard(wrap));
}

// Pit labels whose count differs between two positions.
function changedPits(variant, before, after) {
  const out = new Set();
  const a = parsePosition(before);
  const b = parsePosition(after);
  if (!a || !b) return out;
  const nrows = variant.board.rows;
  const p = variant.board.pits_per_row;
  for (let r = 0; r < nrows; r++) {
    for (let c = 0; c < p; c++) {
      if ((a.rows[r] || [])[c] !== (b.rows[r] || [])[c]) out.add(pitLabel(nrows, p, r, c));
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Explore

// The positions visited, in order: `history[0]` is where Explore started (a game's start, a
// pasted position); every later entry was reached by a move (`via`: {mv, side, before}, with
// the analyse route's verdict once it arrives) or by a jump (`via` null: a pasted position, a
// main-line step). Undo and Redo walk it; playing from an earlier entry cuts off the rest.
const explore = {
  variant: null,
  position: null, // canonical string
  evaluation: null,
  history: [],
  index: 0,
  flipped: false,
  flash: null,
  played: null,
  seq: 0,
  sowing: null, // the running animation: {skip}
  marking: false, // the moves played are being judged (markPlayedMoves)
};

// `#VARIANT/POSITION`, and `/flipped` when the board is turned round (North at the bottom); in
// a match, the match's address (match.js).
function exploreHash() {
  if (match.active()) return match.hash();
  return `#${explore.variant}/${explore.position.replace(/ /g, '_')}${explore.flipped ? '/flipped' : ''}`;
}

function setHash(hash) {
  if (location.hash !== hash) {
    history.replaceState(null, '', hash);
  }
}

// What a finished game came to: who won and by how much.
function gameOverWords(e) {
  const g = e.game_over;
  const v = variants.get(e.variant);
  if (v && v.scoring === 'win-draw-loss') {
    const winner = e.outcome === 'loss' ? sideName(e.side === 'S' ? 'N' : 'S') : e.outcome === 'win' ? sideName(e.side) : null;
    return t('over.wdl', { result: winner ? t('over.wins', { side: winner }) : t('over.a_draw'), mover: sideName(e.side), south: g.south, north: g.north });
  }
  if (g.south === g.north) return t('over.draw', { south: g.south, north: g.north });
  const by = Math.abs(g.south - g.north);
  const winner = sideName(g.south > g.north ? 'S' : 'N');
  return t('over.by', { side: winner, n: by, south: g.south, north: g.north });
}

function renderExplore() {
  const v = variants.get(explore.variant);
  const e = explore.evaluation;
  const pos = explore.position ? parsePosition(explore.position) : null;
  const moves = new Map();
  if (e) for (const m of e.moves) moves.set(m.move, m);
  drawBoard($('explore-board'), {
    pos, variant: v, flipped: explore.flipped,
    moves: e && play.showsValues() ? moves : null,
    playable: e && play.playerMayMove(e) ? new Set(moves.keys()) : new Set(),
    onPlay: playExplore,
    flash: explore.flash, played: explore.played,
    over: !!(e && e.game_over),
  });
  explore.flash = null;
  $('explore-board').dataset.position = explore.position || '';
  $('undo').disabled = explore.index === 0;
  $('redo').disabled = explore.index >= explore.history.length - 1;
  const status = $('explore-status');
  status.textContent = '';
  status.classList.toggle('over', !!(e && e.game_over));
  if (e) {
    const mover = sideName(e.side);
    const other = sideName(e.side === 'S' ? 'N' : 'S');
    let text;
    if (e.game_over) {
      text = gameOverWords(e);
    } else if (!play.showsValues()) {
      // A game being played: the values would give the answers away.
      text = t('explore.to_move', { side: mover }) + (e.moves.length === 0 ? ` ${t('explore.no_move')}` : '');
    } else {
      const who = e.outcome === 'win' ? t('over.wins', { side: mover }) : e.outcome === 'loss' ? t('over.wins', { side: other }) : t('over.a_draw');
      const how = sourceWords(e);
      // An estimate is worded as one, and names no winner: the search has proven nothing.
      text = e.exact === false
        ? t('explore.value_found', { side: mover, value: formatValue(e.value), how: searchedWords(e) || t('source.estimate') })
        : t('explore.value_perfect', { side: mover, value: formatValue(e.value) + (how ? ` (${how})` : ''), result: who });
      const range = e.exact === false ? boundsWords(e.value) : '';
      if (range) text += ` ${t('explore.proven', { range })}`;
      if (e.moves.length === 0) text += ` ${t('explore.no_move')}`;
    }
    status.textContent = text;
    status.dataset.outcome = e.outcome;
    status.dataset.over = String(!!e.game_over);
    status.dataset.source = e.source || 'tablebase';
    status.dataset.exact = String(e.exact !== false);
    if (e.game_over) markPlayedMoves();
  }
  if (!$('position-input').classList.contains('invalid')) $('position-input').value = explore.position || '';
  renderExploreMoves();
}

const VERDICT_MARKS = { best: '\u2713', inaccuracy: '?!', mistake: '?', blunder: '??' };

// The loss of a move as shown: `−3` (seeds) or `−1` (result steps in win/draw/loss games).
function lossWords(verdict, loss, variant) {
  if (!verdict || verdict === 'best') return '';
  const v = variants.get(variant);
  return t(v && v.scoring === 'win-draw-loss' ? 'verdict.loses_steps' : 'verdict.loses_seeds', { n: loss });
}

// A move-list button: `S3 ?` with its verdict as class, title and label.
function moveButton(text, verdict, loss, variant, testid) {
  const b = document.createElement('button');
  b.type = 'button';
  b.setAttribute('data-testid', testid);
  b.textContent = text;
  if (verdict) {
    b.classList.add(`verdict-${verdict}`);
    b.dataset.verdict = verdict;
    const mark = document.createElement('span');
    mark.className = 'mark';
    mark.textContent = VERDICT_MARKS[verdict] || '';
    mark.setAttribute('aria-hidden', 'true');
    b.appendChild(mark);
  }
  const lost = lossWords(verdict, loss, variant);
  b.setAttribute('aria-label', `${text}${verdict ? `, ${t(`verdict.${verdict}`)}` : ''}${lost ? `, ${lost}` : ''}`);
  b.title = b.getAttribute('aria-label');
  return b;
}

function renderExploreMoves() {
  const box = $('explore-moves');
  box.textContent = '';
  let count = 0;
  explore.history.forEach((entry, i) => {
    if (i === 0) return;
    const li = document.createElement('li');
    const via = entry.via;
    const b = via
      ? moveButton(`${via.side}${via.mv}`, via.verdict, via.loss, explore.variant, 'explore-move')
      : moveButton('\u2026', null, 0, explore.variant, 'explore-jump');
    if (!via) b.setAttribute('aria-label', t('explore.jump', { position: entry.position }));
    if (i === explore.index) b.classList.add('current');
    b.addEventListener('click', () => gotoExplore(i));
    li.appendChild(b);
    box.appendChild(li);
    if (via) count += 1;
  });
  $('explore-moves-box').hidden = explore.history.length < 2;
  const unplayed = reviewSegment().moves.length === 0;
  $('explore-review').disabled = unplayed;
  $('copy-moves').disabled = unplayed;
  box.dataset.count = String(count);
}

// The moves played in a row up to the current entry, and the position they start from: what
// "Review this game" hands to the review (`plies`: each move with its side, for the record).
function reviewSegment() {
  let k = explore.index;
  const plies = [];
  while (k > 0 && explore.history[k].via) {
    plies.unshift(explore.history[k].via);
    k -= 1;
  }
  const moves = plies.map((via) => via.mv);
  return { variant: explore.variant, position: explore.history[k]?.position, moves, plies };
}

// "Review this game": the moves played up to here, in the review (and its link).
function reviewExploreGame() {
  const seg = reviewSegment();
  if (seg.moves.length) review.open(seg);
}

// Asks the analyse route for the verdict of the move that led to history entry `i` (the same
// marks as the review's), and shows it in the move list when it arrives.
async function markExploreMove(entry) {
  const via = entry.via;
  try {
    const a = await api(`/api/${encodeURIComponent(explore.variant)}/analyse`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ position: via.before, moves: [via.mv] }),
    });
    const m = a.moves[0];
    via.verdict = m.verdict;
    via.loss = m.loss;
  } catch (e) {
    via.verdict = null; // no mark: the move list stays without it
  }
  renderExploreMoves();
}

// The verdicts of the moves played that have none (played while the values were hidden, in a
// game against an opponent), once the game is over: one analysis of the moves played in a row
// up to here, as the review judges them. At most one at a time.
async function markPlayedMoves() {
  const seg = reviewSegment();
  if (explore.marking || !seg.plies.some((via) => via.verdict === undefined)) return;
  explore.marking = true;
  try {
    const a = await api(`/api/${encodeURIComponent(seg.variant)}/analyse`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ position: seg.position, moves: seg.moves }),
    });
    a.moves.forEach((m, i) => {
      seg.plies[i].verdict = m.verdict;
      seg.plies[i].loss = m.loss;
    });
  } catch (e) {
    seg.plies.forEach((via) => { if (via.verdict === undefined) via.verdict = null; }); // no marks
  } finally {
    explore.marking = false;
  }
  renderExploreMoves();
}

// Shows `position` of `variant` with its values; `how` = {via, push, goto, played, sowing}:
// `push` adds it to the history after the current entry (`via` the move that led there),
// `goto` moves to an existing entry, otherwise the history starts again from it. `sowing`
// (a promise) is the animation of the move, waited for before the board is drawn again.
async function showPosition(variant, position, how = {}) {
  const seq = ++explore.seq;
  const wrap = $('explore-board');
  wrap.classList.add('stale');
  let e;
  try {
    [e] = await Promise.all([evaluate(variant, position, newExploreSignal()), how.sowing]);
  } catch (err) {
    if (seq !== explore.seq || err.name === 'AbortError') return false;
    if (how.sowing) await how.sowing;
    wrap.classList.remove('stale');
    showError(errorWords(err, t('error.position', { position: position.trim() })));
    // The board and the game keep showing the position still on screen; a typed position stays
    // in the input, marked, to be corrected.
    $('explore-variant').value = explore.variant || variant;
    renderExplore();
    if (how.typed) markInput(position);
    return false;
  }
  if (seq !== explore.seq) return false;
  wrap.classList.remove('stale');
  clearError();
  markInput(null);
  if (how.push && explore.position && explore.variant === variant) {
    explore.history.splice(explore.index + 1);
    explore.history.push({ position: e.position, via: how.via || null });
    explore.index = explore.history.length - 1;
  } else if (how.goto !== undefined) {
    explore.index = how.goto;
  } else {
    explore.history = [{ position: e.position, via: null }];
    explore.index = 0;
  }
  const before = explore.variant === variant ? explore.position : null;
  explore.variant = variant;
  explore.position = e.position;
  explore.evaluation = e;
  explore.played = how.played || null;
  const v = variants.get(variant);
  explore.flash = before && v && !how.sowing ? changedPits(v, before, e.position) : null;
  $('explore-variant').value = variant;
  renderRules();
  $('mainline-box').hidden = true;
  setHash(exploreHash());
  renderExplore();
  if (play.showsValues()) sharpen(e);
  // Verdicts on the moves, but not during a game whose values are hidden.
  if (how.push && how.via && play.showsValues()) markExploreMove(explore.history[explore.index]);
  play.onPosition(e);
  match.onPosition(e);
  return true;
}

// Plays `move` in Explore, animated; `byOpponent` when play mode's opponent plays it (the player
// may not move for it).
function playExplore(move, { byOpponent = false } = {}) {
  const e = explore.evaluation;
  if (!e || explore.sowing) return;
  if (!byOpponent && !play.playerMayMove(e)) return;
  const m = e.moves.find((x) => x.move === move);
  if (!m) return;
  const label = move === 'pass' ? null : `${e.side}${move}`;
  const speed = sowingSpeed();
  const anim = animateSowing($('explore-board'), m.sowing, SPEEDS[speed]);
  explore.sowing = anim;
  $('sowing-skip').hidden = speed === 'off';
  const done = anim.done.then(() => {
    explore.sowing = null;
    $('sowing-skip').hidden = true;
  });
  showPosition(explore.variant, m.after, {
    push: true, played: label, sowing: done, via: { mv: move, side: e.side, before: e.position },
  });
}

// Goes to history entry `i` (Undo, Redo, a click in the move list).
async function gotoExplore(i) {
  if (i < 0 || i >= explore.history.length || i === explore.index) return;
  const entry = explore.history[i];
  await showPosition(explore.variant, entry.position, {
    goto: i,
    played: entry.via && entry.via.mv !== 'pass' ? `${entry.via.side}${entry.via.mv}` : null,
  });
}

// Marks the position input as holding `text`, which could not be read (null: clears the mark).
function markInput(text) {
  const input = $('position-input');
  input.classList.toggle('invalid', text !== null);
  if (text === null) {
    input.removeAttribute('aria-invalid');
    return;
  }
  input.value = text;
  input.setAttribute('aria-invalid', 'true');
  input.focus();
}

const undoExplore = () => gotoExplore(explore.index - 1);
const redoExplore = () => gotoExplore(explore.index + 1);

// A variant's start position (answered by search where the tablebase does not reach it).
async function showVariant(variant) {
  if (!variants.has(variant)) return;
  await showPosition(variant, variants.get(variant).start);
}

// Keyboard play: digits name the mover's pit (two digits for pits 10 and up, typed quickly),
// `p` passes.
const keyPlay = { digits: '', timer: null };

function keyDigit(d) {
  const v = variants.get(explore.variant);
  if (!v || !explore.evaluation) return;
  const pits = v.board.pits_per_side;
  clearTimeout(keyPlay.timer);
  keyPlay.digits += d;
  const n = Number(keyPlay.digits);
  const play = () => {
    const text = String(Number(keyPlay.digits));
    keyPlay.digits = '';
    if (explore.evaluation.moves.some((m) => m.move === text)) playExplore(text);
    else showNoticeTransient(t('explore.cannot_play', { move: `${explore.evaluation.side}${text}` }));
  };
  if (n * 10 > pits || keyPlay.digits.length >= 2) play();
  else keyPlay.timer = setTimeout(play, 700);
}

async function showMainline() {
  const box = $('mainline-box');
  if (!explore.position) return;
  // The line's searches need the search threads more than a deeper value of this position.
  stopSharpening();
  const seq = explore.seq;
  box.hidden = false;
  box.textContent = t('mainline.computing');
  let line;
  try {
    line = await mainline(explore.variant, explore.position, newExploreSignal());
  } catch (e) {
    if (e.name === 'AbortError' || seq !== explore.seq) return;
    box.hidden = true;
    showError(errorWords(e, t('mainline.what')));
    return;
  }
  clearError();
  box.textContent = '';
  const h = document.createElement('h3');
  h.textContent = t('mainline.heading', { n: line.steps.length });
  box.appendChild(h);
  const estimated = line.steps.filter((s) => s.exact === false).length;
  if (estimated || line.tablebase_from !== 0) {
    const note = document.createElement('p');
    note.className = 'notice';
    note.setAttribute('data-testid', 'mainline-note');
    const from = line.tablebase_from;
    note.textContent = `${t(estimated ? 'mainline.estimates' : 'mainline.proven')} `
      + (from === null || from === undefined
        ? t('mainline.no_tablebase')
        : from === 0 ? '' : t('mainline.tablebase_from', { ply: from }));
    box.appendChild(note);
  }
  const ol = document.createElement('ol');
  ol.className = 'steps';
  for (const s of line.steps) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('data-testid', 'mainline-step');
    b.dataset.position = s.position;
    let text = `${s.exact === false ? '\u2248' : ''}${s.side}${s.move === 'pass' ? ` ${t('move.pass')}` : s.move}`;
    if (s.exact === false) b.classList.add('estimate');
    b.dataset.exact = String(s.exact !== false);
    const got = s.side === 'S' ? s.captured.south : s.captured.north;
    if (got) text += ` \u00d7${got}`;
    if (s.extra_turn) text += ' \u21bb';
    b.textContent = text;
    const range = s.exact === false ? boundsWords(s.value) : '';
    b.title = t(s.exact === false ? 'mainline.step_estimate' : 'mainline.step', { ply: s.ply, side: sideName(s.side), move: s.move === 'pass' ? t('move.pass') : s.move, value: formatValue(s.value, s.exact !== false) })
      + (range ? `, ${t('bounds.proven', { range })}` : '')
      + (got ? t('mainline.capturing', { n: got }) : '') + (s.extra_turn ? t('mainline.again') : '') + (s.ends_game ? t('mainline.ending') : '')
      + t('mainline.click');
    b.addEventListener('click', () => showPosition(explore.variant, s.position, { push: true }));
    li.appendChild(b);
    ol.appendChild(li);
  }
  box.appendChild(ol);
  const end = document.createElement('p');
  const g = line.totals;
  const result = line.winner ? t('over.wins', { side: sideName(line.winner === 'south' ? 'S' : 'N') }) : line.truncated ? t('mainline.unfinished') : t('over.a_draw');
  end.textContent = line.endless
    ? t('mainline.endless', { ply: line.repeated_from_ply, south: g.south, north: g.north, result })
    : line.truncated
      ? t('mainline.cut', { n: line.steps.length })
      : t('mainline.end', { south: g.south, north: g.north, result });
  end.setAttribute('data-testid', 'mainline-end');
  box.appendChild(end);
}

// ---------------------------------------------------------------------------------------------
// Puzzles

// The player: an opaque token issued by the server (POST /api/players), kept in local storage
// and sent as `Authorization: Bearer TOKEN` with every puzzle request.
const PLAYER_KEY = 'mancala-player-token';
const player = { token: null, info: null };

function playerHeaders(extra) {
  const h = { ...(extra || {}) };
  if (player.token) h.Authorization = `Bearer ${player.token}`;
  return h;
}

// Shows the player's rating and streaks.
function renderPlayer(info) {
  if (info) player.info = info;
  const i = player.info;
  if (!i) return;
  // The numbers in <strong> (the tests read them by test id), the words around them translated.
  const bar = $('player-bar');
  const values = { rating: Math.round(i.rating), streak: i.streak, best: i.best_streak };
  const ids = { rating: 'player-rating', streak: 'player-streak', best: 'player-best-streak' };
  bar.textContent = '';
  // The streak only where it counts: in streak mode, or once the player has had one (a puzzle
  // solved in another mode is no step of a streak, and "streak 0" after it reads as a fault).
  const words = puzzle.mode === 'streak' || i.best_streak > 0 ? t('player.bar') : t('player.bar_rating');
  for (const part of words.split(/(\{\w+\})/)) {
    const name = part.match(/^\{(\w+)\}$/)?.[1];
    if (name && name in values) {
      const strong = document.createElement('strong');
      strong.setAttribute('data-testid', ids[name]);
      strong.textContent = String(values[name]);
      bar.appendChild(strong);
    } else if (part) {
      bar.append(part);
    }
  }
  bar.hidden = false;
}

// Finds the stored player, or creates one when there is none or the server does not know it.
async function ensurePlayer() {
  let token = null;
  try {
    token = localStorage.getItem(PLAYER_KEY);
  } catch (e) {
    token = null;
  }
  if (token) {
    player.token = token;
    try {
      renderPlayer(await api('/api/players/me', { headers: playerHeaders() }));
      return;
    } catch (e) {
      if (e.status !== 400) return; // the server is down or busy: keep the token
    }
  }
  const p = await api('/api/players', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  player.token = p.token;
  try {
    localStorage.setItem(PLAYER_KEY, p.token);
  } catch (e) {
    // Private windows may refuse: the player lasts as long as the page.
  }
  renderPlayer(p);
}

const puzzle = {
  mode: 'random', // 'random', 'streak' or 'daily': what "Next puzzle" asks for
  data: null,
  variant: null,
  moves: [],
  position: null,
  evaluation: null, // of the current position: legal moves and where they lead (values hidden)
  finished: false,
  busy: false,
  flipped: false,
  flash: null,
  played: null,
  attempt: 0, // counts the puzzles started (a retry too): a move still being sown is then dropped
  asked: 0, // counts the puzzles asked for: an answer to an earlier ask is dropped
};

// Asks the server for a puzzle (`path`), and starts it unless another was asked for meanwhile:
// a late answer for a game no longer chosen must not take the board (nor be evaluated as the
// game chosen now). `what` names the ask in an error.
async function askPuzzle(path, options, what) {
  const ask = ++puzzle.asked;
  let p;
  try {
    p = await api(path, options);
  } catch (e) {
    if (ask !== puzzle.asked) return;
    showError(errorWords(e, what));
    // None made yet on the server's first start: asked again when the server says (its
    // `Retry-After`), unless the player has asked for another meanwhile.
    if (e.status === 503 && e.body.building) {
      setTimeout(() => { if (ask === puzzle.asked) askPuzzle(path, options, what); }, (e.retryAfter || 10) * 1000);
    }
    return;
  }
  if (ask !== puzzle.asked) return;
  delete p.solution; // not shown until asked for
  delete p.themes; // nor the themes, until the attempt ends
  clearError();
  await startPuzzle(p);
}

function renderPuzzle() {
  const v = variants.get(puzzle.variant);
  const pos = puzzle.position ? parsePosition(puzzle.position) : null;
  let playable = new Set();
  if (pos && !puzzle.finished && !puzzle.busy && pos.side === 'S') {
    if (puzzle.evaluation) playable = new Set(puzzle.evaluation.moves.map((m) => m.move));
    else {
      // Without an evaluation every non-empty South pit may be tried; the server judges.
      const p = v.board.pits_per_side;
      for (let k = 1; k <= p; k++) playable.add(String(k));
    }
  }
  drawBoard($('puzzle-board'), {
    pos, variant: v, flipped: puzzle.flipped, moves: null, playable,
    onPlay: playPuzzle, flash: puzzle.flash, played: puzzle.played,
  });
  puzzle.flash = null;
  $('puzzle-board').dataset.position = puzzle.position || '';
  const has = !!puzzle.data;
  $('puzzle-solution').disabled = !has;
  $('puzzle-retry').disabled = !has || puzzle.moves.length === 0;
  $('puzzle-explore').disabled = !has;
}

let feedbackSeq = 0;
function feedback(text, state, reply) {
  const f = $('puzzle-feedback');
  f.textContent = text;
  f.dataset.state = state || '';
  f.dataset.reply = reply || '';
  f.dataset.seq = String(++feedbackSeq);
  // The state's class is prefixed: a bare `loading` would be one of the `.loading` indicators,
  // which showBusy hides once requests are answered, taking the feedback box with them.
  f.className = state ? `feedback is-${state}` : 'feedback';
  f.hidden = false;
}

// Draws `position` on the puzzle's board with its evaluation. False when another puzzle (or
// this one again) was started while it was evaluated: nothing is drawn then.
async function setPuzzlePosition(position, played) {
  const attempt = puzzle.attempt;
  const v = variants.get(puzzle.variant);
  puzzle.flash = puzzle.position && v ? changedPits(v, puzzle.position, position) : null;
  puzzle.played = played || null;
  puzzle.position = position;
  puzzle.evaluation = null;
  let evaluation = null;
  if (!puzzle.finished && parsePosition(position)?.side === 'S') {
    evaluation = await evaluate(puzzle.variant, position).catch(() => null);
    if (attempt !== puzzle.attempt) return false;
  }
  puzzle.evaluation = evaluation;
  renderPuzzle();
  return true;
}

async function startPuzzle(p) {
  puzzle.attempt += 1;
  puzzle.data = p;
  puzzle.variant = p.variant;
  puzzle.moves = [];
  puzzle.finished = false;
  puzzle.busy = false;
  puzzle.position = null;
  $('puzzle-solution-box').hidden = true;
  $('puzzle-solution').hidden = false;
  // Not 'ready' until the new board is drawn: the previous puzzle's state must not linger.
  feedback(t('puzzle.loading'), 'loading');
  const v = variants.get(p.variant);
  const mode = puzzle.mode === 'streak' ? ` ${t('puzzle.in_streak')}` : puzzle.mode === 'daily' ? ` ${t('puzzle.of_the_day')}` : '';
  const kind = p.collection === 'anuak' ? ` ${t('puzzle.anuak_kind')}` : '';
  $('puzzle-title').textContent = t('puzzle.title', { game: v ? gameName(v) : p.variant }) + mode + kind;
  $('puzzle-themes').textContent = '';
  $('puzzle-meta').innerHTML = '';
  const meta = document.createElement('span');
  meta.textContent = `${t('puzzle.number', { id: p.id })} \u00b7 ${t('puzzle.rating')} `;
  const r = document.createElement('strong');
  r.setAttribute('data-testid', 'puzzle-rating');
  r.textContent = Math.round(p.rating);
  const rest = document.createElement('span');
  rest.textContent = ` \u00b7 ${t('puzzle.to_find', { n: p.moves_to_find })} \u00b7 ${t('puzzle.plays', { n: p.plays })}`;
  $('puzzle-meta').append(meta, r, rest);
  $('puzzle-meta').dataset.id = p.id;
  setHash(`#puzzle/${p.id}`);
  if (!(await setPuzzlePosition(p.position))) return;
  const captured = parsePosition(p.position)?.captured || [0, 0];
  feedback(t('puzzle.find', { south: captured[0], north: captured[1] }), 'ready');
}

// Shows what the end of an attempt reveals: the themes, and the player's new rating and streak.
function showEnd(r) {
  if (r.themes) {
    $('puzzle-themes').textContent = r.themes.length
      ? t('puzzle.themes', { themes: r.themes.map((x) => (has(`theme.${x}`) ? t(`theme.${x}`) : x)).join(', ') })
      : t('puzzle.no_theme');
  }
  if (r.player) renderPlayer(r.player);
}

async function newPuzzle() {
  if (puzzle.mode === 'daily') return dailyPuzzle();
  const q = new URLSearchParams();
  const variant = $('puzzle-variant').value;
  const theme = $('puzzle-theme').value;
  const collection = $('puzzle-collection').value;
  const min = $('puzzle-min').value;
  const max = $('puzzle-max').value;
  if (variant) q.set('variant', variant);
  if (theme) q.set('theme', theme);
  if (collection) q.set('collection', collection);
  if (min) q.set('min_rating', min);
  if (max) q.set('max_rating', max);
  if (puzzle.mode === 'streak') q.set('mode', 'streak');
  await askPuzzle(`/api/puzzles/next?${q}`, { headers: playerHeaders() }, t(puzzle.mode === 'streak' ? 'puzzles.mode_streak' : 'puzzles.new'));
}

// The puzzle of the day of the chosen game (Rio Kadalis if none is chosen).
async function dailyPuzzle() {
  const variant = $('puzzle-variant').value || (variants.has('rio-kadalis') ? 'rio-kadalis' : [...variants.keys()][0]);
  await askPuzzle(`/api/puzzles/daily?variant=${encodeURIComponent(variant)}`, { headers: playerHeaders() }, t('puzzles.mode_daily'));
}

function setMode(mode) {
  puzzle.mode = mode;
  renderPlayer();
  document.body.dataset.puzzleMode = mode;
  for (const m of ['random', 'streak', 'daily']) $(`puzzle-mode-${m}`).setAttribute('aria-pressed', String(m === mode));
}

async function loadPuzzle(id) {
  await askPuzzle(`/api/puzzles/${encodeURIComponent(id)}`, undefined, t('puzzle.number', { id }));
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Sows `m` (a move of the position on the puzzle's board, from its evaluation) at the chosen
// speed, as Explore does, then draws the position after it with `played` marked; without the
// animation its pits flash instead. False when another puzzle (or this one again) was started
// meanwhile: nothing is drawn then.
async function sowPuzzleMove(m, played) {
  const attempt = puzzle.attempt;
  const before = puzzle.position;
  const delay = SPEEDS[sowingSpeed()];
  await animateSowing($('puzzle-board'), m.sowing, delay).done;
  if (attempt !== puzzle.attempt) return false;
  puzzle.flash = delay ? null : changedPits(variants.get(puzzle.variant), before, m.after);
  puzzle.position = m.after;
  puzzle.played = played;
  renderPuzzle();
  return true;
}

async function playPuzzle(move) {
  if (!puzzle.data || puzzle.finished || puzzle.busy) return;
  puzzle.busy = true;
  const attempt = puzzle.attempt;
  const before = puzzle.position;
  const known = puzzle.evaluation ? puzzle.evaluation.moves.find((m) => m.move === move) : null;
  puzzle.moves.push(move);
  feedback(t('puzzle.you_played', { move: `S${move}` }), 'waiting');
  // The move is sown while the server judges it.
  const sown = known ? sowPuzzleMove(known, `S${move}`) : null;
  let r;
  try {
    [r] = await Promise.all([api(`/api/puzzles/${puzzle.data.id}/attempt`, {
      method: 'POST',
      headers: playerHeaders({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ moves: puzzle.moves }),
    }), sown]);
  } catch (e) {
    await sown;
    if (attempt !== puzzle.attempt) return;
    puzzle.moves.pop();
    puzzle.busy = false;
    puzzle.position = before;
    showError(errorWords(e, t('error.move', { move: `S${move}` })));
    feedback(t('puzzle.cannot_play'), 'ready');
    renderPuzzle();
    return;
  }
  if (attempt !== puzzle.attempt) return;
  clearError();
  const auto = r.auto_played || [];
  // North's replies and South's forced moves, played for the player, in words.
  const autoWords = (moves) => moves.map((m) => ` ${t(m.side === 'N' ? 'puzzle.replied' : 'puzzle.forced', { move: `${m.side}${m.move}` })}`).join('');
  const verdict = r.correct ? t(r.complete ? 'puzzle.solved' : 'puzzle.right', { move: `S${move}` }) : null;
  // They are sown one after the other, each from the position before it, whose evaluation gives
  // its sowing, the verdict and the move being sown said meanwhile. Without the animation the
  // player's move stays on the board a moment before them.
  if (known && auto.length && SPEEDS[sowingSpeed()]) {
    for (const [k, m] of auto.entries()) {
      if (verdict) feedback(verdict + autoWords(auto.slice(0, k + 1)), 'waiting');
      const e = await evaluate(puzzle.variant, puzzle.position).catch(() => null);
      if (attempt !== puzzle.attempt) return;
      const reply = e && e.moves.find((x) => x.move === m.move);
      if (!reply) break; // not found: the board goes straight to the position after them
      if (!(await sowPuzzleMove(reply, `${m.side}${m.move}`))) return;
    }
  } else if (known && auto.length) {
    await sleep(450);
  }
  puzzle.busy = false;
  const autoText = autoWords(auto);
  const autoData = auto.map((m) => `${m.side}${m.move}`).join(' ');
  const last = auto.length ? `${auto[auto.length - 1].side}${auto[auto.length - 1].move}` : `S${move}`;
  const rating = r.rating !== undefined && r.rating !== null
    ? ` ${t(r.rated ? 'puzzle.rating_now' : 'puzzle.rating_now_unrated', { rating: Math.round(r.rating) })}` : '';
  if (!r.correct) {
    puzzle.finished = true;
    await setPuzzlePosition(known ? known.after : r.position, `S${move}`);
    const wins = (r.winning_moves || []).map((m) => `S${m}`).join(` ${t('word.or')} `);
    feedback(t('puzzle.wrong', { move: `S${move}` }) + (wins ? ` ${t('puzzle.winning_was', { moves: wins })}` : '') + rating, 'wrong');
    showEnd(r);
    if (r.solution) showSolution(r.solution);
  } else if (r.complete) {
    puzzle.finished = true;
    await setPuzzlePosition(r.position, last);
    feedback(verdict + autoText + rating, 'solved', autoData);
    showEnd(r);
  } else {
    await setPuzzlePosition(r.position, last);
    feedback(verdict + autoText + ` ${t('puzzle.south_to_play')}`, 'right', autoData);
  }
}

// Shows a solution line; each move's side is found by following the server's evaluations.
async function showSolution(solution) {
  const box = $('puzzle-solution-box');
  box.hidden = false;
  $('puzzle-solution').hidden = true; // shown: nothing more to ask for
  box.textContent = '';
  const h = document.createElement('h3');
  h.textContent = t('puzzle.solution');
  const ol = document.createElement('ol');
  ol.className = 'steps';
  box.append(h, ol);
  // Each step is evaluated in this puzzle's game; another puzzle started meanwhile stops it.
  const { attempt, variant } = puzzle;
  let pos = puzzle.data.position;
  for (const mv of solution) {
    let side = parsePosition(pos)?.side || '?';
    let after = null;
    try {
      const e = await evaluate(variant, pos);
      if (attempt !== puzzle.attempt) return;
      side = e.side;
      after = e.moves.find((m) => m.move === mv)?.after || null;
    } catch (e) {
      after = null;
    }
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('data-testid', 'solution-step');
    b.textContent = `${side}${mv}`;
    if (after) {
      const target = after;
      b.title = t('puzzle.solution_step');
      b.addEventListener('click', () => {
        puzzle.finished = true;
        setPuzzlePosition(target, `${side}${mv}`);
      });
    }
    li.appendChild(b);
    ol.appendChild(li);
    if (!after) break;
    pos = after;
  }
}

// Shows the solution. Before the attempt has ended this gives up: the attempt is recorded as a
// failure (rated if it was the player's first at the puzzle), and the streak ends.
async function revealSolution() {
  if (!puzzle.data) return;
  try {
    let solution;
    if (!puzzle.finished) {
      const r = await api(`/api/puzzles/${puzzle.data.id}/attempt`, {
        method: 'POST',
        headers: playerHeaders({ 'Content-Type': 'application/json' }),
        body: JSON.stringify({ moves: puzzle.moves, give_up: true }),
      });
      puzzle.finished = true;
      feedback(t('puzzle.shown'), 'shown');
      renderPuzzle();
      showEnd(r);
      solution = r.solution;
    } else {
      solution = (await api(`/api/puzzles/${puzzle.data.id}`)).solution;
    }
    clearError();
    await showSolution(solution);
  } catch (e) {
    showError(errorWords(e, t('puzzle.solution')));
  }
}

// ---------------------------------------------------------------------------------------------
// Tabs, address, start-up

const TABS = ['explore', 'review', 'puzzles'];

function selectTab(name) {
  // Leaving Explore leaves its position: its search is not watched any more.
  if (name !== 'explore') stopSharpening();
  for (const t of TABS) {
    $(t).hidden = t !== name;
    $(`tab-${t}`).setAttribute('aria-selected', String(t === name));
    $(`tab-${t}`).tabIndex = t === name ? 0 : -1;
  }
  document.body.dataset.mode = name;
  fitAllBoards();
}

// Play mode (play.js), on Explore's board.
const play = initPlay({
  $, api, variants, sideName, urlPosition, explore,
  play: playExplore,
  goto: gotoExplore,
  rerender: renderExplore,
  sideOf: (position) => parsePosition(position).side,
  movesPlayed: () => reviewSegment().moves.length,
  review: reviewExploreGame,
});

// Rio Kadalis matches (match.js), round after round on Explore's board.
const match = initMatch({
  $, api, variants, sideName, explore, setHash, showError, clearError, errorWords, drawBoard, parsePosition,
  show: (variant, position) => showPosition(variant, position),
  roundMoves: () => reviewSegment().moves,
  reviewMatch: (variant, info) => review.openMatch(variant, info.rounds.filter((r) => r.moves.length)),
  leftMatch: () => { if (explore.position) setHash(exploreHash()); },
});

// "My puzzles" (mine.js), the player's dashboard.
initMine({ $, api, playerHeaders, showError, clearError, errorWords });

// The game review (review.js), given what it needs from this module.
const review = initReview({
  $, api, drawBoard, parsePosition, formatValue, sideName, variants, showError, clearError,
  errorWords, setHash, selectTab, moveButton, lossWords, gameOverWords, copyText, gameName,
});

async function fromHash() {
  const h = decodeURIComponent(location.hash.replace(/^#/, ''));
  if (h === 'review' || h.startsWith('review/')) {
    selectTab('review');
    await review.fromHash(h);
    return;
  }
  if (h.startsWith('match/')) {
    selectTab('explore');
    await match.fromHash(h);
    return;
  }
  if (h === 'puzzles' || h.startsWith('puzzle/')) {
    selectTab('puzzles');
    const id = h.split('/')[1];
    if (id && (!puzzle.data || String(puzzle.data.id) !== id)) await loadPuzzle(id);
    else if (!puzzle.data) await newPuzzle();
    return;
  }
  selectTab('explore');
  const slash = h.indexOf('/');
  if (h && slash > 0) {
    const variant = h.slice(0, slash);
    // A position never ends in `/flipped` (its last row is counts), so the suffix is the flip.
    const flipped = h.endsWith('/flipped');
    const position = h.slice(slash + 1, flipped ? -'/flipped'.length : undefined).replace(/_/g, ' ');
    if (flipped !== explore.flipped) {
      explore.flipped = flipped;
      renderExplore();
    }
    if (variant === explore.variant && position === explore.position) return;
    if (!variants.has(variant)) {
      showError(t('error.unknown_game_address', { game: variant, games: [...variants.keys()].join(', ') }));
      return;
    }
    $('explore-variant').value = variant;
    explore.variant = variant;
    $('position-input').value = position;
    await showPosition(variant, position);
  } else if (h && variants.has(h)) {
    await showVariant(h);
  } else if (!explore.position) {
    await showVariant(variants.has('rio-kadalis') ? 'rio-kadalis' : [...variants.keys()][0]);
  }
}

// What the server builds in the background (`GET /api/status`), polled every second while it
// builds the essentials, every ten seconds after. Until the tablebase and the starter puzzles
// are ready a line above the board says what and how far, with a bar; after them (the opening
// books, the Anuak problems, deeper tables, which only make answers quicker and may take
// hours) a small line at the foot of the page. Each step is worded here, in the
// page's language, from its code and numbers. Read with a plain fetch, so that the page is
// never dimmed as busy for it.
async function watchBuild() {
  const box = $('build-status');
  const line = $('build-line');
  let status;
  try {
    status = await (await fetch('/api/status')).json();
  } catch (e) {
    return; // an older server, or none: nothing to show
  }
  const bar = $('build-progress');
  box.hidden = true;
  line.hidden = true;
  if (status.building) {
    const words = buildStepWords(status);
    if (status.ready) {
      line.textContent = t('build.line', { step: words });
      line.hidden = false;
    } else {
      $('build-words').textContent = t('build.busy', { step: words });
      if (status.total) {
        bar.max = status.total;
        bar.value = status.done;
      } else {
        bar.removeAttribute('value');
      }
      bar.hidden = false;
      box.hidden = false;
    }
    setTimeout(watchBuild, status.ready ? 10_000 : 1000);
  } else if (status.error) {
    $('build-words').textContent = t('build.stopped', { error: status.error });
    bar.hidden = true;
    box.hidden = false;
  }
}

// The build's step under way in the page's language: from its code, with how far it is and
// the game it is on ('starting' between two steps, when there is none).
function buildStepWords(status) {
  if (!status.code) return t('build.starting');
  // The game's name from the dictionary: the first answer may come before the games' list.
  const id = status.variant;
  const game = !id ? '\u2026' : has(`game.${id}`) ? t(`game.${id}`) : variants.get(id)?.name || id;
  return t(`build.step.${status.code}`, {
    percent: status.total ? Math.floor((100 * status.done) / status.total) : 0,
    done: status.done ?? 0,
    total: status.total ?? 0,
    game,
  });
}

// The language switch: every language the page speaks, each in its own name.
function initLanguages() {
  const select = $('language');
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement('option');
    o.value = code;
    o.textContent = name;
    o.lang = code;
    select.appendChild(o);
  }
  select.value = language();
  select.addEventListener('change', () => switchLanguage(select.value));
}

// The rules of Explore's game in a few lines, under its choice.
function renderRules() {
  const v = variants.get(explore.variant || $('explore-variant').value);
  $('rules-summary').textContent = v ? (has(`rules.${v.id}`) ? t(`rules.${v.id}`) : v.rules) : '';
}

async function init() {
  await useLanguage(chooseLanguage());
  translatePage();
  initLanguages();
  watchBuild();
  $('tab-explore').addEventListener('click', () => {
    selectTab('explore');
    if (explore.position) setHash(exploreHash());
    else fromHash();
  });
  $('tab-puzzles').addEventListener('click', () => {
    selectTab('puzzles');
    if (puzzle.data) setHash(`#puzzle/${puzzle.data.id}`);
    else {
      setHash('#puzzles');
      newPuzzle();
    }
  });
  $('explore-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const text = $('position-input').value.trim();
    if (!text) {
      showError(t('explore.type_first'));
      return;
    }
    const variant = $('explore-variant').value;
    showPosition(variant, text, { push: variant === explore.variant, typed: true });
  });
  $('position-input').addEventListener('input', () => markInput(null));
  $('explore-variant').addEventListener('change', () => {
    renderRules();
    showVariant($('explore-variant').value);
  });
  $('tab-review').addEventListener('click', () => {
    selectTab('review');
    review.show();
  });
  $('sowing-speed').value = sowingSpeed();
  $('sowing-speed').addEventListener('change', () => setSowingSpeed($('sowing-speed').value));
  $('sowing-skip').addEventListener('click', () => explore.sowing && explore.sowing.skip());
  $('explore-review').addEventListener('click', reviewExploreGame);
  // Arrow keys move between the three tabs (the ARIA tabs pattern).
  $('tab-explore').parentElement.addEventListener('keydown', (ev) => {
    const i = TABS.indexOf(document.body.dataset.mode);
    const j = ev.key === 'ArrowRight' ? i + 1 : ev.key === 'ArrowLeft' ? i - 1 : null;
    if (j === null) return;
    ev.preventDefault();
    const t = $(`tab-${TABS[(j + TABS.length) % TABS.length]}`);
    t.focus();
    t.click();
  });
  window.addEventListener('resize', fitAllBoards);
  $('undo').addEventListener('click', undoExplore);
  $('sharpen-stop').addEventListener('click', () => {
    stopSharpening();
    $('sharpen').hidden = false;
    $('sharpen-text').textContent = t('sharpen.stopped', { n: explore.evaluation && explore.evaluation.search ? explore.evaluation.search.depth : 0 });
    $('sharpen-stop').hidden = true;
  });
  $('redo').addEventListener('click', redoExplore);
  $('flip').addEventListener('click', () => {
    explore.flipped = !explore.flipped;
    renderExplore();
    if (explore.position) setHash(exploreHash());
  });
  $('mainline').addEventListener('click', showMainline);
  $('start').addEventListener('click', () => showVariant(explore.variant));
  $('copy-link').addEventListener('click', () => copyText(location.href, t('copy.link'), showNoticeTransient));
  $('copy-position').addEventListener('click', () => {
    if (explore.position) copyText(explore.position, t('copy.position'), showNoticeTransient);
  });
  $('copy-moves').addEventListener('click', () => {
    const record = exploreRecord();
    if (record) copyText(record, t('copy.moves'), showNoticeTransient);
  });
  $('puzzle-form').addEventListener('submit', (ev) => { ev.preventDefault(); setMode('random'); newPuzzle(); });
  $('puzzle-mode-random').addEventListener('click', () => { setMode('random'); newPuzzle(); });
  $('puzzle-mode-streak').addEventListener('click', () => { setMode('streak'); newPuzzle(); });
  $('puzzle-mode-daily').addEventListener('click', () => { setMode('daily'); newPuzzle(); });
  $('puzzle-next').addEventListener('click', newPuzzle);
  $('puzzle-solution').addEventListener('click', revealSolution);
  $('puzzle-flip').addEventListener('click', () => { puzzle.flipped = !puzzle.flipped; renderPuzzle(); });
  $('puzzle-retry').addEventListener('click', () => {
    if (!puzzle.data) return;
    const p = puzzle.data;
    startPuzzle(p);
  });
  $('puzzle-explore').addEventListener('click', () => {
    if (!puzzle.data) return;
    selectTab('explore');
    showPosition(puzzle.variant, puzzle.position || puzzle.data.position);
  });
  document.addEventListener('keydown', (ev) => {
    const t = ev.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (t instanceof Element && t.closest('[role="tablist"]')) return;
    if (document.body.dataset.mode === 'review') {
      review.key(ev);
      return;
    }
    if (document.body.dataset.mode !== 'explore') return;
    if (ev.key === 'Escape' && explore.sowing) explore.sowing.skip();
    else if (ev.key === 'ArrowLeft') undoExplore();
    else if (ev.key === 'ArrowRight') redoExplore();
    else if (/^[0-9]$/.test(ev.key)) keyDigit(ev.key);
    else if (ev.key === 'p' && explore.evaluation?.moves.some((m) => m.move === 'pass')) playExplore('pass');
  });
  window.addEventListener('hashchange', fromHash);

  try {
    const list = await api('/api/variants');
    for (const v of list.variants) {
      variants.set(v.id, v);
      for (const sel of [$('explore-variant'), $('puzzle-variant'), $('review-variant')]) {
        const o = document.createElement('option');
        o.value = v.id;
        o.textContent = gameName(v);
        sel.appendChild(o);
      }
    }
  } catch (e) {
    showError(errorWords(e, t('error.loading_games')));
    return;
  }
  try {
    await ensurePlayer();
  } catch (e) {
    showError(errorWords(e, t('error.player')));
  }
  await fromHash();
  renderRules();
  document.body.dataset.ready = 'true';
}

// Copies `text` to the clipboard and says so through `say`; where the browser refuses (no
// permission, an insecure page), `say` shows the text itself to copy by hand.
async function copyText(text, what, say) {
  try {
    await navigator.clipboard.writeText(text);
    say(t('copy.done', { what }));
  } catch (e) {
    say(`${what}: ${text}`);
  }
}

// The moves played in a row up to here as a record the review reads (`S1 N4 S2`).
function exploreRecord() {
  return reviewSegment().plies.map((via) => (via.mv === 'pass' ? 'pass' : `${via.side}${via.mv}`)).join(' ');
}

function showNoticeTransient(text) {
  const status = $('explore-status');
  const n = document.createElement('div');
  n.className = 'notice';
  n.textContent = text;
  status.appendChild(n);
  setTimeout(() => n.remove(), 4000);
}

init();

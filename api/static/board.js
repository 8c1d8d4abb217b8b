// Positions and boards: reading a position for drawing (layout only: docs/rules.md#notation),
// values and their sources in words, and the board drawn and fitted to the room it has. The
// variants the server plays are kept here, as the page's start-up lists them.

import { $ } from './page.js';
import { t, has } from './i18n.js';

export const variants = new Map();

// A position string read for drawing: `rows` of seed counts, `null` for a pit closed with sand
// (`x`: Rio Kadalis after a match's first round, docs/rules.md#rio-kadalis-matches).
export function parsePosition(text) {
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
export function formatValue(v, exact = true) {
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
export function keepBounds(next, shown) {
  if (!next || !shown) return;
  if (shown.at_least !== undefined && (next.at_least === undefined || boundRank(shown.at_least) > boundRank(next.at_least))) next.at_least = shown.at_least;
  if (shown.at_most !== undefined && (next.at_most === undefined || boundRank(shown.at_most) < boundRank(next.at_most))) next.at_most = shown.at_most;
}

// What a search proved of an estimate (the value's `at_least` and `at_most`, written as the
// value is), in words: `between +1 and +5`, `at least a draw`; '' when it proved nothing.
export function boundsWords(v) {
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
export function sourceWords(e) {
  if ((e.source !== 'search' && e.source !== 'book') || !e.search) return '';
  return `${t(e.exact ? 'source.exact' : 'source.estimate')}, ${searchedWords(e)}`;
}

// How deep a search went, and whether the opening book kept it.
export function searchedWords(e) {
  if (!e.search) return '';
  return t('source.searched', { n: e.search.depth }) + (e.source === 'book' ? t('source.book') : '');
}

export const sideName = (s) => t(`side.${s}`);

// A game's name in the page's language (the server's name where the dictionary has none).
export const gameName = (v) => (has(`game.${v.id}`) ? t(`game.${v.id}`) : v.name);

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
export function drawBoard(el, opts) {
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

export function fitAllBoards() {
  document.querySelectorAll('.board-wrap').forEach((wrap) => fitBoard(wrap));
}

// Pit labels whose count differs between two positions.
export function changedPits(variant, before, after) {
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

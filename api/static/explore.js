// Explore: perfect-play values of a position and of every move, the history of positions
// visited, main lines, keyboard play, and answers that sharpen (a search streamed on after a
// quick estimate). Every position after a move is the `after` of the move in the server's
// evaluation; a newer Explore request supersedes (aborts) an older one, so the page never waits
// on an answer nobody wants. Play mode (play.js) and matches (match.js) play on its board,
// linked in by app.js (`linkExplore`).

import { $, api, urlPosition, evaluate, mainline, showError, clearError, errorWords, setHash } from './page.js';
import { variants, parsePosition, formatValue, keepBounds, boundsWords, sourceWords, searchedWords, sideName, drawBoard, changedPits } from './board.js';
import { animateSowing, sowingSpeed, SPEEDS } from './sowing.js';
import { t, has } from './i18n.js';

// Play mode, the match and the review, given by app.js once they are made.
let play, match, review;

export function linkExplore(parts) {
  ({ play, match, review } = parts);
}

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

export function stopSharpening() {
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
// Explore

// The positions visited, in order: `history[0]` is where Explore started (a game's start, a
// pasted position); every later entry was reached by a move (`via`: {mv, side, before}, with
// the analyse route's verdict once it arrives) or by a jump (`via` null: a pasted position, a
// main-line step). Undo and Redo walk it; playing from an earlier entry cuts off the rest.
export const explore = {
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
export function exploreHash() {
  if (match.active()) return match.hash();
  return `#${explore.variant}/${explore.position.replace(/ /g, '_')}${explore.flipped ? '/flipped' : ''}`;
}

// What a finished game came to: who won and by how much.
export function gameOverWords(e) {
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

export function renderExplore() {
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
export function lossWords(verdict, loss, variant) {
  if (!verdict || verdict === 'best') return '';
  const v = variants.get(variant);
  return t(v && v.scoring === 'win-draw-loss' ? 'verdict.loses_steps' : 'verdict.loses_seeds', { n: loss });
}

// A move-list button: `S3 ?` with its verdict as class, title and label.
export function moveButton(text, verdict, loss, variant, testid) {
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
export function reviewSegment() {
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
export function reviewExploreGame() {
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
export async function showPosition(variant, position, how = {}) {
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
export function playExplore(move, { byOpponent = false } = {}) {
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
export async function gotoExplore(i) {
  if (i < 0 || i >= explore.history.length || i === explore.index) return;
  const entry = explore.history[i];
  await showPosition(explore.variant, entry.position, {
    goto: i,
    played: entry.via && entry.via.mv !== 'pass' ? `${entry.via.side}${entry.via.mv}` : null,
  });
}

// Marks the position input as holding `text`, which could not be read (null: clears the mark).
export function markInput(text) {
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

export const undoExplore = () => gotoExplore(explore.index - 1);
export const redoExplore = () => gotoExplore(explore.index + 1);

// A variant's start position (answered by search where the tablebase does not reach it).
export async function showVariant(variant) {
  if (!variants.has(variant)) return;
  await showPosition(variant, variants.get(variant).start);
}

// Keyboard play: digits name the mover's pit (two digits for pits 10 and up, typed quickly),
// `p` passes.
const keyPlay = { digits: '', timer: null };

export function keyDigit(d) {
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

export async function showMainline() {
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

// The rules of Explore's game in a few lines, under its choice.
export function renderRules() {
  const v = variants.get(explore.variant || $('explore-variant').value);
  $('rules-summary').textContent = v ? (has(`rules.${v.id}`) ? t(`rules.${v.id}`) : v.rules) : '';
}

// The moves played in a row up to here as a record the review reads (`S1 N4 S2`).
export function exploreRecord() {
  return reviewSegment().plies.map((via) => (via.mv === 'pass' ? 'pass' : `${via.side}${via.mv}`)).join(' ');
}

export function showNoticeTransient(text) {
  const status = $('explore-status');
  const n = document.createElement('div');
  n.className = 'notice';
  n.textContent = text;
  status.appendChild(n);
  setTimeout(() => n.remove(), 4000);
}

// Puzzles: the player's token, rating and streaks, a puzzle asked for, played, judged by the
// server move by move, and its solution shown.

import { $, api, evaluate, showError, clearError, errorWords, setHash } from './page.js';
import { variants, parsePosition, gameName, drawBoard, changedPits } from './board.js';
import { animateSowing, sowingSpeed, SPEEDS } from './sowing.js';
import { t, has } from './i18n.js';

// The player: an opaque token issued by the server (POST /api/players), kept in local storage
// and sent as `Authorization: Bearer TOKEN` with every puzzle request.
const PLAYER_KEY = 'mancala-player-token';
const player = { token: null, info: null };

export function playerHeaders(extra) {
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
export async function ensurePlayer() {
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

export const puzzle = {
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

export function renderPuzzle() {
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

export async function startPuzzle(p) {
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

export async function newPuzzle() {
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

export function setMode(mode) {
  puzzle.mode = mode;
  renderPlayer();
  document.body.dataset.puzzleMode = mode;
  for (const m of ['random', 'streak', 'daily']) $(`puzzle-mode-${m}`).setAttribute('aria-pressed', String(m === mode));
}

export async function loadPuzzle(id) {
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
export async function revealSolution() {
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

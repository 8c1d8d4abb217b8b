// Rio Kadalis matches on Explore's board (docs/matches.md): round after round against the Play
// opponent (perfect play, an engine) or between two people on one device. The server's match
// route says where a match stands (each round's result, the next round's start, the match's
// end); this module keeps the record (where the match was taken up and each round's moves),
// shows the match score above the board and, between rounds, a panel with the round's result,
// each side's winnings and the next round's board.
//
// A match is a link: #match/VARIANT/START[/ROUND...], START = `kS,kN,rS,rN,S|N` (open pits and
// reserves of South and North, who starts), each ROUND its moves joined by `-`, the last one
// perhaps the round under way.

import { t } from './i18n.js';

const SEEDS_PER_PIT = 4;

export function initMatch(d) {
  const { $, api, variants, sideName, explore } = d;
  const state = {
    variant: null, // null: no match
    start: null, // {open: {south, north}, reserve: {south, north}, starter}
    finished: [], // the moves of each round played to its end, before the one on the board
    ended: null, // between rounds: the moves of the round that has just ended
    prefix: [], // moves of the round under way played before Explore's history begins (a link)
    roundStart: null, // Explore's first position of the round under way
    showing: false, // a round's position is being put on the board
    info: null, // the server's answer for the record so far
    worth: null, // what the match is worth where the round under way stands, played to be won
    worthSeq: 0,
    between: false, // a round has ended and the next is not begun (or the match is over)
    asking: false, // the server is asked where the match stands after a round's end
    seq: 0,
  };

  const active = () => state.variant !== null;
  const pitsOf = (variant) => variants.get(variant).board.pits_per_side;
  // Whether `variant` is played as a match of rounds, as the server says (`/api/variants`).
  const hasMatches = (variant) => !!variants.get(variant)?.matches;

  // The first round's start: every pit open, no reserves, South starts.
  function firstStart(variant) {
    const p = pitsOf(variant);
    return { open: { south: p, north: p }, reserve: { south: 0, north: 0 }, starter: 'south' };
  }

  // A start where `side` opens `k` pits with nothing in reserve and the other side opens all
  // its pits and keeps the rest: the seeds of a match are always 8 a pit.
  function closedStart(variant, side, k, starter) {
    const p = pitsOf(variant);
    const other = side === 'south' ? 'north' : 'south';
    return {
      open: { [side]: k, [other]: p },
      reserve: { [side]: 0, [other]: SEEDS_PER_PIT * (p - k) },
      starter,
    };
  }

  const startText = (s) => `${s.open.south},${s.open.north},${s.reserve.south},${s.reserve.north},${s.starter === 'south' ? 'S' : 'N'}`;

  function parseStart(text) {
    const m = /^(\d+),(\d+),(\d+),(\d+),([SN])$/.exec(text || '');
    if (!m) return null;
    return {
      open: { south: Number(m[1]), north: Number(m[2]) },
      reserve: { south: Number(m[3]), north: Number(m[4]) },
      starter: m[5] === 'S' ? 'south' : 'north',
    };
  }

  // The moves of the round on the board: those of a link, then those played on the board.
  const currentMoves = () => state.prefix.concat(d.roundMoves());

  // The record: each round's moves, the last perhaps the round under way.
  function rounds() {
    if (state.between) return state.finished.concat([state.ended]);
    const current = currentMoves();
    return current.length ? state.finished.concat([current]) : state.finished.slice();
  }

  function hash() {
    const parts = [state.variant, startText(state.start), ...rounds().map((m) => m.join('-'))];
    return `#match/${parts.join('/')}`;
  }

  function ask(record) {
    return api(`/api/${encodeURIComponent(state.variant)}/match`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ start: state.start, rounds: record }),
    });
  }

  // Puts `position` on Explore's board as the start of what is played next.
  async function showRound(position) {
    state.showing = true;
    const shown = await d.show(state.variant, position);
    if (!shown) state.showing = false;
    return shown;
  }

  // Takes up the match of `variant` from `start` with `record` (each round's moves): asks
  // where it stands, then shows the round under way, or the panel of the round just ended.
  async function begin(variant, start, record) {
    const seq = ++state.seq;
    state.variant = variant;
    state.start = start;
    state.finished = [];
    state.ended = null;
    state.prefix = [];
    state.between = false;
    state.asking = false;
    state.info = null;
    let info;
    try {
      info = await ask(record);
    } catch (e) {
      if (seq !== state.seq) return;
      state.variant = null;
      render();
      d.showError(d.errorWords(e, t('match.error')));
      return;
    }
    if (seq !== state.seq) return;
    d.clearError();
    state.info = info;
    state.worth = info.worth;
    const last = info.rounds[info.rounds.length - 1];
    if (record.length > 0 && (info.end || info.rounds.length > record.length)) {
      // The record's last round has ended: its end on the board, the panel beside it.
      state.finished = record.slice(0, -1);
      state.ended = record[record.length - 1] || [];
      state.between = true;
      const ended = info.rounds[record.length - 1];
      if (ended) await showRound(ended.position);
    } else {
      state.finished = record.slice(0, last.moves.length ? -1 : record.length);
      state.prefix = last.moves.slice();
      await showRound(last.position);
    }
    render();
  }

  // The round under way has just ended on the board: asks for the match's state with it.
  async function finishRound() {
    const seq = ++state.seq;
    state.ended = currentMoves();
    state.between = true;
    state.asking = true;
    const record = rounds();
    render();
    let info;
    try {
      info = await ask(record);
    } catch (e) {
      if (seq === state.seq) d.showError(d.errorWords(e, t('match.error')));
      return;
    } finally {
      if (seq === state.seq) state.asking = false;
    }
    if (seq !== state.seq || !state.between) return;
    state.info = info;
    d.setHash(hash());
    render();
  }

  async function nextRound() {
    const info = state.info;
    if (!info || info.end || !state.between) return;
    const next = info.rounds[info.rounds.length - 1];
    state.finished = state.finished.concat([state.ended]);
    state.ended = null;
    state.between = false;
    state.prefix = [];
    render();
    await showRound(next.start.position);
    render();
  }

  // No match any more: what is asked for it is dropped when it comes.
  function stop() {
    state.seq += 1;
    state.variant = null;
    state.info = null;
    state.between = false;
    d.leftMatch();
  }

  function leave() {
    stop();
    render();
  }

  // Called by Explore each time it shows a position.
  function onPosition(e) {
    if (active()) {
      if (state.showing) {
        state.showing = false;
        state.roundStart = explore.history[0].position;
      } else if (explore.history[0].position !== state.roundStart || explore.variant !== state.variant) {
        // Another position or game was chosen on the board: the match is left.
        stop();
      }
    }
    if (active() && e) {
      const ended = !!e.game_over && currentMoves().length > 0;
      if (!e.game_over && !state.between) refreshWorth();
      if (ended && !state.between) finishRound();
      else if (!e.game_over && state.between) {
        // A move taken back after the round's end: the round goes on.
        state.seq += 1;
        state.between = false;
        state.asking = false;
        state.ended = null;
      }
    }
    render();
  }

  // Asks what the match is worth where the round under way now stands (the match route values
  // the record so far); the last answer asked for is the one shown.
  async function refreshWorth() {
    const seq = ++state.worthSeq;
    const record = rounds();
    let info;
    try {
      info = await ask(record);
    } catch (e) {
      return; // the score stays as it was; the board says what went wrong with the position
    }
    if (seq !== state.worthSeq || !active() || state.between) return;
    state.worth = info.worth;
    renderScore();
  }

  // What the match is worth, played to be won, in words; and the moves that the match asks
  // for where they are not those that win most seeds.
  function worthWords(worth, position) {
    const v = worth.value;
    let text;
    if (v.outcome === 'won') {
      const last = state.info.rounds.length + v.rounds - 1;
      text = t('match.worth_won', { side: sideName(v.winner === 'south' ? 'S' : 'N'), last });
    } else {
      text = t(v.outcome === 'draw' ? 'match.worth_draw' : 'match.worth_open');
    }
    if (!worth.exact) text += ` ${t('match.worth_estimate')}`;
    if (worth.better_for_match.length) {
      const side = (position || '').split(' ')[1] || '';
      const moves = worth.better_for_match.map((m) => `${side}${m}`).join(', ');
      text += ` ${t('match.worth_differs', { moves })}`;
    }
    return text;
  }

  // "South: 2 pits, 3 in reserve".
  function sideWords(side, start) {
    return t('match.side', { side: sideName(side === 'south' ? 'S' : 'N'), n: start.open[side], reserve: start.reserve[side] });
  }

  // The match's end in words.
  function endWords(info) {
    const end = info.end;
    if (end.winner) {
      const loser = end.winner === 'south' ? 'N' : 'S';
      return t('match.won_by', { side: sideName(end.winner === 'south' ? 'S' : 'N'), loser: sideName(loser) });
    }
    return t('match.repeats', { next: info.rounds.length + 1, first: end.repeats_round });
  }

  function render() {
    const matchable = hasMatches(explore.variant);
    $('match-controls').hidden = !matchable;
    if (matchable) fillStarts(explore.variant);
    $('match-new').hidden = active();
    $('match-leave').hidden = !active();
    $('match-from').disabled = active();
    $('match-starter').disabled = active();
    renderGoOn(matchable);
    renderScore();
    renderPanel();
  }

  // Item: a Rio Kadalis game from the first round's start, ended outside a match: go on.
  function renderGoOn(matchable) {
    const e = explore.evaluation;
    const first = matchable && explore.history.length > 0 && explore.history[0].position === variants.get(explore.variant).start;
    $('match-go-on').hidden = active() || !first || !e || !e.game_over || d.roundMoves().length === 0;
  }

  function renderScore() {
    const box = $('match-score');
    box.hidden = !active();
    if (!active()) {
      renderWorth();
      return;
    }
    const info = state.info;
    box.textContent = '';
    if (!info) {
      renderWorth();
      return;
    }
    const last = info.rounds[info.rounds.length - 1];
    let text;
    if (info.end) {
      text = `${t('match.over')} ${endWords(info)}`;
    } else {
      // The round under way, or between rounds the next: what each side has for it.
      text = t('match.score', { n: last.round, south: sideWords('south', last.start), north: sideWords('north', last.start) });
    }
    box.textContent = text;
    box.dataset.over = String(!!info.end);
    renderWorth();
  }

  // Under the score while a round goes on: what the match is worth, played to be won.
  function renderWorth() {
    const line = $('match-worth');
    const info = state.info;
    const show = active() && !!info && !info.end && !state.between && !!state.worth;
    line.hidden = !show;
    line.textContent = show ? worthWords(state.worth, explore.evaluation && explore.evaluation.position) : '';
  }

  function renderPanel() {
    const panel = $('match-panel');
    const info = state.info;
    const show = active() && state.between && !state.asking && !!info;
    panel.hidden = !show;
    // Emptied when hidden: its board's pits must not be taken for the board's in play.
    panel.textContent = '';
    if (!show) return;
    // The round that ended: the last with a result.
    const done = info.rounds.filter((r) => r.result);
    const ended = done[done.length - 1];
    if (!ended) return;
    const h = document.createElement('h3');
    h.textContent = t('match.round_over', { n: ended.round });
    panel.appendChild(h);
    const line = (text, testid) => {
      const p = document.createElement('p');
      p.textContent = text;
      if (testid) p.setAttribute('data-testid', testid);
      panel.appendChild(p);
      return p;
    };
    line(t('match.won', { south: ended.result.won.south, north: ended.result.won.north }), 'match-won');
    line(t('match.winnings', { south: ended.result.winnings.south, north: ended.result.winnings.north }), 'match-winnings');
    const buttons = document.createElement('div');
    buttons.className = 'controls';
    const button = (text, testid, onClick) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.setAttribute('data-testid', testid);
      b.addEventListener('click', onClick);
      buttons.appendChild(b);
      return b;
    };
    const next = info.end ? null : info.rounds[info.rounds.length - 1];
    if (next) {
      line(t('match.next', {
        n: next.round,
        south: sideWords('south', next.start),
        north: sideWords('north', next.start),
        starter: sideName(next.start.starter === 'south' ? 'S' : 'N'),
      }), 'match-next');
      button(t('match.play_round', { n: next.round }), 'match-next-round', nextRound);
    } else {
      line(endWords(info), 'match-end').className = 'match-result';
      button(t('match.again'), 'match-again', () => newMatch());
    }
    button(t('match.review'), 'match-review', () => d.reviewMatch(state.variant, info));
    // The buttons before the next board, so that a phone shows them with the result.
    panel.appendChild(buttons);
    if (!next) return;
    const board = document.createElement('div');
    board.className = 'board-wrap match-next-board';
    board.setAttribute('data-testid', 'match-next-board');
    panel.appendChild(board);
    d.drawBoard(board, {
      pos: d.parsePosition(next.start.position), variant: variants.get(state.variant), flipped: explore.flipped,
      moves: null, playable: new Set(), onPlay: () => {},
    });
  }

  // The choices of where a match begins, for the variant on the board (once a variant).
  function fillStarts(variant) {
    const sel = $('match-from');
    if (sel.dataset.variant === variant) return;
    const kept = sel.value;
    sel.textContent = '';
    const add = (value, text) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = text;
      sel.appendChild(o);
    };
    add('first', t('match.from_first'));
    const p = pitsOf(variant);
    for (const side of ['south', 'north']) {
      for (let k = 1; k < p; k += 1) {
        add(`${side}:${k}`, t('match.from_closed', { side: sideName(side === 'south' ? 'S' : 'N'), n: k }));
      }
    }
    if ([...sel.options].some((o) => o.value === kept)) sel.value = kept;
    sel.dataset.variant = variant;
  }

  // A new match of the variant on the board, from the start chosen.
  function newMatch() {
    const variant = explore.variant;
    if (!hasMatches(variant)) return;
    const from = $('match-from').value;
    const starter = $('match-starter').value;
    let start;
    if (from === 'first' || !from) {
      start = { ...firstStart(variant), starter };
    } else {
      const [side, k] = from.split(':');
      start = closedStart(variant, side, Number(k), starter);
    }
    begin(variant, start, []);
  }

  // `match/VARIANT/START/ROUND...` of the address.
  async function fromHash(h) {
    const parts = h.split('/');
    const variant = parts[1];
    const start = parseStart(parts[2]);
    if (!hasMatches(variant) || !start) {
      const games = [...variants.values()].filter((v) => v.matches).map((v) => v.id);
      d.showError(t('match.bad_link', { games: games.join(', ') }));
      return;
    }
    const record = parts.slice(3).map((r) => r.split('-').filter(Boolean)).filter((m) => m.length);
    if (active() && state.variant === variant && hash() === `#${h}`) return;
    await begin(variant, start, record);
  }

  $('match-new').addEventListener('click', newMatch);
  $('match-leave').addEventListener('click', leave);
  $('match-go-on').addEventListener('click', () => {
    const variant = explore.variant;
    begin(variant, firstStart(variant), [d.roundMoves()]);
  });

  return { active, hash, onPosition, fromHash, render };
}

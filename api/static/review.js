// Game review: a game record (moves from the start or from a position) analysed by the server's
// analyse route, shown as a move list with each move's verdict and value lost, an evaluation
// graph over the plies (click a point to go there), the first error, and a board at the chosen
// ply. A review is a link: #review/VARIANT/MOVES[/POSITION], moves joined by `-`.

import { t } from './i18n.js';

// The SVG namespace (a name, not a resource the page loads), for the graphs of this module and
// of mine.js.
export const SVG = 'http:' + '//www.w3.org/2000/svg';

export function initReview(d) {
  const { $ } = d;
  const state = {
    variant: null,
    position: null, // the start as typed ('' for the variant's start)
    moves: [],
    analysis: null,
    ply: 0,
    seq: 0,
    covered: null, // moves analysed when the record had an illegal move after them
    match: null, // a match's review: {variant, rounds, at}, the round `at` under review
  };

  // Moves as typed: `2 6 1`, `S2 N6 S1`, `1. 2 6 2. 1`, commas too; move numbers ending in a
  // dot are left out.
  function readMoves(text) {
    return text.split(/[\s,;]+/).filter((t) => t && !/^\d+\.+$/.test(t))
      .map((t) => t.replace(/^[SsNn](?=\d)/, '').toLowerCase());
  }

  function hashOf() {
    const pos = state.position ? `/${state.position.trim().replace(/\s+/g, '_')}` : '';
    return `#review/${state.variant}/${state.moves.join('-')}${pos}`;
  }

  // The analysed record, or the first `covered` moves when a later one is not legal.
  async function analyse(variant, position, moves) {
    const body = { moves };
    if (position) body.position = position.trim().replace(/_/g, ' ');
    return d.api(`/api/${encodeURIComponent(variant)}/analyse`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  async function run() {
    const seq = ++state.seq;
    const v = d.variants.get(state.variant);
    if (!v) {
      d.showError(t('error.unknown_game', { game: state.variant, games: [...d.variants.keys()].join(', ') }));
      return;
    }
    if (!state.moves.length) {
      d.showError(t('review.type_first'));
      return;
    }
    $('review-result').hidden = true;
    $('review-status').textContent = t('review.analysing');
    let a;
    state.covered = null;
    try {
      a = await analyse(state.variant, state.position, state.moves);
    } catch (e) {
      if (seq !== state.seq) return;
      const at = e.body && Number.isInteger(e.body.index) ? e.body.index : null;
      if (at === null || at === 0) {
        $('review-status').textContent = '';
        d.showError(d.errorWords(e, t('review.record')));
        return;
      }
      // Review what can be analysed: the moves before the one that is not legal, and say so.
      try {
        a = await analyse(state.variant, state.position, state.moves.slice(0, at));
      } catch (e2) {
        if (seq !== state.seq) return;
        $('review-status').textContent = '';
        d.showError(d.errorWords(e2, t('review.record')));
        return;
      }
      state.covered = { at, words: d.errorWords(e) };
    }
    if (seq !== state.seq) return;
    d.clearError();
    $('review-status').textContent = '';
    state.analysis = a;
    state.ply = 0;
    d.setHash(hashOf());
    render();
  }

  // The graph's value at every ply: the final margin for South (its captures minus North's
  // plus the value still to come, with perfect play from there) in the score games; 1, 0 or
  // -1 for a win, draw or loss of South in the others. Ply i is the position before move i;
  // the last is the position after the last move.
  function series(a, wdl) {
    const southView = (side, value) => {
      const x = wdl ? ({ win: 1, draw: 0, loss: -1 })[value.result] : value.score;
      return side === 'S' ? x : -x;
    };
    const captured = (pos) => d.parsePosition(pos).captured;
    const points = a.moves.map((m) => {
      const c = captured(m.position);
      return { value: (wdl ? 0 : c[0] - c[1]) + southView(m.side, m.value_before), exact: m.exact };
    });
    const last = a.moves[a.moves.length - 1];
    if (a.game_over) {
      const t = a.game_over;
      const diff = t.south - t.north;
      points.push({ value: wdl ? southView(last.side, last.value_kept) : diff, exact: true });
    } else {
      const c = captured(last.position);
      points.push({ value: (wdl ? 0 : c[0] - c[1]) + southView(last.side, last.value_kept), exact: last.exact });
    }
    return points;
  }

  function drawGraph(a) {
    const v = d.variants.get(a.variant);
    const wdl = v.scoring === 'win-draw-loss';
    const pts = series(a, wdl);
    const svg = $('review-graph');
    svg.textContent = '';
    // Drawn at the graph's own width, so that the points stay round.
    const W = Math.max(300, Math.round(svg.getBoundingClientRect().width) || 600);
    const H = 170;
    const pad = 12;
    // Above and below the curve's extremes, a band for the legends, so that no point covers one.
    const band = 24;
    const top = Math.max(wdl ? 1 : 4, ...pts.map((p) => Math.abs(p.value)));
    const x = (i) => pad + (pts.length === 1 ? 0 : (i * (W - 2 * pad)) / (pts.length - 1));
    const y = (val) => H / 2 - (val / top) * (H / 2 - band);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const el = (name, attrs) => {
      const e = document.createElementNS(SVG, name);
      for (const [k, val] of Object.entries(attrs)) e.setAttribute(k, val);
      svg.appendChild(e);
      return e;
    };
    const line = pts.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
    el('polygon', { class: 'area', points: `${x(0)},${y(0)} ${line} ${x(pts.length - 1)},${y(0)}` });
    el('line', { class: 'axis', x1: pad, x2: W - pad, y1: y(0), y2: y(0) });
    el('polyline', { class: 'curve', points: line });
    for (const [text, yy] of [[wdl ? t('over.wins', { side: d.sideName('S') }) : `${d.sideName('S')} +${top}`, 13], [wdl ? t('over.wins', { side: d.sideName('N') }) : `${d.sideName('N')} +${top}`, H - 5]]) {
      const legend = el('text', { class: 'legend', x: W - pad - 2, y: yy, 'text-anchor': 'end' });
      legend.textContent = text;
    }
    // The points are drawn small: round each, a transparent circle at least 24 px across takes
    // a tap (26 units: the drawing is scaled a little into the box inside the graph's border),
    // all of them under the points so that a point itself is never covered by a neighbour's.
    const targets = el('g', { class: 'targets' });
    pts.forEach((p, i) => {
      const m = i > 0 ? a.moves[i - 1] : null;
      const verdict = m && m.verdict !== 'best' ? m.verdict : '';
      const hit = targets.appendChild(el('circle', {
        class: 'hit', cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: 13,
        'data-testid': 'graph-target', 'data-ply': String(i),
      }));
      hit.addEventListener('click', () => go(i));
      const c = el('circle', {
        class: `pt ${verdict}${p.exact ? '' : ' estimate'}${i === state.ply ? ' current' : ''}`,
        cx: x(i).toFixed(1), cy: y(p.value).toFixed(1), r: i === state.ply ? 7 : 5,
        tabindex: '0', role: 'button', 'data-testid': 'graph-point', 'data-ply': String(i),
        'data-value': String(p.value),
      });
      const what = wdl
        ? (p.value === 0 ? t('over.a_draw') : t('over.wins', { side: d.sideName(p.value > 0 ? 'S' : 'N') }))
        : `${d.sideName('S')} ${p.value >= 0 ? '+' : ''}${p.value}`;
      const after = m ? t('graph.after', { move: `${m.side}${m.move}` }) + (m.verdict !== 'best' ? ` (${t(`verdict.${m.verdict}`)})` : '') : t('graph.start');
      const label = t(p.exact ? 'graph.point' : 'graph.point_estimate', { ply: i, after, value: what });
      c.setAttribute('aria-label', label);
      const title = document.createElementNS(SVG, 'title');
      title.textContent = label;
      c.appendChild(title);
      c.addEventListener('click', () => go(i));
      c.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter' || ev.key === ' ') {
          ev.preventDefault();
          go(i);
        }
      });
    });
    svg.setAttribute('aria-label', t(wdl ? 'graph.label_wdl' : 'graph.label_score', { n: pts.length - 1 }));
  }

  function render() {
    const a = state.analysis;
    if (!a) return;
    $('review-result').hidden = false;
    const v = d.variants.get(a.variant);
    // The summary: the first error, the verdicts per side, where the values come from.
    const first = a.moves.find((m) => m.verdict !== 'best');
    const summary = $('review-summary');
    summary.textContent = '';
    const p = document.createElement('p');
    p.textContent = t('review.analysed', { n: a.moves.length, game: d.gameName(v) });
    summary.appendChild(p);
    if (state.covered) {
      const c = document.createElement('p');
      c.className = 'notice';
      c.setAttribute('data-testid', 'review-covered');
      c.textContent = `${state.covered.words} ${t('review.covers', { n: state.covered.at })}`;
      summary.appendChild(c);
    }
    const fe = document.createElement('p');
    fe.className = 'first-error';
    fe.setAttribute('data-testid', 'review-first-error');
    if (first) {
      fe.append(`${t('review.first_error', {
        n: first.index + 1, move: `${first.side}${first.move}`, verdict: t(`verdict.${first.verdict}`),
        loss: d.lossWords(first.verdict, first.loss, a.variant),
        best: first.best_moves.map((b) => first.side + b).join(` ${t('word.or')} `),
      })} `);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('review.go_there');
      b.setAttribute('data-testid', 'review-goto-error');
      b.addEventListener('click', () => go(first.index));
      fe.appendChild(b);
      fe.dataset.index = String(first.index);
    } else {
      fe.textContent = t('review.no_error');
      fe.dataset.index = '';
    }
    summary.appendChild(fe);
    const counts = document.createElement('p');
    counts.className = 'notice';
    counts.textContent = ['south', 'north'].map((side) => {
      const c = a.summary[side] || {};
      return t('review.counts', {
        side: d.sideName(side === 'south' ? 'S' : 'N'),
        best: t('review.count_best', { n: c.best || 0 }),
        inaccuracies: t('review.count_inaccuracy', { n: c.inaccuracy || 0 }),
        mistakes: t('review.count_mistake', { n: c.mistake || 0 }),
        blunders: t('review.count_blunder', { n: c.blunder || 0 }),
      });
    }).join(' ');
    summary.appendChild(counts);
    if (a.moves.some((m) => !m.exact)) {
      const n = document.createElement('p');
      n.className = 'notice';
      n.setAttribute('data-testid', 'review-estimates');
      n.textContent = t('review.estimates');
      summary.appendChild(n);
    }
    drawGraph(a);
    // The move list.
    const list = $('review-moves-list');
    list.textContent = '';
    a.moves.forEach((m, i) => {
      const li = document.createElement('li');
      const b = d.moveButton(`${m.exact ? '' : '\u2248'}${m.side}${m.move}`, m.verdict, m.loss, a.variant, 'review-move');
      b.dataset.index = String(i);
      if (i + 1 === state.ply) b.classList.add('current');
      b.addEventListener('click', () => go(i + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
    renderPly();
  }

  // The board and words for the current ply.
  function renderPly() {
    const a = state.analysis;
    const n = a.moves.length;
    const position = state.ply < n ? a.moves[state.ply].position : a.end;
    const prev = state.ply > 0 ? a.moves[state.ply - 1] : null;
    const pos = d.parsePosition(position);
    const over = state.ply === n && !!a.game_over;
    d.drawBoard($('review-board'), {
      pos, variant: d.variants.get(a.variant), flipped: false, moves: null, playable: new Set(),
      onPlay: () => {}, played: prev && prev.move !== 'pass' ? `${prev.side}${prev.move}` : null, over,
    });
    $('review-board').dataset.position = position;
    $('review-board').dataset.ply = String(state.ply);
    const words = $('review-ply');
    if (over) {
      words.textContent = d.gameOverWords({ variant: a.variant, game_over: a.game_over, side: pos.side, outcome: prev.outcome_after === 'win' ? 'loss' : prev.outcome_after === 'loss' ? 'win' : 'draw' });
    } else if (prev) {
      const lost = d.lossWords(prev.verdict, prev.loss, a.variant);
      words.textContent = t('review.ply', {
        ply: state.ply, move: `${prev.side}${prev.move}`, verdict: t(`verdict.${prev.verdict}`) + (lost ? ` (${lost})` : ''),
        kept: d.formatValue(prev.value_kept, prev.exact), best: d.formatValue(prev.best_value, prev.exact),
        moves: prev.best_moves.map((b) => prev.side + b).join(` ${t('word.or')} `),
      });
    } else {
      words.textContent = t('review.start_words', { side: d.sideName(pos.side) });
    }
    document.querySelectorAll('#review-moves-list button').forEach((b) => {
      b.classList.toggle('current', Number(b.dataset.index) + 1 === state.ply);
    });
    document.querySelectorAll('#review-graph .pt').forEach((c) => {
      const cur = Number(c.dataset.ply) === state.ply;
      c.classList.toggle('current', cur);
      c.setAttribute('r', cur ? 7 : 5);
    });
    $('review-prev').disabled = state.ply === 0;
    $('review-first').disabled = state.ply === 0;
    $('review-next').disabled = state.ply === n;
    $('review-last').disabled = state.ply === n;
  }

  function go(ply) {
    if (!state.analysis) return;
    state.ply = Math.max(0, Math.min(ply, state.analysis.moves.length));
    renderPly();
  }

  // The rounds of the match under review, one button a round with what each side won.
  function renderRounds() {
    const box = $('review-rounds');
    box.hidden = !state.match;
    box.textContent = '';
    if (!state.match) return;
    const label = document.createElement('span');
    label.textContent = t('review.match_rounds');
    box.appendChild(label);
    state.match.rounds.forEach((r, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-testid', 'review-round');
      b.setAttribute('aria-pressed', String(i === state.match.at));
      b.textContent = r.result
        ? t('review.round_result', { n: r.round, south: r.result.won.south, north: r.result.won.north })
        : t('review.round_going', { n: r.round });
      b.addEventListener('click', () => openRound(i));
      box.appendChild(b);
    });
  }

  // Reviews round `i` of the match under review.
  function openRound(i) {
    state.match.at = i;
    renderRounds();
    const r = state.match.rounds[i];
    return open({ variant: state.match.variant, position: r.start.position, moves: r.moves }, true);
  }

  // Opens the review of a match's `rounds` (as the match route gives them: each with its
  // start, moves and result), its first round first.
  function openMatch(variant, rounds) {
    if (!rounds.length) return null;
    state.match = { variant, rounds, at: 0 };
    return openRound(0);
  }

  // Opens a review of `record` = {variant, position, moves}; `inMatch`: one round of the match
  // under review (else the review is of this one game).
  function open(record, inMatch = false) {
    if (!inMatch && state.match) {
      state.match = null;
      renderRounds();
    }
    state.variant = record.variant;
    state.position = record.position || '';
    state.moves = record.moves.slice();
    $('review-variant').value = state.variant;
    $('review-position').value = state.position;
    $('review-moves').value = state.moves.join(' ');
    d.selectTab('review');
    d.setHash(hashOf());
    return run();
  }

  async function fromHash(h) {
    const parts = h.split('/');
    if (parts.length < 3) {
      show();
      return;
    }
    const variant = parts[1];
    const moves = parts[2].split('-').filter(Boolean);
    const position = parts.slice(3).join('/').replace(/_/g, ' ');
    if (variant === state.variant && moves.join(' ') === state.moves.join(' ') && position === state.position && state.analysis) return;
    await open({ variant, position, moves });
  }

  function show() {
    if (state.analysis) d.setHash(hashOf());
    else {
      d.setHash('#review');
      if (!$('review-variant').value && d.variants.size) $('review-variant').value = [...d.variants.keys()][0];
    }
  }

  function key(ev) {
    if (!state.analysis) return;
    if (ev.key === 'ArrowLeft') go(state.ply - 1);
    else if (ev.key === 'ArrowRight') go(state.ply + 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(state.analysis.moves.length);
  }

  $('review-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    open({
      variant: $('review-variant').value,
      position: $('review-position').value.trim(),
      moves: readMoves($('review-moves').value),
    });
  });
  $('review-first').addEventListener('click', () => go(0));
  $('review-prev').addEventListener('click', () => go(state.ply - 1));
  $('review-next').addEventListener('click', () => go(state.ply + 1));
  $('review-last').addEventListener('click', () => go(state.analysis ? state.analysis.moves.length : 0));
  $('review-link').addEventListener('click', () => d.copyText(location.href, t('copy.link'), (words) => {
    $('review-link-text').textContent = words;
  }));

  return { open, openMatch, fromHash, show, key };
}

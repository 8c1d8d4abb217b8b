// "My puzzles": the player's dashboard (GET /api/players/me) in the Puzzles tab: the rating and
// streaks, the rating after each first attempt as a small graph, and the first attempts solved
// and failed, in all and by theme.

import { t, has } from './i18n.js';
import { SVG } from './review.js';

export function initMine(d) {
  const { $ } = d;

  function historyGraph(history) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.classList.add('graph', 'rating-history');
    svg.setAttribute('data-testid', 'mine-history');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', t('mine.history_label', { n: history.length }));
    // Axes with numbers: the rating up the left (the lowest and highest), the first attempts
    // along the bottom (the first and the last).
    const W = 300;
    const H = 110;
    const left = 40;
    const right = 10;
    const top = 16;
    const bottom = 20;
    const low = Math.floor(Math.min(...history));
    const high = Math.ceil(Math.max(...history));
    const span = Math.max(high - low, 50);
    const x = (i) => left + (history.length === 1 ? (W - left - right) / 2 : (i * (W - left - right)) / (history.length - 1));
    const y = (r) => H - bottom - ((r - low) / span) * (H - top - bottom);
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    const add = (name, attrs, text) => {
      const el = document.createElementNS(SVG, name);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
      if (text !== undefined) el.textContent = text;
      svg.appendChild(el);
      return el;
    };
    add('line', { class: 'axis', x1: left, y1: top, x2: left, y2: H - bottom });
    add('line', { class: 'axis', x1: left, y1: H - bottom, x2: W - right, y2: H - bottom });
    add('text', { class: 'legend', x: 2, y: 11, 'data-testid': 'mine-axis-title' }, t('puzzle.rating'));
    add('text', { class: 'legend', x: left - 4, y: y(low + span) + 4, 'text-anchor': 'end', 'data-testid': 'mine-axis-high' }, low + span);
    add('text', { class: 'legend', x: left - 4, y: y(low) + 4, 'text-anchor': 'end', 'data-testid': 'mine-axis-low' }, low);
    add('text', { class: 'legend', x: x(0), y: H - 5, 'text-anchor': 'middle' }, 1);
    if (history.length > 1) add('text', { class: 'legend', x: x(history.length - 1), y: H - 5, 'text-anchor': 'middle', 'data-testid': 'mine-axis-last' }, history.length);
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('class', 'curve');
    line.setAttribute('points', history.map((r, i) => `${x(i).toFixed(1)},${y(r).toFixed(1)}`).join(' '));
    svg.appendChild(line);
    history.forEach((r, i) => {
      const c = document.createElementNS(SVG, 'circle');
      c.setAttribute('class', 'pt');
      c.setAttribute('cx', x(i).toFixed(1));
      c.setAttribute('cy', y(r).toFixed(1));
      c.setAttribute('r', '3');
      const title = document.createElementNS(SVG, 'title');
      title.textContent = t('mine.history_point', { n: i + 1, rating: r });
      c.appendChild(title);
      svg.appendChild(c);
    });
    return svg;
  }

  function themesTable(themes) {
    const table = document.createElement('table');
    table.className = 'themes';
    table.setAttribute('data-testid', 'mine-themes');
    const head = table.createTHead().insertRow();
    for (const key of ['mine.theme', 'mine.solved', 'mine.failed']) {
      const th = document.createElement('th');
      th.textContent = t(key);
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (const r of themes) {
      const row = body.insertRow();
      row.dataset.theme = r.theme;
      row.insertCell().textContent = has(`theme.${r.theme}`) ? t(`theme.${r.theme}`) : r.theme;
      row.insertCell().textContent = String(r.solved);
      row.insertCell().textContent = String(r.failed);
    }
    return table;
  }

  function render(me) {
    const box = $('mine');
    box.textContent = '';
    const h = document.createElement('h3');
    h.textContent = t('mine.heading');
    const rating = document.createElement('p');
    rating.textContent = t('mine.rating', { rating: Math.round(me.rating), streak: me.streak, best: me.best_streak });
    const totals = document.createElement('p');
    totals.setAttribute('data-testid', 'mine-totals');
    totals.dataset.solved = String(me.solved);
    totals.dataset.failed = String(me.failed);
    totals.textContent = t('mine.totals', { solved: me.solved, failed: me.failed });
    box.append(h, rating, totals);
    if (me.history.length) box.append(historyGraph(me.history), themesTable(me.themes));
    else {
      const none = document.createElement('p');
      none.className = 'notice';
      none.textContent = t('mine.none');
      box.appendChild(none);
    }
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = t('mine.close');
    close.setAttribute('data-testid', 'mine-close');
    close.addEventListener('click', () => {
      box.hidden = true;
      $('puzzle-mine').setAttribute('aria-expanded', 'false');
    });
    box.appendChild(close);
    box.hidden = false;
    $('puzzle-mine').setAttribute('aria-expanded', 'true');
  }

  // Shows the dashboard, asked for afresh (the last attempt counts at once), or hides it.
  async function toggle() {
    if (!$('mine').hidden) {
      $('mine').hidden = true;
      $('puzzle-mine').setAttribute('aria-expanded', 'false');
      return;
    }
    try {
      render(await d.api('/api/players/me', { headers: d.playerHeaders() }));
      d.clearError();
    } catch (e) {
      d.showError(d.errorWords(e, t('mine.heading')));
    }
  }

  $('puzzle-mine').addEventListener('click', toggle);
}

// The player page's start-up: Explore (explore.js) and Puzzles (puzzles.js), the game review
// (review.js), play mode (play.js), matches (match.js) and "My puzzles" (mine.js), each given
// what it needs; the tabs, the address read on arrival and on every change, the build's
// progress, the language switch, and the page's controls wired to their jobs.

import { $, api, urlPosition, showError, clearError, errorWords, setHash, copyText } from './page.js';
import { variants, parsePosition, formatValue, sideName, gameName, drawBoard, fitAllBoards } from './board.js';
import { linkExplore, stopSharpening, explore, exploreHash, gameOverWords, renderExplore, lossWords, moveButton, reviewSegment, reviewExploreGame, showPosition, playExplore, gotoExplore, markInput, undoExplore, redoExplore, showVariant, keyDigit, showMainline, renderRules, exploreRecord, showNoticeTransient } from './explore.js';
import { playerHeaders, ensurePlayer, puzzle, renderPuzzle, startPuzzle, newPuzzle, setMode, loadPuzzle, revealSolution } from './puzzles.js';
import { sowingSpeed, setSowingSpeed } from './sowing.js';
import { initReview } from './review.js';
import { initPlay } from './play.js';
import { initMatch } from './match.js';
import { initMine } from './mine.js';
import { t, has, chooseLanguage, useLanguage, language, switchLanguage, translatePage, LANGUAGES } from './i18n.js';

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

// The game review (review.js), given what it needs from the other modules.
const review = initReview({
  $, api, drawBoard, parsePosition, formatValue, sideName, variants, showError, clearError,
  errorWords, setHash, selectTab, moveButton, lossWords, gameOverWords, copyText, gameName,
});

linkExplore({ play, match, review });

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

init();

// The sowing of a move, seed by seed, on a board already drawn (drawBoard in app.js). The steps
// come from the server (each move's `sowing` in an evaluation: lift, sow, store, capture), which
// takes them from the rules engine: nothing here knows the rules, it only moves counts.

import { t } from './i18n.js';

// Milliseconds per seed for each speed setting; `off` shows the result at once.
export const SPEEDS = { slow: 380, normal: 170, fast: 70, off: 0 };
const SETTING = 'mancala.sowingSpeed';

export function sowingSpeed() {
  let s = null;
  try { s = localStorage.getItem(SETTING); } catch (e) { s = null; }
  return s && s in SPEEDS ? s : 'normal';
}

export function setSowingSpeed(speed) {
  try { localStorage.setItem(SETTING, speed); } catch (e) { /* private mode: not kept */ }
}

// Plays `steps` on the board drawn in `wrap`. Returns a handle whose `done` promise resolves
// when the animation ends, and whose `skip()` ends it at once.
export function animateSowing(wrap, steps, delay) {
  let skipped = !delay || !steps || steps.length === 0;
  let wake = null;
  const wait = (ms) => (skipped ? Promise.resolve() : new Promise((r) => {
    const t = setTimeout(r, ms);
    wake = () => { clearTimeout(t); r(); };
  }));
  const skip = () => {
    skipped = true;
    if (wake) wake();
  };
  const done = (async () => {
    if (skipped) return;
    const board = wrap.querySelector('.board');
    if (!board) return;
    wrap.dataset.animating = 'true';
    board.classList.add('animating');
    const hand = document.createElement('div');
    hand.className = 'hand';
    hand.setAttribute('data-testid', 'hand');
    board.querySelector('.rows')?.appendChild(hand);
    let inHand = 0;
    let captures = 0;
    const pitEl = (label) => board.querySelector(`[data-pit="${label}"]`);
    const setSeeds = (el, n) => {
      el.dataset.seeds = String(n);
      const s = el.querySelector('.seeds');
      if (s) {
        s.textContent = String(n);
        s.classList.toggle('empty', n === 0);
      }
    };
    const addToStore = (side, n) => {
      const st = board.querySelector(`.store-${side}`);
      if (!st) return;
      const total = Number(st.dataset.count || 0) + n;
      st.dataset.count = String(total);
      const c = st.querySelector('.store-count');
      if (c) c.textContent = String(total);
      st.classList.add('sown');
      setTimeout(() => st.classList.remove('sown'), Math.max(delay, 120));
    };
    const showHand = () => {
      hand.textContent = inHand ? t('sowing.in_hand', { n: inHand }) : '';
    };
    for (const step of steps) {
      if (skipped) break;
      if (step.step === 'lift') {
        const el = pitEl(step.pit);
        if (el) {
          board.querySelectorAll('.lifted').forEach((x) => x.classList.remove('lifted'));
          el.classList.add('lifted');
          setSeeds(el, 0);
        }
        inHand = step.seeds;
        showHand();
        await wait(delay * 1.5);
      } else if (step.step === 'sow') {
        const el = pitEl(step.pit);
        if (el) {
          setSeeds(el, Number(el.dataset.seeds || 0) + 1);
          el.classList.add('sown');
          setTimeout(() => el.classList.remove('sown'), delay * 2);
        }
        inHand -= 1;
        showHand();
        await wait(delay);
      } else if (step.step === 'store') {
        addToStore(step.side, 1);
        inHand -= 1;
        showHand();
        await wait(delay);
      } else if (step.step === 'capture') {
        const el = pitEl(step.pit);
        captures += 1;
        board.dataset.captures = String(captures);
        if (el) el.classList.add('captured');
        hand.textContent = t('sowing.captures', { side: t(`side.${step.by}`), n: step.seeds, pit: step.pit });
        await wait(delay * 4);
        if (el) {
          setSeeds(el, 0);
          el.classList.remove('captured');
        }
        addToStore(step.by, step.seeds);
        await wait(delay);
      }
    }
    delete wrap.dataset.animating;
  })();
  return { done, skip };
}

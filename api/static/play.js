// Play mode: Explore's board against an opponent. From any position (or a game's start) the
// player chooses a side and an opponent: perfect play (the tablebase, else the deepest search the
// server allows), strong (the quick answer's best move), casual (a move within a few seeds of the
// best, chosen at random), or nobody (two players on one device). The values stay hidden while
// a game against an opponent is played (shown again with "Show values"); a hint names the best
// move; take-back returns to the player's last turn; the finished game goes to the review.

// The budget asked for a perfect-play move beyond the tablebase: the server lowers it to its cap.
const PERFECT_BUDGET = 10000000;
// The most seeds a casual opponent gives away against the best move (result steps in
// win/draw/loss games: 1).
const CASUAL_SEEDS = 3;
// A pause before the opponent's move, so that the player sees the position it answers.
const THINK_MS = 250;

import { t } from './i18n.js';

export function initPlay(d) {
  const { $, api, variants, sideName, urlPosition } = d;
  const state = { opponent: 'none', side: 'S', seq: 0, hint: null };

  const againstEngine = () => state.opponent !== 'none';

  // A value as a number for the mover: seeds (score games) or 1, 0, -1 (win/draw/loss).
  function worth(value) {
    if (typeof value.score === 'number') return value.score;
    return value.result === 'win' ? 1 : value.result === 'loss' ? -1 : 0;
  }

  function casualMove(e) {
    const best = worth(e.moves[0].value);
    const scored = variants.get(e.variant)?.scoring !== 'win-draw-loss';
    const slack = scored ? CASUAL_SEEDS : 1;
    const near = e.moves.filter((m) => best - worth(m.value) <= slack);
    return near[Math.floor(Math.random() * near.length)].move;
  }

  // The opponent's move in `e`; perfect play asks the server to search on where the quick
  // answer is an estimate.
  async function chooseMove(e) {
    if (state.opponent === 'casual') return casualMove(e);
    if (state.opponent === 'perfect' && e.exact === false) {
      const deep = await api(`/api/${encodeURIComponent(e.variant)}?position=${urlPosition(e.position)}&budget=${PERFECT_BUDGET}`);
      return deep.moves[0].move;
    }
    return e.moves[0].move;
  }

  function status(text) {
    $('play-status').textContent = text;
  }

  // Who won, said to the player.
  function resultWords(e) {
    const v = variants.get(e.variant);
    let winner = null;
    if (v && v.scoring === 'win-draw-loss') {
      if (e.outcome !== 'draw') winner = e.outcome === 'win' ? e.side : (e.side === 'S' ? 'N' : 'S');
    } else if (e.game_over.south !== e.game_over.north) {
      winner = e.game_over.south > e.game_over.north ? 'S' : 'N';
    }
    if (!againstEngine()) return winner ? t('play.won', { side: sideName(winner) }) : t('play.draw');
    const against = t(`play.against_${state.opponent}`);
    if (!winner) return t('play.draw_against', { against });
    return t(winner === state.side ? 'play.you_won' : 'play.you_lost', { against });
  }

  function render(e) {
    $('play-hint').disabled = !e || !!e.game_over || e.moves.length === 0
      || (againstEngine() && e.side !== state.side);
    $('play-takeback').disabled = takeBackTarget() === null;
    $('play-review').hidden = !(e && e.game_over && d.movesPlayed() > 0);
    // Whose turn it is, for the page's tests: `player`, `opponent`, `over`, or `free` (no
    // opponent).
    $('play').dataset.turn = !e ? '' : e.game_over ? 'over' : !againstEngine() ? 'free'
      : e.side === state.side ? 'player' : 'opponent';
    if (!e) return status('');
    if (e.game_over) return status(`${t('play.over')} ${resultWords(e)}`);
    if (state.hint && state.hint.position === e.position) {
      return status(state.hint.move === 'pass' ? t('play.hint_pass') : t('play.hint_move', { move: `${e.side}${state.hint.move}` }));
    }
    if (!againstEngine()) return status(t('play.to_play', { side: sideName(e.side) }));
    status(e.side === state.side ? t('play.your_move', { side: sideName(state.side) }) : t('play.thinking', { side: sideName(e.side) }));
  }

  // The history entry of the player's last turn before the current one, or null.
  function takeBackTarget() {
    const { history, index } = d.explore;
    const side = againstEngine() ? state.side : null;
    for (let k = index - 1; k >= 0; k -= 1) {
      if (!side || d.sideOf(history[k].position) === side) return k;
    }
    return null;
  }

  // Called by Explore each time a position is shown: the opponent moves when it is its turn.
  async function onPosition(e) {
    const seq = ++state.seq;
    render(e);
    if (!againstEngine() || !e || e.game_over || e.moves.length === 0 || e.side === state.side) return;
    try {
      const [move] = await Promise.all([chooseMove(e), new Promise((r) => setTimeout(r, THINK_MS))]);
      // The position changed meanwhile (undo, another game): this move answers nothing.
      if (seq !== state.seq || d.explore.evaluation !== e) return;
      d.play(move, { byOpponent: true });
    } catch (err) {
      if (seq === state.seq) status(t('play.opponent_failed', { error: err.message }));
    }
  }

  function settingsChanged() {
    state.opponent = $('play-opponent').value;
    state.side = $('play-side').value;
    state.hint = null;
    // Against an opponent the values stay hidden unless asked for; two players see them.
    $('play-values').checked = !againstEngine();
    d.rerender();
    onPosition(d.explore.evaluation);
  }

  $('play-opponent').addEventListener('change', settingsChanged);
  $('play-side').addEventListener('change', settingsChanged);
  $('play-values').addEventListener('change', () => d.rerender());
  $('play-hint').addEventListener('click', () => {
    const e = d.explore.evaluation;
    if (!e || !e.moves.length) return;
    state.hint = { position: e.position, move: e.moves[0].move };
    render(e);
  });
  $('play-takeback').addEventListener('click', () => {
    const k = takeBackTarget();
    if (k !== null) d.goto(k);
  });
  $('play-review').addEventListener('click', () => d.review());

  return {
    onPosition,
    // Whether the player may play a move now (not while the opponent is to move).
    playerMayMove: (e) => !againstEngine() || (e && e.side === state.side),
    showsValues: () => $('play-values').checked,
  };
}

//! Anywoli and Rio Kadalis (docs/rules.md#anywoli): relay sowing over both rows in which every pit
//! that reaches four is captured at once, by its owner mid-sowing or by the mover at the last seed.
//! On a Rio Kadalis board with closed pits (docs/rules.md#rio-kadalis-matches) the sowing goes
//! round the open pits only; the full board, the solver's, takes a path that never asks.

use std::cell::Cell;

use super::cycle::CycleDetector;
use super::trace::{lift, take, NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::{Direction, Move, Shape, Variant};

/// Calls `$f::<L, CLOSED, CW>($args)` with the constants of `variant`'s ring on a board of
/// `shape`: `L` pits a side, `CLOSED` when some are closed, `CW` when the sowing goes clockwise.
/// Each sowing is compiled for its ring, whose length the compiler then knows (the steps round
/// a ring of unknown length, and the board's seeds counted at every sowing, were a fifth of the
/// moves pass: docs/lean-solver.md), the full board's path never asking for closed pits.
macro_rules! on_ring {
    ($variant:expr, $shape:expr, $f:ident($($arg:expr),*)) => {{
        let (variant, shape): (Variant, Shape) = ($variant, $shape);
        let clockwise = variant.direction() == Direction::Clockwise;
        match (variant.pits_per_side(), shape.is_open(), clockwise) {
            (6, true, false) => $f::<6, false, false>($($arg),*),
            (5, true, false) => $f::<5, false, false>($($arg),*),
            (12, true, false) => $f::<12, false, false>($($arg),*),
            (6, false, false) => $f::<6, true, false>($($arg),*),
            (5, false, false) => $f::<5, true, false>($($arg),*),
            (6, true, true) => $f::<6, false, true>($($arg),*),
            (5, true, true) => $f::<5, false, true>($($arg),*),
            (6, false, true) => $f::<6, true, true>($($arg),*),
            (5, false, true) => $f::<5, true, true>($($arg),*),
            (l, open, clockwise) => unreachable!(
                "{variant} with {l} pits a side (all open {open}, clockwise {clockwise})"
            ),
        }
    }};
}

/// Calls `sink` with every legal move (endless sowings are not legal) of `board` of `shape`, or
/// says how the game ends when there is none. A closed pit holds no seeds, so it is never played.
pub(super) fn expand(
    variant: Variant,
    shape: Shape,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    let l = variant.pits_per_side();
    let anywoli = variant == Variant::Anywoli;
    if anywoli && board.total() <= 4 {
        return Some(Terminal { gain: [0, 0] });
    }
    let any = on_ring!(variant, shape, sow_each(anywoli, shape, board, sink));
    match (any, anywoli) {
        (true, _) => None,
        (false, true) => {
            sink(Move::Pass, &MoveEffect::pass(board));
            None
        }
        // Rio Kadalis: the round ends and each side takes the seeds in its own row.
        (false, false) => Some(Terminal {
            gain: [
                board.side_total(l, true) as u8,
                board.side_total(l, false) as u8,
            ],
        }),
    }
}

/// Calls `sink` with each of the mover's pits whose sowing ends, and says whether there was
/// one ([`sow_ring`] on a ring of `2 * L` pits), the board's seeds counted once for them all.
#[inline(always)]
fn sow_each<const L: usize, const CLOSED: bool, const CW: bool>(
    anywoli: bool,
    shape: Shape,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> bool {
    let mut any = false;
    let total = board.total() as u8;
    for i in (0..L).filter(|&i| board.cells[i] > 0) {
        let mut effect = MoveEffect::pass(board);
        if sow_ring::<L, CLOSED, CW>(anywoli, shape, total, i, &mut NoTrace, &mut effect) {
            any = true;
            sink(Move::Pit(i as u8 + 1), &effect);
        }
    }
    any
}

/// Sows from the mover's pit index `from` of `board` of `shape` in `variant`'s direction,
/// telling `trace` each step; `None` when the sowing never ends.
pub(super) fn sow(
    variant: Variant,
    shape: Shape,
    board: &Board,
    from: usize,
    trace: &mut impl Trace,
) -> Option<MoveEffect> {
    let anywoli = variant == Variant::Anywoli;
    let total = board.total() as u8;
    let mut effect = MoveEffect::pass(board);
    let ends = on_ring!(
        variant,
        shape,
        sow_ring(anywoli, shape, total, from, trace, &mut effect)
    );
    ends.then_some(effect)
}

/// [`sow`], with the test for closed pits compiled in only when `CLOSED` (the full board's
/// sowing, the solver's hot path, stays as it was), going round the ring in decreasing cell
/// order when `CW` (clockwise: a side's pits in decreasing number, then the other side's
/// from its last). Sows `effect`'s board (the position's, of `total` seeds) in place and
/// fills in the rest of `effect`; `false` when the sowing never ends. In place, because a
/// board written a seed at a time and then copied whole waits for every one of those writes
/// (the copy read the board before they were done: a tenth of the moves pass).
#[inline(always)]
fn sow_ring<const L: usize, const CLOSED: bool, const CW: bool>(
    anywoli: bool,
    shape: Shape,
    total: u8,
    from: usize,
    trace: &mut impl Trace,
    effect: &mut MoveEffect,
) -> bool {
    let (l, ring) = (L, 2 * L);
    let b = &mut effect.board;
    let mut hand = lift(b, from, trace);
    let mut pit = from;
    let mut uncaptured = total;
    // The seeds taken by the mover (low byte) and by the opponent (high byte), one number so
    // that they are written to `effect` at once: the two bytes written one at a time and read
    // together by whoever looks at the move next kept it waiting (a tenth of the moves pass).
    let mut gain = 0u16;
    let mut cycle = CycleDetector::new();
    cycle.repeats(b, hand, pit as u8);
    // The next pit round the ring: for `CW` false exactly the step of before (the hot path).
    let next = |pit: usize| {
        if !CW {
            if pit + 1 == ring {
                0
            } else {
                pit + 1
            }
        } else if pit == 0 {
            ring - 1
        } else {
            pit - 1
        }
    };
    loop {
        pit = next(pit);
        // A side always has an open pit (the mover's own, just emptied), so this ends.
        while CLOSED && shape.is_closed(pit) {
            pit = next(pit);
        }
        b.cells[pit] += 1;
        hand -= 1;
        trace.step(Step::Sow { cell: pit });
        if b.cells[pit] == 4 {
            // Mid-sowing the pit's owner takes the four; with the last seed (binikh) the mover.
            let by_opponent = hand > 0 && pit >= l;
            let shift = 8 * u16::from(by_opponent);
            gain += u16::from(take(b, pit, !by_opponent, trace)) << shift;
            uncaptured -= 4;
            if anywoli && uncaptured <= 4 {
                // The game ends at once; the capturer takes what is left, hand included.
                gain += u16::from(uncaptured) << shift;
                *b = Board::EMPTY;
                (effect.gain, effect.next) = (gain.to_le_bytes(), Next::Over);
                return true;
            }
            if hand == 0 {
                let next = if anywoli { Next::Mover } else { Next::Opponent };
                (effect.gain, effect.next) = (gain.to_le_bytes(), next);
                return true;
            }
        } else if hand == 0 {
            if b.cells[pit] == 1 {
                (effect.gain, effect.next) = (gain.to_le_bytes(), Next::Opponent);
                return true;
            }
            hand = lift(b, pit, trace);
            if cycle.repeats(b, hand, pit as u8) {
                return false;
            }
        }
    }
}

thread_local! {
    /// The laps still to be undone by [`unmake`], kept from one call to the next so that the
    /// retrograde's hot path allocates nothing.
    static LAPS: Cell<Vec<(Board, u8)>> = const { Cell::new(Vec::new()) };
}

/// Calls `sink` with every board (seen from its mover) from which a legal Rio Kadalis move that
/// captures nothing leads to `child` (seen from the side to move there), once per such move: the
/// solver's predecessors within a slice, found without storing every move.
///
/// Such a move captured no four, so it ended where its last seed fell into an empty pit: a pit
/// holding 1 after it. Each lap of a relay sowing lifts every seed of one pit (`h`) and drops one
/// a pit into the pits after it, so a lap is undone by taking a seed back from each of those pits
/// and putting the `h` seeds back where they were lifted. Where that pit is, given the pit `x` of
/// the lap's last seed: a lap of fewer seeds than the ring has pits left its emptied pit empty
/// and every pit after it up to `x` holding at least the seed it dropped there, so it started at
/// the first empty pit before `x`, the only choice; a lap of `q` rounds and more (`q` at most 3:
/// its emptied pit held `q` after it, and a fourth seed would have been captured) left every pit
/// holding at least `q`, and its start is any pit holding exactly `q`. Undoing a lap that dropped
/// a third seed into a pit of 3 is not done (that seed made a four, which was captured). Before
/// the lap the sowing either began (the lifted pit is the mover's own: a parent) or had a lap
/// before it that ended in that pit, which then held 2 or more, and that lap is undone in turn.
///
/// The sowing is deterministic forward, so every state reached back has one successor, and no
/// state is reached twice: the search is a tree, finite, walked with a stack of its own (no
/// recursion, however many laps a sowing takes).
pub(super) fn unmake(l: usize, child: &Board, sink: &mut impl FnMut(&Board)) {
    // The ring's length known to the compiler: its steps back need no division.
    match l {
        6 => unmake_on::<6>(child, sink),
        5 => unmake_on::<5>(child, sink),
        _ => unreachable!("Rio Kadalis has 5 or 6 pits a side, not {l}"),
    }
}

/// [`unmake`] on a board of `L` pits a side.
#[inline(always)]
fn unmake_on<const L: usize>(child: &Board, sink: &mut impl FnMut(&Board)) {
    let after = child.flipped(L);
    let mut laps = LAPS.take();
    laps.clear();
    laps.extend(
        (0..2 * L)
            .filter(|&x| after.cells[x] == 1)
            .map(|x| (after, x as u8)),
    );
    while let Some((board, x)) = laps.pop() {
        undo_lap::<L>(&board, x as usize, |before, from| {
            if from < L {
                debug_assert_eq!(
                    sow(
                        [Variant::RioKadalis5, Variant::RioKadalis][L - 5],
                        Shape::OPEN,
                        before,
                        from,
                        &mut NoTrace
                    ),
                    Some(MoveEffect {
                        board: after,
                        gain: [0, 0],
                        next: Next::Opponent
                    }),
                    "un-made {before:?} from pit {from}"
                );
                sink(before);
            }
            if before.cells[from] >= 2 {
                laps.push((*before, from as u8));
            }
        });
    }
    LAPS.set(laps);
}

/// Calls `f` with every board before a lap that captured nothing and whose last seed fell in
/// pit `x` of `board`, and the pit it lifted (holding the lap's seeds in that board), as
/// [`unmake`] says.
#[inline(always)]
fn undo_lap<const L: usize>(board: &Board, x: usize, mut f: impl FnMut(&Board, usize)) {
    let ring = 2 * L;
    // The pit `d` steps behind pit `x` (`d` at most the ring's length).
    let back = |x: usize, d: usize| if d <= x { x - d } else { x + ring - d };
    // Fewer seeds than the ring has pits: from the first empty pit before `x`.
    if let Some(h) = (1..ring).find(|&d| board.cells[back(x, d)] == 0) {
        let from = back(x, h);
        let mut before = *board;
        let mut four = false;
        for d in 0..h {
            let pit = back(x, d);
            four |= before.cells[pit] == 4;
            before.cells[pit] -= 1;
        }
        before.cells[from] = h as u8;
        if !four {
            f(&before, from);
        }
        // An empty pit: no lap went all the way round.
        return;
    }
    // `q` rounds and `r` seeds more, which fell in the `r` pits up to `x`.
    let least = board.cells[..ring].iter().copied().min().unwrap_or(0) as usize;
    for q in 1..=least.min(3) {
        for r in 0..ring {
            let from = back(x, r);
            if board.cells[from] as usize != q {
                continue;
            }
            let mut before = *board;
            let mut undone = true;
            for pit in 0..ring {
                // The `r` pits up to `x` (at most `r - 1` behind it) took a seed more.
                let dropped = q + usize::from(back(x, pit) < r);
                let Some(was) = (before.cells[pit] as usize).checked_sub(dropped) else {
                    undone = false;
                    break;
                };
                undone &= !(was < 4 && was + dropped >= 4);
                before.cells[pit] = was as u8;
            }
            before.cells[from] = (q * ring + r) as u8;
            if undone {
                f(&before, from);
            }
        }
    }
}

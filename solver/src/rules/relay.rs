//! Anywoli and Rio Kadalis (docs/rules.md#anywoli): relay sowing over both rows in which every pit
//! that reaches four is captured at once, by its owner mid-sowing or by the mover at the last seed.
//! On a Rio Kadalis board with closed pits (docs/rules.md#rio-kadalis-matches) the sowing goes
//! round the open pits only; the full board, the solver's, takes a path that never asks.

use super::cycle::CycleDetector;
use super::trace::{lift, take, NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::{Move, Shape, Variant};

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
    let any = if shape.is_open() {
        sow_each::<false>(l, anywoli, shape, board, sink)
    } else {
        sow_each::<true>(l, anywoli, shape, board, sink)
    };
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
/// one; the sowing chosen once for the whole board ([`sow_ring`]).
#[inline(always)]
fn sow_each<const CLOSED: bool>(
    l: usize,
    anywoli: bool,
    shape: Shape,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> bool {
    let mut any = false;
    for i in (0..l).filter(|&i| board.cells[i] > 0) {
        if let Some(outcome) = sow_ring::<CLOSED>(l, anywoli, shape, board, i, &mut NoTrace) {
            any = true;
            sink(Move::Pit(i as u8 + 1), &outcome);
        }
    }
    any
}

/// Sows from the mover's pit index `from` of `board` of `shape`, telling `trace` each step;
/// `None` when the sowing never ends.
pub(super) fn sow(
    l: usize,
    anywoli: bool,
    shape: Shape,
    board: &Board,
    from: usize,
    trace: &mut impl Trace,
) -> Option<MoveEffect> {
    if shape.is_open() {
        sow_ring::<false>(l, anywoli, shape, board, from, trace)
    } else {
        sow_ring::<true>(l, anywoli, shape, board, from, trace)
    }
}

/// [`sow`], with the test for closed pits compiled in only when `CLOSED` (the full board's
/// sowing, the solver's hot path, stays as it was).
#[inline(always)]
fn sow_ring<const CLOSED: bool>(
    l: usize,
    anywoli: bool,
    shape: Shape,
    board: &Board,
    from: usize,
    trace: &mut impl Trace,
) -> Option<MoveEffect> {
    let ring = 2 * l;
    let mut b = *board;
    let mut hand = lift(&mut b, from, trace);
    let mut pit = from;
    let mut uncaptured = board.total() as u8;
    let mut gain = [0u8; 2];
    let mut cycle = CycleDetector::new();
    cycle.repeats(&b, hand, pit as u8);
    loop {
        pit = if pit + 1 == ring { 0 } else { pit + 1 };
        // A side always has an open pit (the mover's own, just emptied), so this ends.
        while CLOSED && shape.is_closed(pit) {
            pit = if pit + 1 == ring { 0 } else { pit + 1 };
        }
        b.cells[pit] += 1;
        hand -= 1;
        trace.step(Step::Sow { cell: pit });
        if b.cells[pit] == 4 {
            // Mid-sowing the pit's owner takes the four; with the last seed (binikh) the mover.
            let taker = if hand > 0 { usize::from(pit >= l) } else { 0 };
            gain[taker] += take(&mut b, pit, taker == 0, trace);
            uncaptured -= 4;
            if anywoli && uncaptured <= 4 {
                // The game ends at once; the capturer takes what is left, hand included.
                gain[taker] += uncaptured;
                return Some(MoveEffect {
                    board: Board::EMPTY,
                    gain,
                    next: Next::Over,
                });
            }
            if hand == 0 {
                let next = if anywoli { Next::Mover } else { Next::Opponent };
                return Some(MoveEffect {
                    board: b,
                    gain,
                    next,
                });
            }
        } else if hand == 0 {
            if b.cells[pit] == 1 {
                return Some(MoveEffect {
                    board: b,
                    gain,
                    next: Next::Opponent,
                });
            }
            hand = lift(&mut b, pit, trace);
            if cycle.repeats(&b, hand, pit as u8) {
                return None;
            }
        }
    }
}

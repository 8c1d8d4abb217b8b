//! Hawalis and Bao la Kiarabu (docs/rules.md#hawalis): relay sowing round the mover's own two rows,
//! captures from the opponent's inner pit and the outer pit behind it.

use super::cycle::CycleDetector;
use super::trace::{lift, take, NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::variant::Direction;
use crate::{Move, Variant};

/// Calls `sink` with every legal move; the mover without one loses (a [`Terminal`]).
pub(super) fn expand(
    variant: Variant,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    let l = variant.pits_per_side();
    let next = next_pit(variant);
    let has_heap = board.cells[..l].iter().any(|&c| c >= 2);
    let mut any = false;
    for i in 0..l {
        let seeds = board.cells[i];
        // Singletons move only when no pit holds 2 or more, and only into an empty pit.
        let legal = if has_heap {
            seeds >= 2
        } else {
            seeds == 1 && board.cells[next(i)] == 0
        };
        if legal {
            any = true;
            sink(
                Move::Pit(i as u8 + 1),
                &sow(variant, board, i, &mut NoTrace),
            );
        }
    }
    (!any).then_some(Terminal { gain: [0, 0] })
}

/// The pit after `i` in the mover's loop, in the variant's sowing direction.
fn next_pit(variant: Variant) -> impl Fn(usize) -> usize {
    let l = variant.pits_per_side();
    let clockwise = variant.direction() == Direction::Clockwise;
    move |i| match (clockwise, i) {
        (false, i) if i + 1 == l => 0,
        (false, i) => i + 1,
        (true, 0) => l - 1,
        (true, i) => i - 1,
    }
}

/// Sows from the mover's pit index `from`, telling `trace` each step.
pub(super) fn sow(
    variant: Variant,
    board: &Board,
    from: usize,
    trace: &mut impl Trace,
) -> MoveEffect {
    let next = next_pit(variant);
    let mut b = *board;
    let mut hand = lift(&mut b, from, trace);
    let mut pit = from;
    let mut cycle = CycleDetector::new();
    cycle.repeats(&b, hand, pit as u8);
    loop {
        pit = next(pit);
        b.cells[pit] += 1;
        hand -= 1;
        trace.step(Step::Sow { cell: pit });
        if hand == 0 {
            if b.cells[pit] == 1 {
                break;
            }
            hand = lift(&mut b, pit, trace);
            if cycle.repeats(&b, hand, pit as u8) {
                return MoveEffect {
                    board: *board,
                    gain: [0, 0],
                    next: Next::Endless,
                };
            }
        }
    }
    let gain = capture(variant, &mut b, pit, trace);
    MoveEffect {
        board: b,
        gain: [gain, 0],
        next: Next::Opponent,
    }
}

/// Takes the seeds that a sowing ending in the mover's pit index `last` captures.
fn capture(variant: Variant, b: &mut Board, last: usize, trace: &mut impl Trace) -> u8 {
    let p = variant.pits_per_row();
    let l = variant.pits_per_side();
    if last < p {
        return 0; // ended in the outer row
    }
    let k = last + 1; // the mover's inner pit number, P+1..2P
    let inner = 3 * p + 1 - k; // the opponent's inner pit facing it
    let outer = 2 * p + 1 - inner; // the opponent's outer pit behind that one
    let (inner, outer) = (l + inner - 1, l + outer - 1);
    let both_each = variant == Variant::BaoLaKiarabu;
    if !both_each && b.cells[inner] == 0 {
        return 0;
    }
    take(b, inner, true, trace) + take(b, outer, true, trace)
}

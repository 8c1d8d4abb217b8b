//! Oware (docs/rules.md#oware): a single lap that skips the emptied pit, captures of 2s and 3s on
//! the opponent's side going back, the rule that the opponent must be left seeds when possible, and
//! the end when the side to move has no seeds.

use super::trace::{NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::{Move, MAX_PITS_PER_SIDE};

/// Calls `sink` with every legal move on a board of `l` pits a side, or says how the game ends when
/// the mover has no seeds.
pub(super) fn expand(
    l: usize,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    if board.cells[..l].iter().all(|&c| c == 0) {
        // The side to move has no seeds: the game ends and the opponent takes every seed left.
        return Some(Terminal {
            gain: [0, board.total() as u8],
        });
    }
    // A move that leaves the opponent without seeds (after its captures) is legal only when
    // every move does: work every move out first, then hand over the legal ones.
    let mut outcomes = [None; MAX_PITS_PER_SIDE];
    let mut any_feeds = false;
    for i in (0..l).filter(|&i| board.cells[i] > 0) {
        let o = sow(l, board, i, &mut NoTrace);
        any_feeds |= o.board.cells[l..2 * l].iter().any(|&c| c > 0);
        outcomes[i] = Some(o);
    }
    for (i, o) in outcomes[..l].iter().enumerate() {
        if let Some(o) = o {
            let feeds = o.board.cells[l..2 * l].iter().any(|&c| c > 0);
            if feeds || !any_feeds {
                sink(Move::Pit(i as u8 + 1), o);
            }
        }
    }
    None
}

/// Sows from the mover's pit index `from`, telling `trace` each step.
pub(super) fn sow(l: usize, board: &Board, from: usize, trace: &mut impl Trace) -> MoveEffect {
    let ring = 2 * l;
    let mut b = *board;
    let mut hand = b.cells[from];
    b.cells[from] = 0;
    trace.step(Step::Lift {
        cell: from,
        seeds: hand,
    });
    let mut pit = from;
    while hand > 0 {
        pit = if pit + 1 == ring { 0 } else { pit + 1 };
        if pit == from {
            continue; // the emptied pit is skipped
        }
        b.cells[pit] += 1;
        hand -= 1;
        trace.step(Step::Sow { cell: pit });
    }
    // Going back from the last pit while it is the opponent's and holds 2 or 3.
    let mut gain = 0;
    while pit >= l && matches!(b.cells[pit], 2 | 3) {
        gain += b.cells[pit];
        trace.step(Step::Capture {
            cell: pit,
            seeds: b.cells[pit],
            by_mover: true,
        });
        b.cells[pit] = 0;
        pit -= 1;
    }
    MoveEffect {
        board: b,
        gain: [gain, 0],
        next: Next::Opponent,
    }
}

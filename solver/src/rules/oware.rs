//! Oware (docs/rules.md#oware): a single lap that skips the emptied pit, captures of 2s and 3s on
//! the opponent's side going back, the rule that the opponent must be left seeds when possible, and
//! the end when the side to move has no seeds.

use super::trace::{lift, take, NoTrace, Step, Trace};
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

/// Calls `sink` with every board (seen from its mover) from which a legal move that captures
/// nothing leads to `child` (seen from the side to move there), once per such move: the solver's
/// predecessors within a slice, found without storing every move.
///
/// Such a move emptied its pit, which the sowing skips, so the pit is empty in `child`; its seeds
/// went one a pit to the pits after it. Taking back one seed at a time from the pits after an
/// empty pit `from` gives, after `h` seeds, the board a sowing of `h` seeds from `from` came
/// from, until a pit to take from is empty (a larger `h` would need a seed from it too). That
/// sowing captured nothing unless its last pit is the opponent's and holds 2 or 3. It is legal
/// unless it left the opponent without seeds while another move would not have: checked by
/// generating the parent's moves, for the few children whose side to move has no seeds.
pub(super) fn unmake(l: usize, child: &Board, sink: &mut impl FnMut(&Board)) {
    let ring = 2 * l;
    // The board after the move, still seen from the mover.
    let after = child.flipped(l);
    let starved = after.cells[l..ring].iter().all(|&c| c == 0);
    for from in (0..l).filter(|&f| after.cells[f] == 0) {
        let mut parent = after;
        let mut pit = from;
        loop {
            pit = if pit + 1 == ring { 0 } else { pit + 1 };
            if pit == from {
                continue;
            }
            if parent.cells[pit] == 0 {
                break;
            }
            parent.cells[pit] -= 1;
            parent.cells[from] += 1;
            let captured = pit >= l && matches!(after.cells[pit], 2 | 3);
            if !captured && (!starved || is_legal(l, &parent, from)) {
                sink(&parent);
            }
        }
    }
}

/// Whether sowing from the mover's pit index `from` is a legal move of `board`.
fn is_legal(l: usize, board: &Board, from: usize) -> bool {
    let mut legal = false;
    expand(l, board, &mut |m, _| {
        legal |= m == Move::Pit(from as u8 + 1)
    });
    legal
}

/// Sows from the mover's pit index `from`, telling `trace` each step.
pub(super) fn sow(l: usize, board: &Board, from: usize, trace: &mut impl Trace) -> MoveEffect {
    let ring = 2 * l;
    let mut b = *board;
    let mut hand = lift(&mut b, from, trace);
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
        gain += take(&mut b, pit, true, trace);
        pit -= 1;
    }
    MoveEffect {
        board: b,
        gain: [gain, 0],
        next: Next::Opponent,
    }
}

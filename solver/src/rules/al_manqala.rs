//! Al-manqala (docs/rules.md#al-manqala): one lap over both rows, backward captures of pits holding
//! 2 or 4, feeding, starvation and passing.

use super::trace::{lift, take, NoTrace, Step, Trace};
use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::Move;

/// Calls `sink` with every legal move on a board of `l` pits a side, or says how the game ends when
/// there is none.
pub(super) fn expand(
    l: usize,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    let own_empty = board.cells[..l].iter().all(|&c| c == 0);
    let opponent_empty = board.cells[l..2 * l].iter().all(|&c| c == 0);
    match (own_empty, opponent_empty) {
        (true, true) => return Some(Terminal { gain: [0, 0] }),
        (true, false) => {
            sink(Move::Pass, &MoveEffect::pass(board));
            return None;
        }
        _ => {}
    }
    let mut any = false;
    for i in (0..l).filter(|&i| board.cells[i] > 0) {
        let outcome = sow(l, board, i, &mut NoTrace);
        // An empty opponent must be fed: only moves that leave them a seed are legal.
        if opponent_empty && outcome.board.cells[l..2 * l].iter().all(|&c| c == 0) {
            continue;
        }
        any = true;
        sink(Move::Pit(i as u8 + 1), &outcome);
    }
    // No move feeds the starved opponent: the game ends and they take every seed left.
    (!any).then(|| Terminal {
        gain: [0, board.total() as u8],
    })
}

/// Sows from the mover's pit index `from`, telling `trace` each step.
pub(super) fn sow(l: usize, board: &Board, from: usize, trace: &mut impl Trace) -> MoveEffect {
    let ring = 2 * l;
    let mut b = *board;
    let seeds = lift(&mut b, from, trace);
    let mut pit = from;
    for _ in 0..seeds {
        pit = if pit + 1 == ring { 0 } else { pit + 1 };
        b.cells[pit] += 1;
        trace.step(Step::Sow { cell: pit });
    }
    let mut gain = 0;
    for _ in 0..ring {
        if !matches!(b.cells[pit], 2 | 4) {
            break;
        }
        gain += take(&mut b, pit, true, trace);
        pit = if pit == 0 { ring - 1 } else { pit - 1 };
    }
    MoveEffect {
        board: b,
        gain: [gain, 0],
        next: Next::Opponent,
    }
}

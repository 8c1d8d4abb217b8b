//! Kalah (docs/rules.md#kalah): a single lap into the mover's own store, an extra turn for a last
//! seed in the store, the capture of an emptied own pit and the pit opposite, and the end as soon
//! as either row is empty.
//!
//! The stores are the `CAPTURED` field: a seed sown into the mover's store is a gain of the
//! move, so such a move leaves the slice (seeds on the board) and its value is known when the
//! slice is solved. The generator is parametric in the number of pits `P`, so that the search of
//! [`crate::search`] can play `Kalah(P, n)` for any `P`, also the boards that have no variant id.

use super::{MoveEffect, Next, Terminal};
use crate::position::Board;
use crate::Move;

/// Calls `sink` with every legal move of Kalah on two rows of `pits` pits, or says how the game
/// ends when it is over: a board with an empty row (each side takes its own row).
#[inline]
pub fn expand(
    pits: usize,
    board: &Board,
    sink: &mut impl FnMut(Move, &MoveEffect),
) -> Option<Terminal> {
    let own = board.side_total(pits, true);
    let opponent = board.side_total(pits, false);
    if own == 0 || opponent == 0 {
        return Some(Terminal {
            gain: [own as u8, opponent as u8],
        });
    }
    for i in (0..pits).filter(|&i| board.cells[i] > 0) {
        sink(Move::Pit(i as u8 + 1), &sow(pits, board, i));
    }
    None
}

/// Sows from the mover's pit index `from` (0-based).
#[inline]
fn sow(p: usize, board: &Board, from: usize) -> MoveEffect {
    // The sowing ring: the mover's pits 0..P, the mover's store at P, then the opponent's pits
    // (ring places P+1..=2P hold board cells P..2P). The opponent's store is not in the ring.
    let ring = 2 * p + 1;
    let mut b = *board;
    let seeds = b.cells[from] as usize;
    b.cells[from] = 0;
    // Whole laps first (each puts one seed in every place of the ring, the emptied pit too).
    let laps = (seeds / ring) as u8;
    let rest = seeds % ring;
    let mut store = laps;
    if laps > 0 {
        for c in &mut b.cells[..2 * p] {
            *c += laps;
        }
    }
    let mut place = from;
    for _ in 0..rest {
        place = if place + 1 == ring { 0 } else { place + 1 };
        match place.cmp(&p) {
            std::cmp::Ordering::Less => b.cells[place] += 1,
            std::cmp::Ordering::Equal => store += 1,
            std::cmp::Ordering::Greater => b.cells[place - 1] += 1,
        }
    }
    if rest == 0 {
        // The last seed of the last lap fell into the pit sown from.
        place = from;
    }
    let mut gain = [store, 0];
    let mut next = Next::Opponent;
    if place == p {
        next = Next::Mover;
    } else if place < p && b.cells[place] == 1 {
        // The last seed fell into an empty pit of the mover's: it and the opposite pit (even
        // when empty) go to the mover's store. Pit k faces the opponent's pit P+1-k.
        let opposite = 2 * p - 1 - place;
        gain[0] += 1 + b.cells[opposite];
        b.cells[place] = 0;
        b.cells[opposite] = 0;
    }
    let own = b.side_total(p, true);
    let opponent = b.side_total(p, false);
    if own == 0 || opponent == 0 {
        // Either row empty: the game ends and each side takes the seeds of its own row.
        gain[0] += own as u8;
        gain[1] += opponent as u8;
        return MoveEffect {
            board: Board::EMPTY,
            gain,
            next: Next::Over,
        };
    }
    MoveEffect {
        board: b,
        gain,
        next,
    }
}

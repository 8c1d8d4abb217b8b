//! Kalah (docs/rules.md, "Kalah"): one lap into the mover's own store (never the opponent's),
//! an extra turn for the last seed in the store, the capture of an emptied own pit with the
//! opposite pit even when that is empty, and the end as soon as a row is empty.

use super::{played, Move, Moves, Next, Outcome, Pos, NORTH, SOUTH};
use crate::variant::Spec;

/// A place a seed can be sown into.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// `side`'s pit with this index (pit number - 1).
    Pit(usize, usize),
    /// The mover's store.
    Store,
}

/// The moves of a Kalah position.
pub(super) fn outcome(spec: &Spec, pos: &Pos) -> Outcome {
    let p = spec.p;
    let me = pos.side;
    let you = 1 - me;
    if pos.side_total(me) == 0 || pos.side_total(you) == 0 {
        // A row is empty: the game is over, each side takes its own row.
        return Outcome::Over([
            pos.captured[SOUTH] + pos.side_total(SOUTH),
            pos.captured[NORTH] + pos.side_total(NORTH),
        ]);
    }
    // The places a seed can be sown into, counter-clockwise from the mover's pit 1: the mover's
    // pits, the mover's store, the opponent's pits; the opponent's store is not among them.
    let places = 2 * p + 1;
    let place = |i: usize| {
        if i < p {
            Place::Pit(me, i)
        } else if i == p {
            Place::Store
        } else {
            Place::Pit(you, i - p - 1)
        }
    };
    let mut moves = Moves::new();
    for k in 1..=p {
        if pos.pits[me][k - 1] == 0 {
            continue;
        }
        let mut after = *pos;
        let mut hand = after.pits[me][k - 1];
        after.pits[me][k - 1] = 0;
        let mut at = k - 1; // the index in the places of the pit sown from
        while hand > 0 {
            at = (at + 1) % places;
            match place(at) {
                Place::Store => after.captured[me] += 1,
                Place::Pit(side, i) => after.pits[side][i] += 1,
            }
            hand -= 1;
        }
        let mut extra_turn = false;
        match place(at) {
            // The last seed in the mover's store: another move.
            Place::Store => extra_turn = true,
            // The last seed in a pit of the mover's that was empty (it holds 1 now): it and the
            // opposite pit (even empty) go to the store. Pit k faces the opponent's pit P+1-k:
            // index P-1-i for index i.
            Place::Pit(side, i) if side == me && after.pits[me][i] == 1 => {
                let opposite = p - 1 - i;
                after.captured[me] += 1 + u32::from(after.pits[you][opposite]);
                after.pits[me][i] = 0;
                after.pits[you][opposite] = 0;
            }
            Place::Pit(..) => {}
        }
        // Either row empty after the move: the game ends, each side takes its own row (and
        // nobody moves again).
        let over = after.side_total(me) == 0 || after.side_total(you) == 0;
        if over {
            for side in [SOUTH, NORTH] {
                after.captured[side] += after.side_total(side);
                after.pits[side] = [0; super::MAX_PITS];
            }
            extra_turn = false;
        }
        after.side = if extra_turn { me } else { you };
        let next = if over {
            Next::Over
        } else if extra_turn {
            Next::Mover
        } else {
            Next::Opponent
        };
        moves.push(played(pos, Move::Pit(k as u8), after, next));
    }
    Outcome::Moves(moves)
}

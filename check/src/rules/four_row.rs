//! Hawalis and Bao la Kiarabu (docs/rules.md, "Hawalis", "Bao la Kiarabu"): relay sowing round
//! the mover's own loop of `2P` pits, captures from the opponent's inner row (and the outer pit
//! behind it), singletons only when no pit holds two, an endless sowing a legal move that loses.

use super::endless::Watch;
use super::{played, Move, Moves, Next, Outcome, Pos, MAX_PITS};
use crate::variant::Spec;

/// The moves of a four-row position.
pub(super) fn outcome(spec: &Spec, pos: &Pos, clockwise: bool, each_separately: bool) -> Outcome {
    let p = spec.p;
    let l = 2 * p;
    let me = pos.side;
    let you = 1 - me;
    let own = &pos.pits[me];
    // The next pit of the mover's own loop, 0-based: increasing pit numbers counter-clockwise,
    // decreasing clockwise (after pit 1 comes pit 2P).
    let next = |i: usize| {
        if clockwise {
            (i + l - 1) % l
        } else {
            (i + 1) % l
        }
    };

    // Legal moves: the pits of 2 or more if there are any; else the singletons whose next pit
    // is empty.
    let any_two = own[..l].iter().any(|&c| c >= 2);
    let legal = |i: usize| {
        if any_two {
            own[i] >= 2
        } else {
            own[i] == 1 && own[next(i)] == 0
        }
    };

    let mut moves = Moves::new();
    for start in (0..l).filter(|&i| legal(i)) {
        let mv = Move::Pit(start as u8 + 1);
        let mut b = *own;
        let mut hand = b[start];
        b[start] = 0;
        let mut at = next(start); // the pit the next seed goes into
        let mut watch: Watch<([u8; MAX_PITS], u8, usize)> = Watch::new();
        let end_pit = loop {
            // A lift: the loop's contents, the hand and the next pit.
            if watch.repeats(|| (b, hand, at)) {
                break None;
            }
            loop {
                b[at] += 1;
                hand -= 1;
                if hand == 0 {
                    break;
                }
                at = next(at);
            }
            if b[at] == 1 {
                // The last seed fell into an empty pit: the sowing ends here.
                break Some(at);
            }
            // The pit was occupied: lift everything in it and go on from the next pit.
            hand = b[at];
            b[at] = 0;
            at = next(at);
        };
        let Some(end_pit) = end_pit else {
            // Endless: the mover loses at once; the board stays as it was.
            let after = Pos { side: you, ..*pos };
            moves.push(played(pos, mv, after, Next::Endless));
            continue;
        };
        let mut after = *pos;
        after.pits[me] = b;
        after.side = you;
        let k = end_pit + 1; // the pit number where the sowing ended
        if k > p {
            // Ended in the mover's inner row: the opponent's inner pit facing it is 3P+1-k, and
            // behind that lies the opponent's outer pit 2P+1-j.
            let j = 3 * p + 1 - k;
            let outer = 2 * p + 1 - j;
            let inner_seeds = after.pits[you][j - 1];
            let outer_seeds = after.pits[you][outer - 1];
            let mut gain = 0;
            if inner_seeds > 0 {
                gain += u32::from(inner_seeds);
                after.pits[you][j - 1] = 0;
            }
            if outer_seeds > 0 && (each_separately || inner_seeds > 0) {
                gain += u32::from(outer_seeds);
                after.pits[you][outer - 1] = 0;
            }
            after.captured[me] += gain;
        }
        moves.push(played(pos, mv, after, Next::Opponent));
    }
    if moves.is_empty() {
        // No legal move: the side to move loses; nothing is allocated.
        return Outcome::Over(pos.captured);
    }
    Outcome::Moves(moves)
}

//! Oware (docs/rules.md, "Oware"): one lap skipping the emptied pit, 2s and 3s captured going
//! back over the opponent's row, a move that leaves the opponent without seeds legal only when
//! every move does, and the opponent of a player without seeds taking what is left.

use super::{from_ring, played, ring, Move, Moves, Next, Outcome, Pos};
use crate::variant::Spec;

/// The moves of an Oware position.
pub(super) fn outcome(spec: &Spec, pos: &Pos) -> Outcome {
    let p = spec.p;
    let n = 2 * p;
    let me = pos.side;
    let you = 1 - me;
    if pos.side_total(me) == 0 {
        // No seeds to move: the game ends and the opponent takes every seed left.
        let mut totals = pos.captured;
        totals[you] += pos.board_total();
        return Outcome::Over(totals);
    }
    let owner = |ring_index: usize| ring_index / p;
    let mut feeding = Moves::new();
    let mut starving = Moves::new();
    for k in 1..=p {
        let start = me * p + k - 1;
        let mut r = ring(pos, p);
        let mut hand = r[start];
        if hand == 0 {
            continue;
        }
        r[start] = 0;
        let mut at = start;
        while hand > 0 {
            at = (at + 1) % n;
            if at == start {
                continue; // the emptied pit is skipped, however many seeds there are
            }
            r[at] += 1;
            hand -= 1;
        }
        // Captures: the last pit if it is the opponent's and holds 2 or 3, then going back
        // (clockwise) each such pit, up to the first that is not, or the mover's own row.
        let mut gain = 0;
        while owner(at) == you && (r[at] == 2 || r[at] == 3) {
            gain += u32::from(r[at]);
            r[at] = 0;
            at = (at + n - 1) % n;
        }
        let mut captured = pos.captured;
        captured[me] += gain;
        let after = from_ring(&r, p, you, captured);
        let m = played(pos, Move::Pit(k as u8), after, Next::Opponent);
        if after.side_total(you) > 0 {
            feeding.push(m);
        } else {
            starving.push(m);
        }
    }
    // Leaving the opponent without seeds is legal only when every move does.
    Outcome::Moves(if feeding.is_empty() {
        starving
    } else {
        feeding
    })
}

//! Al-manqala (docs/rules.md, "Al-manqala"): one lap over both rows (the emptied pit sown into
//! when the lap passes it), 2s and 4s captured going backwards on either side, passing with an
//! empty row, feeding an empty opponent, and the starved opponent taking what is left.

use super::{forced_pass, from_ring, played, ring, Move, Moves, Next, Outcome, Pos};
use crate::variant::Spec;

/// The moves of an Al-manqala position.
pub(super) fn outcome(spec: &Spec, pos: &Pos) -> Outcome {
    let p = spec.p;
    let n = 2 * p;
    let me = pos.side;
    let you = 1 - me;
    if pos.board_total() == 0 {
        return Outcome::Over(pos.captured);
    }
    if pos.side_total(me) == 0 {
        // The mover must pass (the opponent then has to feed).
        return forced_pass(pos);
    }
    let opponent_empty = pos.side_total(you) == 0;
    let mut moves = Moves::new();
    for k in 1..=p {
        let start = me * p + k - 1; // ring index
        let mut r = ring(pos, p);
        let seeds = r[start];
        if seeds == 0 {
            continue;
        }
        // A single lap; the emptied pit is sown into when the lap passes it.
        r[start] = 0;
        let mut at = start;
        for _ in 0..seeds {
            at = (at + 1) % n;
            r[at] += 1;
        }
        // Capture: the last pit if it holds 2 or 4, then backwards every pit holding 2 or 4,
        // stopping at the first other number, at most all 14 pits.
        let mut gain = 0;
        let mut looked = 0;
        while looked < n && (r[at] == 2 || r[at] == 4) {
            gain += u32::from(r[at]);
            r[at] = 0;
            at = (at + n - 1) % n;
            looked += 1;
        }
        let mut captured = pos.captured;
        captured[me] += gain;
        let after = from_ring(&r, p, you, captured);
        if opponent_empty && after.side_total(you) == 0 {
            // Does not feed the empty opponent: not legal.
            continue;
        }
        moves.push(played(pos, Move::Pit(k as u8), after, Next::Opponent));
    }
    if moves.is_empty() {
        // Only when the opponent is empty and no move feeds: the starved opponent takes every
        // seed left.
        let mut totals = pos.captured;
        totals[you] += pos.board_total();
        return Outcome::Over(totals);
    }
    Outcome::Moves(moves)
}

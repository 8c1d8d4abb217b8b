//! The heuristic at the frontier: what the engine guesses a board is worth when the depth of an
//! iteration runs out before the game's end or the tablebase is reached.
//!
//! Seeds gained along the searched line are already counted exactly (negamax adds every move's
//! gain on the way down), so the evaluation only guesses what the seeds still on the board will
//! bring, from the side to move. It is a fraction of the difference `own - other` between the
//! seeds in the mover's pits and in the opponent's, with a weight chosen per family by how the
//! game ends:
//!
//! * Kalah and Rio Kadalis end with each side taking its own row, so seeds on one's own side are
//!   worth most there: [`ROW_WEIGHT`], a quarter of a seed each.
//! * Oware and Al-manqala give the seeds left to the side that can still move (the other is
//!   starved), so seeds at home are mobility and a claim on the end: [`MOBILITY_WEIGHT`], an
//!   eighth of a seed each.
//! * Anywoli gives the last seeds to whoever captures last, not to a row's owner: no weight,
//!   only the seeds captured so far count.
//! * Hawalis and Bao la Kiarabu (win/draw/loss; seeds never cross sides, so the seeds a side
//!   holds are exactly what it has not lost): a value strictly between a loss (-16) and a win
//!   (+16) that grows with the material difference `d` and saturates, `15 d / (|d| + 4)`.
//!
//! Every evaluation is made odd (see [`super::score`]) so that it never equals an exact value.

use crate::position::Board;
use crate::{Family, Variant};

/// Sixteenths of a seed each seed in one's own row is worth where the end gives rows to their
/// owners (Kalah, Rio Kadalis).
pub(super) const ROW_WEIGHT: i32 = 4;

/// Sixteenths of a seed each seed in one's own row is worth where the side that can still move
/// takes what is left (Oware, Al-manqala).
pub(super) const MOBILITY_WEIGHT: i32 = 2;

/// The heuristic value of `board` (seen from the side to move, its pits first) for the side to
/// move, in sixteenths of a seed: always odd.
#[inline]
pub(super) fn evaluate(variant: Variant, board: &Board) -> i32 {
    let l = variant.pits_per_side();
    let d = board.side_total(l, true) as i32 - board.side_total(l, false) as i32;
    let guess = match variant.family() {
        Family::FourRow => 15 * d / (d.abs() + 4),
        Family::Relay if variant == Variant::Anywoli => 0,
        Family::Kalah | Family::Relay => ROW_WEIGHT * d,
        Family::Oware | Family::AlManqala => MOBILITY_WEIGHT * d,
    };
    guess | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: &[u8]) -> Board {
        let mut b = Board::EMPTY;
        b.cells[..cells.len()].copy_from_slice(cells);
        b
    }

    #[test]
    fn estimates_are_odd_and_follow_the_seeds_at_home() {
        // Rio Kadalis (6 pits a side): 8 seeds at home, 4 over there: +4 seeds, a quarter each.
        let b = board(&[4, 4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0]);
        assert_eq!(evaluate(Variant::RioKadalis, &b), 4 * ROW_WEIGHT + 1);
        assert_eq!(evaluate(Variant::Oware, &b), 4 * MOBILITY_WEIGHT + 1);
        assert_eq!(evaluate(Variant::Anywoli, &board(&[4; 24])), 1);
        for v in Variant::ALL {
            assert_eq!(evaluate(v, &b) % 2, 1, "{v}");
        }
    }

    #[test]
    fn win_draw_loss_estimates_stay_strictly_between_loss_and_win() {
        let l = Variant::Hawalis.pits_per_side();
        let mut all_mine = Board::EMPTY;
        all_mine.cells[..l].fill(2);
        let e = evaluate(Variant::Hawalis, &all_mine);
        assert!(e > 0 && e < 16, "{e}");
        let e = evaluate(Variant::Hawalis, &all_mine.flipped(l));
        assert!(e < 0 && e > -16, "{e}");
    }
}

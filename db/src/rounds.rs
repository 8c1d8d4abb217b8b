//! A round of a Rio Kadalis match played perfectly for its own score
//! (docs/rules.md#rio-kadalis-matches): its start valued by the one evaluator, and the board's
//! seeds split as that value says, which is what each player wins under perfect play.

use mancala_solver::engine::Budget;
use mancala_solver::rounds::RoundStart;
use mancala_solver::{BySide, Variant};

use crate::{DbError, Evaluator};

/// A round played perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectRound {
    /// The value of the round's start for its starter.
    pub value: i32,
    /// Whether the value is exact (else a search's estimate).
    pub exact: bool,
    /// Seeds each player wins.
    pub won: BySide<u32>,
}

impl Evaluator {
    /// The round from `start` of a match of `variant`, played perfectly: its start's value
    /// within `budget`, and the split of its seeds that the value means. An estimate that is
    /// no possible split (an odd margin) is taken one seed nearer 0.
    pub fn perfect_round(
        &self,
        variant: Variant,
        start: &RoundStart,
        budget: Budget,
    ) -> Result<PerfectRound, DbError> {
        let e = self.evaluate(&start.position(variant), budget)?;
        let exact = e.source.is_exact();
        let mut value = i32::from(e.value.score);
        if start.won_with_value(value).is_none() {
            value -= value.signum();
        }
        let won = start
            .won_with_value(value)
            .expect("an even margin within the board is a split");
        Ok(PerfectRound { value, exact, won })
    }
}

//! A round of a Rio Kadalis match played perfectly for its own score
//! (docs/rules.md#rio-kadalis-matches) from one of its positions (its start, or where its
//! moves reached): the position valued by the one evaluator, and the seeds still on the board
//! split as that value says, which with what each has captured is what each player wins.

use mancala_solver::engine::Budget;
use mancala_solver::rounds::won_with_value;
use mancala_solver::{BySide, Position};

use crate::{EvalError, Evaluator};

/// A round played perfectly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectRound {
    /// The value of the position it was played from, for its side to move.
    pub value: i32,
    /// Whether the value is exact (else a search's estimate).
    pub exact: bool,
    /// Seeds each player wins in the round.
    pub won: BySide<u32>,
}

impl Evaluator {
    /// The rest of the round from `position`, played perfectly: its value within `budget`, and
    /// what each player wins by it. An estimate that is no possible split is rounded to one:
    /// taken within the board, then one seed nearer 0 if its parity is not the board's (a 0 on
    /// an odd number of seeds is taken as -1, the side to move a seed short).
    pub fn perfect_round(
        &self,
        position: &Position,
        budget: Budget,
    ) -> Result<PerfectRound, EvalError> {
        let e = self.evaluate(position, budget)?;
        let exact = e.source.is_exact();
        let n = position.seeds_on_board() as i32;
        let mut value = i32::from(e.value.score).clamp(-n, n);
        if (n + value) % 2 != 0 {
            value += if value < 0 { 1 } else { -1 };
        }
        let won =
            won_with_value(position, value).expect("an even margin within the board is a split");
        Ok(PerfectRound { value, exact, won })
    }
}

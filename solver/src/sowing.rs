//! A move's sowing step by step, with absolute sides and pit numbers: what a player watching the
//! board sees (the web page animates it). The steps come from the rules engine itself
//! ([`rules::sowing`]), so they can never disagree with the move they show.

use crate::error::MoveError;
use crate::rules::{self, Step};
use crate::{Move, Position, Side};

/// One pit of the board: its owner and its number in the owner's numbering (docs/rules.md#notation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pit {
    /// The owner.
    pub side: Side,
    /// The pit's number, from 1.
    pub number: u8,
}

/// One step of a sowing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SowingStep {
    /// Seeds lifted into the hand: from the pit played, and from each pit a relay sowing goes on
    /// from.
    Lift {
        /// Where from.
        pit: Pit,
        /// How many.
        seeds: u8,
    },
    /// One seed dropped into a pit.
    Sow {
        /// Where.
        pit: Pit,
    },
    /// One seed dropped into the mover's store (Kalah).
    Store {
        /// The store's owner.
        side: Side,
    },
    /// A pit's seeds captured.
    Capture {
        /// The pit emptied.
        pit: Pit,
        /// The seeds taken.
        seeds: u8,
        /// Who takes them.
        by: Side,
    },
}

impl Position {
    /// The steps of the sowing of a legal move, in order; none for a pass. The end-of-game
    /// allocation that some moves lead to is not a step of the sowing (the position after the
    /// move shows it).
    ///
    /// ```
    /// use mancala_solver::{Move, Pit, Position, Side, SowingStep, Variant};
    ///
    /// // Kalah(6, 4): South's pit 3 sows its four seeds into pits 4, 5, 6 and the store.
    /// let steps = Position::start(Variant::Kalah).sowing(Move::Pit(3)).unwrap();
    /// let south = |number| Pit { side: Side::South, number };
    /// assert_eq!(
    ///     steps,
    ///     vec![
    ///         SowingStep::Lift { pit: south(3), seeds: 4 },
    ///         SowingStep::Sow { pit: south(4) },
    ///         SowingStep::Sow { pit: south(5) },
    ///         SowingStep::Sow { pit: south(6) },
    ///         SowingStep::Store { side: Side::South },
    ///     ]
    /// );
    /// ```
    pub fn sowing(&self, mv: Move) -> Result<Vec<SowingStep>, MoveError> {
        self.play(mv)?;
        let Move::Pit(number) = mv else {
            return Ok(Vec::new());
        };
        let l = self.variant.pits_per_side();
        let mover = self.side;
        let pit = |cell: usize| Pit {
            side: if cell < l { mover } else { !mover },
            number: (cell % l) as u8 + 1,
        };
        let steps = rules::sowing(
            self.variant,
            self.relative_shape(),
            &self.relative_board(),
            number as usize - 1,
        );
        Ok(steps
            .into_iter()
            .map(|step| match step {
                Step::Lift { cell, seeds } => SowingStep::Lift {
                    pit: pit(cell),
                    seeds,
                },
                Step::Sow { cell } => SowingStep::Sow { pit: pit(cell) },
                Step::Store => SowingStep::Store { side: mover },
                Step::Capture {
                    cell,
                    seeds,
                    by_mover,
                } => SowingStep::Capture {
                    pit: pit(cell),
                    seeds,
                    by: if by_mover { mover } else { !mover },
                },
            })
            .collect())
    }
}

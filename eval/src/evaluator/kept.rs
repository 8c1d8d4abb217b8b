//! A kept answer: what `answers` keeps in memory, the file stores (`encoding`) and the
//! answer writer queues, with the rules of when it answers a question and when it
//! replaces another.

use std::sync::Arc;

use mancala_solver::engine::{Analysis, Budget};
use mancala_solver::Position;

use crate::{Evaluation, Origin, Source};

/// A kept answer: a search's analysis, the budget it was searched with, and whether it was
/// searched for the opening book.
#[derive(Clone, Debug)]
pub(crate) struct Kept {
    pub(crate) analysis: Arc<Analysis>,
    pub(crate) budget: Budget,
    /// [`Origin::Book`] for the book's answers, else [`Origin::Kept`].
    pub(crate) origin: Origin,
}

impl Kept {
    /// A search's answer within `budget`, to keep.
    pub(crate) fn searched(analysis: Analysis, budget: Budget) -> Kept {
        Kept {
            analysis: Arc::new(analysis),
            budget,
            origin: Origin::Kept,
        }
    }

    /// Whether no larger budget can improve it: proven, or searched to the engine's last depth.
    pub(crate) fn complete(&self) -> bool {
        self.analysis.value.exact || self.analysis.stopped_by.is_none()
    }

    /// Whether it answers a question of `budget` as well as a new search would.
    pub(crate) fn covers(&self, budget: Budget) -> bool {
        self.complete() || self.budget.covers(&budget)
    }

    /// Whether it should replace `old` (kept for the same board and tablebase).
    pub(crate) fn better_than(&self, old: &Kept) -> bool {
        !old.complete()
            && (self.complete() || (self.budget.covers(&old.budget) && self.budget != old.budget))
    }

    /// The evaluation of `position` (whose board, seen by the side to move, it was searched
    /// for), its report saying where it came from.
    pub(crate) fn evaluation(&self, position: &Position) -> Evaluation {
        let mut evaluation = Evaluation::from_search(position, &self.analysis);
        if let Source::Search(report) = &mut evaluation.source {
            report.origin = self.origin;
        }
        evaluation
    }
}

//! A session: the evaluations of the positions of one game or line, of one variant, sharing one
//! search engine, so that the work of one search (its transposition table) serves the next.
//!
//! The engine is built on the first position the tablebase does not hold, with a table lent by
//! the evaluator's pool ([`super::engines`]): a line or a game that stays in the tablebase holds
//! no search slot. The engine's leaves are the tablebase's values of the slices it holds; a leaf
//! that cannot be read (a damaged chunk) cancels the search, and the evaluation is that error,
//! never an answer that searched around the hole.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use mancala_solver::engine::{Analysis, Budget, Engine};
use mancala_solver::{Board, Position, Slice, Variant};

use super::engines::Lease;
use super::solved::VariantSlices;
use super::Evaluator;
use crate::{DbError, Evaluation};

/// The tablebase's exact values of a variant, as the engine's leaves.
type Leaf<'a> = Box<dyn Fn(&Board) -> Option<i8> + Send + 'a>;

/// The first error a leaf met, and the flag that stops the search when it does.
#[derive(Default)]
struct Fault {
    error: Mutex<Option<DbError>>,
    cancel: Arc<AtomicBool>,
}

/// A search engine and its lent table.
struct Searching<'e> {
    engine: Engine<Leaf<'e>>,
    lease: Lease<'e>,
}

/// Evaluates the positions of one variant, from the tablebase where it holds them and by one
/// search engine elsewhere (see the module documentation). Made by [`Evaluator::session`].
pub struct Session<'e> {
    evaluator: &'e Evaluator,
    variant: Variant,
    /// The slices held when the session began: the positions of one game are judged against
    /// one tablebase.
    solved: VariantSlices,
    fault: Arc<Fault>,
    searching: Option<Searching<'e>>,
}

impl<'e> Session<'e> {
    /// A session of `variant` on `evaluator`.
    pub(super) fn new(evaluator: &'e Evaluator, variant: Variant) -> Session<'e> {
        Session {
            evaluator,
            variant,
            solved: evaluator.solved.of(&evaluator.tb, variant),
            fault: Arc::new(Fault::default()),
            searching: None,
        }
    }

    /// Whether the tablebase holds `position`, and with it every position play can reach from
    /// it (captures only ever take seeds off the board).
    pub fn holds(&self, position: &Position) -> bool {
        self.solved
            .contains(&Slice::of(self.variant, &position.relative_board()).id)
    }

    /// Evaluates `position` (of the session's variant): from the tablebase when it holds the
    /// position, else by a search within `budget`. Running out of budget is not an error: the
    /// answer is then the estimate of the deepest iteration completed.
    pub fn evaluate(&mut self, position: &Position, budget: Budget) -> Result<Evaluation, DbError> {
        assert_eq!(
            position.variant(),
            self.variant,
            "a session evaluates one variant"
        );
        if self.holds(position) {
            return self.evaluator.tb.evaluate(position);
        }
        let analysis = self.search(position, budget)?;
        Ok(Evaluation::from_search(position, &analysis))
    }

    /// The engine's own analysis of `position` within `budget`, whether the tablebase holds it
    /// or not: every move's value with its proven bounds ([`crate::prove`] builds certificates
    /// from them).
    pub(crate) fn search(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Analysis, DbError> {
        let cancel = Arc::clone(&self.fault.cancel);
        let searching = self.searching()?;
        let analysis = searching
            .engine
            .analyse_until(&position.relative_board(), budget, cancel);
        if let Some(error) = self.take_fault() {
            return Err(error);
        }
        Ok(analysis.expect("only a failed leaf cancels a session's search"))
    }

    /// Forgets what earlier searches of the session stored, so that the next answers depend on
    /// their positions and budgets alone (the puzzle composer, run on several threads, must find
    /// the same problems whatever each thread searched before).
    pub fn forget(&mut self) {
        if let Some(s) = &mut self.searching {
            s.engine.clear_table();
        }
    }

    /// The engine, built on first use with a table from the pool (waiting for one, or
    /// [`DbError::Busy`]).
    fn searching(&mut self) -> Result<&mut Searching<'e>, DbError> {
        if self.searching.is_none() {
            let mut lease = self.evaluator.engines.lease()?;
            let engine = Engine::with_table(self.variant, lease.take(), self.leaf());
            self.searching = Some(Searching { engine, lease });
        }
        Ok(self.searching.as_mut().expect("made above"))
    }

    /// The engine's leaves: the tablebase's value of a board of a slice it holds. A board it
    /// cannot read records the error and stops the search.
    fn leaf(&self) -> Leaf<'e> {
        let tb = &self.evaluator.tb;
        let variant = self.variant;
        let solved = Arc::clone(&self.solved);
        let fault = Arc::clone(&self.fault);
        Box::new(move |board: &Board| {
            if !solved.contains(&Slice::of(variant, board).id) {
                return None;
            }
            match tb.probe_board(variant, board) {
                Ok(v) => Some(v.score),
                Err(e) => {
                    let mut first = fault.error.lock().unwrap_or_else(|p| p.into_inner());
                    first.get_or_insert(e);
                    fault.cancel.store(true, Ordering::Relaxed);
                    None
                }
            }
        })
    }

    /// The error a leaf met in the last search, if any, with the session ready for the next.
    fn take_fault(&self) -> Option<DbError> {
        let error = self
            .fault
            .error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        self.fault.cancel.store(false, Ordering::Relaxed);
        error
    }
}

impl Drop for Session<'_> {
    /// Gives the engine's table back to the pool, with what it learnt.
    fn drop(&mut self) {
        if let Some(Searching { engine, mut lease }) = self.searching.take() {
            lease.put_back(engine.into_table());
        }
    }
}

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

use mancala_db::DbError;
use mancala_solver::engine::{Analysis, Budget, Engine, Reach, ShapedLeaf};
use mancala_solver::rules::MoveEffect;
use mancala_solver::{Board, Position, Shape, Variant};

use super::engines::Lease;
use super::kept::Kept;
use super::solved::VariantSlices;
use super::Evaluator;
use crate::{EvalError, Evaluation};

/// How many times less a line's later positions are searched with than its first
/// ([`Session::evaluate_in_line`]).
pub(crate) const FOLLOWING: u64 = 16;

/// The tablebase's exact values of a variant, as the engine's leaves: boards with every pit
/// open, and with closed pits from the shape tables.
type Leaf<'a> = ShapedLeaf<Box<dyn Fn(&Board, Shape) -> Option<i8> + Send + 'a>>;

/// The first error a leaf met, and the flag that stops the search when it does.
#[derive(Default)]
struct Fault {
    error: Mutex<Option<EvalError>>,
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
    /// The slices held when the session began, with the number kept answers are filed under:
    /// the positions of one game are judged against one tablebase.
    solved: VariantSlices,
    /// Whether its evaluations use and keep the evaluator's kept answers.
    shares_answers: bool,
    /// Whether it has searched a position yet: the positions of a line after the first
    /// searched are searched with less ([`Session::evaluate_in_line`]).
    searched: bool,
    fault: Arc<Fault>,
    searching: Option<Searching<'e>>,
}

impl<'e> Session<'e> {
    /// A session of `variant` on `evaluator`.
    pub(super) fn new(evaluator: &'e Evaluator, variant: Variant) -> Session<'e> {
        let solved = evaluator.solved.of(variant);
        Session {
            evaluator,
            variant,
            solved,
            shares_answers: true,
            searched: false,
            fault: Arc::new(Fault::default()),
            searching: None,
        }
    }

    /// Reads the slices the tablebase holds again (one was deleted since they were read): the
    /// evaluator's set, and this session's with it.
    fn read_slices_again(&mut self) -> Result<(), EvalError> {
        self.evaluator.refresh()?;
        self.solved = self.evaluator.solved.of(self.variant);
        Ok(())
    }

    /// Whether the tablebase holds `position`, and with it every position play can reach from
    /// it (captures only ever take seeds off the board).
    pub fn holds(&self, position: &Position) -> bool {
        let (shape, board) = (position.relative_shape(), position.relative_board());
        self.solved.holds(self.variant, shape, &board)
    }

    /// Whether answers for `position` are looked up among and added to the evaluator's kept
    /// answers (those of a position with closed pits in memory only, under its shape).
    fn keeps(&self) -> bool {
        self.shares_answers
    }

    /// A session whose answers depend on their positions and budgets alone: it neither uses
    /// the answers the evaluator kept nor keeps its own (the puzzle composer, run on several
    /// threads, must find the same problems whatever was asked before).
    pub fn on_its_own(mut self) -> Session<'e> {
        self.shares_answers = false;
        self
    }

    /// Evaluates `position` (of the session's variant): from the tablebase when it holds the
    /// position, else from an answer kept that covers `budget` (the opening book's among them),
    /// else by a search within `budget`, whose answer is kept. Running out of budget is not an
    /// error: the answer is then the estimate of the deepest iteration completed.
    pub fn evaluate(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Evaluation, EvalError> {
        let answer = self.evaluate_watched(position, budget, &mut |_| {})?;
        Ok(answer.expect("only the stopper stops a search, and only a watched one is stopped"))
    }

    /// [`Session::evaluate`], showing a search's answer after every iteration it completes
    /// (`each`, from the shallowest; nothing when the answer needs no search), and stopped as
    /// soon as [`Session::stopper`] is set: `None` then, and nothing kept.
    pub fn evaluate_watched(
        &mut self,
        position: &Position,
        budget: Budget,
        each: &mut dyn FnMut(&Evaluation),
    ) -> Result<Option<Evaluation>, EvalError> {
        assert_eq!(
            position.variant(),
            self.variant,
            "a session evaluates one variant"
        );
        // The one place that decides where an answer comes from: the tablebase where it holds
        // the position, else an answer kept, else a search.
        if self.holds(position) {
            match self.evaluator.exact(position) {
                // Deleted since the set was read: read it again, and search.
                Err(EvalError::Store(DbError::NotSolved { .. })) => self.read_slices_again()?,
                answer => return answer.map(Some),
            }
        }
        let board = position.relative_board();
        let shape = position.relative_shape();
        if self.keeps() {
            let (answers, tb) = (&self.evaluator.answers, &self.evaluator.tb);
            let at = (&board, shape);
            if let Some(kept) = answers.get(tb, self.variant, at, self.solved.contents, budget)? {
                return Ok(Some(kept.evaluation(position)));
            }
        }
        let shown = &mut |a: &Analysis| each(&Evaluation::from_search(position, a));
        let Some(analysis) = self.search_watched(position, budget, shown)? else {
            return Ok(None);
        };
        self.searched = true;
        let evaluation = Evaluation::from_search(position, &analysis);
        if self.keeps() {
            let kept = Kept::searched(analysis, budget);
            let answers = &self.evaluator.answers;
            answers.keep(self.variant, (&board, shape), self.solved.contents, kept);
        }
        Ok(Some(evaluation))
    }

    /// The flag that stops the search [`Session::evaluate_watched`] is running (or the next
    /// one) when set: for a caller whose client has gone. Cleared when that search returns.
    pub fn stopper(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.fault.cancel)
    }

    /// Evaluates the next position of a line or a game ([`Session::evaluate`]): the first one
    /// searched within `budget`, each later one within a sixteenth of it, since the engine's
    /// table still holds what the searches of the positions before found (the line's next
    /// position is the one the last search looked at most deeply), so that a line of a hundred
    /// searched plies costs some six searches, not a hundred.
    pub fn evaluate_in_line(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Evaluation, EvalError> {
        let budget = match self.searched {
            false => budget,
            true => Budget {
                nodes: (budget.nodes / FOLLOWING).max(1),
                time: budget.time.map(|t| t / FOLLOWING as u32),
            },
        };
        self.evaluate(position, budget)
    }

    /// Whether an answer kept for `position` (the book's among them) covers `budget`.
    pub(crate) fn kept_covers(
        &self,
        position: &Position,
        budget: Budget,
    ) -> Result<bool, EvalError> {
        let board = position.relative_board();
        let (answers, tb) = (&self.evaluator.answers, &self.evaluator.tb);
        let at = (&board, position.relative_shape());
        Ok(answers
            .get(tb, self.variant, at, self.solved.contents, budget)?
            .is_some())
    }

    /// Searches `position` within `budget` for the opening book and keeps the answer as the
    /// book's (in the file, where the evaluator writes), whatever was kept for it before.
    pub(crate) fn search_for_book(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Evaluation, EvalError> {
        let analysis = self.search(position, budget)?;
        let mut kept = Kept::searched(analysis, budget);
        kept.origin = crate::Origin::Book;
        let evaluation = kept.evaluation(position);
        let board = position.relative_board();
        self.evaluator
            .answers
            .keep_book(self.variant, &board, self.solved.contents, kept)?;
        Ok(evaluation)
    }

    /// The engine's own analysis of `position` within `budget`, whether the tablebase holds it
    /// or not: every move's value with its proven bounds ([`crate::prove`] builds certificates
    /// from them).
    pub(crate) fn search(
        &mut self,
        position: &Position,
        budget: Budget,
    ) -> Result<Analysis, EvalError> {
        let analysis = self.search_watched(position, budget, &mut |_| {})?;
        Ok(analysis.expect("only a failed leaf or the stopper cancels a session's search"))
    }

    /// Makes the session's searches use the engine's table at least at the size a search of
    /// `nodes` uses ([`Engine::keep_table_for`]).
    pub(crate) fn keep_table_for(&mut self, nodes: u64) -> Result<(), EvalError> {
        self.searching()?.engine.keep_table_for(nodes);
        Ok(())
    }

    /// Whether the move `effect` of `position` is worth at least `k` to its mover, asked
    /// within `budget` nodes ([`Engine::move_reaches`]): what [`crate::prove`] asks at the
    /// positions of a strategy. A leaf that failed to read is the error.
    pub(crate) fn move_reaches(
        &mut self,
        position: &Position,
        effect: &MoveEffect,
        k: i32,
        budget: u64,
    ) -> Result<Reach, EvalError> {
        let cancel = Arc::clone(&self.fault.cancel);
        let searching = self.searching()?;
        let reach = searching.engine.move_reaches(
            position.relative_shape(),
            effect,
            k,
            Budget::nodes(budget),
            Some(cancel),
        );
        match self.take_fault() {
            Some(error) => Err(error),
            None => Ok(reach),
        }
    }

    /// The least value proven of the move `effect` of `position` for its mover without a
    /// search ([`Engine::move_known_at_least`]).
    pub(crate) fn move_known_at_least(
        &mut self,
        position: &Position,
        effect: &MoveEffect,
    ) -> Result<i32, EvalError> {
        let searching = self.searching()?;
        let known = searching
            .engine
            .move_known_at_least(position.relative_shape(), effect);
        match self.take_fault() {
            Some(error) => Err(error),
            None => Ok(known),
        }
    }

    /// [`Session::search`], `each` seeing every completed iteration; `None` when the stopper
    /// stopped it. A leaf that failed to read is the error.
    fn search_watched(
        &mut self,
        position: &Position,
        budget: Budget,
        each: &mut dyn FnMut(&Analysis),
    ) -> Result<Option<Analysis>, EvalError> {
        let cancel = Arc::clone(&self.fault.cancel);
        let searching = self.searching()?;
        let analysis = searching.engine.analyse_watched(
            &position.relative_board(),
            position.relative_shape(),
            budget,
            cancel,
            each,
        );
        if let Some(error) = self.take_fault() {
            return Err(error);
        }
        Ok(analysis)
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
    /// [`EvalError::Busy`]).
    fn searching(&mut self) -> Result<&mut Searching<'e>, EvalError> {
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
        ShapedLeaf(Box::new(move |board: &Board, shape: Shape| {
            if !solved.holds(variant, shape, board) {
                return None;
            }
            match tb.probe_score(variant, shape, board) {
                Ok(score) => Some(score),
                Err(e) => {
                    let mut first = fault.error.lock().unwrap_or_else(|p| p.into_inner());
                    first.get_or_insert(e.into());
                    fault.cancel.store(true, Ordering::Relaxed);
                    None
                }
            }
        }))
    }

    /// The error a leaf met in the last search, if any, with the session ready for the next.
    fn take_fault(&self) -> Option<EvalError> {
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

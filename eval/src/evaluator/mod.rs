//! The one way any position is answered: from the tablebase where it holds the position, else
//! by the search engine ([`mancala_solver::engine`]), whose leaves are the tablebase's values.
//! The service's handlers, the command line, the puzzle composer and every later client call an
//! [`Evaluator`]; nothing else decides between the tablebase and a search.
//!
//! An evaluator owns what those answers need and would be costly to make per answer:
//!
//! * the tablebase handle (its chunk cache is shared by every caller);
//! * the set of slices it holds ([`solved`]), so that [`Evaluator::holds`] is a lookup, read
//!   again only when the file changes;
//! * the search engines' transposition tables ([`engines`]), lent to one search after another,
//!   and the cap on searches at once ([`SearchSettings`]): one more than it allows is
//!   [`EvalError::Busy`] at once;
//! * the answers of its searches ([`answers`]), in memory and in the file, with the opening
//!   book, so that a question asked again is not searched again.
//!
//! [`Evaluator::evaluate`] answers one position; [`Evaluator::main_line`] and
//! [`Evaluator::analyse`] (in `crate::line` and `crate::analyse`) answer a line or a game
//! through one [`Session`], whose engine serves every position of it.

mod answer_writer;
mod answers;
mod encoding;
mod engines;
mod kept;
mod session;
mod settings;
mod solved;

use std::sync::Arc;

use mancala_solver::engine::Budget;
use mancala_solver::{Position, Slice, TableShape, Variant};

pub use session::Session;
pub(crate) use session::FOLLOWING;
pub use settings::{SearchSettings, PLY_BUDGET, QUICK_BUDGET, SEARCH_BUDGET};

use mancala_db::{Database, Tablebase};

use crate::{EvalError, Evaluation};

/// Answers any legal position (see the module documentation). Shared by every thread of a
/// service: every method takes `&self`.
pub struct Evaluator {
    tb: Arc<Tablebase>,
    solved: solved::Solved,
    engines: engines::Engines,
    settings: SearchSettings,
    answers: answers::Answers,
}

impl Evaluator {
    /// An evaluator over `tb` whose searches are bounded by `settings`; reads the slices it
    /// holds.
    pub fn new(tb: Arc<Tablebase>, settings: SearchSettings) -> Result<Evaluator, EvalError> {
        Ok(Evaluator {
            solved: solved::Solved::read(&tb)?,
            engines: engines::Engines::new(settings),
            tb,
            settings,
            answers: answers::Answers::new(),
        })
    }

    /// The tablebase answered from.
    pub fn tablebase(&self) -> &Arc<Tablebase> {
        &self.tb
    }

    /// The bounds on searches.
    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Whether the tablebase holds `position` (a lookup in memory): its evaluation, and every
    /// position play can reach from it, need no search. A position with closed pits is held by
    /// its shape table, when that is solved.
    pub fn holds(&self, position: &Position) -> bool {
        let (shape, board) = (position.relative_shape(), position.relative_board());
        self.solved.holds(position.variant(), shape, &board)
    }

    /// Evaluates any legal position: from the tablebase where it holds it, else by a search
    /// within `budget` whose leaves are the positions the tablebase holds. Running out of
    /// budget is not an error: the answer is then the estimate of the deepest iteration the
    /// search completed ([`crate::SearchReport`]). A search waits for an engine while every one
    /// is busy, and fails with [`EvalError::Busy`] when the queue is full too.
    ///
    /// A searched answer is kept (in memory, and in the file where the evaluator writes:
    /// [`Evaluator::writing_answers_to`]): asked again over the same tablebase with a budget it
    /// covers (it is exact, or was searched with at least as large a budget), it is given at
    /// once, its report's origin [`crate::Origin::Kept`], or [`crate::Origin::Book`] for the
    /// opening book's answers.
    pub fn evaluate(&self, position: &Position, budget: Budget) -> Result<Evaluation, EvalError> {
        self.session(position.variant()).evaluate(position, budget)
    }

    /// The tablebase's evaluation of `position`, which it must hold: every value exact, or the
    /// error that says why not ([`mancala_db::DbError::NotSolved`]); a position with closed pits
    /// from its shape table.
    /// For the questions only an exact value answers (a puzzle's solution and its attempts);
    /// [`Evaluator::evaluate`] answers any position.
    ///
    /// ```
    /// use std::sync::Arc;
    ///
    /// use mancala_db::Tablebase;
    /// use mancala_eval::{Evaluator, SearchSettings};
    /// use mancala_solver::solve::Silent;
    /// use mancala_solver::{GameResult, Position, Variant};
    ///
    /// let dir = tempfile::tempdir()?;
    /// let tb = Tablebase::open(dir.path().join("kalah4.db"))?;
    /// tb.solve_up_to(Variant::Kalah4, 3, &Silent)?;
    /// let evaluator = Evaluator::new(Arc::new(tb), SearchSettings::default())?;
    ///
    /// // Kalah on four pits: South's only seed (pit 1) falls into its empty pit 2, which faces
    /// // North's pit 3 with 2 seeds: South captures all 3, and the empty rows end the game.
    /// let p = Position::parse(Variant::Kalah4, "0,2,0,0/1,0,0,0 S")?;
    /// let e = evaluator.exact(&p)?;
    /// assert_eq!((e.value.score, e.value.depth), (3, Some(1)));
    /// assert_eq!(e.result, GameResult::Win);
    /// assert_eq!(e.moves.len(), 1);
    /// assert_eq!(e.moves[0].played.after.to_string(), "0,0,0,0/0,0,0,0 N 3-0");
    /// assert!(e.moves[0].best);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn exact(&self, position: &Position) -> Result<Evaluation, EvalError> {
        Evaluation::from_tablebase(&self.tb, position)
    }

    /// The same evaluator, keeping its searched answers in the file through `db` (a handle
    /// for writing on the tablebase's file) as well as in memory, so that they outlive the
    /// process.
    pub fn writing_answers_to(mut self, db: Arc<Database>) -> Evaluator {
        self.answers = self.answers.writing_to(db);
        self
    }

    /// A session for evaluating the positions of one game or line of `variant` with one engine.
    pub fn session(&self, variant: Variant) -> Session<'_> {
        Session::new(self, variant)
    }

    /// The most seeds on the board up to which the tablebase holds every slice of `variant`'s
    /// full board: every position with at most that many is answered from it.
    pub fn held_up_to(&self, variant: Variant) -> u32 {
        self.table_held_up_to(variant, None)
    }

    /// The most seeds on the board up to which the tablebase holds every slice of a table of
    /// `variant`: the shape table `table` (Rio Kadalis's boards with those open pits), or the
    /// full board's for `None`.
    pub fn table_held_up_to(&self, variant: Variant, table: Option<TableShape>) -> u32 {
        let held = self.solved.of(variant);
        let mut n = 0;
        for total in 0..=variant.total_seeds() {
            let slices: Vec<Slice> = match table {
                None => Slice::up_to(variant, total),
                Some(shape) => Slice::up_to_shaped(variant, shape, total),
            };
            let slices: Vec<Slice> = slices
                .into_iter()
                .filter(|s| s.id.total() == total)
                .collect();
            if !slices.iter().all(|s| held.ids.contains(&s.id)) {
                break;
            }
            if !slices.is_empty() {
                // A total no position has (Rio Kadalis's 21) is not a size the tablebase has.
                n = total;
            }
        }
        n
    }

    /// Reads the slices the tablebase holds again now (a solve in this process has just stored
    /// a group); otherwise a thread of the evaluator's looks at the file for changes once a
    /// second (never a request's).
    pub fn refresh(&self) -> Result<(), EvalError> {
        Ok(self.solved.refresh(&self.tb)?)
    }
}

//! Answers for any position, on top of the tablebase store ([`mancala_db`]): the [`Evaluator`]
//! answers from the store where it holds the position, else by the search engine; lines,
//! analyses of games, proofs, the opening book and the rounds of a match are built on it.
//!
//! The store knows files, slices and chunks; this crate knows searches, engines and kept
//! answers (docs/design.md). Its one error type, [`EvalError`], wraps the store's.

pub mod analyse;
pub mod book;
mod bounds;
mod error;
mod evaluation;
mod evaluator;
pub mod line;
pub mod prove;
pub mod rounds;

pub use bounds::Bounds;
pub use error::EvalError;
pub use evaluation::{Evaluation, MoveEval, Origin, SearchReport, Source};
pub use evaluator::{Evaluator, SearchSettings, Session, PLY_BUDGET, QUICK_BUDGET, SEARCH_BUDGET};

//! Endgame puzzles in the Anuak tradition of composed problems ("South to play and win"):
//! what a puzzle is, finding them in the tablebase and composing them beyond it, their themes
//! and ratings, and their rows in the tablebase file ([`PuzzleStore`]).
//!
//! * [`Puzzle`], [`StoredPuzzle`], [`Theme`], [`Collection`]: the records.
//! * [`definition`]: what a puzzle is, checked position by position against the tablebase.
//! * [`tag`]: which [`Theme`] tags a solution line shows.
//! * [`rating`]: the initial rating from difficulty, and Glicko-2 updates, recorded as players
//!   try them.
//! * [`generate`](mod@generate): the seeded, parallel search of solved slices for puzzles.
//! * [`compose`](mod@compose): problems beyond the tablebase, proved by exact search.
//! * [`attempt`]: checking a player's moves, any win-keeping move counting.
//! * [`store`]: the rows: puzzles, players, attempts, daily puzzles, compositions.

pub mod attempt;
mod collection;
pub mod compose;
pub mod definition;
mod draw;
pub mod generate;
mod puzzle;
pub mod rating;
mod solution;
pub mod store;
pub mod tag;
mod theme;

pub use attempt::{check_attempt, AttemptResult, AutoMove};
pub use collection::{Collection, UnknownCollection};
pub use definition::solution_line;
pub use generate::{generate, GenerateOptions};
pub use puzzle::{Puzzle, PuzzleRating, StoredPuzzle};
pub use solution::Solution;
pub use store::{
    CompositionKey, NewAttempt, Player, PlayerSummary, PuzzleFilter, PuzzleStore, RecordedAttempt,
    ThemeResults, NEWCOMER,
};
pub use theme::{Theme, UnknownTheme};

//! Endgame puzzles in the Anuak tradition of composed problems ("South to play and win"),
//! found in the tablebase. The records ([`Puzzle`], [`StoredPuzzle`], [`Theme`]) are the
//! database's, re-exported here.
//!
//! * [`definition`]: what a puzzle is, checked position by position against the tablebase.
//! * [`themes`]: which [`Theme`] tags a solution line shows.
//! * [`rating`]: the initial rating from difficulty, and Glicko-2 updates, recorded as players
//!   try them.
//! * [`generate`](mod@generate): the seeded, parallel search of solved slices for puzzles.
//! * [`compose`](mod@compose): problems beyond the tablebase, proved by exact search.
//! * [`attempt`]: checking a player's moves, any win-keeping move counting.

pub mod attempt;
pub mod compose;
pub mod definition;
pub mod generate;
pub mod rating;
pub mod themes;

pub use attempt::{check_attempt, AttemptResult, AutoMove};
pub use definition::{solution_line, Solution};
pub use generate::{generate, GenerateOptions};
pub use mancala_db::{Puzzle, PuzzleRating, StoredPuzzle, Theme};

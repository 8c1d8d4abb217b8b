//! Every JSON shape the service answers with and the command line prints (`mancala eval --json`,
//! `mancala moves --json`), in one place as lila-tablebase's `response.rs`: what a client reads
//! is defined here and nowhere else. Each type is built from the plain Rust values of `db` and
//! `solver`, which know nothing of JSON.
//!
//! * [`value`]: values, results and seed totals, the pieces of the other shapes.
//! * [`evaluation`]: a position's value and every move's (`GET /api/{variant}`, `eval --json`).
//! * [`sowing`]: a move's sowing step by step, in every move of an evaluation.
//! * [`moves`]: a position's legal moves and what they do (`moves --json`).
//! * [`mainline`]: the line of perfect play (`GET /api/{variant}/mainline`).
//! * [`analysis`]: a game record judged move by move (`POST /api/{variant}/analyse`).
//! * [`matches`]: a Rio Kadalis match round by round (`mancala match --json`).
//! * [`variants`]: the variants and what is solved (`GET /api/variants`), and `GET /healthz`.
//! * [`status`]: what the server builds in the background (`GET /api/status`).
//! * [`puzzle`]: a puzzle and an attempt's verdict (`/api/puzzles/...`).
//! * [`player`]: a player, its token and its dashboard (`/api/players...`).
//! * [`error`]: the body of every error answer.

pub mod analysis;
pub mod error;
pub mod evaluation;
pub mod mainline;
pub mod matches;
pub mod moves;
pub mod player;
pub mod puzzle;
pub mod sowing;
pub mod status;
pub mod value;
pub mod variants;

pub use analysis::{AnalysisJson, MoveAnalysisJson};
pub use error::ErrorJson;
pub use evaluation::{EvaluationJson, MoveEvalJson, SearchJson};
pub use mainline::{MainlineJson, StepJson};
pub use matches::{MatchJson, MatchWorthJson, MoveWorthJson, RoundJson};
pub use moves::{MoveJson, MovesJson};
pub use player::{DashboardJson, NewPlayerJson, PlayerJson, ThemeResultsJson};
pub use puzzle::{AttemptJson, AutoMoveJson, PuzzleJson};
pub use sowing::SowingStepJson;
pub use status::{BuildStep, StatusJson};
pub use value::{Totals, ValueJson};
pub use variants::{BoardJson, HealthJson, SolvedJson, VariantJson, VariantsJson};

//! The HTTP evaluation service over the tablebase (DESIGN.md, API): for a position its value and
//! every move's value, best first; the main line of perfect play; the analysis of a game record;
//! the variants and what is solved; and an OpenAPI description of all of it.
//!
//! * [`routes`]: the routes and handlers; no tablebase call runs on an async worker.
//! * [`pool`]: the threads that run evaluations (the heavier endpoints use `web::block`).
//! * [`error`]: [`ApiError`], the one error type, and its JSON form.
//! * [`json`]: the answers' JSON shapes (the evaluation's is `mancala_db::json::EvaluationJson`).
//! * [`openapi`]: the OpenAPI document.
//! * [`puzzles`]: the puzzle routes (a puzzle to solve, by id, attempts).
//! * [`web`]: the player web page at `/` (HTML, CSS and a JavaScript module, embedded).
//! * [`server`]: binding, logging and graceful shutdown; [`server::run`] is what
//!   `mancala serve` calls.
//!
//! The main line and the analysis themselves live in `mancala_db::line` and
//! `mancala_db::analyse`, so that the command line and the puzzles can use them too.

pub mod error;
pub mod json;
pub mod openapi;
pub mod pool;
pub mod puzzles;
pub mod routes;
pub mod server;
pub mod state;
pub mod web;

pub use error::ApiError;

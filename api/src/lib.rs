//! The HTTP evaluation service over the tablebase (docs/design.md, API): for a position its value
//! and every move's value, best first; the main line of perfect play; the analysis of a game
//! record; the variants and what is solved; puzzles; the player web page; and an OpenAPI
//! description of all of it.
//!
//! * [`routes`]: the route table, from which registration, 405s and the OpenAPI paths derive.
//! * `handlers`: one module per subject (evaluation, puzzles, the service, the web page); they
//!   use the modules below and nothing uses them but the route table.
//! * [`extract`] and [`request`]: typed input (path segments, queries, bodies) and its checks.
//! * The JSON shapes answered and the bodies read are the types of `mancala_wire`, which the
//!   command line prints too; this crate only sends and reads them.
//! * [`reply`]: writing a JSON answer; [`error`]: [`ApiError`], the one error type, and its
//!   JSON form; [`limits`]: what one request may ask.
//! * [`openapi`]: the OpenAPI document: its operations, and the schemas derived in `mancala_wire`.
//! * [`executor`]: the threads that run every blocking call off the async workers, in a lane for
//!   probes and a bounded, lower-priority lane for searches; [`state`]: what every handler
//!   shares (the [`mancala_eval::Evaluator`], which answers any position, the executor, and
//!   [`writer`]: where writes go); [`status`]: what the server builds
//!   in the background while it serves.
//! * [`guard`]: upgrades refused, and the CORS policy; [`head_limit`]: request heads over the
//!   limits answered in JSON, from the connection.
//! * [`server`]: binding, timeouts, logging and graceful shutdown; [`server::run`] is what
//!   `mancala serve` calls.
//!
//! Evaluations, main lines and analyses themselves are the evaluator's (`mancala_db`), so that
//! the command line and the puzzles answer the same way.

pub mod error;
pub mod executor;
pub mod extract;
pub mod guard;
mod handlers;
pub mod head_limit;
pub mod limits;
pub mod openapi;
pub mod reply;
pub mod request;
pub mod routes;
pub mod server;
pub mod state;
pub mod status;
pub mod writer;

pub use error::ApiError;

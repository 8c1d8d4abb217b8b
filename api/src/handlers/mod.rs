//! The request handlers, one module per subject. Each takes typed input ([`crate::extract`],
//! [`crate::request`]), does its blocking work (tablebase reads, searches, the puzzle store) on
//! the service's one pool ([`crate::state::AppState::blocking`], [`crate::pool`]), so that
//! SQLite reads on chunk-cache misses never block the async workers, and answers with a type of
//! `mancala_wire::response`. Only the route table ([`crate::routes`]) refers to them.

pub(crate) mod certificates;
pub(crate) mod evaluation;
pub(crate) mod matches;
pub(crate) mod page;
pub(crate) mod players;
pub(crate) mod puzzles;
pub(crate) mod service;
pub(crate) mod streaming;

//! The request handlers, one module per subject. Each takes typed input ([`crate::extract`],
//! [`crate::request`]), does its tablebase work off the async workers, so that SQLite reads on
//! chunk-cache misses never block them (tablebase evaluations on the [`crate::pool`] threads,
//! the hot path; anything that searches beyond the tablebase on the bounded [`crate::search`]
//! threads; listings, puzzles and lines held by the tablebase inside `web::block`), and answers
//! with a type of [`crate::response`]. Only the route table ([`crate::routes`]) refers to them.

pub(crate) mod evaluation;
pub(crate) mod matches;
pub(crate) mod page;
pub(crate) mod players;
pub(crate) mod puzzles;
pub(crate) mod service;
pub(crate) mod streaming;

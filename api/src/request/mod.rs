//! What requests carry, typed: the query strings the handlers take, and what a body that is not
//! JSON of its type is answered with. Each is read by an extractor ([`crate::extract`]) and
//! checked, every failure an [`ApiError`](crate::ApiError) that names the field at fault. The
//! bodies themselves (the game record, a puzzle attempt) are JSON types of
//! [`mancala_wire::request`].
//!
//! * [`query`]: `?position=` and the puzzle filter.

mod body;
pub mod query;

pub use body::RequestBody;
pub use query::{DailyQuery, PositionQuery, PuzzleMode, PuzzleQuery};

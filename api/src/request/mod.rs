//! What requests carry, typed: the query strings and bodies the handlers take, each read by an
//! extractor ([`crate::extract`]) and checked here, every failure an
//! [`ApiError`](crate::ApiError) that names the field at fault.
//!
//! * [`query`]: `?position=` and the puzzle filter.
//! * [`record`]: the game record that `analyse` judges.
//! * [`attempt`]: a puzzle attempt.

pub mod attempt;
mod body;
pub mod query;
pub mod record;

pub use attempt::AttemptBody;
pub use body::RequestBody;
pub use query::{DailyQuery, PositionQuery, PuzzleMode, PuzzleQuery};
pub use record::GameRecord;

//! The JSON bodies a client sends, typed and checked here; the service reads them with its own
//! extractors and turns their errors into its answers.
//!
//! * [`record`]: the game record that `analyse` judges.
//! * [`attempt`]: a puzzle attempt.
//! * [`new_player`]: a request for a new player.

pub mod attempt;
pub mod new_player;
pub mod record;

pub use attempt::{AttemptBody, ATTEMPT_SHAPE};
pub use new_player::{NewPlayerBody, NEW_PLAYER_SHAPE};
pub use record::{GameRecord, RecordError, MAX_RECORD_MOVES, RECORD_SHAPE};

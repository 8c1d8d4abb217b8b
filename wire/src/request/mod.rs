//! The JSON bodies a client sends, typed and checked here; the service reads them with its own
//! extractors and turns their errors into its answers.
//!
//! * [`record`]: the game record that `analyse` judges.
//! * [`match_record`]: the match so far that `match` answers about.
//! * [`attempt`]: a puzzle attempt.
//! * [`new_player`]: a request for a new player.
//! * [`unique_keys`]: JSON that names no key twice, as the records are read.

pub mod attempt;
pub mod match_record;
pub mod new_player;
pub mod record;
pub mod unique_keys;

pub use attempt::{AttemptBody, ATTEMPT_SHAPE};
pub use match_record::{MatchRecord, MATCH_SHAPE, MAX_MATCH_ROUNDS};
pub use new_player::{NewPlayerBody, NEW_PLAYER_SHAPE};
pub use record::{GameRecord, RecordError, MAX_RECORD_MOVES, RECORD_SHAPE};

//! Rules, notation and perfect-play solving of traditional mancala games.
//!
//! * [`Variant`]: the rule sets, and the facts of each board.
//! * [`Setup`] / [`Position`]: a position string read as written, then validated against a
//!   variant; [`Position::play`] and friends play moves.
//! * [`rules::expand`]: the allocation-free move generator that the solver runs on.
//! * [`solve`]: the retrograde solver of slices; [`kalah_mtdf`]: the exact MTD(f) search of
//!   `Kalah(P, n)` for any `P`, which checks the published Kalah results (the calibration of
//!   the Kalah search, not what answers players: that is the engine).
//! * [`rounds`]: Rio Kadalis as a match of rounds: winnings, reserves, the next round's board;
//!   [`match_play`]: a match played round by round, from records or by splits of perfect play;
//!   [`match_game`]: the match solved as one game over its round starts.
//! * [`engine`]: the search of any position of any variant beyond the tablebase, exact where it
//!   can prove it, else a labelled estimate.

mod by_side;
mod cache;
pub mod engine;
pub mod error;
mod game_result;
mod index;
pub mod kalah_mtdf;
pub mod match_game;
pub mod match_play;
mod moves;
mod notation;
mod play;
mod position;
mod register;
pub mod rounds;
pub mod rules;
mod shape;
mod side;
mod slice;
pub mod solve;
mod sowing;
mod value;
mod variant;

pub use by_side::BySide;
pub use error::{MoveError, ParseError, ParsePositionError, PositionError};
pub use game_result::GameResult;
pub use moves::Move;
pub use notation::{layout, Setup};
pub use play::Played;
pub use position::{Board, Position, MAX_PITS_PER_SIDE};
pub use shape::{Shape, TableShape};
pub use side::Side;
pub use slice::{Slice, SliceId};
pub use sowing::{Pit, SowingStep};
pub use value::{move_score, move_value, terminal_score, Value};
pub use variant::{Direction, Family, Scoring, Variant};

/// Version of the solver's algorithm and table format; stored with every solved slice.
pub const SOLVER_VERSION: &str = "1";
/// Version of the rules contract implemented (docs/rules.md); a slice solved under other rules is
/// never served.
pub const RULES_VERSION: &str = "1";

//! The body of a puzzle attempt.

use serde::Deserialize;
use utoipa::ToSchema;

/// What an attempt's body looks like, for error messages.
pub const ATTEMPT_SHAPE: &str = "{\"moves\": [\"3\", ...], \"give_up\": false (optional)}";

/// The body of `POST /api/puzzles/{id}/attempt`: `{"moves": ["3", ...], "give_up": false}`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = Attempt)]
pub struct AttemptBody {
    /// The player's moves so far, in order (not the moves played for the player).
    pub moves: Vec<String>,
    /// The player asks for the solution: the attempt ends, as a failure unless already solved
    /// (default `false`).
    #[serde(default)]
    pub give_up: bool,
}

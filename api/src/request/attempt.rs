//! The body of a puzzle attempt.

use serde::Deserialize;

use super::body::RequestBody;
use crate::error::ApiError;

/// The body of `POST /api/puzzles/{id}/attempt`: `{"moves": ["3", ...], "give_up": false}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// The player's moves so far, in order (not the moves played for the player).
    pub moves: Vec<String>,
    /// The player asks for the solution: the attempt ends, as a failure unless already solved.
    #[serde(default)]
    pub give_up: bool,
}

impl RequestBody for AttemptBody {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!(
                "body: {error}; expected {{\"moves\": [\"3\", ...], \"give_up\": false (optional)}}"
            ),
        )
    }
}

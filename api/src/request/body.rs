//! What every request body type says when a body is not one of it.

use mancala_wire::request::{
    AttemptBody, GameRecord, MatchRecord, NewPlayerBody, ATTEMPT_SHAPE, MATCH_SHAPE,
    NEW_PLAYER_SHAPE, RECORD_SHAPE,
};

use crate::error::ApiError;

/// A type a request body is read into (by [`crate::extract::JsonBody`]).
pub trait RequestBody: serde::de::DeserializeOwned {
    /// The 400 for a body that is not JSON of this type: what was expected.
    fn invalid(error: serde_json::Error) -> ApiError;
}

impl RequestBody for GameRecord {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!("body: not valid JSON ({error}); {RECORD_SHAPE}"),
        )
    }
}

impl RequestBody for MatchRecord {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!("body: not valid JSON ({error}); {MATCH_SHAPE}"),
        )
    }
}

impl RequestBody for AttemptBody {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad("body", format!("body: {error}; expected {ATTEMPT_SHAPE}"))
    }
}

impl RequestBody for NewPlayerBody {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!("body: {error}; expected {NEW_PLAYER_SHAPE}"),
        )
    }
}

//! The body of a puzzle attempt.

use serde::Deserialize;

use super::body::RequestBody;
use crate::error::ApiError;
use crate::limits::PLAYER_RATINGS;

/// The body of `POST /api/puzzles/{id}/attempt`: `{"moves": ["3", ...], "rating": 1500}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttemptBody {
    /// The player's moves so far, in order (not the replies).
    pub moves: Vec<String>,
    /// The player's rating, if known (default 1500).
    rating: Option<f64>,
}

impl RequestBody for AttemptBody {
    fn invalid(error: serde_json::Error) -> ApiError {
        ApiError::bad(
            "body",
            format!(
                "body: {error}; expected {{\"moves\": [\"3\", ...], \"rating\": 1500 (optional)}}"
            ),
        )
    }
}

impl AttemptBody {
    /// The player's rating, if given, checked to be one.
    pub fn rating(&self) -> Result<Option<f64>, ApiError> {
        match self.rating {
            Some(r) if !PLAYER_RATINGS.contains(&r) => Err(ApiError::bad(
                "rating",
                format!(
                    "rating: {r} is not a rating ({} to {})",
                    PLAYER_RATINGS.start(),
                    PLAYER_RATINGS.end()
                ),
            )),
            r => Ok(r),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_rating_must_be_a_rating() {
        let body = |rating| AttemptBody {
            moves: Vec::new(),
            rating,
        };
        assert_eq!(body(None).rating().unwrap(), None);
        assert_eq!(body(Some(4000.0)).rating().unwrap(), Some(4000.0));
        let e = body(Some(-1.0)).rating().unwrap_err();
        assert_eq!(e.to_string(), "rating: -1 is not a rating (0 to 4000)");
    }
}

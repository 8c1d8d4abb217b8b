//! What every request body type says when a body is not one of it.

use crate::error::ApiError;

/// A type a request body is read into (by [`crate::extract::JsonBody`]).
pub trait RequestBody: serde::de::DeserializeOwned {
    /// The 400 for a body that is not JSON of this type: what was expected.
    fn invalid(error: serde_json::Error) -> ApiError;
}

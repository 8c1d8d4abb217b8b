//! The body of every error answer: `{"error": MESSAGE, "field": FIELD | null, ...}`, with the
//! details of a bad move or an unsolved slice where they apply.

use serde::Serialize;
use utoipa::ToSchema;

use super::status::BuildStep;

/// An error answer: `{"error": MESSAGE, "field": FIELD | null, ...}`. The keys after `field`
/// appear only where they apply.
#[derive(Debug, Default, Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorJson<'a> {
    /// What is wrong and what was expected.
    pub error: String,
    /// The request field at fault: `variant`, `position`, `budget`, `moves`, `moves[i]`,
    /// `rounds[r][i]`, `start`, `body`, `query`, or an unknown body key; null when no field is (unknown route, server
    /// errors).
    #[schema(required = true)]
    pub field: Option<String>,
    /// Bad move of a match: its round, from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub round: Option<usize>,
    /// Bad move: its place in the record (in a match, in its round), from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub index: Option<usize>,
    /// Bad move: the move as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String)]
    pub r#move: Option<&'a str>,
    /// Bad move: the legal moves where it was to be played (empty: the game is over, or the
    /// move is malformed).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<String>)]
    pub legal: Option<&'a [String]>,
    /// Bad move: the position where it was to be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String)]
    pub position: Option<&'a str>,
    /// Unsolved slice: `VARIANT slice ID`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String)]
    pub slice: Option<&'a str>,
    /// Unsolved slice: the command that solves it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String)]
    pub solve: Option<&'a str>,
    /// The server is still building what was asked for: the step under way, as
    /// `GET /api/status` names it (ask again after the `Retry-After` header's seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub building: Option<BuildStep>,
}

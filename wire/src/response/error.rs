//! The body of every error answer: `{"error": MESSAGE, "field": FIELD | null, ...}`, with the
//! details of a bad move or an unsolved slice where they apply.

use serde::Serialize;

/// An error answer. The keys after `field` appear only where they apply.
#[derive(Debug, Default, Serialize)]
pub struct ErrorJson<'a> {
    /// What is wrong and what was expected.
    pub error: String,
    /// The request field at fault, or `null`.
    pub field: Option<String>,
    /// Bad move: its place in the record, from 0.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<usize>,
    /// Bad move: the move as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#move: Option<&'a str>,
    /// Bad move: the legal moves where it was to be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<&'a [String]>,
    /// Bad move: the position where it was to be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<&'a str>,
    /// Unsolved slice: `VARIANT slice ID`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slice: Option<&'a str>,
    /// Unsolved slice: the command that solves it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solve: Option<&'a str>,
}

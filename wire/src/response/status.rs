//! What the server is building in the background (`GET /api/status`): `serve` listens at once
//! and builds what its database lacks (the default tablebase, starter puzzles, Anuak problems)
//! while it answers from what exists; a client reads here what is under way and how far it is.

use serde::Serialize;
use utoipa::ToSchema;

/// `GET /api/status`: the background build, if any.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
#[schema(as = Status)]
pub struct StatusJson {
    /// Whether something is still being built. Answers meanwhile come from what the database
    /// holds: a position beyond the tablebase built so far is searched.
    pub building: bool,
    /// The step under way, in words (`building the default tablebase`), or null.
    #[schema(required = true)]
    pub step: Option<String>,
    /// What the step is on now (`kalah slice 12`), or null.
    #[schema(required = true)]
    pub detail: Option<String>,
    /// How much of the step is done (positions solved, problems composed), when it counts.
    #[schema(required = true)]
    pub done: Option<u64>,
    /// Of how much.
    #[schema(required = true)]
    pub total: Option<u64>,
    /// Every step finished since the server started, one line each, oldest first.
    pub finished: Vec<String>,
    /// Why the build stopped, if it failed (the server serves on with what exists).
    #[schema(required = true)]
    pub error: Option<String>,
}

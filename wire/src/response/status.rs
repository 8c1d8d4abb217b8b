//! What the server is building in the background (`GET /api/status`): `serve` listens at once
//! and builds what its database lacks (the default tablebase, starter puzzles, Anuak problems,
//! then deeper tables while idle) while it answers from what exists; a client reads here what is under way and how far it is.

use serde::Serialize;
use utoipa::ToSchema;

use crate::words::VariantId;

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
    /// The step under way as a code, for a client to word in its own language (the page does),
    /// or null.
    #[schema(required = true)]
    pub code: Option<BuildStep>,
    /// The game the step is on (a variant id: the opening book being built, the game whose
    /// starter puzzles are being made), or null.
    #[schema(value_type = Option<VariantId>, required = true)]
    pub variant: Option<&'static str>,
    /// The tablebase and the starter puzzles are ready: what may still be under way (the
    /// opening books, the Anuak problems, deeper tables) only makes answers quicker or adds
    /// problems. True
    /// when nothing is being built.
    pub ready: bool,
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

/// A step of the background build, in the order they run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum BuildStep {
    /// Looking at what the database holds.
    Inspecting,
    /// Building the default tablebase (`done` of `total` positions).
    Tablebase,
    /// Making the starter puzzles (`done` of `total` games; `variant` the game under way).
    Puzzles,
    /// Building the opening book of `variant` (`done` of `total` positions).
    Book,
    /// Composing Anuak problems (`done` of `total` problems).
    Anuak,
    /// Deepening the tablebase of `variant` toward its deep size while the server is idle
    /// (`done` of `total` positions); answers meanwhile come from the tables already there.
    Deepening,
}

impl BuildStep {
    /// The step in words, as `step` gives it (`variant` the game's name, for a book).
    pub fn words(self, variant: Option<&str>) -> String {
        match self {
            BuildStep::Inspecting => "looking at what the database holds".into(),
            BuildStep::Tablebase => "building the default tablebase".into(),
            BuildStep::Puzzles => "generating starter puzzles".into(),
            BuildStep::Book => format!(
                "building the opening book of {}",
                variant.unwrap_or("a game")
            ),
            BuildStep::Anuak => "composing Anuak problems".into(),
            BuildStep::Deepening => format!(
                "deepening the tablebase of {} while idle",
                variant.unwrap_or("a game")
            ),
        }
    }
}

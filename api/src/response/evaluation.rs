//! A position's value and every legal move's: `GET /api/{variant}` and `mancala eval --json`,
//! which say exactly the same thing.

use mancala_db::{Evaluation, Source};
use serde::Serialize;

use super::value::{Totals, ValueJson};

/// One move of an evaluation.
#[derive(Clone, Debug, Serialize)]
pub struct MoveEvalJson {
    /// The move: a pit number or `pass`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position after it (`CAPTURED` updated).
    pub after: String,
    /// Its value for the mover.
    pub value: ValueJson,
    /// One of the best moves.
    pub best: bool,
}

/// A whole evaluation.
#[derive(Clone, Debug, Serialize)]
pub struct EvaluationJson {
    /// The variant id.
    pub variant: &'static str,
    /// The canonical position.
    pub position: String,
    /// The side to move: `S` or `N`.
    pub side: String,
    /// The final totals when the game is over here, else `null`.
    pub game_over: Option<Totals>,
    /// The position's value for the side to move.
    pub value: ValueJson,
    /// The game's result for the side to move with perfect play, counting what is captured.
    pub outcome: &'static str,
    /// Every legal move, best first.
    pub moves: Vec<MoveEvalJson>,
    /// `search` when the values come from the Kalah search rather than the tablebase (left
    /// out for tablebase values, so that the usual shape is exactly the documented one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<&'static str>,
}

impl EvaluationJson {
    /// The JSON of an evaluation and where its values came from.
    pub fn with_source(e: &Evaluation, source: &Source) -> EvaluationJson {
        let mut json = EvaluationJson::from(e);
        if matches!(source, Source::Search { .. }) {
            json.source = Some(source.word());
        }
        json
    }
}

impl From<&Evaluation> for EvaluationJson {
    fn from(e: &Evaluation) -> EvaluationJson {
        let scoring = e.position.variant().scoring();
        EvaluationJson {
            variant: e.position.variant().id(),
            position: e.position.to_string(),
            side: e.position.side().letter().to_string(),
            game_over: e.game_over.map(Totals::from),
            value: ValueJson::new(scoring, e.value),
            outcome: e.result.as_str(),
            moves: e
                .moves
                .iter()
                .map(|m| MoveEvalJson {
                    mv: m.played.mv.to_string(),
                    after: m.played.after.to_string(),
                    value: ValueJson::new(scoring, m.value),
                    best: m.best,
                })
                .collect(),
            source: None,
        }
    }
}

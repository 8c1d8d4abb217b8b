//! A position's value and every legal move's: `GET /api/{variant}` and `mancala eval --json`,
//! which say exactly the same thing.

use mancala_eval::{Evaluation, SearchReport, Source};
use mancala_solver::engine::Limit;
use serde::Serialize;
use utoipa::ToSchema;

use super::sowing::{sowing_json, SowingStepJson};
use super::value::{Totals, ValueJson};
use crate::words::{Outcome, SideLetter, SourceWord, StoppedBy, VariantId};

/// One move of an evaluation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = MoveEval)]
pub struct MoveEvalJson {
    /// The move: a pit number or `pass`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position after it (`CAPTURED` updated).
    pub after: String,
    /// Its value for the mover.
    pub value: ValueJson,
    /// One of the best moves: it keeps the value, by the shortest way when ahead and the
    /// longest when behind.
    pub best: bool,
    /// The value is exact (always from the tablebase); `false`: a search's estimate (its depth
    /// is null).
    pub exact: bool,
    /// Only with `?sowing=true`: the move's sowing step by step, as the rules engine takes it
    /// (empty for a pass), for a client that shows it; left out otherwise, since it is most of
    /// the answer's size.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Vec<SowingStepJson>)]
    pub sowing: Option<Vec<SowingStepJson>>,
}

/// A whole evaluation: a position's value and every legal move's, best first.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = Evaluation)]
pub struct EvaluationJson {
    /// The variant id.
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The canonical position.
    pub position: String,
    /// The side to move: `S` or `N`.
    #[schema(value_type = SideLetter)]
    pub side: String,
    /// The final totals when the game is over here, else `null`.
    #[schema(required = true)]
    pub game_over: Option<Totals>,
    /// The position's value for the side to move.
    pub value: ValueJson,
    /// The game's result for the side to move with perfect play, counting the seeds captured.
    #[schema(value_type = Outcome)]
    pub outcome: &'static str,
    /// Every legal move, best first.
    pub moves: Vec<MoveEvalJson>,
    /// `tablebase` or `search`: where the values come from.
    #[schema(value_type = SourceWord)]
    pub source: &'static str,
    /// The position's value is exact: always from the tablebase; from a search when it proved
    /// it, else an estimate from the heuristic at its frontier.
    pub exact: bool,
    /// What the search did: only in a search's answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = SearchJson)]
    pub search: Option<SearchJson>,
}

/// What a search did: `{"depth", "nodes", "seconds", "stopped_by", "kept"}`.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[schema(as = Search)]
pub struct SearchJson {
    /// Plies of the deepest iteration completed.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
    /// Time spent, in seconds.
    pub seconds: f64,
    /// `nodes` or `time`: the budget's limit that stopped the search before its answer was
    /// exact; null when none did.
    #[schema(value_type = Option<StoppedBy>, required = true)]
    pub stopped_by: Option<&'static str>,
    /// The answer of an earlier search of the same position over the same tablebase (or the
    /// opening book's), kept and given again without searching (the figures above are that
    /// search's).
    pub kept: bool,
}

impl From<&SearchReport> for SearchJson {
    fn from(r: &SearchReport) -> SearchJson {
        SearchJson {
            depth: r.depth,
            nodes: r.nodes,
            seconds: r.elapsed.as_secs_f64(),
            stopped_by: r.stopped_by.map(Limit::word),
            kept: r.kept(),
        }
    }
}

impl EvaluationJson {
    /// The JSON of an evaluation and where its values came from.
    pub fn with_source(e: &Evaluation, source: &Source) -> EvaluationJson {
        let mut json = EvaluationJson::from(e);
        json.source = source.word();
        json.exact = source.is_exact();
        if let Source::Search(report) = source {
            json.search = Some(SearchJson::from(report));
        }
        json
    }

    /// The same with every move's sowing, step by step (`?sowing=true`).
    pub fn with_sowing(mut self, e: &Evaluation) -> EvaluationJson {
        for (json, m) in self.moves.iter_mut().zip(&e.moves) {
            json.sowing = Some(sowing_json(&e.position, m.played.mv));
        }
        self
    }
}

/// The JSON of a tablebase evaluation.
impl From<&Evaluation> for EvaluationJson {
    fn from(e: &Evaluation) -> EvaluationJson {
        let scoring = e.position.variant().scoring();
        EvaluationJson {
            variant: e.position.variant().id(),
            position: e.position.to_string(),
            side: e.position.side().letter().to_string(),
            game_over: e.game_over.map(Totals::from),
            value: ValueJson::with_bounds(scoring, e.value, e.source.is_exact(), e.bounds),
            outcome: e.result.as_str(),
            moves: e
                .moves
                .iter()
                .map(|m| MoveEvalJson {
                    mv: m.played.mv.to_string(),
                    after: m.played.after.to_string(),
                    value: ValueJson::with_bounds(scoring, m.value, m.exact, m.bounds),
                    best: m.best,
                    exact: m.exact,
                    sowing: None,
                })
                .collect(),
            source: Source::Tablebase.word(),
            exact: true,
            search: None,
        }
    }
}

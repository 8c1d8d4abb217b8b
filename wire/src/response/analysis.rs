//! A game record judged move by move: `POST /api/{variant}/analyse`.

use std::borrow::Cow;
use std::collections::BTreeMap;

use mancala_eval::analyse::{Analysis, Verdict};
use mancala_solver::Side;
use serde::Serialize;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::value::{Totals, ValueJson};
use crate::words::{Outcome, SideLetter, SourceWord, VariantId, VerdictWord};

/// The two sides whose verdicts a summary counts, South first.
const SIDES: [Side; 2] = [Side::South, Side::North];

/// An analysed game record: every move judged.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Analysis)]
pub struct AnalysisJson {
    /// The variant id.
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The canonical start position.
    pub start: String,
    /// Every move of the record, in order.
    pub moves: Vec<MoveAnalysisJson>,
    /// The canonical position after the last move.
    pub end: String,
    /// The final totals when the game is over after the last move, else `null`.
    #[schema(required = true)]
    pub game_over: Option<Totals>,
    /// Verdicts counted per side: `{"south": {"best": n, ...}, "north": {...}}`.
    #[schema(value_type = Summary)]
    pub summary: BTreeMap<&'static str, BTreeMap<&'static str, usize>>,
    /// Where the tablebase took over: the first move (its index) from whose position on the
    /// tablebase holds every position of the record; the number of moves when it holds only the
    /// end, `null` when not even that.
    #[schema(required = true)]
    pub tablebase_from: Option<usize>,
}

/// The schema of an analysis's `summary`, written by hand because the summary is a map (each
/// side's name to each verdict's count) whose keys are the sides and the verdicts, all of them
/// always present.
pub enum Summary {}

impl PartialSchema for Summary {
    fn schema() -> RefOr<Schema> {
        let mut counts = ObjectBuilder::new().schema_type(Type::Object);
        for verdict in Verdict::ALL {
            counts = counts
                .property(
                    verdict.word(),
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(0)),
                )
                .required(verdict.word());
        }
        let counts = counts
            .description(Some("The side's moves counted by verdict."))
            .build();
        let mut summary = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(
                "Each side's moves counted by verdict, every side and every verdict present.",
            ));
        for side in SIDES {
            summary = summary
                .property(side.name(), counts.clone())
                .required(side.name());
        }
        summary.into()
    }
}

impl ToSchema for Summary {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Summary")
    }
}

/// One analysed move.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = MoveAnalysis)]
pub struct MoveAnalysisJson {
    /// Its place in the record, from 0.
    pub index: usize,
    /// The mover: `S` or `N`.
    #[schema(value_type = SideLetter)]
    pub side: String,
    /// The move.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position it was played in.
    pub position: String,
    /// The canonical position after it.
    pub after: String,
    /// The position's value for the mover, before the move.
    pub value_before: ValueJson,
    /// The best value the mover had (the value of the best move).
    pub best_value: ValueJson,
    /// The value the move kept, for the mover.
    pub value_kept: ValueJson,
    /// What the move lost: seeds in score variants, result steps (win to draw, draw to loss: 1;
    /// win to loss: 2) in win/draw/loss variants.
    pub loss: u32,
    /// `best`, `inaccuracy`, `mistake` or `blunder`.
    #[schema(value_type = VerdictWord)]
    pub verdict: &'static str,
    /// The moves that were best (value and depth), best first.
    pub best_moves: Vec<String>,
    /// The game's result for the mover before the move, with perfect play.
    #[schema(value_type = Outcome)]
    pub outcome_before: &'static str,
    /// The game's result for the mover after the move, with perfect play from there.
    #[schema(value_type = Outcome)]
    pub outcome_after: &'static str,
    /// `tablebase` or `search`: where the values of the position before the move come from.
    #[schema(value_type = SourceWord)]
    pub source: &'static str,
    /// The verdict rests on exact values only; `false`: on a search's estimates.
    pub exact: bool,
}

impl AnalysisJson {
    /// The JSON form of an analysis.
    pub fn new(a: &Analysis) -> AnalysisJson {
        let variant = a.start.variant();
        let scoring = variant.scoring();
        let mut summary: BTreeMap<&'static str, BTreeMap<&'static str, usize>> = BTreeMap::new();
        for side in SIDES {
            summary.insert(
                side.name(),
                Verdict::ALL.iter().map(|v| (v.word(), 0)).collect(),
            );
        }
        let moves = a
            .moves
            .iter()
            .map(|m| {
                let side = m.before.position.side();
                if let Some(n) = summary
                    .get_mut(side.name())
                    .and_then(|c| c.get_mut(m.verdict.word()))
                {
                    *n += 1;
                }
                MoveAnalysisJson {
                    index: m.index,
                    side: side.letter().to_string(),
                    mv: m.played.played.mv.to_string(),
                    position: m.before.position.to_string(),
                    after: m.played.played.after.to_string(),
                    value_before: ValueJson::new(scoring, m.before.value),
                    best_value: ValueJson::new(scoring, m.best),
                    value_kept: ValueJson::new(scoring, m.played.value),
                    loss: m.loss,
                    verdict: m.verdict.word(),
                    best_moves: m
                        .before
                        .moves
                        .iter()
                        .filter(|e| e.best)
                        .map(|e| e.played.mv.to_string())
                        .collect(),
                    outcome_before: m.result_before.as_str(),
                    outcome_after: m.result_after.as_str(),
                    source: m.before.source.word(),
                    exact: m.exact,
                }
            })
            .collect();
        AnalysisJson {
            variant: variant.id(),
            start: a.start.to_string(),
            moves,
            end: a.end.to_string(),
            game_over: a.game_over.map(Totals::from),
            summary,
            tablebase_from: a.tablebase_from,
        }
    }
}

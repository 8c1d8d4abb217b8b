//! The pieces every answer is made of: a value, a game result and seeds per side.

use std::borrow::Cow;

use mancala_eval::Bounds;
use mancala_solver::{BySide, GameResult, Scoring, Value};
use serde::Serialize;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use crate::words::Outcome;

/// Seeds per side: `{"south": s, "north": n}`.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Totals)]
pub struct Totals {
    /// South's seeds.
    pub south: u32,
    /// North's seeds.
    pub north: u32,
}

impl From<BySide<u32>> for Totals {
    fn from(BySide { south, north }: BySide<u32>) -> Totals {
        Totals { south, north }
    }
}

/// A value: `{"score": s, "depth": d}` in score variants, `{"result": "win", "depth": d}` in
/// win/draw/loss variants; `depth` is `null` where the value is that of endless play. An
/// estimate adds what its search proved: `"at_least"` and `"at_most"`, written as the value is.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq, ToSchema)]
#[schema(as = Value)]
pub struct ValueJson {
    /// Seeds still to be won minus seeds still to be lost, for the side to move (or the mover,
    /// for a move): score variants only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub score: Option<i32>,
    /// `win`, `draw` or `loss`: win/draw/loss variants only.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Outcome)]
    pub result: Option<&'static str>,
    /// Plies to the next capture or the end of the game (docs/rules.md#values-and-depths);
    /// null where the value is that of endless play.
    #[schema(required = true)]
    pub depth: Option<u16>,
    /// Only in an estimate whose search proved it: the value is at least this, a fact a
    /// complete tablebase would confirm (a score, or `win`, `draw` or `loss`, as the value is
    /// written). Left out of exact values, which are their own bounds, and where nothing is
    /// proven beyond what the seeds on the board imply (a value lies within the seeds left).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = BoundJson)]
    pub at_least: Option<BoundJson>,
    /// Only in an estimate whose search proved it: the value is at most this.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = BoundJson)]
    pub at_most: Option<BoundJson>,
}

/// A proven bound on a value, written as the value is: a score (score variants) or `win`,
/// `draw`, `loss` (win/draw/loss variants).
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum BoundJson {
    /// Seeds still to be won minus seeds still to be lost.
    Score(i32),
    /// `win`, `draw` or `loss`.
    Result(&'static str),
}

impl BoundJson {
    /// `bound` as a variant scored by `scoring` writes a value.
    fn new(scoring: Scoring, bound: i8) -> BoundJson {
        match scoring {
            Scoring::Score => BoundJson::Score(bound.into()),
            Scoring::WinDrawLoss => BoundJson::Result(GameResult::of_margin(bound.into()).as_str()),
        }
    }
}

impl PartialSchema for BoundJson {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Integer))
            .item(Ref::from_schema_name("Outcome"))
            .description(Some(
                "A proven bound on a value, written as the value is: a score (score variants) \
                 or `win`, `draw`, `loss` (win/draw/loss variants).",
            ))
            .into()
    }
}

impl ToSchema for BoundJson {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Bound")
    }
}

impl ValueJson {
    /// The JSON form of `value` in a variant scored by `scoring`.
    pub fn new(scoring: Scoring, value: Value) -> ValueJson {
        let (score, result) = match scoring {
            Scoring::Score => (Some(value.score as i32), None),
            Scoring::WinDrawLoss => (
                None,
                Some(GameResult::of_margin(value.score.into()).as_str()),
            ),
        };
        ValueJson {
            score,
            result,
            depth: value.depth,
            at_least: None,
            at_most: None,
        }
    }

    /// The JSON form of `value`, exact or an estimate with `bounds` proven of it (written only
    /// for an estimate: an exact value is its own bounds).
    pub fn with_bounds(scoring: Scoring, value: Value, exact: bool, bounds: Bounds) -> ValueJson {
        let bound = |b: Option<i8>| b.filter(|_| !exact).map(|b| BoundJson::new(scoring, b));
        ValueJson {
            at_least: bound(bounds.at_least),
            at_most: bound(bounds.at_most),
            ..ValueJson::new(scoring, value)
        }
    }
}

//! The pieces every answer is made of: a value, a game result and seeds per side.

use mancala_solver::{BySide, GameResult, Scoring, Value};
use serde::Serialize;
use utoipa::ToSchema;

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
/// win/draw/loss variants; `depth` is `null` where the value is that of endless play.
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
        }
    }
}

//! The pieces every answer is made of: a value, a game result and seeds per side.

use std::cmp::Ordering;

use mancala_solver::{Scoring, Value};
use serde::Serialize;

/// Seeds per side: `{"south": s, "north": n}`.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct Totals {
    /// South's seeds.
    pub south: u32,
    /// North's seeds.
    pub north: u32,
}

impl From<[u32; 2]> for Totals {
    fn from([south, north]: [u32; 2]) -> Totals {
        Totals { south, north }
    }
}

/// A value: `{"score": s, "depth": d}` in score variants, `{"result": "win", "depth": d}` in
/// win/draw/loss variants; `depth` is `null` where the value is that of endless play.
#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct ValueJson {
    /// Seeds still to be won minus seeds still to be lost (score variants).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
    /// `win`, `draw` or `loss` (win/draw/loss variants).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<&'static str>,
    /// Plies to the next capture or the end (RULES.md §2).
    pub depth: Option<u16>,
}

impl ValueJson {
    /// The JSON form of `value` in a variant scored by `scoring`.
    pub fn new(scoring: Scoring, value: Value) -> ValueJson {
        let (score, result) = match scoring {
            Scoring::Score => (Some(value.score as i32), None),
            Scoring::WinDrawLoss => (None, Some(outcome_word(value.score.cmp(&0)))),
        };
        ValueJson {
            score,
            result,
            depth: value.depth,
        }
    }
}

/// `win`, `draw` or `loss` for the side to move.
pub fn outcome_word(o: Ordering) -> &'static str {
    match o {
        Ordering::Greater => "win",
        Ordering::Equal => "draw",
        Ordering::Less => "loss",
    }
}

//! Values in words for the text output of `eval`, `analyse` and `mainline`: `score +4, depth 7`,
//! `win, depth 9`, and a search's estimates marked `~`.

use mancala_solver::{GameResult, Scoring, Value};

/// `score +4, depth 7`, `score 0 (even)` or `win, depth 9` style text for an exact value.
pub fn describe(scoring: Scoring, v: Value) -> String {
    let depth = v.depth.map(|d| format!(", depth {d}")).unwrap_or_default();
    match scoring {
        Scoring::Score if v.score == 0 => "score 0 (even)".to_owned(),
        Scoring::Score => format!("score {:+}{depth}", v.score),
        Scoring::WinDrawLoss => format!("{}{depth}", GameResult::of_margin(v.score.into())),
    }
}

/// [`describe`], with `~` in front when the value is a search's estimate rather than exact.
pub fn describe_marked(scoring: Scoring, v: Value, exact: bool) -> String {
    let text = describe(scoring, v);
    if exact {
        text
    } else {
        format!("~{text}")
    }
}

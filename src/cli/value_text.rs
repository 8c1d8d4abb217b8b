//! Values in words for the text output of `eval`, `analyse` and `mainline`: `score +4, depth 7`,
//! `win, depth 9`, and a search's estimates marked `~` with what it proved of them.

use mancala_eval::Bounds;
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

/// What a search proved of an estimate, as a range: `+1 to +5`, `at least +1`, `at most a draw`;
/// `None` when it proved nothing.
pub fn describe_bounds(scoring: Scoring, bounds: Bounds) -> Option<String> {
    let word = |b: i8| match scoring {
        Scoring::Score if b == 0 => "0".to_owned(),
        Scoring::Score => format!("{b:+}"),
        Scoring::WinDrawLoss => format!("a {}", GameResult::of_margin(b.into())),
    };
    Some(match (bounds.at_least, bounds.at_most) {
        (Some(low), Some(high)) if scoring == Scoring::Score => {
            format!("{} to {}", word(low), word(high))
        }
        (Some(low), Some(high)) => format!("at least {}, at most {}", word(low), word(high)),
        (Some(low), None) => format!("at least {}", word(low)),
        (None, Some(high)) => format!("at most {}", word(high)),
        (None, None) => return None,
    })
}

/// [`describe_marked`], and for an estimate what its search proved, in brackets:
/// `~score +3 [+1 to +5]`.
pub fn describe_bounded(scoring: Scoring, v: Value, exact: bool, bounds: Bounds) -> String {
    let text = describe_marked(scoring, v, exact);
    match describe_bounds(scoring, bounds).filter(|_| !exact) {
        Some(range) => format!("{text} [{range}]"),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bounds(at_least: Option<i8>, at_most: Option<i8>) -> Bounds {
        Bounds { at_least, at_most }
    }

    #[test]
    fn proven_bounds_read_as_a_range_or_one_side() {
        let s = Scoring::Score;
        assert_eq!(
            describe_bounds(s, bounds(Some(-2), Some(4))).unwrap(),
            "-2 to +4"
        );
        assert_eq!(
            describe_bounds(s, bounds(Some(1), None)).unwrap(),
            "at least +1"
        );
        assert_eq!(
            describe_bounds(s, bounds(None, Some(0))).unwrap(),
            "at most 0"
        );
        assert_eq!(describe_bounds(s, Bounds::NONE), None);
        let w = Scoring::WinDrawLoss;
        assert_eq!(
            describe_bounds(w, bounds(Some(0), None)).unwrap(),
            "at least a draw"
        );
        assert_eq!(
            describe_bounds(w, bounds(Some(-1), Some(0))).unwrap(),
            "at least a loss, at most a draw"
        );
    }

    #[test]
    fn only_an_estimate_shows_its_bounds() {
        let v = Value {
            score: 3,
            depth: None,
        };
        let b = bounds(Some(1), Some(5));
        assert_eq!(
            describe_bounded(Scoring::Score, v, false, b),
            "~score +3 [+1 to +5]"
        );
        assert_eq!(
            describe_bounded(Scoring::Score, v, true, Bounds::exact(3)),
            "score +3"
        );
    }
}

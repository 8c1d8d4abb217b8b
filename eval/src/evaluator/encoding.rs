//! How a kept answer is written in the file's `answers` table ([`AnswerRow`]): the engine's
//! analysis as JSON, without the moves' effects (the rules give them again). A row that does not
//! decode (written by a later version, or damaged) or does not fit its board answers nothing:
//! the position is searched again and the row replaced.

use std::sync::Arc;
use std::time::Duration;

use mancala_db::AnswerRow;
use mancala_solver::engine::{Analysis, Budget, Limit, MoveAnalysis, SearchValue};
use mancala_solver::{rules, Board, Move, Variant};
use serde::{Deserialize, Serialize};

use super::kept::Kept;
use crate::Origin;

/// A value as stored: `[score, sixteenths, exact, at_least, at_most]`.
#[derive(Serialize, Deserialize)]
struct StoredValue(i8, i16, bool, Option<i8>, Option<i8>);

impl From<&SearchValue> for StoredValue {
    fn from(v: &SearchValue) -> StoredValue {
        StoredValue(v.score, v.sixteenths, v.exact, v.at_least, v.at_most)
    }
}

impl From<&StoredValue> for SearchValue {
    fn from(v: &StoredValue) -> SearchValue {
        SearchValue {
            score: v.0,
            sixteenths: v.1,
            exact: v.2,
            at_least: v.3,
            at_most: v.4,
        }
    }
}

/// An analysis as stored; the moves' effects are not stored, since the rules give them again.
#[derive(Serialize, Deserialize)]
struct StoredAnalysis {
    value: StoredValue,
    /// Every move, in pit order, as the notation writes it, with its value.
    moves: Vec<(String, StoredValue)>,
    depth: u8,
    nodes: u64,
    micros: u64,
    /// `nodes` or `time`, or none.
    stopped_by: Option<String>,
}

impl StoredAnalysis {
    fn of(a: &Analysis) -> StoredAnalysis {
        StoredAnalysis {
            value: (&a.value).into(),
            moves: a
                .moves
                .iter()
                .map(|m| (m.mv.to_string(), (&m.value).into()))
                .collect(),
            depth: a.depth,
            nodes: a.nodes,
            micros: a.elapsed.as_micros() as u64,
            stopped_by: a.stopped_by.map(|l| l.word().to_owned()),
        }
    }

    /// The analysis of `board`, its moves' effects given by the rules; `None` when the row does
    /// not fit the board (not the moves the rules list).
    fn analysis(&self, variant: Variant, board: &Board) -> Option<Analysis> {
        let mut legal = Vec::new();
        rules::expand(variant, board, |mv, e| legal.push((mv, *e)));
        if legal.len() != self.moves.len() {
            return None;
        }
        let moves = legal
            .into_iter()
            .zip(&self.moves)
            .map(|((mv, effect), (text, value))| {
                (Move::parse(variant, text).ok()? == mv).then(|| MoveAnalysis {
                    mv,
                    effect,
                    value: value.into(),
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let stopped_by = match self.stopped_by.as_deref() {
            None => None,
            Some(word) => Some(Limit::from_word(word)?),
        };
        Some(Analysis {
            value: (&self.value).into(),
            moves,
            depth: self.depth,
            nodes: self.nodes,
            elapsed: Duration::from_micros(self.micros),
            stopped_by,
        })
    }
}

impl Kept {
    /// The row that keeps it in the file, made over the tablebase `contents`.
    pub(crate) fn row(&self, contents: u64) -> AnswerRow {
        AnswerRow {
            contents,
            book: self.origin == Origin::Book,
            nodes: self.budget.nodes,
            millis: self.budget.time.map(|t| t.as_millis() as u64),
            analysis: serde_json::to_string(&StoredAnalysis::of(&self.analysis))
                .expect("an analysis is plain data"),
        }
    }

    /// The answer a row keeps for `board` of `variant`; `None` when it does not decode or does
    /// not fit the board.
    pub(crate) fn from_row(variant: Variant, board: &Board, row: &AnswerRow) -> Option<Kept> {
        let analysis = serde_json::from_str::<StoredAnalysis>(&row.analysis)
            .ok()?
            .analysis(variant, board)?;
        Some(Kept {
            analysis: Arc::new(analysis),
            budget: Budget {
                nodes: row.nodes,
                time: row.millis.map(Duration::from_millis),
            },
            origin: if row.book { Origin::Book } else { Origin::Kept },
        })
    }
}

#[cfg(test)]
mod tests {
    use mancala_solver::engine::Engine;
    use mancala_solver::Position;

    use super::*;

    #[test]
    fn an_analysis_stored_reads_back_the_same() {
        // A Kalah start searched briefly (estimates, stopped by nodes) and an Oware ending the
        // search proves: both read back equal, the moves' effects given again by the rules.
        let cases = [
            (Variant::Kalah, "4,4,4,4,4,4/4,4,4,4,4,4 S", 5_000),
            (Variant::Oware, "0,0,0,0,0,1/0,0,0,0,2,1 S", 1_000_000),
        ];
        for (variant, text, nodes) in cases {
            let board = Position::parse(variant, text).unwrap().relative_board();
            let mut engine = Engine::new(variant, 16, |_: &Board| None);
            let analysis = engine.analyse(&board, Budget::nodes(nodes));
            let json = serde_json::to_string(&StoredAnalysis::of(&analysis)).unwrap();
            let back: StoredAnalysis = serde_json::from_str(&json).unwrap();
            let mut expected = analysis.clone();
            // Stored to the microsecond.
            expected.elapsed = Duration::from_micros(analysis.elapsed.as_micros() as u64);
            assert_eq!(back.analysis(variant, &board), Some(expected), "{text}");
        }
    }

    #[test]
    fn a_row_that_does_not_fit_the_board_answers_nothing() {
        let variant = Variant::Kalah;
        let start = Position::start(variant).relative_board();
        let mut engine = Engine::new(variant, 16, |_: &Board| None);
        let stored = StoredAnalysis::of(&engine.analyse(&start, Budget::nodes(1_000)));
        // Read for another board, with fewer legal moves: refused.
        let other = Position::parse(variant, "4,4,4,4,4,4/0,0,0,0,0,4 S 20-0")
            .unwrap()
            .relative_board();
        assert!(stored.analysis(variant, &other).is_none());
    }
}

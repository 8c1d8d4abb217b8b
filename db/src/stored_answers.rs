//! The file's `answers` table: searched answers kept across restarts, and the opening book
//! (`mancala book build`), one row per board of a variant as the side to move sees it
//! (docs/design.md). A row holds the engine's analysis as JSON, the budget it was searched
//! with and the tablebase contents it was searched over; [`crate::Evaluator`] decides when a
//! row answers a question (`evaluator::answers`).
//!
//! A row that does not decode (written by a later version, or damaged) answers nothing: the
//! position is searched again and the row replaced. Nothing in the table is needed for a
//! correct answer; it only saves searching.

use std::sync::Arc;
use std::time::Duration;

use mancala_solver::engine::{Analysis, Budget, Limit, MoveAnalysis, SearchValue};
use mancala_solver::{rules, Board, Move, Position, Side, Variant};
use rusqlite::{params, OptionalExtension};
use serde::{Deserialize, Serialize};

use crate::error::WithPath;
use crate::evaluator::Kept;
use crate::{Database, DbError, Origin, Tablebase};

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

/// The text a board is stored under: the position with that board and South to move.
fn board_key(variant: Variant, board: &Board) -> String {
    Position::from_relative(variant, board, Side::South, Default::default()).to_string()
}

/// The row's origin word.
fn origin_word(origin: Origin) -> &'static str {
    match origin {
        Origin::Book => "book",
        Origin::Kept | Origin::Searched => "search",
    }
}

impl Tablebase {
    /// The stored answer for `board` of `variant`, with the tablebase contents it was searched
    /// over; `None` when there is none, or when the row does not decode.
    pub(crate) fn stored_answer(
        &self,
        variant: Variant,
        board: &Board,
    ) -> Result<Option<(u64, Kept)>, DbError> {
        self.db.stored_answer(variant, board)
    }
}

impl Database {
    /// See [`Tablebase::stored_answer`].
    pub(crate) fn stored_answer(
        &self,
        variant: Variant,
        board: &Board,
    ) -> Result<Option<(u64, Kept)>, DbError> {
        let row = self
            .connection()
            .prepare_cached(
                "SELECT contents, origin, nodes, millis, analysis FROM answers
                 WHERE variant = ?1 AND board = ?2",
            )
            .at(self.path())?
            .query_row(params![variant.id(), board_key(variant, board)], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, Option<i64>>(3)?,
                    r.get::<_, String>(4)?,
                ))
            })
            .optional()
            .at(self.path())?;
        let Some((contents, origin, nodes, millis, json)) = row else {
            return Ok(None);
        };
        let analysis = serde_json::from_str::<StoredAnalysis>(&json)
            .ok()
            .and_then(|s| s.analysis(variant, board));
        let Some(analysis) = analysis else {
            return Ok(None);
        };
        let kept = Kept {
            analysis: Arc::new(analysis),
            budget: Budget {
                nodes: nodes as u64,
                time: millis.map(|ms| Duration::from_millis(ms as u64)),
            },
            origin: if origin == "book" {
                Origin::Book
            } else {
                Origin::Kept
            },
        };
        Ok(Some((contents as u64, kept)))
    }

    /// Stores `kept` for `board` of `variant`, searched over the tablebase `contents`, in place
    /// of what the file holds for it (the caller has judged it better).
    pub(crate) fn store_answer(
        &self,
        variant: Variant,
        board: &Board,
        contents: u64,
        kept: &Kept,
    ) -> Result<(), DbError> {
        let json = serde_json::to_string(&StoredAnalysis::of(&kept.analysis))
            .expect("an analysis is plain data");
        self.connection()
            .prepare_cached(
                "INSERT OR REPLACE INTO answers
                 (variant, board, contents, origin, nodes, millis, analysis)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )
            .at(self.path())?
            .execute(params![
                variant.id(),
                board_key(variant, board),
                contents as i64,
                origin_word(kept.origin),
                kept.budget.nodes.min(i64::MAX as u64) as i64,
                kept.budget.time.map(|t| t.as_millis() as i64),
                json,
            ])
            .at(self.path())?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use mancala_solver::engine::Engine;

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

//! The file's `answers` table: answers kept across restarts, and the opening book, one row per
//! board of a variant as the side to move sees it (docs/design.md). A row holds what the
//! evaluation crate encodes (its analysis as JSON), the budget it was made with and the
//! tablebase contents it was made over; the evaluation crate decides when a row answers a
//! question, and reads a row that does not decode as none. Nothing in the table is needed for
//! a correct answer; it only saves work.

use mancala_solver::{Board, Position, Side, Variant};
use rusqlite::{params, OptionalExtension};

use crate::error::WithPath;
use crate::{Database, DbError};

/// One row of the `answers` table, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerRow {
    /// The tablebase contents it was made over (its variant's slices, as a number).
    pub contents: u64,
    /// Made for the opening book (`mancala book build`) rather than for a question.
    pub book: bool,
    /// The budget it was made with: nodes.
    pub nodes: u64,
    /// And milliseconds, `None` for no limit of time.
    pub millis: Option<u64>,
    /// The answer itself, as the evaluation crate encodes it (JSON).
    pub analysis: String,
}

/// The text a board is stored under: the position with that board and South to move.
fn board_key(variant: Variant, board: &Board) -> String {
    Position::from_relative(variant, board, Side::South, Default::default()).to_string()
}

impl Database {
    /// The row kept for `board` of `variant`, if there is one.
    pub fn answer_row(
        &self,
        variant: Variant,
        board: &Board,
    ) -> Result<Option<AnswerRow>, DbError> {
        self.connection()
            .prepare_cached(
                "SELECT contents, origin, nodes, millis, analysis FROM answers
                 WHERE variant = ?1 AND board = ?2",
            )
            .at(self.path())?
            .query_row(params![variant.id(), board_key(variant, board)], |r| {
                Ok(AnswerRow {
                    contents: r.get::<_, i64>(0)? as u64,
                    book: r.get::<_, String>(1)? == "book",
                    nodes: r.get::<_, i64>(2)? as u64,
                    millis: r.get::<_, Option<i64>>(3)?.map(|ms| ms as u64),
                    analysis: r.get(4)?,
                })
            })
            .optional()
            .at(self.path())
    }

    /// Keeps `row` for `board` of `variant` in place of what the file holds for it (the caller
    /// has judged it better).
    pub fn put_answer_row(
        &self,
        variant: Variant,
        board: &Board,
        row: &AnswerRow,
    ) -> Result<(), DbError> {
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
                row.contents as i64,
                if row.book { "book" } else { "search" },
                row.nodes.min(i64::MAX as u64) as i64,
                row.millis.map(|ms| ms.min(i64::MAX as u64) as i64),
                row.analysis,
            ])
            .at(self.path())?;
        Ok(())
    }
}

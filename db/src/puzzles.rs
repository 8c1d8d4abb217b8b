//! Puzzle rows: ordinary SQLite rows (queryable with SQL), written by the generator and read and
//! re-rated by the service. The puzzle logic (what a puzzle is, themes, ratings) lives in the
//! `mancala-puzzles` crate; this module only stores.

use std::time::SystemTime;

use mancala_solver::Variant;
use rusqlite::{params, OptionalExtension, Row};
use serde::Serialize;

use crate::error::WithPath;
use crate::{DbError, Tablebase};

/// A puzzle to store.
#[derive(Clone, Debug, PartialEq)]
pub struct NewPuzzle {
    /// The variant.
    pub variant: Variant,
    /// The canonical position string, `CAPTURED` included, South to move.
    pub position: String,
    /// The whole solution line, solver's first move first.
    pub solution: Vec<String>,
    /// Theme tags.
    pub themes: Vec<String>,
    /// Initial Glicko-2 rating, deviation and volatility.
    pub rating: f64,
    /// See `rating`.
    pub rating_deviation: f64,
    /// See `rating`.
    pub volatility: f64,
}

/// A stored puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleRow {
    /// The puzzle's id.
    pub id: i64,
    /// The variant id.
    pub variant: String,
    /// The position string.
    pub position: String,
    /// The solution line.
    pub solution: Vec<String>,
    /// Theme tags.
    pub themes: Vec<String>,
    /// Glicko-2 rating.
    pub rating: f64,
    /// Glicko-2 rating deviation.
    pub rating_deviation: f64,
    /// Glicko-2 volatility.
    pub volatility: f64,
    /// Players' votes, -100..100 (0 until votes exist).
    pub popularity: i64,
    /// Attempts recorded.
    pub plays: i64,
}

/// Which puzzles to pick from.
#[derive(Clone, Debug, Default)]
pub struct PuzzleFilter {
    /// Only this variant.
    pub variant: Option<Variant>,
    /// Rating at least this.
    pub min_rating: Option<f64>,
    /// Rating at most this.
    pub max_rating: Option<f64>,
    /// Only puzzles with this theme tag.
    pub theme: Option<String>,
}

const COLUMNS: &str = "id, variant, position, solution, themes, rating, rating_deviation, \
                       volatility, popularity, plays";

fn row(r: &Row<'_>) -> rusqlite::Result<PuzzleRow> {
    let words = |s: String| -> Vec<String> { s.split_whitespace().map(str::to_owned).collect() };
    Ok(PuzzleRow {
        id: r.get(0)?,
        variant: r.get(1)?,
        position: r.get(2)?,
        solution: words(r.get(3)?),
        themes: words(r.get(4)?),
        rating: r.get(5)?,
        rating_deviation: r.get(6)?,
        volatility: r.get(7)?,
        popularity: r.get(8)?,
        plays: r.get(9)?,
    })
}

/// `WHERE` clause and parameters of a filter.
const FILTER: &str = "(?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR rating >= ?2) \
                      AND (?3 IS NULL OR rating <= ?3) \
                      AND (?4 IS NULL OR ' ' || themes || ' ' LIKE '% ' || ?4 || ' %')";

impl Tablebase {
    /// Stores puzzles in one transaction, skipping any whose position is stored already;
    /// returns how many were new.
    pub fn insert_puzzles(&self, puzzles: &[NewPuzzle]) -> Result<usize, DbError> {
        let now = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let mut conn = self.conn();
        let tx = conn.transaction().at(&self.path)?;
        let mut inserted = 0;
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO puzzles (variant, position, solution, themes, rating,
                         rating_deviation, volatility, created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )
                .at(&self.path)?;
            for p in puzzles {
                inserted += stmt
                    .execute(params![
                        p.variant.id(),
                        p.position,
                        p.solution.join(" "),
                        p.themes.join(" "),
                        p.rating,
                        p.rating_deviation,
                        p.volatility,
                        now,
                    ])
                    .at(&self.path)?;
            }
        }
        tx.commit().at(&self.path)?;
        Ok(inserted)
    }

    /// One puzzle by id.
    pub fn puzzle(&self, id: i64) -> Result<Option<PuzzleRow>, DbError> {
        self.conn()
            .query_row(
                &format!("SELECT {COLUMNS} FROM puzzles WHERE id = ?1"),
                [id],
                row,
            )
            .optional()
            .at(&self.path)
    }

    /// Every puzzle, of one variant or all, by id.
    pub fn puzzles(&self, variant: Option<Variant>) -> Result<Vec<PuzzleRow>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {COLUMNS} FROM puzzles WHERE ?1 IS NULL OR variant = ?1 ORDER BY id"
            ))
            .at(&self.path)?;
        let rows = stmt
            .query_map(params![variant.map(|v| v.id())], row)
            .at(&self.path)?;
        rows.collect::<Result<Vec<_>, _>>().at(&self.path)
    }

    /// How many puzzles match a filter.
    pub fn count_puzzles(&self, filter: &PuzzleFilter) -> Result<u64, DbError> {
        let n: i64 = self
            .conn()
            .query_row(
                &format!("SELECT COUNT(*) FROM puzzles WHERE {FILTER}"),
                params![
                    filter.variant.map(|v| v.id()),
                    filter.min_rating,
                    filter.max_rating,
                    filter.theme
                ],
                |r| r.get(0),
            )
            .at(&self.path)?;
        Ok(n as u64)
    }

    /// The `pick`-th puzzle (modulo their number) among those matching a filter, ordered by
    /// id: the caller chooses `pick` at random.
    pub fn pick_puzzle(
        &self,
        filter: &PuzzleFilter,
        pick: u64,
    ) -> Result<Option<PuzzleRow>, DbError> {
        let n = self.count_puzzles(filter)?;
        if n == 0 {
            return Ok(None);
        }
        self.conn()
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE {FILTER} ORDER BY id LIMIT 1 OFFSET ?5"
                ),
                params![
                    filter.variant.map(|v| v.id()),
                    filter.min_rating,
                    filter.max_rating,
                    filter.theme,
                    (pick % n) as i64
                ],
                row,
            )
            .optional()
            .at(&self.path)
    }

    /// Records an attempt and the puzzle's new rating in one transaction.
    pub fn record_attempt(
        &self,
        id: i64,
        moves: &[String],
        solved: bool,
        player_rating: f64,
        new_rating: (f64, f64, f64),
    ) -> Result<(), DbError> {
        let now = humantime::format_rfc3339_seconds(SystemTime::now()).to_string();
        let mut conn = self.conn();
        let tx = conn.transaction().at(&self.path)?;
        tx.execute(
            "INSERT INTO puzzle_attempts (puzzle_id, moves, solved, player_rating, at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![id, moves.join(" "), solved as i64, player_rating, now],
        )
        .at(&self.path)?;
        tx.execute(
            "UPDATE puzzles SET rating = ?2, rating_deviation = ?3, volatility = ?4,
                 plays = plays + 1 WHERE id = ?1",
            params![id, new_rating.0, new_rating.1, new_rating.2],
        )
        .at(&self.path)?;
        tx.commit().at(&self.path)
    }
}

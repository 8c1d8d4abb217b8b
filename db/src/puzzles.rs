//! Puzzle rows: ordinary SQLite rows (queryable with SQL), written by the generator and read and
//! re-rated by the service. The puzzle logic (what a puzzle is, which themes apply, ratings)
//! lives in the `mancala-puzzles` crate; this module stores the records and decodes them once.

mod record;
mod theme;

use std::time::SystemTime;

use mancala_solver::{Move, Position, Variant};
use rusqlite::types::Type;
use rusqlite::{params, OptionalExtension, Row};

pub use record::{Puzzle, PuzzleRating, StoredPuzzle};
pub use theme::{Theme, UnknownTheme};

use crate::error::WithPath;
use crate::{DbError, Tablebase};

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
    pub theme: Option<Theme>,
}

const COLUMNS: &str = "id, variant, position, solution, themes, rating, rating_deviation, \
                       volatility, popularity, plays";

/// Decodes one row of [`COLUMNS`]. A column that does not decode (a row written by hand, or by
/// a future version) is a conversion error naming the column, as rusqlite reports its own.
fn row(r: &Row<'_>) -> rusqlite::Result<StoredPuzzle> {
    let variant: Variant = decoded(r, 1, |s| s.parse())?;
    let position = decoded(r, 2, |s| Position::parse(variant, s))?;
    let solution = decoded(r, 3, |s| {
        s.split_whitespace()
            .map(|m| Move::parse(variant, m))
            .collect::<Result<Vec<_>, _>>()
    })?;
    let themes = decoded(r, 4, |s| {
        s.split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Theme>, _>>()
    })?;
    Ok(StoredPuzzle {
        id: r.get(0)?,
        puzzle: Puzzle {
            position,
            solution,
            themes,
            rating: PuzzleRating {
                rating: r.get(5)?,
                deviation: r.get(6)?,
                volatility: r.get(7)?,
            },
        },
        popularity: r.get(8)?,
        plays: r.get(9)?,
    })
}

/// Reads text column `column` and decodes it with `decode`.
fn decoded<T, E>(
    r: &Row<'_>,
    column: usize,
    decode: impl FnOnce(&str) -> Result<T, E>,
) -> rusqlite::Result<T>
where
    E: std::error::Error + Send + Sync + 'static,
{
    let text: String = r.get(column)?;
    decode(&text)
        .map_err(|e| rusqlite::Error::FromSqlConversionFailure(column, Type::Text, Box::new(e)))
}

/// `WHERE` clause and parameters of a filter.
const FILTER: &str = "(?1 IS NULL OR variant = ?1) AND (?2 IS NULL OR rating >= ?2) \
                      AND (?3 IS NULL OR rating <= ?3) \
                      AND (?4 IS NULL OR ' ' || themes || ' ' LIKE '% ' || ?4 || ' %')";

impl PuzzleFilter {
    /// The parameters `?1`..`?4` of [`FILTER`].
    fn params(
        &self,
    ) -> (
        Option<&'static str>,
        Option<f64>,
        Option<f64>,
        Option<&'static str>,
    ) {
        (
            self.variant.map(Variant::id),
            self.min_rating,
            self.max_rating,
            self.theme.map(Theme::as_str),
        )
    }
}

/// Now, as stored in the `created_at` and `at` columns.
fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

impl Tablebase {
    /// Stores puzzles in one transaction, skipping any whose position is stored already;
    /// returns how many were new.
    pub fn insert_puzzles(&self, puzzles: &[Puzzle]) -> Result<usize, DbError> {
        let now = now();
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
                        p.variant().id(),
                        p.position.to_string(),
                        p.solution_text(),
                        p.themes_text(),
                        p.rating.rating,
                        p.rating.deviation,
                        p.rating.volatility,
                        now,
                    ])
                    .at(&self.path)?;
            }
        }
        tx.commit().at(&self.path)?;
        Ok(inserted)
    }

    /// One puzzle by id.
    pub fn puzzle(&self, id: i64) -> Result<Option<StoredPuzzle>, DbError> {
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
    pub fn puzzles(&self, variant: Option<Variant>) -> Result<Vec<StoredPuzzle>, DbError> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(&format!(
                "SELECT {COLUMNS} FROM puzzles WHERE ?1 IS NULL OR variant = ?1 ORDER BY id"
            ))
            .at(&self.path)?;
        let rows = stmt
            .query_map(params![variant.map(Variant::id)], row)
            .at(&self.path)?;
        rows.collect::<Result<Vec<_>, _>>().at(&self.path)
    }

    /// How many puzzles match a filter.
    pub fn count_puzzles(&self, filter: &PuzzleFilter) -> Result<u64, DbError> {
        let (variant, min, max, theme) = filter.params();
        let n: i64 = self
            .conn()
            .query_row(
                &format!("SELECT COUNT(*) FROM puzzles WHERE {FILTER}"),
                params![variant, min, max, theme],
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
    ) -> Result<Option<StoredPuzzle>, DbError> {
        let n = self.count_puzzles(filter)?;
        if n == 0 {
            return Ok(None);
        }
        let (variant, min, max, theme) = filter.params();
        self.conn()
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE {FILTER} ORDER BY id LIMIT 1 OFFSET ?5"
                ),
                params![variant, min, max, theme, (pick % n) as i64],
                row,
            )
            .optional()
            .at(&self.path)
    }

    /// Records an attempt by a player rated `player_rating` and the puzzle's new rating, in one
    /// transaction.
    pub fn record_attempt(
        &self,
        id: i64,
        moves: &[String],
        solved: bool,
        player_rating: f64,
        new_rating: PuzzleRating,
    ) -> Result<(), DbError> {
        let now = now();
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
            params![
                id,
                new_rating.rating,
                new_rating.deviation,
                new_rating.volatility
            ],
        )
        .at(&self.path)?;
        tx.commit().at(&self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Puzzle {
        let position = Position::parse(Variant::RioKadalis, "0,0,1,0,2,1/1,0,0,3,0,0 S 20-20")
            .expect("a valid position");
        Puzzle {
            position,
            solution: vec![Move::Pit(3), Move::Pit(2), Move::Pit(5)],
            themes: vec![Theme::Short, Theme::Quiet],
            rating: PuzzleRating {
                rating: 1400.0,
                deviation: 350.0,
                volatility: 0.06,
            },
        }
    }

    #[test]
    fn a_puzzle_reads_back_as_stored() {
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("p.db")).unwrap();
        assert_eq!(tb.insert_puzzles(&[puzzle()]).unwrap(), 1);
        let stored = tb.puzzles(None).unwrap();
        assert_eq!(stored.len(), 1);
        assert_eq!(stored[0].puzzle, puzzle());
        assert_eq!((stored[0].plays, stored[0].popularity), (0, 0));
        let by_theme = |theme| PuzzleFilter {
            theme: Some(theme),
            ..PuzzleFilter::default()
        };
        assert_eq!(tb.count_puzzles(&by_theme(Theme::Quiet)).unwrap(), 1);
        assert_eq!(tb.count_puzzles(&by_theme(Theme::Long)).unwrap(), 0);
        let new = PuzzleRating {
            rating: 1300.0,
            ..puzzle().rating
        };
        tb.record_attempt(stored[0].id, &["3".into()], true, 1500.0, new)
            .unwrap();
        let again = tb.puzzle(stored[0].id).unwrap().unwrap();
        assert_eq!((again.puzzle.rating, again.plays), (new, 1));
    }

    #[test]
    fn a_stored_theme_that_is_unknown_is_an_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let tb = Tablebase::open(dir.path().join("p.db")).unwrap();
        tb.insert_puzzles(&[puzzle()]).unwrap();
        tb.conn()
            .execute("UPDATE puzzles SET themes = 'short noSuchTheme'", [])
            .unwrap();
        let err = tb.puzzles(None).unwrap_err().to_string();
        assert!(err.contains("noSuchTheme"), "{err}");
    }
}

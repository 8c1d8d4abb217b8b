//! The puzzles of the two modes that choose for the player: the daily puzzle (one per variant
//! and UTC day, the same for everyone, kept in `daily_puzzles` once chosen) and the next puzzle
//! of a player's streak (the easiest unplayed puzzle rated above the streak's last solved one).

use mancala_solver::Variant;
use rusqlite::{params, OptionalExtension, TransactionBehavior};

use super::{row, Player, PuzzleFilter, StoredPuzzle, COLUMNS, FILTER};
use mancala_db::{DbError, WithPath};

use super::PuzzleStore;

impl PuzzleStore {
    /// The daily puzzle of `variant` on `day` (`YYYY-MM-DD`): the one chosen by the first
    /// request of the day, else the `pick`-th (modulo their number) served puzzle of the
    /// variant, by id, which is then kept for the rest of the day when `keep` (a read-only
    /// server cannot keep it, and passes a `pick` that depends on the day alone instead). `None`
    /// if the variant has no served puzzle.
    pub fn daily_puzzle(
        &self,
        variant: Variant,
        day: &str,
        pick: u64,
        keep: bool,
    ) -> Result<Option<StoredPuzzle>, DbError> {
        let mut conn = self.db.connection();
        let behavior = if keep {
            TransactionBehavior::Immediate
        } else {
            TransactionBehavior::Deferred
        };
        let tx = conn
            .transaction_with_behavior(behavior)
            .at(self.db.path())?;
        let chosen: Option<StoredPuzzle> = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE id =
                         (SELECT puzzle_id FROM daily_puzzles WHERE day = ?1 AND variant = ?2)"
                ),
                params![day, variant.id()],
                row,
            )
            .optional()
            .at(self.db.path())?;
        if chosen.is_some() {
            return Ok(chosen);
        }
        let served: i64 = tx
            .query_row(
                "SELECT COUNT(*) FROM puzzles WHERE variant = ?1 AND retired_at IS NULL",
                [variant.id()],
                |r| r.get(0),
            )
            .at(self.db.path())?;
        if served == 0 {
            return Ok(None);
        }
        let puzzle = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE variant = ?1 AND retired_at IS NULL
                     ORDER BY id LIMIT 1 OFFSET ?2"
                ),
                params![variant.id(), (pick % served as u64) as i64],
                row,
            )
            .at(self.db.path())?;
        if keep {
            tx.execute(
                "INSERT INTO daily_puzzles (day, variant, puzzle_id) VALUES (?1, ?2, ?3)",
                params![day, variant.id(), puzzle.id],
            )
            .at(self.db.path())?;
            tx.commit().at(self.db.path())?;
        }
        Ok(Some(puzzle))
    }

    /// The player's streak puzzle: the one already handed out if the player has not finished it,
    /// else the lowest rated puzzle matching `filter` that the player never tried, rated above
    /// the streak's last solved puzzle (any rating when the streak starts). `None` when no such
    /// puzzle is left.
    pub fn streak_puzzle(
        &self,
        player: &Player,
        filter: &PuzzleFilter,
    ) -> Result<Option<StoredPuzzle>, DbError> {
        let mut conn = self.db.connection();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .at(self.db.path())?;
        let current: Option<StoredPuzzle> = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE id =
                         (SELECT streak_puzzle_id FROM players WHERE id = ?1)"
                ),
                [player.id],
                row,
            )
            .optional()
            .at(self.db.path())?;
        if current.is_some() {
            return Ok(current);
        }
        let floor: Option<f64> = tx
            .query_row(
                "SELECT streak_floor FROM players WHERE id = ?1",
                [player.id],
                |r| r.get(0),
            )
            .at(self.db.path())?;
        let filter = PuzzleFilter {
            unplayed_by: Some(player.id),
            ..filter.clone()
        };
        let (variant, min, max, theme, unplayed, collection) = filter.params();
        let next: Option<StoredPuzzle> = tx
            .query_row(
                &format!(
                    "SELECT {COLUMNS} FROM puzzles WHERE {FILTER}
                     AND (?7 IS NULL OR rating > ?7) ORDER BY rating, id LIMIT 1"
                ),
                params![variant, min, max, theme, unplayed, collection, floor],
                row,
            )
            .optional()
            .at(self.db.path())?;
        if let Some(p) = &next {
            tx.execute(
                "UPDATE players SET streak_puzzle_id = ?2 WHERE id = ?1",
                params![player.id, p.id],
            )
            .at(self.db.path())?;
            tx.commit().at(self.db.path())?;
        }
        Ok(next)
    }
}

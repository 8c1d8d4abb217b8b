//! Recording a finished attempt: one IMMEDIATE transaction reads the ratings, applies the
//! caller's update and writes the result back, so that concurrent attempts (from any number of
//! connections or processes) are applied one after another and none is lost. Only a player's
//! first finished attempt at a puzzle is rated; every attempt is recorded.

use rusqlite::{params, OptionalExtension, TransactionBehavior};

use super::players::{player_row, NEWCOMER, PLAYER_COLUMNS};
use super::{now, Player, PuzzleRating};
use mancala_db::{DbError, WithPath};

use super::PuzzleStore;

/// A finished attempt to record.
#[derive(Clone, Copy, Debug)]
pub struct NewAttempt<'a> {
    /// The puzzle.
    pub puzzle_id: i64,
    /// The player's id, `None` for an attempt without a player (recorded, never rated).
    pub player_id: Option<i64>,
    /// The player's moves.
    pub moves: &'a [String],
    /// Solved (else failed at a wrong move, or given up).
    pub solved: bool,
    /// Ended by showing the solution.
    pub gave_up: bool,
}

/// What recording an attempt did.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedAttempt {
    /// Whether it was rated: the player's first finished attempt at the puzzle.
    pub rated: bool,
    /// The puzzle's rating after the attempt (unchanged unless rated).
    pub puzzle: PuzzleRating,
    /// The player after the attempt (rating, streak), if there was a player.
    pub player: Option<Player>,
}

impl PuzzleStore {
    /// Records a finished attempt in one IMMEDIATE transaction: when it is the player's first
    /// at the puzzle, `rate(puzzle, player)` turns the ratings read inside the transaction
    /// into the new ones, which are written back before it commits. The attempt also ends the
    /// player's streak puzzle if it is this one: solved extends the streak, else it ends.
    pub fn record_attempt(
        &self,
        attempt: &NewAttempt<'_>,
        rate: impl FnOnce(PuzzleRating, PuzzleRating) -> (PuzzleRating, PuzzleRating),
    ) -> Result<RecordedAttempt, DbError> {
        let mut conn = self.db.connection();
        let tx = conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .at(self.db.path())?;
        let puzzle: PuzzleRating = tx
            .query_row(
                "SELECT rating, rating_deviation, volatility FROM puzzles WHERE id = ?1",
                [attempt.puzzle_id],
                |r| {
                    Ok(PuzzleRating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    })
                },
            )
            .at(self.db.path())?;
        let player: Option<(Player, Option<i64>)> = attempt
            .player_id
            .map(|id| {
                tx.query_row(
                    &format!(
                        "SELECT {PLAYER_COLUMNS}, streak_puzzle_id FROM players WHERE id = ?1"
                    ),
                    [id],
                    |r| Ok((player_row(r)?, r.get(6)?)),
                )
            })
            .transpose()
            .at(self.db.path())?;
        let first = match &player {
            Some((p, _)) => tx
                .query_row(
                    "SELECT 1 FROM puzzle_attempts WHERE puzzle_id = ?1 AND player_id = ?2",
                    params![attempt.puzzle_id, p.id],
                    |_| Ok(()),
                )
                .optional()
                .at(self.db.path())?
                .is_none(),
            None => false,
        };
        let player_rating = player.as_ref().map_or(NEWCOMER, |(p, _)| p.rating);
        let (new_puzzle, new_player) = if first {
            rate(puzzle, player_rating)
        } else {
            (puzzle, player_rating)
        };
        tx.execute(
            "INSERT INTO puzzle_attempts (puzzle_id, moves, solved, player_rating, at, player_id,
                 rated, gave_up, rating_before, rating_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                attempt.puzzle_id,
                attempt.moves.join(" "),
                attempt.solved,
                player_rating.rating,
                now(),
                attempt.player_id,
                first,
                attempt.gave_up,
                first.then_some(puzzle.rating),
                first.then_some(new_puzzle.rating),
            ],
        )
        .at(self.db.path())?;
        if first {
            tx.execute(
                "UPDATE puzzles SET rating = ?2, rating_deviation = ?3, volatility = ?4,
                     plays = plays + 1 WHERE id = ?1",
                params![
                    attempt.puzzle_id,
                    new_puzzle.rating,
                    new_puzzle.deviation,
                    new_puzzle.volatility
                ],
            )
            .at(self.db.path())?;
        }
        let player = match player {
            None => None,
            Some((mut p, streak_puzzle)) => {
                if first {
                    p.rating = new_player;
                }
                if streak_puzzle == Some(attempt.puzzle_id) {
                    p.streak = if attempt.solved { p.streak + 1 } else { 0 };
                    p.best_streak = p.best_streak.max(p.streak);
                }
                tx.execute(
                    "UPDATE players SET rating = ?2, rating_deviation = ?3, volatility = ?4,
                         streak = ?5, best_streak = ?6,
                         streak_floor = CASE WHEN streak_puzzle_id = ?7
                             THEN (CASE WHEN ?8 THEN ?9 ELSE NULL END) ELSE streak_floor END,
                         streak_puzzle_id = CASE WHEN streak_puzzle_id = ?7
                             THEN NULL ELSE streak_puzzle_id END
                     WHERE id = ?1",
                    params![
                        p.id,
                        p.rating.rating,
                        p.rating.deviation,
                        p.rating.volatility,
                        p.streak,
                        p.best_streak,
                        attempt.puzzle_id,
                        attempt.solved,
                        puzzle.rating,
                    ],
                )
                .at(self.db.path())?;
                Some(p)
            }
        };
        tx.commit().at(self.db.path())?;
        Ok(RecordedAttempt {
            rated: first,
            puzzle: new_puzzle,
            player,
        })
    }
}

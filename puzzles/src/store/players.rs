//! Players: created on first use with an opaque token the server issues (no password, no
//! personal data), each with a Glicko-2 rating, a streak, and a record of first attempts that
//! [`PlayerSummary`] adds up.

use rusqlite::{params, OptionalExtension, Row};

use super::{now, PuzzleRating, Theme};
use mancala_db::{DbError, WithPath};

use super::PuzzleStore;

/// A new player's rating: Glicko-2's usual start (1500, deviation 350, volatility 0.06). An
/// attempt without a player is recorded as by such a newcomer.
pub const NEWCOMER: PuzzleRating = PuzzleRating {
    rating: 1500.0,
    deviation: 350.0,
    volatility: 0.06,
};

/// A player as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The player's id (never shown: the token identifies the player to the service).
    pub id: i64,
    /// The Glicko-2 rating, moved by first attempts only.
    pub rating: PuzzleRating,
    /// Puzzles solved in a row in the current streak.
    pub streak: i64,
    /// The longest streak so far.
    pub best_streak: i64,
}

/// A player's first attempts at puzzles of one theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeResults {
    /// The theme.
    pub theme: Theme,
    /// Puzzles of that theme solved at the first attempt.
    pub solved: u64,
    /// Puzzles of that theme failed (or given up) at the first attempt.
    pub failed: u64,
}

/// What `GET /api/players/me` shows: the rating, the streaks, and the first attempts.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerSummary {
    /// The player.
    pub player: Player,
    /// Puzzles solved at the first attempt.
    pub solved: u64,
    /// Puzzles failed or given up at the first attempt.
    pub failed: u64,
    /// The same by theme, in the order of [`Theme::ALL`], themes never met left out.
    pub themes: Vec<ThemeResults>,
    /// The player's rating after each first attempt, oldest first, the last 200 of them (the
    /// last is the rating now).
    pub history: Vec<f64>,
}

/// The most points of a player's rating history that [`PlayerSummary`] keeps: enough for a
/// graph, and a bounded answer however long a player plays.
const HISTORY_POINTS: usize = 200;

/// The columns [`player_row`] reads.
pub(super) const PLAYER_COLUMNS: &str =
    "id, rating, rating_deviation, volatility, streak, best_streak";

/// Decodes one row of [`PLAYER_COLUMNS`].
pub(super) fn player_row(r: &Row<'_>) -> rusqlite::Result<Player> {
    Ok(Player {
        id: r.get(0)?,
        rating: PuzzleRating {
            rating: r.get(1)?,
            deviation: r.get(2)?,
            volatility: r.get(3)?,
        },
        streak: r.get(4)?,
        best_streak: r.get(5)?,
    })
}

impl PuzzleStore {
    /// Creates a player with `token` (chosen at random by the caller) and a newcomer's rating.
    pub fn create_player(&self, token: &str) -> Result<Player, DbError> {
        let conn = self.db.connection();
        conn.execute(
            "INSERT INTO players (token, rating, rating_deviation, volatility, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                token,
                NEWCOMER.rating,
                NEWCOMER.deviation,
                NEWCOMER.volatility,
                now()
            ],
        )
        .at(self.db.path())?;
        Ok(Player {
            id: conn.last_insert_rowid(),
            rating: NEWCOMER,
            streak: 0,
            best_streak: 0,
        })
    }

    /// The player with `token`, if there is one.
    pub fn player(&self, token: &str) -> Result<Option<Player>, DbError> {
        self.db
            .connection()
            .query_row(
                &format!("SELECT {PLAYER_COLUMNS} FROM players WHERE token = ?1"),
                [token],
                player_row,
            )
            .optional()
            .at(self.db.path())
    }

    /// The player's dashboard: the rating and streaks, and the first attempts (the rated ones)
    /// added up, in all and by theme.
    pub fn player_summary(&self, player: &Player) -> Result<PlayerSummary, DbError> {
        let conn = self.db.connection();
        let mut stmt = conn
            .prepare(
                "SELECT p.themes, a.solved, a.player_rating FROM puzzle_attempts a JOIN puzzles p
                 ON p.id = a.puzzle_id WHERE a.player_id = ?1 AND a.rated = 1 ORDER BY a.id",
            )
            .at(self.db.path())?;
        let rows = stmt
            .query_map([player.id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, bool>(1)?,
                    r.get::<_, f64>(2)?,
                ))
            })
            .at(self.db.path())?;
        let mut summary = PlayerSummary {
            player: player.clone(),
            solved: 0,
            failed: 0,
            themes: Vec::new(),
            history: Vec::new(),
        };
        // Each first attempt records the player's rating before it, so the rating after one is
        // the rating before the next, and after the last the rating now.
        let mut before = Vec::new();
        let mut by_theme = Theme::ALL.map(|theme| ThemeResults {
            theme,
            solved: 0,
            failed: 0,
        });
        for row in rows {
            let (themes, solved, rating_before) = row.at(self.db.path())?;
            before.push(rating_before);
            *if solved {
                &mut summary.solved
            } else {
                &mut summary.failed
            } += 1;
            for t in themes
                .split_whitespace()
                .filter_map(|t| t.parse::<Theme>().ok())
            {
                let i = Theme::ALL.iter().position(|&x| x == t).expect("in ALL");
                let r = &mut by_theme[i];
                *if solved { &mut r.solved } else { &mut r.failed } += 1;
            }
        }
        summary.themes = by_theme
            .into_iter()
            .filter(|r| r.solved + r.failed > 0)
            .collect();
        if !before.is_empty() {
            before.remove(0);
            before.push(player.rating.rating);
        }
        let skip = before.len().saturating_sub(HISTORY_POINTS);
        summary.history = before.split_off(skip);
        Ok(summary)
    }
}

//! Players as shown: a new player's token (`POST /api/players`), a player's rating and streaks
//! (after each attempt), and the dashboard (`GET /api/players/me`).

use mancala_db::{Player, PlayerSummary};
use serde::Serialize;

/// A player's rating and streaks.
#[derive(Debug, Serialize)]
pub struct PlayerJson {
    /// The Glicko-2 rating, rounded.
    pub rating: f64,
    /// Its deviation, rounded.
    pub rating_deviation: f64,
    /// Puzzles solved in a row in the current streak.
    pub streak: i64,
    /// The longest streak.
    pub best_streak: i64,
}

impl PlayerJson {
    /// The JSON of a player.
    pub fn new(p: &Player) -> PlayerJson {
        PlayerJson {
            rating: p.rating.rating.round(),
            rating_deviation: p.rating.deviation.round(),
            streak: p.streak,
            best_streak: p.best_streak,
        }
    }
}

/// A new player: the token to send as `Authorization: Bearer TOKEN`, and the rating.
#[derive(Debug, Serialize)]
pub struct NewPlayerJson {
    /// The token: the only way to act as this player; keep it.
    pub token: String,
    /// The rating and streaks.
    #[serde(flatten)]
    pub player: PlayerJson,
}

/// First attempts at puzzles of one theme.
#[derive(Debug, Serialize)]
pub struct ThemeResultsJson {
    /// The theme.
    pub theme: &'static str,
    /// Solved at the first attempt.
    pub solved: u64,
    /// Failed or given up at the first attempt.
    pub failed: u64,
}

/// The dashboard of `GET /api/players/me`.
#[derive(Debug, Serialize)]
pub struct DashboardJson {
    /// The rating and streaks.
    #[serde(flatten)]
    pub player: PlayerJson,
    /// Puzzles solved at the first attempt.
    pub solved: u64,
    /// Puzzles failed or given up at the first attempt.
    pub failed: u64,
    /// The same by theme (themes met only).
    pub themes: Vec<ThemeResultsJson>,
}

impl DashboardJson {
    /// The JSON of a player's summary.
    pub fn new(s: &PlayerSummary) -> DashboardJson {
        DashboardJson {
            player: PlayerJson::new(&s.player),
            solved: s.solved,
            failed: s.failed,
            themes: s
                .themes
                .iter()
                .map(|t| ThemeResultsJson {
                    theme: t.theme.as_str(),
                    solved: t.solved,
                    failed: t.failed,
                })
                .collect(),
        }
    }
}

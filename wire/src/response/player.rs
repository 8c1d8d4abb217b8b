//! Players as shown: a new player's token (`POST /api/players`), a player's rating and streaks
//! (after each attempt), and the dashboard (`GET /api/players/me`).

use mancala_puzzles::{Player, PlayerSummary};
use serde::Serialize;
use utoipa::ToSchema;

use crate::words::ThemeWord;

/// A player's rating and streaks.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Player)]
pub struct PlayerJson {
    /// The Glicko-2 rating, rounded.
    pub rating: f64,
    /// Its deviation, rounded.
    pub rating_deviation: f64,
    /// Streak puzzles solved in a row in the current streak.
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
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = NewPlayer)]
pub struct NewPlayerJson {
    /// The token: the only way to act as this player; keep it, and send it as
    /// `Authorization: Bearer TOKEN`.
    pub token: String,
    /// The rating and streaks.
    #[serde(flatten)]
    pub player: PlayerJson,
}

/// First attempts at puzzles of one theme.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ThemeResults)]
pub struct ThemeResultsJson {
    /// The theme.
    #[schema(value_type = ThemeWord)]
    pub theme: &'static str,
    /// Solved at the first attempt.
    pub solved: u64,
    /// Failed or given up at the first attempt.
    pub failed: u64,
}

/// The dashboard of `GET /api/players/me`: rating, streaks, and puzzles solved and failed at
/// the first attempt, in all and by theme.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Dashboard)]
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
    /// The rating after each first attempt, oldest first (the last 200; the last is the
    /// rating now), rounded.
    pub history: Vec<f64>,
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
            history: s.history.iter().map(|r| r.round()).collect(),
        }
    }
}

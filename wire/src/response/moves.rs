//! A position's legal moves and what each does, without the tablebase: `mancala moves --json`.

use mancala_solver::Position;
use serde::Serialize;
use utoipa::ToSchema;

use super::value::Totals;
use crate::words::VariantId;

/// One legal move and what it does.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Move)]
pub struct MoveJson {
    /// The move as written: a pit number or `pass`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The canonical position string after the move.
    pub after: String,
    /// Seeds the move gave each side: captures, and the allocation when it ends the game.
    pub captured: Totals,
    /// The mover moves again.
    pub extra_turn: bool,
    /// The game is over after the move.
    pub ends_game: bool,
    /// The sowing never ends, which loses the game for the mover.
    pub endless: bool,
}

/// A position and its legal moves, without the tablebase: what `mancala moves --json` prints
/// (no route answers it).
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Moves)]
pub struct MovesJson {
    /// The variant id.
    #[schema(value_type = VariantId)]
    pub variant: &'static str,
    /// The canonical position string.
    pub position: String,
    /// The final totals when the game is over in the position, else `null`.
    #[schema(required = true)]
    pub game_over: Option<Totals>,
    /// Every legal move, in pit order.
    pub moves: Vec<MoveJson>,
}

impl MovesJson {
    /// The JSON description of `pos` and its legal moves.
    pub fn new(pos: &Position) -> MovesJson {
        MovesJson {
            variant: pos.variant().id(),
            position: pos.to_string(),
            game_over: pos.game_over().map(Totals::from),
            moves: pos
                .successors()
                .into_iter()
                .map(|played| MoveJson {
                    mv: played.mv.to_string(),
                    after: played.after.to_string(),
                    captured: played.captured.into(),
                    extra_turn: played.extra_turn,
                    ends_game: played.ends_game,
                    endless: played.endless,
                })
                .collect(),
        }
    }
}

//! The result of a whole game for one side: what a player ultimately wants to know of a
//! position (docs/rules.md#values), as opposed to the margin a [`crate::Value`] measures.

use std::fmt;

/// Win, draw or loss, for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameResult {
    /// That side loses.
    Loss,
    /// Neither side wins.
    Draw,
    /// That side wins.
    Win,
}

impl GameResult {
    /// The result of a final margin `mine - theirs`: positive wins, zero draws.
    pub fn of_margin(margin: i64) -> GameResult {
        match margin {
            m if m > 0 => GameResult::Win,
            0 => GameResult::Draw,
            _ => GameResult::Loss,
        }
    }

    /// The same game seen by the other side.
    pub fn flipped(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
        }
    }

    /// `win`, `draw` or `loss`, as the CLI and the API write it.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::Win => "win",
            GameResult::Draw => "draw",
            GameResult::Loss => "loss",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margins_and_perspective() {
        assert_eq!(GameResult::of_margin(3), GameResult::Win);
        assert_eq!(GameResult::of_margin(0), GameResult::Draw);
        assert_eq!(GameResult::of_margin(-1), GameResult::Loss);
        assert_eq!(GameResult::Win.flipped(), GameResult::Loss);
        assert_eq!(GameResult::Draw.flipped(), GameResult::Draw);
        assert!(GameResult::Win > GameResult::Draw && GameResult::Draw > GameResult::Loss);
        assert_eq!(GameResult::Loss.to_string(), "loss");
    }
}

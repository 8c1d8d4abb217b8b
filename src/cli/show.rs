//! `mancala show VARIANT POSITION`: the board drawn as text.

use clap::Args;

use super::args::PositionArgs;
use super::{board_text, print};

/// Draw a position as a board.
///
/// Rows are drawn as in the position string, South at the bottom; next to every row a line of pit
/// labels (`S1` = South's pit 1, `N8` = North's pit 8) stands over or under each count. Below the
/// board: the side to move (or, when the game is over, the final totals and who won), the seeds
/// captured and the seeds each side has on the board.
#[derive(Debug, Args)]
#[command(after_help = "Example: mancala show rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S'")]
pub struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
}

impl ShowArgs {
    /// Reads the position and prints its board, the side to move (or the end of the game with
    /// the final totals) and the seeds captured so far.
    pub fn run(self) -> anyhow::Result<()> {
        let pos = self.position.read()?;
        print(&board_text::render(&pos))?;
        Ok(())
    }
}

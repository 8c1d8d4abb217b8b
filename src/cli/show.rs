//! `mancala show VARIANT POSITION`: the board drawn as text.

use mancala_solver::Variant;

use super::{board_text, parse_position, print};

/// Reads `position` as a position of `variant` and prints its board, the side to move (or the
/// end of the game with the final totals) and the seeds captured so far.
pub fn run(variant: Variant, position: &str) -> anyhow::Result<()> {
    let pos = parse_position(variant, position)?;
    print(&board_text::render(&pos))?;
    Ok(())
}

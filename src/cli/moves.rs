//! `mancala moves VARIANT POSITION [--json]`: every legal move and what it leads to.

use std::fmt::Write as _;

use clap::Args;
use mancala_solver::{Played, Position, Side};
use mancala_wire::response::MovesJson;

use super::args::PositionArgs;
use super::json_help::json_help;
use super::{board_text, print, side_name};

/// List every legal move of a position and what it leads to.
///
/// For each move: the position after it, the seeds it gives each side (captures, and the seeds
/// allocated when it ends the game), and whether it gives an extra turn, ends the game or is an
/// endless sowing (which loses). A position in which the game is over has no moves; its final
/// totals are given instead.
#[derive(Debug, Args)]
#[command(after_help = format!(
    "{}\n\nExample: mancala moves rio-kadalis '4,4,4,4,4,4/4,4,4,4,4,4 S' --json",
    json_help("Moves", None)
))]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print one JSON object instead of a table, of the schema `Moves` (see below).
    ///
    /// Positions are canonical strings (spaces, CAPTURED left out when 0-0).
    #[arg(long)]
    json: bool,
}

impl MovesArgs {
    /// Reads the position and prints its legal moves: a table, or with `--json` one JSON object
    /// ([`MovesJson`]) on one line.
    pub fn run(self) -> anyhow::Result<()> {
        let pos = self.position.read()?;
        let text = if self.json {
            let mut text = serde_json::to_string(&MovesJson::new(&pos))?;
            text.push('\n');
            text
        } else {
            table(&pos)
        };
        print(&text)?;
        Ok(())
    }
}

/// What a played move did, in words: seeds gained, extra turn, end of the game. Empty for a
/// quiet move.
pub fn effects(mover: Side, played: &Played) -> Vec<String> {
    let mut notes = Vec::new();
    if played.endless {
        notes.push(format!("endless sowing: {} loses", side_name(mover)));
    }
    for side in [Side::South, Side::North] {
        let seeds = played.captured[side];
        if seeds > 0 {
            notes.push(format!("{} +{seeds}", side_name(side)));
        }
    }
    if played.extra_turn {
        notes.push(format!("extra turn for {}", side_name(mover)));
    }
    if played.ends_game && !played.endless {
        notes.push("ends the game".to_owned());
    }
    notes
}

/// The text output: a heading, then one row per legal move (move, seeds gained, position after,
/// notes), or the end of the game.
pub fn table(pos: &Position) -> String {
    let mut out = format!(
        "{} ({})  {}\n",
        pos.variant().name(),
        pos.variant().id(),
        pos
    );
    if let Some(totals) = pos.game_over() {
        out.push_str("No legal moves. ");
        out.push_str(&board_text::game_over_line(pos, totals));
        out.push('\n');
        return out;
    }
    let successors = pos.successors();
    let count = successors.len();
    let _ = writeln!(
        out,
        "{} to move: {count} legal move{}\n",
        side_name(pos.side()),
        if count == 1 { "" } else { "s" }
    );
    let rows: Vec<[String; 3]> = successors
        .iter()
        .map(|played| {
            [
                played.mv.to_string(),
                played.after.to_string(),
                effects(pos.side(), played).join(", "),
            ]
        })
        .collect();
    let move_width = rows.iter().map(|r| r[0].len()).max().unwrap_or(0).max(4);
    let after_width = rows.iter().map(|r| r[1].len()).max().unwrap_or(0).max(5);
    let mut line = |cells: [&str; 3]| {
        let text = format!(
            "{:<move_width$}  {:<after_width$}  {}",
            cells[0], cells[1], cells[2]
        );
        out.push_str(text.trim_end());
        out.push('\n');
    };
    line(["move", "after", "notes"]);
    for row in &rows {
        line([&row[0], &row[1], &row[2]]);
    }
    out
}

//! `mancala mainline VARIANT POSITION [--json] [--budget NODES] [--time SECONDS]`: the line of
//! best play from a position, by search until the tablebase takes over and perfect play from
//! there; the same line as `GET /api/{variant}/mainline`.

use std::fmt::Write as _;

use anyhow::Result;
use clap::Args;
use mancala_eval::line::{Line, LineEnd, MAX_LINE_PLIES};
use mancala_eval::PLY_BUDGET;
use mancala_wire::response::MainlineJson;

use super::args::PositionArgs;
use super::json_help::json_help;
use super::search_args::{budget_text, with_spinner, SearchingArgs};
use super::text;
use super::value_text::describe_bounded;
use super::{print, side_name};

/// The line of best play from a position to the end of the game.
///
/// Each step plays the best move: from the tablebase where it holds the position (perfect play),
/// else the best move of a search within the budget (each position its own search), whose value
/// is marked `~` when it is an estimate. From a position whose value is exact (proven by a search
/// or the opening book), each position is searched until its value and a move that keeps it are
/// proven, so that every ply keeps the start's value; where none is proven within the budget the
/// line goes on with estimates, and says from which ply. A line that repeats a position (endless
/// play) stops there; a line that stays outside the tablebase stops after 200 searched plies.
#[derive(Debug, Args)]
#[command(after_help = format!(
    "{}\n\nExample: mancala mainline rio-kadalis '0,0,1,0,2,1/1,0,0,3,0,0 S'",
    json_help("Mainline", Some("GET /api/{variant}/mainline"))
))]
pub struct MainlineArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    searching: SearchingArgs,
}

impl MainlineArgs {
    /// Follows the line (the default budget is the API's for each position of a line, a
    /// million nodes) and prints it.
    pub fn run(self) -> Result<()> {
        let MainlineArgs {
            position,
            searching,
        } = self;
        let json = searching.json;
        let pos = position.read()?;
        let budget = searching.budget.budget(PLY_BUDGET.nodes);
        let evaluator = searching.evaluator(budget)?;
        let line = with_spinner(
            format!(
                "following the line, a search of at most {} a position",
                budget_text(budget)
            ),
            || evaluator.main_line(&pos, MAX_LINE_PLIES, budget),
        )?;
        if json {
            let mut text = serde_json::to_string(&MainlineJson::new(&line))?;
            text.push('\n');
            return Ok(print(&text)?);
        }
        Ok(print(&text(&line)?)?)
    }
}

/// The line as text: one line a ply, then why it stops and where the tablebase took over.
fn text(line: &Line) -> Result<String> {
    let variant = line.start.variant();
    let scoring = variant.scoring();
    let mut out = String::new();
    writeln!(out, "{} ({})  {}", variant.name(), variant.id(), line.start)?;
    writeln!(
        out,
        "{} to move: {}.",
        side_name(line.start.side()),
        describe_bounded(scoring, line.value, line.exact, line.bounds)
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:>4}  {:<5}  {:>4}  {:<30} position after",
        "ply", "side", "move", "value (for the mover)"
    )?;
    let mut mover = line.start.side();
    for (i, step) in line.steps.iter().enumerate() {
        writeln!(
            out,
            "  {:>4}  {:<5}  {:>4}  {:<30} {}",
            i + 1,
            side_name(mover),
            step.played.mv.to_string(),
            describe_bounded(scoring, step.value, step.exact, step.bounds),
            step.played.after
        )?;
        mover = step.played.after.side();
    }
    writeln!(out)?;
    match &line.end {
        LineEnd::GameOver { totals, .. } => writeln!(
            out,
            "Game over: final totals South {}, North {}.",
            totals.south, totals.north
        )?,
        LineEnd::Repetition { first_seen, .. } => writeln!(
            out,
            "The last position repeats the one after ply {first_seen}: endless play from there."
        )?,
        LineEnd::Limit { plies } => writeln!(out, "Cut after {}.", text::plies(*plies as u64))?,
    }
    let proof = match line.estimates_from() {
        None => "every ply before is proven (searched until exact)".to_string(),
        Some(1) => "the plies before are a search's best moves (~: estimates)".to_string(),
        Some(ply) => format!(
            "the plies before {ply} are proven (searched until exact), from ply {ply} on a \
             search's best moves (~: estimates)"
        ),
    };
    match line.tablebase_from {
        Some(0) => writeln!(out, "Every position is in the tablebase: perfect play.")?,
        Some(i) => writeln!(out, "The tablebase takes over after ply {i}; {proof}.")?,
        None => writeln!(out, "The line does not reach the tablebase; {proof}.")?,
    }
    Ok(out)
}

//! `mancala eval VARIANT POSITION [--json] [--budget NODES]`: the solved value of a position and
//! of every legal move, best first. Kalah positions outside the solved slices are evaluated by
//! an exact search instead, within a budget of nodes.

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_api::response::EvaluationJson;
use mancala_db::Source;
use mancala_solver::engine::{Budget, Limit};
use mancala_solver::{GameResult, Scoring, Value};

use super::args::{DbPath, PositionArgs};
use super::text::thousands;
use super::{print, side_name, tablebase};

/// The perfect-play value of a position and of every legal move, best first.
///
/// Values are from the side to move: in score variants the seeds still to be won minus those
/// still to be lost with perfect play (0: even, also what endless play is worth); in Hawalis and
/// Bao la Kiarabu win, draw or loss. The depth is the number of plies to the next capture or the
/// end of the game when the side ahead hurries and the side behind delays. A move's value is what
/// the mover gets by playing it. The game's result also counts the seeds already captured (the
/// position's CAPTURED field).
#[derive(Debug, Args)]
#[command(after_help = "\
JSON (--json): {\"variant\", \"position\", \"side\", \"game_over\": null | {\"south\", \"north\"},
  \"value\": {\"score\" | \"result\", \"depth\"}, \"outcome\": \"win\" | \"draw\" | \"loss\",
  \"moves\": [{\"move\", \"after\", \"value\": {...}, \"best\"}]}

Kalah positions with more seeds than the solved slices are evaluated by an exact search instead
(`\"source\": \"search\"` in the JSON; no depths), within --budget nodes.

Example: mancala eval rio-kadalis '0,0,1,0,2,1/1,0,0,3,0,0 S'
         mancala eval kalah '4,4,4,4,4,4/4,4,4,4,4,4 S' --budget 1000000000")]
pub struct EvalArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Kalah only: when the position is outside the solved slices, its value is found by an
    /// exact search (probing the tablebase at its leaves) of at most this many nodes, with
    /// progress on standard error. A position too hard for the budget is an error that says so.
    #[arg(long, value_name = "NODES", default_value_t = DEFAULT_BUDGET)]
    budget: u64,
    #[command(flatten)]
    db: DbPath,
}

/// The default `--budget`: nodes the Kalah search may visit (tens of seconds).
const DEFAULT_BUDGET: u64 = 100_000_000;

impl EvalArgs {
    /// Evaluates the position from the tablebase (Kalah: by search where the tablebase has no
    /// value, within `--budget` nodes) and prints the result.
    pub fn run(self) -> Result<()> {
        let EvalArgs {
            position,
            json,
            budget,
            db,
        } = self;
        let pos = position.read()?;
        let variant = position.variant;
        let tb = tablebase::open_existing(&db.path)?;
        let (e, source) = search_with_spinner(&tb, &pos, budget)?;
        if json {
            let mut line = serde_json::to_string(&EvaluationJson::with_source(&e, &source))?;
            line.push('\n');
            return Ok(print(&line)?);
        }
        let scoring = variant.scoring();
        let mut out = String::new();
        writeln!(out, "{} ({})  {}", variant.name(), variant.id(), pos)?;
        let mover = side_name(pos.side());
        match e.game_over {
            Some(t) => writeln!(
                out,
                "Game over: final totals South {}, North {}.",
                t.south, t.north
            )?,
            None => writeln!(out, "{mover} to move: {}.", describe(scoring, e.value))?,
        }
        writeln!(
            out,
            "With perfect play {mover} {} the game (captured so far: South {}, North {}).",
            match e.result {
                GameResult::Win => "wins",
                GameResult::Draw => "draws",
                GameResult::Loss => "loses",
            },
            pos.captured().south,
            pos.captured().north,
        )?;
        if !e.moves.is_empty() {
            writeln!(out)?;
            writeln!(out, "  move  value                      after")?;
            for m in &e.moves {
                writeln!(
                    out,
                    "  {:>4}  {:<24} {} {}",
                    m.played.mv.to_string(),
                    describe(scoring, m.value),
                    if m.best { "*" } else { " " },
                    m.played.after
                )?;
            }
            if source == Source::Tablebase {
                writeln!(
                out,
                "\n  * best: keeps the value, ahead by the shortest way, behind by the longest."
            )?;
            } else {
                writeln!(out, "\n  * best: keeps the value.")?;
            }
        }
        if let Source::Search(r) = source {
            writeln!(
                out,
                "\nFrom a search, not the tablebase: {} to {} plies, {} nodes in {:.1} s{}. \
                 Values marked ~ are estimates; the search computes no depths.",
                if r.exact { "exact" } else { "an estimate" },
                r.depth,
                thousands(r.nodes),
                r.elapsed.as_secs_f64(),
                match r.stopped_by {
                    Some(Limit::Nodes) =>
                        format!(" (stopped by the budget of {} nodes)", thousands(budget)),
                    Some(Limit::Time) => " (stopped by the time limit)".to_owned(),
                    None => String::new(),
                }
            )?;
        }
        Ok(print(&out)?)
    }
}

/// Evaluates a position from the tablebase, or by search when the tablebase does not hold it,
/// with a spinner on standard error while the search runs.
fn search_with_spinner(
    tb: &mancala_db::Tablebase,
    pos: &mancala_solver::Position,
    budget: u64,
) -> Result<(mancala_db::Evaluation, Source)> {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("valid template"),
    );
    bar.set_message(format!(
        "searching (not in the tablebase), at most {} nodes",
        thousands(budget)
    ));
    bar.enable_steady_tick(Duration::from_millis(200));
    let result = tb.evaluate_any(pos, Budget::nodes(budget));
    bar.finish_and_clear();
    Ok(result?)
}

/// `score +4, depth 7` or `win in 9` style text for a value.
fn describe(scoring: Scoring, v: Value) -> String {
    let depth = v.depth.map(|d| format!(", depth {d}")).unwrap_or_default();
    match scoring {
        Scoring::Score if v.score == 0 => "score 0 (even)".to_owned(),
        Scoring::Score => format!("score {:+}{depth}", v.score),
        Scoring::WinDrawLoss => format!("{}{depth}", GameResult::of_margin(v.score.into())),
    }
}

//! `mancala analyse VARIANT MOVE... [--from POSITION] [--json] [--budget NODES] [--time SECONDS]`:
//! a whole game judged move by move, from the tablebase where it holds the positions and by
//! search before that.

use std::fmt::Write as _;

use anyhow::{Context as _, Result};
use clap::Args;
use mancala_eval::analyse::{AnalyseError, Analysis, Verdict};
use mancala_eval::PLY_BUDGET;
use mancala_solver::{MoveError, Position, Side, Variant};
use mancala_wire::response::AnalysisJson;

use super::args::variant_parser;
use super::json_help::json_help;
use super::search_args::{budget_text, with_spinner, SearchingArgs};
use super::value_text::describe_marked;
use super::{print, side_name, BadInput};

/// Analyse a whole game: every move's value before, the best value, the loss and a verdict.
///
/// Starts from the variant's start position, or from --from. Each position is valued from the
/// tablebase when it holds it (exact), else by a search within the budget (each position its own
/// search): exact where the search proves it, an estimate marked `~` where not. Verdicts by the
/// loss (the best value minus the value the move kept, for the mover): score variants 1-2 seeds
/// an inaccuracy, 3-5 a mistake, 6 or more a blunder; throwing away a won game is always a
/// blunder, a drawn game lost at least a mistake. The summary counts the verdicts of each side
/// and says from which move on the tablebase holds the game.
#[derive(Debug, Args)]
#[command(
    allow_negative_numbers = true,
    after_help = after_help()
)]
pub struct AnalyseArgs {
    /// The variant id (`mancala variants` lists them).
    #[arg(value_parser = variant_parser())]
    variant: Variant,
    /// The moves, in order: the mover's pit numbers, or `pass` (as for `mancala play`).
    ///
    /// One move per argument, or several in one argument separated by spaces.
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
    /// The position to start from, instead of the variant's start position.
    #[arg(long, value_name = "POSITION", allow_hyphen_values = true)]
    from: Option<String>,
    #[command(flatten)]
    searching: SearchingArgs,
}

impl AnalyseArgs {
    /// Analyses the record (the default budget is the API's for each position of a game, a
    /// million nodes) and prints the table of moves and the summary, or the JSON.
    pub fn run(self) -> Result<()> {
        let AnalyseArgs {
            variant,
            moves,
            from,
            searching,
        } = self;
        let json = searching.json;
        let start = match from.as_deref() {
            Some(text) => Position::parse(variant, text).context("--from")?,
            None => Position::start(variant),
        };
        let record: Vec<&str> = moves.iter().flat_map(|a| a.split_whitespace()).collect();
        let budget = searching.budget.budget(PLY_BUDGET.nodes);
        let evaluator = searching.evaluator(budget)?;
        let analysis = with_spinner(
            format!(
                "analysing {} moves, a search of at most {} a position",
                record.len(),
                budget_text(budget)
            ),
            || evaluator.analyse(&start, &record, budget),
        )
        .map_err(|e| refusal(e, &record))?;
        if json {
            let mut line = serde_json::to_string(&AnalysisJson::new(&analysis))?;
            line.push('\n');
            return Ok(print(&line)?);
        }
        Ok(print(&text(&analysis)?)?)
    }
}

/// The help after the options: the `--json` output's schema, and examples.
fn after_help() -> String {
    format!(
        "{}\n\n\
         Example: mancala analyse rio-kadalis 1 4 2 6\n         \
         mancala analyse oware '3 6 2 5' --budget 100000",
        json_help("Analysis", Some("POST /api/{variant}/analyse"))
    )
}

/// A record that cannot be analysed: a bad move is [`BadInput`] naming its number and text (as
/// `mancala play` does); anything else as it is.
fn refusal(e: AnalyseError, record: &[&str]) -> anyhow::Error {
    match e {
        AnalyseError::Move {
            index,
            position,
            error,
        } => {
            let what = match error {
                MoveError::Illegal { legal, .. } if legal.is_empty() => {
                    "the game is over".to_owned()
                }
                error => error.to_string(),
            };
            BadInput(format!(
                "move {} (`{}`, {} to move in `{position}`): {what}",
                index + 1,
                record[index],
                side_name(position.side())
            ))
            .into()
        }
        AnalyseError::Eval(e) => e.into(),
    }
}

/// The analysis as text: one line a move, the verdicts of each side, where the tablebase took
/// over, and how the record ends.
fn text(a: &Analysis) -> Result<String> {
    let variant = a.start.variant();
    let scoring = variant.scoring();
    let mut out = String::new();
    writeln!(
        out,
        "{} ({})  from {}",
        variant.name(),
        variant.id(),
        a.start
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "  {:>3}  side  {:>4}  {:<18} {:<18} {:<18} {:>4}  verdict",
        "#", "move", "value before", "best value", "value kept", "loss"
    )?;
    for m in &a.moves {
        let before_exact = m.before.source.is_exact();
        let best_exact = m.before.moves.first().is_none_or(|b| b.exact);
        writeln!(
            out,
            "  {:>3}  {:<4}  {:>4}  {:<18} {:<18} {:<18} {:>4}  {}{}",
            m.index + 1,
            m.before.position.side().letter(),
            m.played.played.mv.to_string(),
            describe_marked(scoring, m.before.value, before_exact),
            describe_marked(scoring, m.best, best_exact),
            describe_marked(scoring, m.played.value, m.played.exact),
            m.loss,
            m.verdict,
            if m.exact { "" } else { " ~" },
        )?;
    }
    writeln!(out)?;
    for side in [Side::South, Side::North] {
        let counts: Vec<String> = Verdict::ALL
            .iter()
            .map(|v| {
                let n = a
                    .moves
                    .iter()
                    .filter(|m| m.before.position.side() == side && m.verdict == *v)
                    .count();
                format!("{v} {n}")
            })
            .collect();
        writeln!(out, "{}: {}.", side_name(side), counts.join(", "))?;
    }
    let estimated = a.moves.iter().filter(|m| !m.exact).count();
    writeln!(out, "{}", takeover(a))?;
    if estimated > 0 {
        writeln!(
            out,
            "{estimated} of {} verdicts rest on a search's estimates (marked ~).",
            a.moves.len()
        )?;
    }
    match a.game_over {
        Some(t) => writeln!(
            out,
            "Game over after the last move: final totals South {}, North {}.",
            t.south, t.north
        )?,
        None => writeln!(out, "After the last move: {}", a.end)?,
    }
    Ok(out)
}

/// Where the tablebase took over, in a sentence.
fn takeover(a: &Analysis) -> String {
    match a.tablebase_from {
        None => "The tablebase does not hold the end of the game: values are from searches, \
                 except at the positions it holds."
            .to_owned(),
        Some(0) => {
            "The tablebase holds every position of the game: every value is exact.".to_owned()
        }
        Some(i) if i == a.moves.len() => format!(
            "The tablebase holds only the position after the last move; moves 1 to {i} were \
             searched."
        ),
        Some(i) => format!(
            "The tablebase took over at move {}: it holds every position from there on; moves 1 \
             to {i} were searched.",
            i + 1
        ),
    }
}

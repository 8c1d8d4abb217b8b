//! `mancala eval VARIANT POSITION [--json] [--budget NODES] [--time SECONDS]`: the value of any
//! legal position and of every legal move, best first: from the tablebase where it holds the
//! position, else by a search (exact where it can prove it, an estimate marked `~` where not).

use std::fmt::Write as _;

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};
use clap::Args;
use mancala_eval::prove::ProofOptions;
use mancala_eval::{Evaluation, Evaluator, Origin, Source, SEARCH_BUDGET};
use mancala_solver::engine::{Budget, Limit};
use mancala_solver::{GameResult, Position};
use mancala_wire::response::EvaluationJson;

use super::args::PositionArgs;
use super::json_help::json_help;
use super::prove::{proof_error, write_certificate};
use super::search_args::{budget_text, with_spinner, SearchingArgs};
use super::text::{plies, thousands};
use super::value_text::{describe_bounded, describe_bounds, describe_marked};
use super::{print, side_name};

/// The value of any position and of every legal move, best first.
///
/// Values are from the side to move: in score variants the seeds still to be won minus those
/// still to be lost with perfect play (0: even, also what endless play is worth); in Hawalis and
/// Bao la Kiarabu win, draw or loss. The depth is the number of plies to the next capture or the
/// end of the game when the side ahead hurries and the side behind delays. A move's value is what
/// the mover gets by playing it. The game's result also counts the seeds already captured (the
/// position's CAPTURED field).
///
/// Positions the tablebase does not hold (more seeds than it was solved to) are searched, with
/// the tablebase's positions as exact leaves: a value the search proves is exact (the value a
/// larger tablebase would give, without a depth); one it cannot prove within the budget is an
/// estimate, marked `~`, from a heuristic at the search's frontier (seeds captured plus an
/// evaluation of the board), with in brackets what the search did prove of it (`[+1 to +5]`,
/// `[at least a draw]`): facts, whatever the estimate.
#[derive(Debug, Args)]
#[command(after_help = after_help())]
pub struct EvalArgs {
    #[command(flatten)]
    position: PositionArgs,
    #[command(flatten)]
    searching: SearchingArgs,
    /// Also write a certificate that the value is exact to FILE (docs/proofs.md), for
    /// `mancala proof check` or any other checker: the evaluation is printed first, then the
    /// certificate is made (an answer that is only an estimate is an error: raise --budget).
    #[arg(long, value_name = "FILE")]
    certify: Option<PathBuf>,
}

impl EvalArgs {
    /// Evaluates the position (from the tablebase, else by a search within the budget; the
    /// default is the API's, ten million nodes) and prints the result.
    pub fn run(self) -> Result<()> {
        let EvalArgs {
            position,
            searching,
            certify,
        } = self;
        let pos = position.read()?;
        let budget = searching.budget.budget(SEARCH_BUDGET.nodes);
        let evaluator = searching.evaluator(budget)?;
        let e = with_spinner(
            format!("evaluating, a search of at most {}", budget_text(budget)),
            || evaluator.evaluate(&pos, budget),
        )?;
        if searching.json {
            let mut line = serde_json::to_string(&EvaluationJson::with_source(&e, &e.source))?;
            line.push('\n');
            print(&line)?;
        } else {
            print(&evaluation_text(&pos, &e, budget)?)?;
        }
        match certify {
            None => Ok(()),
            Some(out) => certify_into(&evaluator, &pos, &e, budget, &out, &searching.db.path),
        }
    }
}

/// Writes the certificate of `e`, the exact evaluation of `pos` within `budget`, to `out`: the
/// proof's searches within the same budget, its leaves the tablebase `db`.
fn certify_into(
    evaluator: &Evaluator,
    pos: &Position,
    e: &Evaluation,
    budget: Budget,
    out: &Path,
    db: &Path,
) -> Result<()> {
    if !e.source.is_exact() && e.game_over.is_none() {
        bail!(
            "no certificate written: the value of {pos} is an estimate, not proven exact by a \
             search of {} nodes; raise --budget until it is exact",
            thousands(budget.nodes)
        );
    }
    let options = ProofOptions::within(budget);
    let certificate = with_spinner("certifying".to_owned(), || {
        evaluator.prove(pos, options, &mut |_| {})
    })
    .map_err(proof_error)?;
    write_certificate(&certificate, out, db)
}

/// The evaluation `e` of `pos` (searched within `budget`) as text.
fn evaluation_text(pos: &Position, e: &Evaluation, budget: Budget) -> Result<String> {
    let variant = pos.variant();
    let source = e.source;
    let scoring = variant.scoring();
    let exact = source.is_exact();
    let mut out = String::new();
    writeln!(out, "{} ({})  {}", variant.name(), variant.id(), pos)?;
    let mover = side_name(pos.side());
    match (e.game_over, source) {
        (Some(t), _) => writeln!(
            out,
            "Game over: final totals South {}, North {}.",
            t.south, t.north
        )?,
        (None, Source::Search(r)) if !r.exact => writeln!(
            out,
            "{mover} to move: {}, an estimate from a search {} deep{}.",
            describe_marked(scoring, e.value, false),
            plies(r.depth),
            describe_bounds(scoring, e.bounds)
                .map(|range| format!("; proven: {range}"))
                .unwrap_or_default()
        )?,
        (None, _) => writeln!(
            out,
            "{mover} to move: {}.",
            describe_marked(scoring, e.value, true)
        )?,
    }
    writeln!(
        out,
        "With {} play {mover} {} the game (captured so far: South {}, North {}).",
        if exact { "perfect" } else { "the searched" },
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
        writeln!(out, "  move  value                          after")?;
        for m in &e.moves {
            writeln!(
                out,
                "  {:>4}  {:<28} {} {}",
                m.played.mv.to_string(),
                describe_bounded(scoring, m.value, m.exact, m.bounds),
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
    match source {
        Source::Search(r) => writeln!(out, "\n{}", search_note(r, budget))?,
        Source::Tablebase => writeln!(
            out,
            "\nFrom the tablebase: perfect play, every value exact with its depth."
        )?,
    }
    Ok(out)
}

/// The help after the options: the `--json` output's schema, and examples.
fn after_help() -> String {
    format!(
        "{}\n\n\
         Example: mancala eval rio-kadalis '0,0,1,0,2,1/1,0,0,3,0,0 S'\n         \
         mancala eval oware '4,4,4,4,4,4/4,4,4,4,4,4 S' --budget 50000000",
        json_help("Evaluation", Some("GET /api/{variant}"))
    )
}

/// What a search did, in a sentence.
fn search_note(r: mancala_eval::SearchReport, budget: Budget) -> String {
    let stopped = match r.stopped_by {
        Some(Limit::Nodes) if r.kept() => " (stopped by its node budget)".to_owned(),
        Some(Limit::Nodes) => format!(
            " (stopped by the budget of {} nodes; raise it with --budget)",
            thousands(budget.nodes)
        ),
        Some(Limit::Time) => " (stopped by the time limit; raise it with --time)".to_owned(),
        None => String::new(),
    };
    let from = match r.origin {
        Origin::Searched => "From a search, not the tablebase",
        Origin::Kept => "From an earlier search of this board, kept in the file",
        Origin::Book => "From the opening book (`mancala book build`)",
    };
    format!(
        "{from}: {} after {}, {} nodes in {:.1} s{stopped}. \
         Values marked ~ are estimates, with in brackets what the search proved of them; \
         the search computes no depths.",
        if r.exact { "exact" } else { "an estimate" },
        plies(r.depth),
        thousands(r.nodes),
        r.elapsed.as_secs_f64(),
    )
}

//! `mancala book build VARIANT|all [--plies K] [--budget NODES] [--minutes M]`: the opening
//! book, every position within the first plies of a start searched with a large budget and
//! stored in the tablebase file, so that the first questions of a game are answered at once
//! (`"source": "book"`).

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_db::{Database, Tablebase};
use mancala_eval::book::{BookProgress, BookReport};
use mancala_eval::{Evaluator, SearchSettings, SEARCH_BUDGET};
use mancala_solver::engine::Budget;
use mancala_solver::Variant;

use super::args::{DbPath, Target};
use super::default_sizes::default_book_plies;
use super::search_args::budget_text;
use super::text::thousands;

/// The opening book: build or deepen it.
#[derive(Debug, Subcommand)]
pub enum BookCommand {
    Build(BuildArgs),
}

impl BookCommand {
    /// Runs the subcommand.
    pub fn run(self) -> Result<()> {
        match self {
            BookCommand::Build(args) => args.run(),
        }
    }
}

/// Build or deepen the opening book of a variant (or of all): every position within the first
/// plies of its start that the tablebase does not hold, searched with a large budget and stored
/// in the tablebase file, so that `eval`, the service and the page answer the opening at once
/// (marked `"source": "book"`).
///
/// Resumable: a position whose stored answer already covers the budget is not searched again,
/// so a build stopped (Ctrl-C, or --minutes) goes on where it stopped, and a larger --budget or
/// --plies deepens the book. A book is built over the slices the file holds: after solving more,
/// build it again (its answers are not used over other slices, but for proven ones).
#[derive(Debug, Args)]
#[command(after_help = after_help())]
pub struct BuildArgs {
    /// The variant id, or `all`.
    #[arg(value_parser = Target::parse, value_name = "VARIANT|all")]
    target: Target,
    /// Plies from the start the book covers [default: per variant, see below].
    #[arg(long, value_name = "K")]
    plies: Option<u32>,
    /// The most nodes each position's search visits (no time limit, so that the book is the
    /// same from machine to machine). About two million nodes a second.
    #[arg(long, value_name = "NODES", default_value_t = SEARCH_BUDGET.nodes)]
    budget: u64,
    /// Stop starting searches after this many minutes (for all the variants together); what is
    /// left is built by the next run.
    #[arg(long, value_name = "M")]
    minutes: Option<f64>,
    /// Search threads [default: every core].
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    #[command(flatten)]
    db: DbPath,
}

/// The text after the options: the default plies and an example.
fn after_help() -> String {
    let plies: Vec<String> = Variant::ALL
        .iter()
        .map(|&v| format!("{} {}", v.id(), default_book_plies(v)))
        .collect();
    format!(
        "Default plies: {}.\n\nExamples:\n  mancala book build all\n  mancala book build oware \
         --plies 3 --budget 20000000",
        plies.join(", ")
    )
}

impl BuildArgs {
    /// Builds the book of each variant named, with a progress bar and a line per variant.
    pub fn run(self) -> Result<()> {
        let budget = Budget::nodes(self.budget.max(1));
        let until = self.minutes.map(|m| {
            Instant::now() + Duration::try_from_secs_f64(m.max(0.0) * 60.0).unwrap_or(Duration::MAX)
        });
        let threads = self
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1);
        let evaluator = open_evaluator(&self.db.path, budget, threads)?;
        for variant in self.target.variants() {
            let plies = self.plies.unwrap_or_else(|| default_book_plies(variant));
            let report = build_one(&evaluator, variant, plies, budget, until, true)?;
            eprintln!("{}", report_line(variant, plies, budget, &report));
        }
        Ok(())
    }
}

/// An evaluator over the file at `db` that writes its answers there, searching on `threads`
/// threads within `budget`.
pub fn open_evaluator(db: &Path, budget: Budget, threads: usize) -> Result<Evaluator> {
    if !db.exists() {
        anyhow::bail!(
            "no tablebase at {path}: a book is searched over a tablebase; build one first with \
             `mancala solve all --db {path}`",
            path = db.display()
        );
    }
    // The writing handle first: it brings the schema up to date, which the reader checks.
    let writer = Database::open(db)?;
    let tb = Tablebase::open_read_only(db)?;
    let settings = SearchSettings {
        threads,
        queue: 0,
        cap: budget,
    };
    Ok(Evaluator::new(Arc::new(tb), settings)?.writing_answers_to(Arc::new(writer)))
}

/// Builds the book of `variant`, drawing a progress bar on standard error when `bar` is set.
pub fn build_one(
    evaluator: &Evaluator,
    variant: Variant,
    plies: u32,
    budget: Budget,
    until: Option<Instant>,
    bar: bool,
) -> Result<BookReport> {
    let progress = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if !bar {
        progress.set_draw_target(ProgressDrawTarget::hidden());
    }
    progress.set_style(
        ProgressStyle::with_template(
            "{prefix} book: {bar:30} {pos}/{len} positions, {elapsed} (about {eta} left)",
        )
        .expect("a valid template"),
    );
    progress.set_prefix(variant.id());
    progress.enable_steady_tick(Duration::from_millis(500));
    let on_progress = |p: BookProgress| {
        progress.set_length(p.positions as u64);
        progress.set_position(p.done as u64);
    };
    let report = evaluator.build_book(variant, plies, budget, until, &on_progress)?;
    progress.finish_and_clear();
    Ok(report)
}

/// The line that says what a variant's book build did.
pub fn report_line(variant: Variant, plies: u32, budget: Budget, r: &BookReport) -> String {
    let left = match r.left {
        0 => String::new(),
        n => format!("; {n} left for the next run (the time limit came)"),
    };
    format!(
        "{}: book of {} positions within {} ({} held by the tablebase, {} already \
         searched): searched {} ({} proven) with {} each, {} nodes{left}.",
        variant.id(),
        r.positions,
        super::text::plies(plies),
        r.held,
        r.already,
        r.searched,
        r.exact,
        budget_text(budget),
        thousands(r.nodes),
    )
}

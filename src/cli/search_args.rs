//! What the commands that may search (`eval`, `analyse`, `mainline`) share: `--json`, the
//! `--budget` and `--time` flags that bound each search, `--db`, and the spinner shown on
//! standard error while one runs.

use std::time::Duration;

use std::sync::Arc;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use mancala_db::{DbError, Tablebase};
use mancala_eval::{Evaluator, SearchSettings};
use mancala_solver::engine::Budget;

use super::args::DbPath;
use super::text::thousands;

/// The options of every command that may search besides what it reads: `--json`, the budget
/// and the tablebase file.
#[derive(Debug, Args)]
pub struct SearchingArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub budget: BudgetArgs,
    #[command(flatten)]
    pub db: DbPath,
}

/// `--budget NODES` and `--time SECONDS`: what one search may cost. A search that runs out
/// answers with the estimate of its deepest completed iteration; it is never an error.
#[derive(Debug, Args)]
pub struct BudgetArgs {
    /// The most nodes one search visits (for `analyse` and `mainline`: each searched position).
    /// Positions the tablebase holds cost nothing. About two million nodes a second.
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
    /// The most seconds one search runs (for `analyse` and `mainline`: each searched position).
    /// No limit by default; the node budget alone keeps answers the same from run to run.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
}

impl BudgetArgs {
    /// The budget asked for, `default_nodes` when `--budget` is not given.
    pub fn budget(&self, default_nodes: u64) -> Budget {
        Budget {
            nodes: self.budget.unwrap_or(default_nodes),
            time: self
                .time
                .map(|s| Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::MAX)),
        }
    }
}

impl SearchingArgs {
    /// The evaluator of one command's searches, each within `budget`, over the tablebase file
    /// (read-only). With no file at the path the search needs none: it runs over an empty
    /// tablebase, and a note on standard error says that no tablebase is used (so that a typo
    /// in `--db` is seen, and no answer is mistaken for one read from a table).
    pub fn evaluator(&self, budget: Budget) -> anyhow::Result<Evaluator> {
        let tb = match Tablebase::open_read_only(&self.db.path) {
            Err(DbError::Missing { path }) => {
                eprintln!(
                    "note: no tablebase at {path}, so none is used: every answer is searched \
                     (build one with `mancala solve all --db {path}`)"
                );
                Tablebase::empty()?
            }
            opened => opened?,
        };
        Ok(Evaluator::new(
            Arc::new(tb),
            SearchSettings::single(budget),
        )?)
    }
}

/// A budget in words: `10,000,000 nodes` or `10,000,000 nodes or 5 s`.
pub fn budget_text(budget: Budget) -> String {
    let nodes = format!("{} nodes", thousands(budget.nodes));
    match budget.time {
        Some(t) => format!("{nodes} or {} s", t.as_secs_f64()),
        None => nodes,
    }
}

/// Runs `work` with a spinner saying `message` on standard error (drawn only on a terminal), so
/// that a long search shows it is alive.
pub fn with_spinner<T>(message: String, work: impl FnOnce() -> T) -> T {
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} {elapsed}").expect("a valid template"),
    );
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(200));
    let out = work();
    bar.finish_and_clear();
    out
}

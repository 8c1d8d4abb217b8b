//! The solves the command line carries out: `mancala solve` (alone, or on each rank under
//! `mpirun`) and `serve`'s first build. [`Job::run`] claims the database and the work directory
//! ([`super::lock`]), plans every variant ([`SolvePlan::new`]: the groups, their needs and where
//! their moves go, decided there), refuses a plan that does not fit `--memory`
//! ([`memory::check`]), then prints each plan's first line and runs it with progress bars.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use mancala_db::{SolvePlan, SolveSetup, SolvedGroup, Tablebase};
use mancala_solver::solve::{rank_root, Ranks, Silent};
use mancala_solver::{TableShape, Variant};

use super::lock;
use super::memory;
use super::open_files;
use super::progress::{Bars, BuildWatcher};
use super::text::thousands;

/// Where a solve of `db` keeps its groups solved on disk unless told: the database's path with
/// `.work` added.
pub fn default_work_dir(db: &Path) -> PathBuf {
    let mut dir = db.as_os_str().to_owned();
    dir.push(".work");
    dir.into()
}

/// One plan of a [`Job`]: a variant's slices up to `max_seeds`, of its full board and of the
/// shape tables `shapes` (Rio Kadalis's boards with closed pits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanTarget {
    /// The variant.
    pub variant: Variant,
    /// The most seeds on the board of the slices to solve.
    pub max_seeds: u32,
    /// The shape tables solved beside the full board.
    pub shapes: Vec<TableShape>,
}

impl PlanTarget {
    /// The full board of `variant` up to `max_seeds`, no shape table.
    pub fn full(variant: Variant, max_seeds: u32) -> PlanTarget {
        PlanTarget {
            variant,
            max_seeds,
            shapes: Vec::new(),
        }
    }
}

/// What to solve, and how.
pub struct Job {
    /// The plans, in solving order.
    pub targets: Vec<PlanTarget>,
    /// How each group is solved; its memory limit is each rank's, and a plan that does not fit
    /// it is refused.
    pub setup: SolveSetup,
    /// Where the memory limit comes from, as a refusal names it (`the limit set with
    /// --memory`).
    pub limit_source: &'static str,
    /// Hide the progress bars (the lines are still printed).
    pub quiet: bool,
    /// Started by `mpirun`: the first line of each variant names the ranks, even when there is
    /// one.
    pub shared: bool,
    /// The background build this job is a step of (`serve`'s first build): told the number
    /// of positions to solve, then each group begun and stored.
    pub watcher: Option<Arc<dyn BuildWatcher>>,
}

impl Job {
    /// Solves the job on this rank, every rank calling it (a single process: [`OneRank`]);
    /// `tb` is the database on rank 0 and `None` on the others. Rank 0 prints the lines and
    /// draws the progress; returns the groups solved, on every rank.
    ///
    /// [`OneRank`]: mancala_solver::solve::OneRank
    pub fn run(&self, tb: Option<&Tablebase>, ranks: &dyn Ranks) -> Result<Vec<SolvedGroup>> {
        // Before anything is read: a plan made while another solve writes the file would be
        // stale by the time it runs.
        let _database = tb
            .map(|tb| lock::database(Path::new(tb.path())))
            .transpose()?;
        let mut plans = Vec::new();
        for t in &self.targets {
            plans.push(SolvePlan::new(
                tb,
                t.variant,
                t.max_seeds,
                &t.shapes,
                &self.setup,
                ranks,
            )?);
        }
        // Rank 0 refuses, before anything is solved, a group that does not fit (a rank's share
        // of it, when ranks share it).
        if let (true, Some(limit)) = (tb.is_some(), self.setup.memory_limit) {
            for plan in &plans {
                memory::check(plan, limit, self.limit_source)?;
            }
        }
        // Each rank claims its own directory under the work directory; all of them are removed
        // once empty, when the lock is dropped.
        let _work_dir = match plans.iter().any(SolvePlan::uses_disk) {
            true => {
                open_files::raise_for(&plans, ranks.size())?;
                let root = &self.setup.work_dir;
                let mine = rank_root(root, ranks.rank(), ranks.size());
                Some(lock::work_dir(&mine, root)?)
            }
            false => None,
        };
        if let Some(watcher) = &self.watcher {
            watcher.solving(plans.iter().map(SolvePlan::missing_positions).sum());
        }
        let mut done = Vec::new();
        for plan in plans {
            done.extend(match tb {
                Some(_) => self.run_shown(plan, ranks)?,
                None => plan.run(ranks, &Silent)?,
            });
        }
        Ok(done)
    }

    /// Runs `plan` on rank 0: a line saying what is to be done, progress bars (unless
    /// `quiet`) and a line per group.
    fn run_shown(&self, plan: SolvePlan, ranks: &dyn Ranks) -> Result<Vec<SolvedGroup>> {
        let (variant, max) = (plan.variant(), plan.max_seeds());
        let tables = match plan.shapes().len() {
            0 => String::new(),
            n => format!(" of the full board and {n} shape tables"),
        };
        let missing = plan.missing().len();
        let stored = plan.slice_count() - missing;
        let total = plan.missing_positions();
        let peak = memory::bytes(plan.peak_memory());
        if self.shared {
            eprintln!(
                "{variant}: solving {missing} slices{tables} up to {max} seeds ({} positions) on {} \
                 ranks, memory at most about {peak} a rank; {stored} solved already",
                thousands(total),
                ranks.size(),
            );
        } else if missing == 0 {
            eprintln!(
                "{variant}: all {} slices{tables} up to {max} seeds are solved already",
                plan.slice_count()
            );
            return Ok(Vec::new());
        } else {
            eprintln!(
                "{variant}: solving {missing} slices{tables} up to {max} seeds ({} positions, memory at \
                 most about {peak}; {stored} solved already)",
                thousands(total),
            );
        }
        let bars = Bars::new(total, self.quiet, self.watcher.clone());
        let done = plan.run(ranks, &bars)?;
        bars.clear();
        Ok(done)
    }
}

//! `mancala solve VARIANT|all [--max-seeds N]`: solves every missing slice, smallest first, with
//! progress, storing each group of slices in one transaction as soon as it is done. This module
//! reads the arguments into a [`Job`]; [`Job::run`] plans, checks and runs it
//! ([`mancala_db::SolvePlan`]), alone or, under `mpirun`, on every rank
//! ([`super::solve_shared`]).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};
use mancala_db::{MovesPlace, SolveSetup, Tablebase};
use mancala_solver::solve::OneRank;

use super::args::{DbPath, ShapeChoice, Target};
use super::default_sizes;
use super::memory;
use super::plans::{default_work_dir, Job, PlanTarget};
use super::progress::summary;

/// Solve every missing slice of a variant (or of all) up to a number of seeds.
///
/// Slices are solved smallest first; each group of slices is stored in one transaction as soon
/// as it is solved, so a solve that is stopped (Ctrl-C, a crash, a kill) loses at most the group
/// it was working on and resumes from there when started again. Slices already in the database
/// are reused. Progress shows the positions done, the rate and the time left.
///
/// Memory: with its moves in memory (fastest), a group needs at most 11 bytes a position plus 16
/// bytes per move that captures nothing (estimated before it starts from a sample of its
/// positions; 29 in a group of more than 2^32 positions, which the solver numbers in 64 bits);
/// with its moves on disk, under 3 bytes a position, the moves, the predecessor table and the
/// smaller slices' values going to files in --work-dir. Oware and Rio Kadalis store no moves
/// (their predecessors are found by un-sowing): about 5.3 bytes a position in memory, 2.3 on
/// disk, with 5 bytes a position of disk.
/// Every smaller slice takes 1 byte a position: of memory with the moves in memory, of disk
/// with them on disk. Before
/// anything is solved, every missing group is checked against --memory: by default (--moves
/// auto) a group whose moves do not fit in memory is solved with them on disk, and a group that
/// does not fit either way (or whose files would not fit on the disk) is refused, naming what it
/// needs, what there is and the largest --max-seeds that fits.
///
/// A second solve of the same database or work directory is refused, naming the first's
/// process, until the first ends.
///
/// A group solved on disk writes a checkpoint at most every --checkpoint-every seconds; stopped
/// (Ctrl-C, kill -9, a crash), the same command resumes it from its last checkpoint.
///
/// Built with the `mpi` feature and started by `mpirun`, every group is shared among the ranks:
/// rank 0 alone opens the database, --memory is each rank's, and each rank keeps its work files
/// in its own directory under --work-dir (docs/distributed.md).
#[derive(Debug, Args)]
#[command(after_help = after_help())]
pub struct SolveArgs {
    /// A variant id (`mancala variants`), `all` for every variant at its default size, or
    /// `deep` for every variant at its deep size (the deeper tables measured to pay; see
    /// below).
    #[arg(value_parser = Target::parse_solve, value_name = "VARIANT|all|deep")]
    target: Target,
    /// Solve every slice with at most this many seeds on the board (four-row: both sides
    /// together). Default: the variant's default size (see below).
    #[arg(long, value_name = "N")]
    max_seeds: Option<u32>,
    /// Also solve the shape tables of Rio Kadalis: its boards with closed pits (a match's later
    /// rounds), one table for each count of open pits a side, up to the same --max-seeds:
    /// `all`, `none`, or the open pits of the two sides like `5+6,4+4` (either side to move).
    /// [default: with the default sizes, every shape to the full board's size; with
    /// --max-seeds, none]
    #[arg(long, value_name = "all|none|A+B,...", value_parser = ShapeChoice::parse)]
    shapes: Option<ShapeChoice>,
    /// The most memory the solve may use, as `24GiB`, `8G` or a number of bytes [default: the
    /// memory available now].
    #[arg(long, value_name = "LIMIT")]
    memory: Option<bytesize::ByteSize>,
    /// Where each group's moves are kept while it is solved: `auto` keeps them in memory when
    /// they fit --memory, else on disk.
    #[arg(long, value_enum, default_value_t = Moves::Auto)]
    moves: Moves,
    /// The directory of the groups solved with their moves on disk (a subdirectory each,
    /// removed once the group is stored) [default: the database's path with `.work` added].
    #[arg(long, value_name = "DIR")]
    work_dir: Option<PathBuf>,
    /// The least number of seconds between two checkpoints of a group solved on disk.
    #[arg(long, value_name = "SECONDS", default_value_t = 300)]
    checkpoint_every: u64,
    /// Hide the progress bars (a line per solved group is still printed).
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    db: DbPath,
}

/// `--moves`.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum Moves {
    /// In memory when the group fits --memory, else on disk.
    Auto,
    /// In memory (fastest; no checkpoints).
    Memory,
    /// On disk, with checkpoints.
    Disk,
}

/// The text after the options in `mancala solve --help`: the default sizes, then examples.
fn after_help() -> String {
    format!(
        "{}\n\nExamples:\n  mancala solve all\n  mancala solve deep\n  mancala solve rio-kadalis \
         --max-seeds 20 --db big.db",
        default_sizes::help()
    )
}

impl SolveArgs {
    /// The job these arguments ask for, with `available` bytes of memory (this rank's) when
    /// `--memory` is not given, `source` saying where that figure comes from; `shared` under
    /// `mpirun`.
    fn job(&self, available: Option<u64>, source: &'static str, shared: bool) -> Result<Job> {
        let (limit, limit_source) = match self.memory {
            Some(limit) => (Some(limit.as_u64()), "the limit set with --memory"),
            None => (available, source),
        };
        Ok(Job {
            targets: self.targets()?,
            setup: SolveSetup {
                moves: match self.moves {
                    Moves::Auto => MovesPlace::Auto,
                    Moves::Memory => MovesPlace::Memory,
                    Moves::Disk => MovesPlace::Disk,
                },
                memory_limit: limit,
                work_dir: self
                    .work_dir
                    .clone()
                    .unwrap_or_else(|| default_work_dir(&self.db.path)),
                checkpoint_every: Duration::from_secs(self.checkpoint_every),
            },
            limit_source,
            quiet: self.quiet,
            shared,
            watcher: None,
        })
    }

    /// The plans asked for: each variant's full board to --max-seeds or its size, with the
    /// shape tables --shapes names (a list applies to the variants with closed pits when
    /// several variants are solved), or by default the default build's.
    fn targets(&self) -> Result<Vec<PlanTarget>> {
        let max_seeds = |v| self.max_seeds.unwrap_or_else(|| self.target.sizes()(v));
        let variants = self.target.variants();
        let several = variants.len() > 1;
        match (&self.shapes, self.max_seeds) {
            (None, None) => {
                let mut targets: Vec<PlanTarget> =
                    default_sizes::build_targets(self.target.sizes());
                targets.retain(|t| variants.contains(&t.variant));
                Ok(targets)
            }
            (None, Some(_)) => Ok(variants
                .into_iter()
                .map(|v| PlanTarget::full(v, max_seeds(v)))
                .collect()),
            (Some(choice), _) => variants
                .into_iter()
                .map(|v| {
                    let shapes = match (several && !v.closes_pits(), choice.of(v)) {
                        (true, _) => Vec::new(),
                        (false, shapes) => shapes.map_err(|e| anyhow::anyhow!("--shapes: {e}"))?,
                    };
                    Ok(PlanTarget {
                        variant: v,
                        max_seeds: max_seeds(v),
                        shapes,
                    })
                })
                .collect(),
        }
    }

    /// Solves what is missing and prints a summary. `--quiet` hides the progress bars (the
    /// per-group lines and the summary still go to standard error).
    pub fn run(self) -> Result<()> {
        #[cfg(feature = "mpi")]
        if super::solve_shared::launched() {
            // --memory is each rank's; by default, its part of what this machine has available.
            return super::solve_shared::run(&self.db.path, |available| {
                self.job(
                    available,
                    "this machine's available memory divided by its ranks",
                    true,
                )
            });
        }
        let job = self.job(
            memory::available(),
            "the memory available on this machine",
            false,
        )?;
        let tb = Tablebase::open(&self.db.path)?;
        let started = Instant::now();
        let done = job.run(Some(&tb), &OneRank)?;
        summary(&done, started.elapsed(), tb.path());
        Ok(())
    }
}

//! `mancala solve VARIANT|all [--max-seeds N]`: solves every missing slice, smallest first, with
//! progress, storing each group of slices in one transaction as soon as it is done. The solving
//! itself is [`Tablebase::plan_solve`] and [`mancala_db::SolvePlan::run`]; this module reads the
//! arguments, draws the progress bars and prints the per-group lines and the summary.

use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use mancala_db::{MovesPlace, SolvePlan, SolveProgress, SolveSetup, SolvedGroup, Tablebase};
use mancala_solver::solve::{OneRank, Progress, SolvedSlice};
use mancala_solver::{Slice, Variant};

use super::args::DbPath;
use super::default_sizes::{self, default_max_seeds};
use super::memory;
use super::text::thousands;

/// Solve every missing slice of a variant (or of all) up to a number of seeds.
///
/// Slices are solved smallest first; each group of slices is stored in one transaction as soon
/// as it is solved, so a solve that is stopped (Ctrl-C, a crash, a kill) loses at most the group
/// it was working on and resumes from there when started again. Slices already in the database
/// are reused. Progress shows the positions done, the rate and the time left.
///
/// Memory: with its moves in memory (fastest), a group needs at most 11 bytes a position plus 16
/// bytes per move that captures nothing (estimated before it starts from a sample of its
/// positions); with its moves on disk, about 4 bytes a position, the moves and the predecessor
/// table going to files in --work-dir. Oware stores no moves (its predecessors are found by
/// un-sowing): about 4 bytes a position either way, and on disk the smaller slices are set aside
/// during the retrograde. Every smaller slice takes 1 byte a position. Before
/// anything is solved, every missing group is checked against --memory: by default (--moves
/// auto) a group whose moves do not fit in memory is solved with them on disk, and a group that
/// does not fit either way (or whose files would not fit on the disk) is refused, naming what it
/// needs, what there is and the largest --max-seeds that fits.
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
    /// A variant id (`mancala variants`), or `all` for every variant at its default size.
    #[arg(value_parser = Target::parse, value_name = "VARIANT|all")]
    pub(super) target: Target,
    /// Solve every slice with at most this many seeds on the board (four-row: both sides
    /// together). Default: the variant's default size (see below).
    #[arg(long, value_name = "N")]
    pub(super) max_seeds: Option<u32>,
    /// The most memory the solve may use, as `24GiB`, `8G` or a number of bytes [default: the
    /// memory available now].
    #[arg(long, value_name = "LIMIT")]
    pub(super) memory: Option<bytesize::ByteSize>,
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
    pub(super) quiet: bool,
    #[command(flatten)]
    pub(super) db: DbPath,
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

/// What `solve` is asked to solve.
#[derive(Clone, Copy, Debug)]
pub(super) enum Target {
    /// One variant.
    One(Variant),
    /// Every variant, each to its default size.
    All,
}

impl Target {
    /// The variants it names.
    pub(super) fn variants(self) -> Vec<Variant> {
        match self {
            Target::One(v) => vec![v],
            Target::All => Variant::ALL.to_vec(),
        }
    }

    /// Reads a variant id or `all`.
    fn parse(s: &str) -> Result<Target, String> {
        if s == "all" {
            return Ok(Target::All);
        }
        s.parse::<Variant>()
            .map(Target::One)
            .map_err(|e| format!("{e}, or `all`"))
    }
}

/// The text after the options in `mancala solve --help`: the default sizes, then examples.
fn after_help() -> String {
    format!(
        "{}\n\nExamples:\n  mancala solve all\n  mancala solve rio-kadalis --max-seeds 20 --db big.db",
        default_sizes::help()
    )
}

impl SolveArgs {
    /// Where the moves go, within `memory_limit`, and where the work directory is.
    pub(super) fn setup(&self, memory_limit: Option<u64>) -> SolveSetup {
        SolveSetup {
            moves: match self.moves {
                Moves::Auto => MovesPlace::Auto,
                Moves::Memory => MovesPlace::Memory,
                Moves::Disk => MovesPlace::Disk,
            },
            memory_limit,
            work_dir: self.work_dir.clone().unwrap_or_else(|| {
                let mut p = PathBuf::from(&self.db.path).into_os_string();
                p.push(".work");
                p.into()
            }),
            checkpoint_every: Duration::from_secs(self.checkpoint_every),
        }
    }

    /// Solves what is missing and prints a summary. `--quiet` hides the progress bars (the
    /// per-group lines and the summary still go to standard error).
    pub fn run(self) -> Result<()> {
        #[cfg(feature = "mpi")]
        if super::solve_shared::launched() {
            return super::solve_shared::run(&self);
        }
        let tb = Tablebase::open(&self.db.path)?;
        let variants = self.target.variants();
        let (limit, source) = match self.memory {
            Some(limit) => (Some(limit.as_u64()), "the limit set with --memory"),
            None => (memory::available(), "the memory available on this machine"),
        };
        let setup = self.setup(limit);
        let mut plans = Vec::new();
        for &v in &variants {
            let max = self.max_seeds.unwrap_or_else(|| default_max_seeds(v));
            plans.push(tb.plan_solve(v, max, &setup)?);
        }
        if let Some(limit) = limit {
            for plan in &plans {
                memory::check(plan, limit, source)?;
            }
        }
        let mut done = Vec::new();
        let started = Instant::now();
        for plan in plans {
            done.extend(solve_variant(plan, self.quiet)?);
        }
        // The groups' directories are gone; the work directory too if nothing else is in it.
        let _ = std::fs::remove_dir(&setup.work_dir);
        summary(&done, started.elapsed(), tb.path());
        Ok(())
    }
}

/// Carries out `plan` in this process, with a line saying what is to be done, progress bars
/// (unless `quiet`) and a line per group; returns the groups solved.
pub fn solve_variant(plan: SolvePlan, quiet: bool) -> Result<Vec<SolvedGroup>> {
    let (variant, max) = (plan.variant(), plan.max_seeds());
    let missing = plan.missing().len();
    let stored = plan.slice_count() - missing;
    if missing == 0 {
        eprintln!(
            "{variant}: all {} slices up to {max} seeds are solved already",
            plan.slice_count()
        );
        return Ok(Vec::new());
    }
    let total = plan.missing_positions();
    eprintln!(
        "{variant}: solving {missing} slices up to {max} seeds ({} positions, memory at most \
         about {}; {stored} solved already)",
        thousands(total),
        memory::bytes(plan.peak_memory()),
    );
    let bars = Bars::new(total, quiet);
    let done = plan.run(&OneRank, &bars)?;
    bars.clear();
    Ok(done)
}

/// `4-0 + 0-4`: the slices of a group, as the per-group lines and the progress bars name it.
fn group_name(group: &[Slice]) -> String {
    let names: Vec<String> = group.iter().map(|s| s.id.to_string()).collect();
    names.join(" + ")
}

/// The last line of a solve: groups, positions, rate, time and results in all.
pub(super) fn summary(done: &[SolvedGroup], elapsed: Duration, db: &str) {
    let (Some(first), Some(last)) = (done.first(), done.last()) else {
        eprintln!("Nothing to solve: every requested slice is in {db}.");
        return;
    };
    let positions: u64 = done.iter().map(|d| d.positions).sum();
    let solving: f64 = done.iter().map(|d| d.seconds).sum();
    let (w, d, l) = done.iter().fold((0, 0, 0), |acc, x| {
        (acc.0 + x.wins, acc.1 + x.draws, acc.2 + x.losses)
    });
    eprintln!(
        "Solved {} groups ({} {} .. {} {}): {} positions in {:.1} s ({}/s), {:.1} s in all; won {} drawn {} lost {}. Stored in {db}.",
        done.len(),
        first.variant(),
        group_name(&first.slices),
        last.variant(),
        group_name(&last.slices),
        thousands(positions),
        solving,
        thousands((positions as f64 / solving.max(1e-9)) as u64),
        elapsed.as_secs_f64(),
        thousands(w),
        thousands(d),
        thousands(l),
    );
}

/// Two progress bars: all positions to solve in this run (with the time left), and the current
/// group's pass; and the line printed for each group stored.
pub(super) struct Bars {
    multi: MultiProgress,
    overall: ProgressBar,
    pass: ProgressBar,
    /// `rio-kadalis slice 12`: the group being solved, shown before the pass's name.
    group: Mutex<String>,
    /// When the group started, and its passes so far with when each started.
    passes: Mutex<(Instant, Vec<(String, Instant)>)>,
}

/// A group that takes at least this long gets a line with the time of each of its passes: the
/// log of a long solve then says where the time went.
const PASS_TIMES_AFTER: Duration = Duration::from_secs(10);

impl Bars {
    pub(super) fn new(total: u64, quiet: bool) -> Bars {
        let multi = MultiProgress::new();
        if quiet {
            multi.set_draw_target(ProgressDrawTarget::hidden());
        }
        let overall = multi.add(ProgressBar::new(total));
        overall.set_style(
            ProgressStyle::with_template(
                "{prefix:>12} [{bar:30}] {human_pos}/{human_len} positions  {elapsed} elapsed, ~{eta} left",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        overall.set_prefix("all");
        let pass = multi.add(ProgressBar::new(0));
        pass.set_style(
            ProgressStyle::with_template(
                "{prefix:>12} [{bar:30}] {human_pos}/{human_len} {msg} ({per_sec})",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        overall.enable_steady_tick(Duration::from_millis(200));
        Bars {
            multi,
            overall,
            pass,
            group: Mutex::new(String::new()),
            passes: Mutex::new((Instant::now(), Vec::new())),
        }
    }

    /// `moves 120.1 s, predecessors 30.2 s, ..., storing 10.0 s` for a group stored now that
    /// spent `solving` seconds in the solver, or `None` when it took less than
    /// [`PASS_TIMES_AFTER`] in all.
    fn pass_times(&self, solving: f64) -> Option<String> {
        let (started, passes) = &*self.passes.lock().unwrap_or_else(|e| e.into_inner());
        let in_all = started.elapsed();
        if in_all < PASS_TIMES_AFTER {
            return None;
        }
        // Each pass ends where the next begins, the last one where the solver returned.
        let solved = *started + Duration::from_secs_f64(solving);
        let ends = passes.iter().skip(1).map(|(_, at)| *at).chain([solved]);
        let mut parts: Vec<String> = passes
            .iter()
            .zip(ends)
            .map(|((name, from), to)| {
                let took = to.saturating_duration_since(*from).as_secs_f64();
                format!("{name} {took:.1} s")
            })
            .collect();
        let storing = (in_all.as_secs_f64() - solving).max(0.0);
        parts.push(format!("storing {storing:.1} s"));
        Some(parts.join(", "))
    }

    fn println(&self, line: String) {
        if self.multi.is_hidden() {
            eprintln!("{line}");
        } else {
            let _ = self.multi.println(line);
        }
    }

    pub(super) fn clear(&self) {
        self.pass.finish_and_clear();
        self.overall.finish_and_clear();
    }
}

impl Progress for Bars {
    fn pass(&self, name: &str, total: u64) {
        let passes = &mut self.passes.lock().unwrap_or_else(|e| e.into_inner()).1;
        passes.push((name.to_string(), Instant::now()));
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.pass.set_length(total);
        self.pass.set_position(0);
        self.pass.reset_eta();
        self.pass.set_message(format!("{group}: {name}"));
    }

    fn advance(&self, n: u64) {
        self.pass.inc(n);
    }

    fn note(&self, message: &str) {
        let group = self.group.lock().unwrap_or_else(|e| e.into_inner()).clone();
        self.println(format!("  {group}: {message}"));
    }
}

impl SolveProgress for Bars {
    fn group_started(&self, group: &[Slice]) {
        let variant = group[0].variant;
        *self.group.lock().unwrap_or_else(|e| e.into_inner()) =
            format!("{variant} slice {}", group_name(group));
        *self.passes.lock().unwrap_or_else(|e| e.into_inner()) = (Instant::now(), Vec::new());
        self.pass.set_prefix("group");
    }

    fn group_stored(&self, group: &SolvedGroup, _solved: &[SolvedSlice]) {
        self.overall.inc(group.positions);
        self.println(format!(
            "  {} slice {:>7}: {:>13} positions in {:>7.1} s ({}/s)  won {} drawn {} lost {}",
            group.variant(),
            group_name(&group.slices),
            thousands(group.positions),
            group.seconds,
            thousands((group.positions as f64 / group.seconds.max(1e-9)) as u64),
            thousands(group.wins),
            thousands(group.draws),
            thousands(group.losses),
        ));
        if let Some(times) = self.pass_times(group.seconds) {
            self.println(format!(
                "    {} slice {}: {times}",
                group.variant(),
                group_name(&group.slices)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_group_gets_the_time_of_each_pass() {
        let bars = Bars::new(0, true);
        let ago = |s: u64| Instant::now().checked_sub(Duration::from_secs(s)).unwrap();
        // Started 20 s ago: moves for 15 s, then the retrograde until the solver returned after
        // 18 s; stored in the last 2 s.
        *bars.passes.lock().unwrap() = (
            ago(20),
            vec![("moves".into(), ago(20)), ("retrograde".into(), ago(5))],
        );
        assert_eq!(
            bars.pass_times(18.0).as_deref(),
            Some("moves 15.0 s, retrograde 3.0 s, storing 2.0 s")
        );
        // A group of less than ten seconds gets no such line.
        *bars.passes.lock().unwrap() = (ago(9), vec![("moves".into(), ago(9))]);
        assert_eq!(bars.pass_times(8.0), None);
    }
}

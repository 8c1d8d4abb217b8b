//! `mancala solve` under `mpirun` (the `mpi` feature): every group shared by the ranks
//! (docs/distributed.md), the same [`Job`] as a single process's run on [`MpiRanks`]. Rank 0
//! opens the database, draws the progress and prints the lines a single process prints; the
//! other ranks print only their errors. At the end every rank's peak memory and traffic are
//! printed, one line a rank.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result};
use mancala_db::Tablebase;
use mancala_solver::solve::Ranks;

use super::memory;
use super::mpi_ranks::MpiRanks;
use super::plans::Job;
use super::progress::summary;
use super::text::thousands;

/// Whether this process was started by `mpirun` (Open MPI's, or a PMI launcher's such as
/// MPICH's or Slurm's): then `mancala solve` shares its groups with the other ranks. Started
/// any other way, it solves alone, as without the feature.
pub fn launched() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"]
        .iter()
        .any(|v| std::env::var_os(v).is_some())
}

/// Runs the solve on this rank: `job` is given this rank's part of the memory this machine has
/// available (divided by the ranks it runs), for when `--memory` is not set; rank 0 opens the
/// database at `db`. An error on any rank ends them all (`MPI_Abort`), since the others would
/// wait for it forever; a solve started again resumes from the groups stored.
pub fn run(db: &Path, job: impl FnOnce(Option<u64>) -> Result<Job>) -> Result<()> {
    let universe = mpi::initialize().context("MPI could not be initialised")?;
    let ranks = MpiRanks::new(universe.world());
    match solve(db, job, &ranks) {
        Ok(()) => Ok(()),
        Err(e) if ranks.size() > 1 => {
            eprintln!(
                "Error on rank {} of {}: {e:#}; ending every rank",
                ranks.rank(),
                ranks.size()
            );
            ranks.abort(1)
        }
        Err(e) => Err(e),
    }
}

fn solve(db: &Path, job: impl FnOnce(Option<u64>) -> Result<Job>, ranks: &MpiRanks) -> Result<()> {
    let job = job(memory::available().map(|m| m / ranks_here(ranks)))?;
    let tb = match ranks.rank() {
        0 => Some(Tablebase::open(db)?),
        _ => None,
    };
    if let (Some(note), Some(_)) = (idle_cores(ranks), &tb) {
        eprintln!("{note}");
    }
    let started = Instant::now();
    let done = job.run(tb.as_ref(), ranks)?;
    report(ranks, done.iter().map(|g| g.positions).sum());
    if let Some(tb) = &tb {
        summary(&done, started.elapsed(), tb.path());
    }
    Ok(())
}

/// A note when this machine's ranks cannot use all of its cores: `mpirun` binds each rank to
/// one core when there are at most two ranks, and a rank's threads then share that core (one
/// rank on this 2-core machine took 300 s where a single process took 187 s).
fn idle_cores(ranks: &MpiRanks) -> Option<String> {
    let usable = std::thread::available_parallelism().ok()?.get() as u64;
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    let cores = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count() as u64;
    let here = ranks_here(ranks);
    (here * usable < cores).then(|| {
        format!(
            "Note: the {here} rank(s) on this machine may use {usable} of its {cores} cores each \
             (mpirun bound them); `mpirun --bind-to none` lets them use all of them."
        )
    })
}

/// How many ranks run on this machine (Open MPI's `OMPI_COMM_WORLD_LOCAL_SIZE`; else all).
fn ranks_here(ranks: &MpiRanks) -> u64 {
    std::env::var("OMPI_COMM_WORLD_LOCAL_SIZE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(ranks.size() as u64)
        .max(1)
}

/// Prints, on rank 0, each rank's peak memory and the bytes it sent to the others, also per
/// position of the slices solved (`positions`): the figures of BENCHMARKS.md's distributed
/// table.
fn report(ranks: &MpiRanks, positions: u64) {
    let peak = peak_memory().unwrap_or(0);
    let line = format!(
        "  rank {}: peak memory {} ({:.2} bytes a position), sent {} bytes ({:.2} a position)",
        ranks.rank(),
        bytesize::ByteSize(peak).display().si(),
        peak as f64 / positions.max(1) as f64,
        thousands(ranks.sent()),
        ranks.sent() as f64 / positions.max(1) as f64,
    );
    ranks.gather(line.as_bytes(), &mut |line| {
        eprintln!("{}", String::from_utf8_lossy(&line))
    });
}

/// This process's peak resident memory (`VmHWM` of `/proc/self/status`), where Linux says it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

//! `serve`'s deepening: once the database is ready to serve, the build thread goes on solving
//! each variant toward its deep size ([`deep_max_seeds`], what `mancala solve deep` builds), so
//! that a server that has run a day answers from deeper tables.
//!
//! It runs only on the cores the server leaves idle: its threads are scheduled `SCHED_IDLE`
//! (Linux; elsewhere at the lowest priority the system gives), so a request's search or probe
//! always runs first. Its moves go to disk with checkpoints, so a server stopped in the middle
//! of a group goes on from the last checkpoint at its next start, and a group is stored in one
//! transaction, which the server reads at once. A variant whose next group does not fit the
//! memory or the disk is left at the size it has, with a line saying why.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mancala_api::status::BuildStatus;
use mancala_db::{MovesPlace, SolveSetup, Tablebase};
use mancala_solver::solve::OneRank;
use mancala_solver::Variant;
use mancala_wire::response::BuildStep;

use super::default_sizes::deep_max_seeds;
use super::memory;
use super::plans::{default_work_dir, Job};
use super::progress::BuildWatcher;
use super::text::thousands;

/// The share of the memory available when a variant's deepening begins that it may take: the
/// rest is the server's (its searches' tables, the tablebase's cache).
const MEMORY_SHARE: f64 = 0.75;

/// Solves every variant of `tb` up to its deep size (or to `max_seeds`, if given), one variant
/// after the other, at idle priority, reporting each on `status` as [`BuildStep::Deepening`]. Returns once every
/// variant is at its deep size or was left where it is (a line in `status` says why).
pub fn deepen(tb: &Tablebase, status: &Arc<BuildStatus>, max_seeds: Option<u32>) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("deepen-{i}"))
        .start_handler(|_| lowest_priority())
        .build()
        .context("cannot start the deepening's threads")?;
    // The thread that plans and stores runs at the same priority as its helpers.
    lowest_priority();
    let work_dir = default_work_dir(Path::new(tb.path()));
    for variant in Variant::ALL {
        let seeds = max_seeds.unwrap_or_else(|| deep_max_seeds(variant));
        let started = Instant::now();
        let job = Job {
            targets: vec![(variant, seeds)],
            setup: SolveSetup {
                moves: MovesPlace::Disk,
                memory_limit: memory::available().map(|a| (a as f64 * MEMORY_SHARE) as u64),
                work_dir: work_dir.clone(),
                checkpoint_every: Duration::from_secs(300),
            },
            limit_source: "three quarters of the memory available when the deepening began",
            quiet: true,
            shared: false,
            watcher: Some(Arc::new(Deepening {
                variant,
                status: Arc::clone(status),
            })),
        };
        match pool.install(|| job.run(Some(tb), &OneRank)) {
            Ok(done) if done.is_empty() => {}
            Ok(done) => {
                let positions: u64 = done.iter().map(|g| g.positions).sum();
                status.finish(format!(
                    "deepened the tablebase of {variant} to {seeds} seeds: {} positions in {:.0} s",
                    thousands(positions),
                    started.elapsed().as_secs_f64()
                ));
            }
            Err(e) => {
                log::warn!("the tablebase of {variant} is not deepened: {e:#}");
                status.finish(format!("did not deepen the tablebase of {variant}: {e:#}"));
            }
        }
    }
    Ok(())
}

/// Puts the calling thread at the lowest priority there is: on Linux `SCHED_IDLE`, which runs
/// it only when no other thread wants the core. Failing to is logged, not an error: the
/// deepening then competes with the server as an ordinary thread would.
fn lowest_priority() {
    use thread_priority::{set_current_thread_priority, ThreadPriority};
    #[cfg(target_os = "linux")]
    let set = {
        use thread_priority::{
            set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
            ThreadSchedulePolicy,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle)
            .or_else(|_| set_current_thread_priority(ThreadPriority::Min))
    };
    #[cfg(not(target_os = "linux"))]
    let set = set_current_thread_priority(ThreadPriority::Min);
    if let Err(e) = set {
        log::warn!("the deepening runs at normal priority: {e:?}");
    }
}

/// A variant's deepening as `GET /api/status` reports it: the step begins when there is
/// something to solve (a variant already at its deep size shows nothing).
struct Deepening {
    variant: Variant,
    status: Arc<BuildStatus>,
}

impl BuildWatcher for Deepening {
    fn solving(&self, total: u64) {
        if total > 0 {
            self.status
                .begin(BuildStep::Deepening, Some(self.variant), Some(total));
        }
    }

    fn group_started(&self, variant: Variant, name: &str) {
        self.status.on_variant(variant, name);
    }

    fn group_stored(&self, positions: u64) {
        self.status.advance(positions);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The scheduling policy of the calling thread, field 41 of its `stat` (`man 5 proc`):
    /// 0 SCHED_OTHER, 5 SCHED_IDLE.
    #[cfg(target_os = "linux")]
    fn policy() -> u32 {
        let stat = std::fs::read_to_string("/proc/thread-self/stat").expect("a Linux stat");
        // The name, in parentheses, may hold spaces: count the fields after it.
        let (_, after_name) = stat.rsplit_once(')').expect("(name)");
        let field = after_name.split_whitespace().nth(41 - 3).expect("field 41");
        field.parse().expect("a number")
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_deepening_thread_runs_only_when_the_core_is_idle() {
        let (before, after) = std::thread::spawn(|| {
            let before = policy();
            lowest_priority();
            (before, policy())
        })
        .join()
        .expect("the thread");
        assert_eq!(before, 0, "a new thread is SCHED_OTHER");
        assert_eq!(after, 5, "lowered to SCHED_IDLE");
        assert_eq!(policy(), 0, "only the thread that asked is lowered");
    }
}

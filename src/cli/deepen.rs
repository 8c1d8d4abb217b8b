//! `serve`'s deepening: once the database is ready to serve, the build thread goes on solving
//! each variant toward its deep size ([`deep_max_seeds`], what `mancala solve deep` builds), so
//! that a server that has run a day answers from deeper tables.
//!
//! It goes a seed count at a time, the cheapest next one of any variant first, so that every
//! game gains early and the costliest slices come last. It runs only on the cores the server
//! leaves idle: its threads are scheduled `SCHED_IDLE` (Linux; elsewhere at the lowest priority
//! the system gives), so a request's search or probe always runs first. Its moves go to disk
//! with checkpoints, so a server stopped in the middle of a group goes on from the last
//! checkpoint at its next start, and a group is stored in one transaction, which the server
//! reads at once. A variant whose next group does not fit the memory or the disk is left at
//! the size it has, with a line saying why.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mancala_api::status::BuildStatus;
use mancala_db::{MovesPlace, SolveSetup, Tablebase};
use mancala_solver::solve::OneRank;
use mancala_solver::{Slice, Variant};
use mancala_wire::response::BuildStep;

use super::default_sizes::deep_max_seeds;
use super::lock::InUse;
use super::memory;
use super::plans::{default_work_dir, Job, PlanTarget};
use super::progress::BuildWatcher;
use super::text::thousands;

/// The share of the memory available when a step of the deepening begins that it may take: the
/// rest is the server's (its searches' tables, the tablebase's cache).
const MEMORY_SHARE: f64 = 0.75;

/// Solves every variant of `tb` up to its deep size (or to `max_seeds`, if given), a seed count
/// of one variant at a time (the cheapest next), at idle priority, reporting each on `status`
/// as [`BuildStep::Deepening`]. Returns once every variant is at its deep size or was left
/// where it is (a line in `status` says why).
pub fn deepen(tb: &Tablebase, status: &Arc<BuildStatus>, max_seeds: Option<u32>) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new()
        .thread_name(|i| format!("deepen-{i}"))
        .start_handler(|_| lowest_priority())
        .build()
        .context("cannot start the deepening's threads")?;
    // The thread that plans and stores runs at the same priority as its helpers.
    lowest_priority();
    let work_dir = default_work_dir(Path::new(tb.path()));
    let mut targets: Vec<(Variant, u32)> = Variant::with_own_tables()
        .map(|v| (v, max_seeds.unwrap_or_else(|| deep_max_seeds(v))))
        .collect();
    while let Some((variant, seeds)) = cheapest_step(tb, &targets)? {
        let started = Instant::now();
        let job = Job {
            targets: vec![PlanTarget::full(variant, seeds)],
            setup: SolveSetup {
                moves: MovesPlace::Disk,
                memory_limit: memory::available().map(|a| (a as f64 * MEMORY_SHARE) as u64),
                work_dir: work_dir.clone(),
                checkpoint_every: Duration::from_secs(300),
            },
            limit_source: "three quarters of the memory available to the deepening",
            quiet: true,
            shared: false,
            watcher: Some(Arc::new(Deepening {
                variant,
                status: Arc::clone(status),
            })),
        };
        match pool.install(|| job.run(Some(tb), &OneRank)) {
            Ok(done) => {
                let positions: u64 = done.iter().map(|g| g.positions).sum();
                status.finish(format!(
                    "deepened the tablebase of {variant} to {seeds} seed{}: {} positions in {:.0} s",
                    if seeds == 1 { "" } else { "s" },
                    thousands(positions),
                    started.elapsed().as_secs_f64()
                ));
            }
            Err(e) if e.downcast_ref::<InUse>().is_some() => {
                // Another solve writes the file (`mancala solve` by hand): it is not the
                // variant's fault, and every other would meet the same.
                log::warn!("the deepening stops: {e:#}");
                status.finish(format!(
                    "stopped deepening: {e:#}; the next start goes on with it"
                ));
                break;
            }
            Err(e) => {
                // Left at the size it has; the other variants go on.
                log::warn!("the tablebase of {variant} is not deepened: {e:#}");
                status.finish(format!("did not deepen the tablebase of {variant}: {e:#}"));
                targets.retain(|&(v, _)| v != variant);
            }
        }
    }
    Ok(())
}

/// The next step of the deepening: of the variants below their target, the one whose next
/// seed count (its smallest missing slices) has the fewest positions, with that seed count;
/// `None` when every variant has its target. Cheapest first, so that every game gains early and
/// the costliest slices come last.
fn cheapest_step(tb: &Tablebase, targets: &[(Variant, u32)]) -> Result<Option<(Variant, u32)>> {
    let mut cheapest: Option<(u64, Variant, u32)> = None;
    for &(variant, max) in targets {
        let stored = tb.current_slices(variant)?;
        let missing: Vec<Slice> = Slice::up_to(variant, max)
            .into_iter()
            .filter(|s| !stored.contains(&s.id))
            .collect();
        let Some(seeds) = missing.iter().map(|s| s.id.total()).min() else {
            continue;
        };
        let positions = missing
            .iter()
            .filter(|s| s.id.total() == seeds)
            .map(Slice::len)
            .sum();
        if cheapest.is_none_or(|(fewest, _, _)| positions < fewest) {
            cheapest = Some((positions, variant, seeds));
        }
    }
    Ok(cheapest.map(|(_, variant, seeds)| (variant, seeds)))
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

    use mancala_solver::solve::Silent;

    #[test]
    fn the_cheapest_next_seed_count_goes_first() {
        let tb = Tablebase::empty().expect("an empty tablebase");
        tb.solve_up_to(Variant::Kalah4, 3, &Silent)
            .expect("kalah-4 to 3");
        tb.solve_up_to(Variant::Oware, 1, &Silent)
            .expect("oware to 1");
        let targets = [(Variant::Kalah4, 4), (Variant::Oware, 3)];
        // Kalah-4's next is 4 seeds in its 8 pits, C(11, 7) = 330 positions; Oware's is 2 seeds
        // in its 12 pits, C(13, 11) = 78.
        let next = cheapest_step(&tb, &targets).expect("planned");
        assert_eq!(next, Some((Variant::Oware, 2)));
        tb.solve_up_to(Variant::Oware, 2, &Silent)
            .expect("oware to 2");
        // Oware's 3 seeds: C(14, 11) = 364, more than Kalah-4's 330.
        let next = cheapest_step(&tb, &targets).expect("planned");
        assert_eq!(next, Some((Variant::Kalah4, 4)));
        tb.solve_up_to(Variant::Kalah4, 4, &Silent)
            .expect("kalah-4 to 4");
        tb.solve_up_to(Variant::Oware, 3, &Silent)
            .expect("oware to 3");
        assert_eq!(cheapest_step(&tb, &targets).expect("planned"), None);
    }

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

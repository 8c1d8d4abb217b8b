//! Where the service's blocking work runs: one executor with two lanes, each a fixed set of
//! threads on its own queue, so that a tablebase answer never waits behind a search.
//!
//! * **probes**: the tablebase's answers and the puzzle store's reads and writes: microseconds
//!   when the chunks are cached, a chunk read from SQLite on a miss, never a search. Two threads
//!   a core, so that a thread waiting on a read does not leave a core idle; no bound (each job
//!   is short).
//! * **searches**: work that may search (a position the tablebase does not hold, a line or a
//!   game from one, the streaming route): as many threads as the evaluator has engines, run at
//!   a lower OS priority (nice 10) so that the probes' threads take a core from them at once.
//!   At most `queue` wait; one more is refused at once ([`ExecError::Busy`]), never parked on a
//!   thread. The evaluator's own gate on engines then never waits (it remains for the library's
//!   other callers, the command line and Python).
//!
//! Nothing blocks an async worker: `web::block` would, through tokio's blocking pool (hundreds
//! of threads, each parked on a condition variable, about 15-20 µs of CPU a request, more than a
//! cached probe); tests/architecture.rs keeps it out. Rayon is for batch work only (a solve).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

type Job = Box<dyn FnOnce() + Send>;

/// Which lane a job runs in (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Tablebase answers and the puzzle store: short, unbounded.
    Probe,
    /// Work that may search: bounded, at a lower priority.
    Search,
}

impl Lane {
    /// The lane of work about a position: a probe where the tablebase holds it (and so every
    /// position play reaches from it), else a search.
    pub fn for_held(held: bool) -> Lane {
        match held {
            true => Lane::Probe,
            false => Lane::Search,
        }
    }
}

/// Why a job gave no answer.
#[derive(Debug)]
pub enum ExecError {
    /// The search lane is full: `running` searches run and `waiting` wait.
    Busy {
        /// Searches that run at once.
        running: usize,
        /// Searches that may wait.
        waiting: usize,
        /// About how long one search takes: when to ask again.
        retry_after: Duration,
    },
    /// The job panicked (a bug, never caused by input).
    Panicked,
    /// The executor is gone: the server is stopping.
    Closed,
}

/// The two lanes.
pub struct Executor {
    probes: Threads,
    searches: Threads,
    /// Search jobs admitted and not yet finished (running or waiting).
    admitted: Arc<AtomicUsize>,
    search_threads: usize,
    search_queue: usize,
    retry_after: Duration,
}

impl Executor {
    /// Starts `probe_threads` probe threads and `search_threads` search threads (each at least
    /// one), named `probe-N` and `search-N`; at most `search_queue` searches wait, and a refused
    /// one is told to ask again after `retry_after`.
    pub fn new(
        probe_threads: usize,
        search_threads: usize,
        search_queue: usize,
        retry_after: Duration,
    ) -> std::io::Result<Executor> {
        let search_threads = search_threads.max(1);
        Ok(Executor {
            probes: Threads::new("probe", probe_threads.max(1), Priority::Normal)?,
            searches: Threads::new("search", search_threads, Priority::Lower)?,
            admitted: Arc::new(AtomicUsize::new(0)),
            search_threads,
            search_queue,
            retry_after,
        })
    }

    /// Probe threads for this machine: two a core.
    pub fn default_probe_threads() -> usize {
        2 * std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// Runs `f` in `lane` and waits for its result without blocking the caller's thread; a
    /// search when the search lane is full is refused at once.
    pub async fn run<F, R>(&self, lane: Lane, f: F) -> Result<R, ExecError>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        let (done, answer) = tokio::sync::oneshot::channel();
        let admitted = match lane {
            Lane::Probe => None,
            Lane::Search => Some(self.admit()?),
        };
        let job = move || {
            let r = catch_unwind(AssertUnwindSafe(f));
            // The place is given back before the answer, so that a client asking again at once
            // finds it free.
            drop(admitted);
            // A panic leaves `done` unsent: the caller gets `Panicked`, the thread lives on.
            if let Ok(r) = r {
                let _ = done.send(r);
            }
        };
        match lane {
            Lane::Probe => self.probes.send(Box::new(job))?,
            Lane::Search => self.searches.send(Box::new(job))?,
        }
        answer.await.map_err(|_| ExecError::Panicked)
    }

    /// A place in the search lane, given back when dropped (the job done, or never sent).
    fn admit(&self) -> Result<Admitted, ExecError> {
        let limit = self.search_threads + self.search_queue;
        self.admitted
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < limit).then_some(n + 1)
            })
            .map_err(|_| ExecError::Busy {
                running: self.search_threads,
                waiting: self.search_queue,
                retry_after: self.retry_after,
            })?;
        Ok(Admitted(Arc::clone(&self.admitted)))
    }
}

/// One admitted search job.
struct Admitted(Arc<AtomicUsize>);

impl Drop for Admitted {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The OS priority of a lane's threads.
#[derive(Clone, Copy)]
enum Priority {
    Normal,
    /// Nice 10: the scheduler gives a core to a normal thread first.
    Lower,
}

/// A fixed set of threads taking jobs from one queue.
struct Threads {
    jobs: Sender<Job>,
}

impl Threads {
    fn new(name: &str, threads: usize, priority: Priority) -> std::io::Result<Threads> {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || {
                    if let Priority::Lower = priority {
                        lower_this_threads_priority();
                    }
                    work(&queue)
                })?;
        }
        Ok(Threads { jobs })
    }

    fn send(&self, job: Job) -> Result<(), ExecError> {
        self.jobs.send(job).map_err(|_| ExecError::Closed)
    }
}

/// Lowers the calling thread's scheduling priority (nice 10). On Linux the nice value is a
/// thread's own (`setpriority` of its thread id); elsewhere, and where it fails, the thread
/// keeps its priority, which changes only who waits for a core.
fn lower_this_threads_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid and setpriority take and return plain integers and touch no memory of ours.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        if libc::setpriority(libc::PRIO_PROCESS, tid, 10) != 0 {
            log::debug!("search threads keep their priority: setpriority failed");
        }
    }
}

/// A lane's thread: takes the next job until the executor is dropped.
fn work(queue: &Mutex<Receiver<Job>>) {
    loop {
        // One thread waits on the queue while the others wait for the lock; the lock is
        // released before the job runs.
        let next = match queue.lock() {
            Ok(q) => q.recv(),
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match next {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc::sync_channel;

    use super::*;

    #[test]
    fn runs_jobs_in_both_lanes_and_survives_a_panic() {
        let executor = Executor::new(2, 1, 0, Duration::from_secs(1)).unwrap();
        actix_web::rt::System::new().block_on(async {
            for lane in [Lane::Probe, Lane::Search] {
                assert_eq!(executor.run(lane, || 6 * 7).await.unwrap(), 42);
                let r = executor
                    .run(lane, || -> u8 { panic!("a job that panics") })
                    .await;
                assert!(matches!(r, Err(ExecError::Panicked)));
                for i in 0..32u32 {
                    assert_eq!(executor.run(lane, move || i * i).await.unwrap(), i * i);
                }
            }
        });
    }

    /// One search thread and one place in the queue: a third search is refused at once while
    /// two are in the lane, probes still run, and once the lane drains a search is admitted.
    #[test]
    fn a_search_beyond_the_queue_is_refused_at_once_and_probes_go_on() {
        let executor = Arc::new(Executor::new(1, 1, 1, Duration::from_secs(3)).unwrap());
        actix_web::rt::System::new().block_on(async {
            let (release, held) = sync_channel::<()>(0);
            let held = Arc::new(Mutex::new(held));
            let mut running = Vec::new();
            for _ in 0..2 {
                let (executor, held) = (Arc::clone(&executor), Arc::clone(&held));
                running.push(actix_web::rt::spawn(async move {
                    executor
                        .run(Lane::Search, move || held.lock().unwrap().recv().unwrap())
                        .await
                }));
            }
            // Both admitted (the second waits for the thread), so the count is at its limit.
            while executor.admitted.load(Ordering::Acquire) < 2 {
                actix_web::rt::task::yield_now().await;
            }
            match executor.run(Lane::Search, || ()).await {
                Err(ExecError::Busy {
                    running: 1,
                    waiting: 1,
                    retry_after,
                }) => assert_eq!(retry_after, Duration::from_secs(3)),
                other => panic!("{other:?}"),
            }
            assert_eq!(executor.run(Lane::Probe, || 7).await.unwrap(), 7);
            for _ in 0..2 {
                release.send(()).unwrap();
            }
            for r in running {
                r.await.unwrap().unwrap();
            }
            assert_eq!(executor.admitted.load(Ordering::Acquire), 0);
            assert_eq!(executor.run(Lane::Search, || 8).await.unwrap(), 8);
        });
    }
}

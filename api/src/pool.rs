//! The tablebase threads: a small fixed pool that runs evaluations off the async workers.
//!
//! An evaluation is a few microseconds of probing when its chunks are cached, but a cache miss
//! reads and decodes a chunk from SQLite, so it must never run on an async worker. `web::block`
//! would do, but its hand-off through tokio's blocking pool (hundreds of threads, each parked on
//! a condition variable) cost the evaluation endpoint about 15-20 µs of CPU a request, more than
//! the evaluation itself. This pool keeps a few threads busy on one shared queue: under load
//! they pick the next job without sleeping. Every blocking call of the service runs here
//! (`AppState::blocking`; tests/architecture.rs keeps `web::block` out). See BENCHMARKS.md, API.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// A fixed set of threads taking jobs from one queue.
pub struct Pool {
    jobs: Sender<Job>,
}

/// Why a job gave no answer.
#[derive(Debug)]
pub enum PoolError {
    /// The job panicked (a bug, never caused by input).
    Panicked,
    /// The pool is gone: the server is stopping.
    Closed,
}

impl Pool {
    /// Starts `threads` threads (at least one), named `NAME-N` (`tablebase-0`, `search-0`...).
    pub fn new(name: &str, threads: usize) -> std::io::Result<Pool> {
        let (jobs, queue) = channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..threads.max(1) {
            let queue = Arc::clone(&queue);
            std::thread::Builder::new()
                .name(format!("{name}-{i}"))
                .spawn(move || work(&queue))?;
        }
        Ok(Pool { jobs })
    }

    /// Threads for this machine: two per core, so that a thread waiting on a chunk read does
    /// not leave a core idle.
    pub fn default_threads() -> usize {
        2 * std::thread::available_parallelism().map_or(1, |n| n.get())
    }

    /// Runs `f` on a pool thread and waits for its result without blocking the caller's thread.
    pub async fn run<F, R>(&self, f: F) -> Result<R, PoolError>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        let (done, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            // A panic drops `done` unsent: the caller gets `Panicked`, the thread lives on.
            if let Ok(r) = catch_unwind(AssertUnwindSafe(f)) {
                let _ = done.send(r);
            }
        });
        self.jobs.send(job).map_err(|_| PoolError::Closed)?;
        answer.await.map_err(|_| PoolError::Panicked)
    }
}

/// A pool thread: takes the next job until the pool is dropped.
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
    use super::*;

    #[test]
    fn runs_jobs_and_survives_a_panic() {
        let pool = Pool::new("test", 2).unwrap();
        actix_web::rt::System::new().block_on(async {
            assert_eq!(pool.run(|| 6 * 7).await.unwrap(), 42);
            let r = pool.run(|| -> u8 { panic!("a job that panics") }).await;
            assert!(matches!(r, Err(PoolError::Panicked)));
            for i in 0..32u32 {
                assert_eq!(pool.run(move || i * i).await.unwrap(), i * i);
            }
        });
    }
}

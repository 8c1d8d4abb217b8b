//! The search threads: a small bounded pool, separate from the tablebase threads, on which every
//! search outside the tablebase runs (evaluations, main lines, analyses).
//!
//! A tablebase evaluation takes microseconds; a search takes up to its whole budget (seconds).
//! Run on the same threads, a few searches would hold up every plain evaluation behind them, so
//! searches get their own threads, and at most `threads + queue` of them are accepted at once:
//! one more is refused at once (a 503 naming the limit, [`ApiError::Busy`]) rather than left to
//! pile up.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_solver::engine::Budget;

use crate::error::ApiError;
use crate::limits::{PLY_BUDGET, SEARCH_BUDGET};
use crate::pool::Pool;

/// How searches are bounded: set by `mancala serve` (its `--search-*` options), the defaults
/// otherwise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    /// Threads that run searches (at least one).
    pub threads: usize,
    /// Searches accepted beyond those running, waiting for a thread; more are refused (503).
    pub queue: usize,
    /// The most one evaluation's search may cost; a client's `budget` may only lower it.
    pub cap: Budget,
}

impl Default for SearchSettings {
    /// Half the cores (at least one thread), so that the tablebase threads always have a core;
    /// four waiting searches; [`SEARCH_BUDGET`].
    fn default() -> SearchSettings {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        SearchSettings {
            threads: (cores / 2).max(1),
            queue: 4,
            cap: SEARCH_BUDGET,
        }
    }
}

impl SearchSettings {
    /// The budget of one evaluation: the client's node count if it gave one, never above the
    /// cap.
    pub fn evaluation_budget(&self, nodes: Option<u64>) -> Budget {
        Budget {
            nodes: nodes.map_or(self.cap.nodes, |n| n.clamp(1, self.cap.nodes)),
            time: self.cap.time,
        }
    }

    /// The budget of each searched position of a main line or an analysis: [`PLY_BUDGET`],
    /// never above the cap.
    pub fn ply_budget(&self) -> Budget {
        Budget {
            nodes: PLY_BUDGET.nodes.min(self.cap.nodes),
            time: match (PLY_BUDGET.time, self.cap.time) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }

    /// How long a refused client should wait before asking again: about one search.
    fn retry_after(&self) -> Duration {
        self.cap.time.unwrap_or(Duration::from_secs(10))
    }
}

/// The search threads and the count of searches accepted (running or waiting).
pub struct SearchPool {
    pool: Pool,
    settings: SearchSettings,
    accepted: Arc<AtomicUsize>,
}

/// Gives back a search's place when the search ends (or panics).
struct Place(Arc<AtomicUsize>);

impl Drop for Place {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl SearchPool {
    /// Starts the search threads, named `search-N`.
    pub fn new(settings: SearchSettings) -> std::io::Result<SearchPool> {
        Ok(SearchPool {
            pool: Pool::new("search", settings.threads)?,
            settings,
            accepted: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The limits the pool was started with.
    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    /// Runs the search `f` on a search thread, or refuses it at once with [`ApiError::Busy`]
    /// when every thread is busy and the queue full. The place is held until `f` ends, even if
    /// the client has gone.
    pub async fn run<F, R>(&self, f: F) -> Result<R, ApiError>
    where
        F: FnOnce() -> R + Send + 'static,
        R: Send + 'static,
    {
        let limit = self.settings.threads.max(1) + self.settings.queue;
        let taken = self.accepted.fetch_add(1, Ordering::AcqRel);
        let place = Place(Arc::clone(&self.accepted));
        if taken >= limit {
            return Err(ApiError::Busy {
                message: format!(
                    "too many searches at once: {} running and {} waiting is this server's \
                     limit; try again shortly",
                    self.settings.threads.max(1),
                    self.settings.queue
                ),
                retry_after: self.settings.retry_after().as_secs().max(1),
            });
        }
        Ok(self
            .pool
            .run(move || {
                let _place = place;
                f()
            })
            .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_stay_under_the_cap() {
        let s = SearchSettings {
            threads: 1,
            queue: 0,
            cap: Budget {
                nodes: 1000,
                time: Some(Duration::from_millis(300)),
            },
        };
        assert_eq!(s.evaluation_budget(None).nodes, 1000);
        assert_eq!(s.evaluation_budget(Some(10)).nodes, 10);
        assert_eq!(s.evaluation_budget(Some(0)).nodes, 1);
        assert_eq!(s.evaluation_budget(Some(10_000)).nodes, 1000);
        assert_eq!(s.ply_budget().nodes, 1000);
        assert_eq!(s.ply_budget().time, Some(Duration::from_millis(300)));
    }

    #[test]
    fn a_full_pool_refuses_and_frees_its_places() {
        let settings = SearchSettings {
            threads: 1,
            queue: 1,
            cap: SEARCH_BUDGET,
        };
        let pool: &'static SearchPool = Box::leak(Box::new(SearchPool::new(settings).unwrap()));
        actix_web::rt::System::new().block_on(async move {
            let (go, wait) = std::sync::mpsc::channel::<()>();
            let running = actix_web::rt::spawn(pool.run(move || {
                let _ = wait.recv();
            }));
            let waiting = actix_web::rt::spawn(pool.run(|| ()));
            // Let both take their places.
            actix_web::rt::time::sleep(Duration::from_millis(100)).await;
            let refused = pool.run(|| ()).await;
            assert!(matches!(refused, Err(ApiError::Busy { .. })), "{refused:?}");
            go.send(()).unwrap();
            running.await.unwrap().unwrap();
            waiting.await.unwrap().unwrap();
            assert_eq!(pool.run(|| 7).await.unwrap(), 7);
        });
    }
}

//! The search engines' transposition tables, lent to one search after another, and the cap on
//! searches at once.
//!
//! A table is the costly part of an engine (up to 128 MiB, which a fresh allocation must also
//! clear); the rest is built per search in microseconds. So the pool keeps at most `threads`
//! tables, made as they are first needed and then lent again and again ([`Lease`]); a search
//! waits for one while `threads` searches run, and at most `queue` wait: one more is refused at
//! once with [`EvalError::Busy`].

use std::sync::{Condvar, Mutex, MutexGuard};

use mancala_solver::engine::TranspositionTable;

use super::settings::SearchSettings;
use crate::EvalError;

/// The tables and who holds them.
pub(crate) struct Engines {
    settings: SearchSettings,
    state: Mutex<State>,
    /// Signalled when a table comes back.
    returned: Condvar,
}

struct State {
    /// Tables not lent now.
    free: Vec<TranspositionTable>,
    /// Searches holding a table.
    running: usize,
    /// Searches waiting for one.
    waiting: usize,
}

impl Engines {
    /// A pool for `settings` (no table made yet).
    pub(crate) fn new(settings: SearchSettings) -> Engines {
        Engines {
            settings,
            state: Mutex::new(State {
                free: Vec::new(),
                running: 0,
                waiting: 0,
            }),
            returned: Condvar::new(),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // Nothing held under the lock can be left half-changed by a panic.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A table for one search: at once when one is free (or may still be made), after the next
    /// search ends when all are lent, or [`EvalError::Busy`] when the queue is full too.
    pub(crate) fn lease(&self) -> Result<Lease<'_>, EvalError> {
        let threads = self.settings.threads.max(1);
        let mut state = self.state();
        if state.running + state.waiting >= threads + self.settings.queue {
            return Err(EvalError::Busy {
                running: threads,
                waiting: self.settings.queue,
                retry_after: self.settings.retry_after(),
            });
        }
        state.waiting += 1;
        while state.running >= threads {
            state = self.returned.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.waiting -= 1;
        state.running += 1;
        let table = state.free.pop();
        drop(state);
        // A new table is allocated outside the lock: clearing 128 MiB takes a while.
        let table = table.unwrap_or_else(|| TranspositionTable::new(self.settings.table_bits()));
        Ok(Lease {
            pool: self,
            table: Some(table),
        })
    }
}

/// A table lent for one search (or the searches of one game); given back when dropped.
pub(crate) struct Lease<'a> {
    pool: &'a Engines,
    /// `None` only while an engine holds it ([`Lease::take`], [`Lease::put_back`]).
    table: Option<TranspositionTable>,
}

impl Lease<'_> {
    /// The table, for an engine.
    pub(crate) fn take(&mut self) -> TranspositionTable {
        self.table
            .take()
            .expect("a lease holds its table between searches")
    }

    /// The table again, from the engine that used it.
    pub(crate) fn put_back(&mut self, table: TranspositionTable) {
        self.table = Some(table);
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        let mut state = self.pool.state();
        // A lease dropped while an engine holds the table (a panic mid-search) loses it; the
        // pool makes another when it is next needed.
        if let Some(table) = self.table.take() {
            state.free.push(table);
        }
        state.running -= 1;
        drop(state);
        self.pool.returned.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use mancala_solver::engine::Budget;

    use super::*;

    fn pool(threads: usize, queue: usize) -> Engines {
        Engines::new(SearchSettings {
            threads,
            queue,
            cap: Budget::nodes(1000),
        })
    }

    #[test]
    fn a_table_is_made_once_and_lent_again() {
        let engines = pool(1, 0);
        let mut first = engines.lease().unwrap();
        let table = first.take();
        let bytes = table.bytes();
        first.put_back(table);
        drop(first);
        assert_eq!(engines.state().free.len(), 1);
        let mut again = engines.lease().unwrap();
        assert_eq!(
            engines.state().free.len(),
            0,
            "the free table is lent, none made"
        );
        assert_eq!(again.take().bytes(), bytes);
    }

    #[test]
    fn searches_beyond_the_threads_wait_and_beyond_the_queue_are_refused() {
        let engines: &'static Engines = Box::leak(Box::new(pool(1, 1)));
        let running = engines.lease().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let waiter = std::thread::spawn(move || {
            let lease = engines.lease().map(|_| ());
            tx.send(()).unwrap();
            lease
        });
        // The second waits for the first...
        while engines.state().waiting == 0 {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(rx.try_recv().is_err());
        // ... and a third is refused, naming the limits.
        match engines.lease() {
            Err(
                e @ EvalError::Busy {
                    running: 1,
                    waiting: 1,
                    ..
                },
            ) => {
                assert!(e.to_string().contains("1 running and 1 waiting"), "{e}")
            }
            other => panic!("{:?}", other.map(|_| ())),
        }
        drop(running);
        waiter.join().unwrap().unwrap();
        assert_eq!(engines.state().running, 0);
        engines.lease().unwrap();
    }
}

//! How much a search may spend, and the meter that stops it.
//!
//! A search never fails for lack of budget: the engine keeps the answer of the deepest iteration
//! it completed and says which limit stopped it ([`Limit`]). The node count is checked at every
//! node; the clock, which costs a system call, and the caller's cancel flag (see
//! [`super::Engine::analyse_until`]) every [`CLOCK_EVERY`] nodes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Nodes between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// How much one [`super::Engine::analyse`] may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Most positions visited (nodes).
    pub nodes: u64,
    /// Most time, when set.
    pub time: Option<Duration>,
}

impl Budget {
    /// No limit at all: the search runs until the answer is exact (or [`super::MAX_DEPTH`]).
    pub const UNLIMITED: Budget = Budget {
        nodes: u64::MAX,
        time: None,
    };

    /// A limit of `nodes` nodes and no time limit.
    pub const fn nodes(nodes: u64) -> Budget {
        Budget { nodes, time: None }
    }

    /// A limit of `time` and no node limit.
    pub const fn time(time: Duration) -> Budget {
        Budget {
            nodes: u64::MAX,
            time: Some(time),
        }
    }

    /// Whether a search within this budget goes at least as far as one within `other`: as many
    /// nodes, and as much time (no time limit is more than any).
    pub fn covers(&self, other: &Budget) -> bool {
        let time = match (self.time, other.time) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a >= b,
        };
        self.nodes >= other.nodes && time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_covers_one_no_larger_in_nodes_and_time() {
        let secs = |n| Some(Duration::from_secs(n));
        let b = |nodes, time| Budget { nodes, time };
        assert!(b(10, secs(2)).covers(&b(10, secs(2))));
        assert!(b(10, secs(2)).covers(&b(5, secs(1))));
        assert!(!b(10, secs(2)).covers(&b(11, secs(1))), "fewer nodes");
        assert!(!b(10, secs(2)).covers(&b(5, secs(3))), "less time");
        assert!(
            !b(10, secs(2)).covers(&b(5, None)),
            "a time limit against none"
        );
        assert!(b(10, None).covers(&b(10, secs(100))));
        assert!(Budget::UNLIMITED.covers(&b(u64::MAX, None)));
    }
}

/// The limit of a [`Budget`] that stopped a search before its answer was exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The node limit.
    Nodes,
    /// The time limit.
    Time,
}

impl Limit {
    /// `nodes` or `time`: how the JSON answers and the stored answers write it.
    pub fn word(self) -> &'static str {
        match self {
            Limit::Nodes => "nodes",
            Limit::Time => "time",
        }
    }

    /// The limit [`Limit::word`] writes as `word`.
    pub fn from_word(word: &str) -> Option<Limit> {
        [Limit::Nodes, Limit::Time]
            .into_iter()
            .find(|l| l.word() == word)
    }
}

/// Why a search unwinds to the root before it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// A limit of the budget: the root keeps the deepest completed iteration.
    Limit(Limit),
    /// The caller cancelled the search: nothing of it is answered.
    Cancelled,
}

/// Counts the nodes of one analysis and says when the budget is spent.
pub(super) struct Meter {
    nodes: u64,
    budget: Budget,
    started: Instant,
    /// Whether the budget stops the search now: not during the first iteration, which always
    /// completes so that every move has a value.
    binding: bool,
    /// Set by the caller to stop the search at once, whatever the iteration.
    cancel: Option<Arc<AtomicBool>>,
    /// The most nodes the current phase of the analysis may count, at most the budget's.
    cap: u64,
}

impl Meter {
    /// A meter for an analysis starting now, stopped early when `cancel` is set.
    pub(super) fn start(budget: Budget, cancel: Option<Arc<AtomicBool>>) -> Meter {
        Meter {
            nodes: 0,
            budget,
            started: Instant::now(),
            binding: false,
            cancel,
            cap: budget.nodes,
        }
    }

    /// Lets the analysis count at most `nodes` nodes from its start (never more than the
    /// budget's): the iterations get part of the budget, the proofs the rest.
    pub(super) fn cap(&mut self, nodes: u64) {
        self.cap = nodes.min(self.budget.nodes);
    }

    /// Makes the budget stop the search (`true`) or not.
    pub(super) fn bind(&mut self, binding: bool) {
        self.binding = binding;
    }

    /// Counts one node; `Err` when the search must stop.
    #[inline]
    pub(super) fn tick(&mut self) -> Result<(), Stop> {
        self.nodes += 1;
        let look = self.nodes.is_multiple_of(CLOCK_EVERY);
        if look && self.cancelled() {
            return Err(Stop::Cancelled);
        }
        if !self.binding {
            return Ok(());
        }
        if self.nodes > self.cap {
            return Err(Stop::Limit(Limit::Nodes));
        }
        if look && self.out_of_time() {
            return Err(Stop::Limit(Limit::Time));
        }
        Ok(())
    }

    /// Whether the caller has cancelled the search.
    pub(super) fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// The limit already reached, if any: no further iteration should start.
    pub(super) fn spent(&self) -> Option<Limit> {
        if self.nodes >= self.cap {
            Some(Limit::Nodes)
        } else if self.out_of_time() {
            Some(Limit::Time)
        } else {
            None
        }
    }

    fn out_of_time(&self) -> bool {
        self.budget
            .time
            .is_some_and(|t| self.started.elapsed() >= t)
    }

    /// Nodes counted so far.
    #[inline]
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Time since the analysis started.
    pub(super) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

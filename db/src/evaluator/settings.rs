//! How much the evaluator may search: how many searches at once, how many may wait, and what one
//! may cost. The service sets them from `mancala serve --search-*`; a command line search from
//! its `--budget` and `--time`.

use std::time::Duration;

use mancala_solver::engine::{table_bits, Budget};

/// What one evaluation outside the tablebase may cost by default (the service's cap): ten
/// million nodes (a few seconds), and no more than ten seconds.
pub const SEARCH_BUDGET: Budget = Budget {
    nodes: 10_000_000,
    time: Some(Duration::from_secs(10)),
};

/// What each searched position of a main line or a game analysis may cost by default: a tenth
/// of an evaluation's budget, since a line or a game has many positions.
pub const PLY_BUDGET: Budget = Budget {
    nodes: 1_000_000,
    time: Some(Duration::from_secs(1)),
};

/// How searches are bounded. A search waits for one of `threads` engines; at most `queue` wait,
/// and one more is refused at once ([`crate::DbError::Busy`]) rather than left to pile up.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchSettings {
    /// Searches that run at once (at least one): each holds an engine and its transposition
    /// table.
    pub threads: usize,
    /// Searches accepted beyond those running, waiting for an engine; more are refused.
    pub queue: usize,
    /// The most one evaluation's search may cost; a client's budget may only lower it. The
    /// engines' tables are sized for it.
    pub cap: Budget,
}

impl Default for SearchSettings {
    /// Half the cores (at least one), so that tablebase answers always have a core; four
    /// waiting searches; [`SEARCH_BUDGET`].
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
    /// One search at a time, none waiting, each within `budget`: a command line's search.
    pub fn single(budget: Budget) -> SearchSettings {
        SearchSettings {
            threads: 1,
            queue: 0,
            cap: budget,
        }
    }

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

    /// How long a refused caller should wait before asking again: about one search.
    pub fn retry_after(&self) -> Duration {
        self.cap.time.unwrap_or(Duration::from_secs(10))
    }

    /// Transposition table entries (log2) for searches of the cap: as many as a search of the
    /// cap uses ([`table_bits`]), at most 4 Mi (128 MiB).
    pub(crate) fn table_bits(&self) -> u32 {
        table_bits(self.cap.nodes).min(22)
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
    fn tables_grow_with_the_cap_within_bounds() {
        let bits = |nodes| SearchSettings::single(Budget::nodes(nodes)).table_bits();
        // 2^20 nodes (21 bits long): 2^19 entries; a thousand nodes still get 2^16, ten billion
        // 2^22.
        assert_eq!(bits(1 << 20), 19);
        assert_eq!(bits(1000), 16);
        assert_eq!(bits(10_000_000_000), 22);
        assert_eq!(SearchSettings::single(SEARCH_BUDGET).table_bits(), 22);
    }
}

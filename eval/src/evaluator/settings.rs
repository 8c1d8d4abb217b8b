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

/// What one evaluation outside the tablebase and the opening book costs when the client names
/// no budget: a tenth of [`SEARCH_BUDGET`]'s nodes and at most 0.8 s, so that a plain question
/// is answered within a second; a client asks for more with a budget (up to the cap), or
/// follows the answer as it sharpens (the streaming route), and the book holds the openings
/// searched with the whole cap.
pub const QUICK_BUDGET: Budget = Budget {
    nodes: 1_000_000,
    time: Some(Duration::from_millis(800)),
};

/// What each searched position of a main line or a game analysis may cost by default: a tenth
/// of an evaluation's budget, since a line or a game has many positions.
pub const PLY_BUDGET: Budget = Budget {
    nodes: 1_000_000,
    time: Some(Duration::from_secs(1)),
};

/// How searches are bounded. A search waits for one of `threads` engines; at most `queue` wait,
/// and one more is refused at once ([`crate::EvalError::Busy`]) rather than left to pile up.
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
    /// cap; [`QUICK_BUDGET`] (never above the cap) if it gave none.
    pub fn evaluation_budget(&self, nodes: Option<u64>) -> Budget {
        match nodes {
            Some(n) => Budget {
                nodes: n.clamp(1, self.cap.nodes),
                time: self.cap.time,
            },
            None => self.at_most_cap(QUICK_BUDGET),
        }
    }

    /// The budget of an evaluation the client watches sharpen (the streaming route): the
    /// client's node count if it gave one, else the whole cap.
    pub fn watched_budget(&self, nodes: Option<u64>) -> Budget {
        Budget {
            nodes: nodes.map_or(self.cap.nodes, |n| n.clamp(1, self.cap.nodes)),
            time: self.cap.time,
        }
    }

    /// `budget`, lowered to the cap where it is above it.
    fn at_most_cap(&self, budget: Budget) -> Budget {
        Budget {
            nodes: budget.nodes.min(self.cap.nodes),
            time: match (budget.time, self.cap.time) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        }
    }

    /// The budget of each searched position of a main line or an analysis: [`PLY_BUDGET`],
    /// never above the cap.
    pub fn ply_budget(&self) -> Budget {
        self.at_most_cap(PLY_BUDGET)
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
        assert_eq!(
            s.evaluation_budget(None).time,
            Some(Duration::from_millis(300))
        );
        let wide = SearchSettings::single(Budget::nodes(1 << 40));
        assert_eq!(wide.evaluation_budget(None), QUICK_BUDGET);
        assert_eq!(
            wide.evaluation_budget(Some(1 << 30)),
            Budget::nodes(1 << 30)
        );
        assert_eq!(s.evaluation_budget(Some(10)).nodes, 10);
        assert_eq!(s.evaluation_budget(Some(0)).nodes, 1);
        assert_eq!(s.evaluation_budget(Some(10_000)).nodes, 1000);
        assert_eq!(s.watched_budget(None), s.cap);
        assert_eq!(s.watched_budget(Some(10)).nodes, 10);
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

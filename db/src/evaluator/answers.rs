//! The searched answers kept in memory, so that a question asked again is answered at once
//! instead of searched again (a start position costs seconds to search, its answer a lookup).
//!
//! An answer is kept under its position and the contents of the tablebase it was searched over
//! (the slices of its variant held then): once more slices are solved, the old answers are not
//! used. A kept answer serves a question whose budget it covers: it is exact, or it was searched
//! with at least as many nodes. A search with a larger budget replaces a shallower answer, never
//! the other way round. The cache is bounded (S3-FIFO eviction, `quick_cache`).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;

use mancala_solver::engine::{Budget, Limit};
use mancala_solver::{Position, SliceId};

use crate::{Evaluation, Source};

/// Searched answers kept at most: an answer with every move is about 2 KB, so some 16 MB.
const KEPT: usize = 8192;

/// What an answer is kept under.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    position: Position,
    contents: u64,
}

/// A kept answer and the nodes of search it stands for.
#[derive(Clone)]
struct Kept {
    evaluation: Arc<Evaluation>,
    /// The node budget it was searched with; a search stopped by its time limit counts the
    /// nodes it visited, since it went no further.
    nodes: u64,
}

impl Kept {
    fn exact(&self) -> bool {
        self.evaluation.source.is_exact()
    }

    /// Whether it answers a question of `budget` as well as a new search would.
    fn covers(&self, budget: Budget) -> bool {
        self.exact() || self.nodes >= budget.nodes
    }
}

/// The kept answers (see the module documentation).
pub(crate) struct Answers(quick_cache::sync::Cache<Key, Kept>);

impl Answers {
    pub(crate) fn new() -> Answers {
        Answers(quick_cache::sync::Cache::new(KEPT))
    }

    /// The kept answer of `position` over the tablebase `contents`, if it covers `budget`;
    /// its search report says it was kept.
    pub(crate) fn get(
        &self,
        position: &Position,
        contents: u64,
        budget: Budget,
    ) -> Option<Evaluation> {
        let key = Key {
            position: *position,
            contents,
        };
        let kept = self.0.get(&key).filter(|k| k.covers(budget))?;
        let mut evaluation = Evaluation::clone(&kept.evaluation);
        if let Source::Search(report) = &mut evaluation.source {
            report.kept = true;
        }
        Some(evaluation)
    }

    /// Keeps `evaluation`, searched within `budget` over the tablebase `contents`, unless the
    /// answer kept already covers at least as much.
    pub(crate) fn keep(&self, contents: u64, budget: Budget, evaluation: &Evaluation) {
        let Source::Search(report) = evaluation.source else {
            return;
        };
        let nodes = match report.stopped_by {
            Some(Limit::Time) => report.nodes,
            _ => budget.nodes,
        };
        let new = Kept {
            evaluation: Arc::new(evaluation.clone()),
            nodes,
        };
        let key = Key {
            position: evaluation.position,
            contents,
        };
        let better = match self.0.get(&key) {
            None => true,
            Some(old) => !old.exact() && (new.exact() || new.nodes > old.nodes),
        };
        if better {
            self.0.insert(key, new);
        }
    }
}

/// The contents of a tablebase for one variant, as a number: the same set of slices gives the
/// same number, in any order.
pub(crate) fn contents<'a>(slices: impl IntoIterator<Item = &'a SliceId>) -> u64 {
    let mut count = 0u64;
    let mut mixed = 0u64;
    for id in slices {
        let mut h = DefaultHasher::new();
        id.hash(&mut h);
        mixed ^= h.finish();
        count += 1;
    }
    mixed ^ count.rotate_left(32)
}

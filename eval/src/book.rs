//! The opening book: every position within the first plies of a variant's start, searched with
//! a large budget once (`mancala book build`) and stored in the file's `answers` table, so that
//! the first questions of a game are answered at once and marked `"source": "book"`.
//!
//! A book is built over the tablebase the file holds; its answers are used while the variant's
//! slices stay the same (a proven answer always), so a book built before more slices were
//! solved is built again by the next `book build`. Building is resumable: a position whose
//! answer (the book's, or any kept answer) already covers the budget is not searched again, and
//! a build stopped by its time limit goes on from there the next time.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use crate::{EvalError, Evaluator, Source};
use mancala_solver::engine::Budget;
use mancala_solver::{Board, Position, Variant};

/// How far a book build has come, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct BookProgress {
    /// Positions of the book not held by the tablebase.
    pub positions: usize,
    /// Of those, the ones whose answer is stored (before this build or by it).
    pub done: usize,
}

/// What a book build did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookReport {
    /// Positions within the plies, each board (as the side to move sees it) once, the game not
    /// over.
    pub positions: usize,
    /// Of those, the ones the tablebase holds (no search needed).
    pub held: usize,
    /// Answered already by a stored answer covering the budget.
    pub already: usize,
    /// Searched by this build.
    pub searched: usize,
    /// Of the searched, those the search proved.
    pub exact: usize,
    /// Left for a later build, the time limit having come.
    pub left: usize,
    /// Nodes the build's searches visited.
    pub nodes: u64,
}

/// The positions within `plies` moves of `variant`'s start, nearest first: every board (as the
/// side to move sees it) once, positions where the game is over left out.
pub fn positions_within(variant: Variant, plies: u32) -> Vec<Position> {
    let start = Position::start(variant);
    let mut seen: HashSet<Board> = HashSet::from([start.relative_board()]);
    let mut all = vec![start];
    let mut frontier = vec![start];
    for _ in 0..plies {
        let mut next = Vec::new();
        for position in &frontier {
            for played in position.successors() {
                let after = played.after;
                if !played.ends_game && seen.insert(after.relative_board()) {
                    next.push(after);
                }
            }
        }
        all.extend_from_slice(&next);
        frontier = next;
    }
    all
}

impl Evaluator {
    /// Builds or deepens the opening book of `variant`: every position within `plies` of its
    /// start ([`positions_within`]) that the tablebase does not hold and no stored answer
    /// covers `budget` for is searched within `budget`, on the evaluator's search threads, and
    /// stored as the book's; none is started after `until`. The evaluator must write its
    /// answers to the file ([`Evaluator::writing_answers_to`]) for the book to outlive it.
    pub fn build_book(
        &self,
        variant: Variant,
        plies: u32,
        budget: Budget,
        until: Option<Instant>,
        progress: &(dyn Fn(BookProgress) + Sync),
    ) -> Result<BookReport, EvalError> {
        let all = positions_within(variant, plies);
        let mut report = BookReport {
            positions: all.len(),
            ..BookReport::default()
        };
        let mut todo = Vec::new();
        let session = self.session(variant);
        for position in all {
            if session.holds(&position) {
                report.held += 1;
            } else if session.kept_covers(&position, budget)? {
                report.already += 1;
            } else {
                todo.push(position);
            }
        }
        drop(session);
        let positions = todo.len() + report.already;
        let done = AtomicUsize::new(report.already);
        let (exact, nodes) = (AtomicUsize::new(0), AtomicU64::new(0));
        progress(BookProgress {
            positions,
            done: report.already,
        });
        // One worker per search thread of the evaluator, each taking the next position.
        let next = AtomicUsize::new(0);
        let searched = AtomicUsize::new(0);
        let work = || -> Result<(), EvalError> {
            loop {
                let Some(position) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return Ok(());
                };
                if until.is_some_and(|t| Instant::now() >= t) {
                    return Ok(());
                }
                let e = self.session(variant).search_for_book(position, budget)?;
                if let Source::Search(r) = e.source {
                    nodes.fetch_add(r.nodes, Ordering::Relaxed);
                    exact.fetch_add(usize::from(r.exact), Ordering::Relaxed);
                }
                searched.fetch_add(1, Ordering::Relaxed);
                let done = done.fetch_add(1, Ordering::Relaxed) + 1;
                progress(BookProgress { positions, done });
            }
        };
        std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.settings().threads.max(1))
                .map(|_| scope.spawn(work))
                .collect();
            // The scope joins every worker; the first error is the answer.
            workers
                .into_iter()
                .try_for_each(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
        })?;
        report.searched = searched.into_inner();
        report.left = todo.len() - report.searched;
        report.exact = exact.into_inner();
        report.nodes = nodes.into_inner();
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_positions_within_plies_of_the_start_are_counted_once() {
        // Kalah (6 pits, 4 seeds): the start, then its 6 moves; the move from pit 3 ends in
        // South's store, so it leaves South to move again, and the other five leave North to
        // move: 6 new boards. No two of them are the same board.
        let v = Variant::Kalah;
        assert_eq!(positions_within(v, 0).len(), 1);
        assert_eq!(positions_within(v, 1).len(), 7);
        // Every position at most one ply further: no board twice.
        let two = positions_within(v, 2);
        let boards: HashSet<Board> = two.iter().map(|p| p.relative_board()).collect();
        assert_eq!(boards.len(), two.len());
        assert!(two.len() > 7);
    }
}

//! Pass 3: depths, by a breadth-first retrograde over value-keeping moves only.
//!
//! Depth 0 is a finished game, depth 1 a value-keeping exit (a capture or the end). Level by
//! level, a position ahead takes the first (smallest) depth that reaches it through a
//! value-keeping move, and a position behind the depth at which its last value-keeping move
//! resolves (the largest). The value pass guarantees every position with a value other than 0 is
//! reached: each was decided through a value-keeping move into a position decided before it.

use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};

use rayon::prelude::*;

use super::graph::Graph;
use super::{Progress, SolveError, NO_DEPTH};
use crate::Slice;

pub(super) fn retrograde(
    slice: Slice,
    g: &Graph,
    values: &[i8],
    progress: &dyn Progress,
) -> Result<Vec<u16>, SolveError> {
    let n = g.len();
    let depth: Vec<AtomicU16> = (0..n).map(|_| AtomicU16::new(NO_DEPTH)).collect();
    // For a position behind: its value-keeping moves not yet resolved.
    let open: Vec<AtomicU8> = (0..n)
        .into_par_iter()
        .map(|i| {
            let node = &g.nodes[i];
            let keeping_exits = if values[i] < 0 && !node.terminal && node.best_exit == values[i] {
                node.exits_at_best
            } else {
                0
            };
            AtomicU8::new(keeping_exits)
        })
        .collect();
    (0..n).into_par_iter().for_each(|c| {
        for &p in g.preds(c) {
            let p = p as usize;
            if values[p] < 0 && -values[c] == values[p] {
                open[p].fetch_add(1, Ordering::Relaxed);
            }
        }
    });
    progress.pass("depths", n as u64);

    // Level 0: finished games. Level 1 also takes every value-keeping exit.
    let mut frontier: Vec<u32> = (0..n)
        .into_par_iter()
        .filter(|&i| values[i] != 0 && g.nodes[i].terminal)
        .map(|i| {
            depth[i].store(0, Ordering::Relaxed);
            i as u32
        })
        .collect();
    let mut level: u16 = 0;
    while !frontier.is_empty() || level == 0 {
        progress.advance(frontier.len() as u64);
        if level == NO_DEPTH - 1 {
            return Err(SolveError::TooLarge {
                variant: slice.variant,
                slice: slice.id,
                what: format!("depths past {}", NO_DEPTH - 1),
            });
        }
        let next = level + 1;
        let resolve = |p: usize, one: u8| -> bool {
            if values[p] > 0 {
                depth[p]
                    .compare_exchange(NO_DEPTH, next, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
            } else {
                open[p].fetch_sub(one, Ordering::Relaxed) == one
                    && depth[p].swap(next, Ordering::Relaxed) == NO_DEPTH
            }
        };
        let mut next_frontier: Vec<u32> = frontier
            .par_iter()
            .flat_map_iter(|&c| {
                let c = c as usize;
                g.preds(c)
                    .iter()
                    .copied()
                    .filter(move |&p| values[p as usize] != 0 && -values[c] == values[p as usize])
            })
            .filter(|&p| resolve(p as usize, 1))
            .collect();
        if level == 0 {
            next_frontier.par_extend((0..n).into_par_iter().filter_map(|i| {
                let node = &g.nodes[i];
                let keeps = values[i] != 0 && !node.terminal && node.best_exit == values[i];
                (keeps && resolve(i, node.exits_at_best)).then_some(i as u32)
            }));
        }
        frontier = next_frontier;
        level = next;
    }
    let depth: Vec<u16> = depth.into_iter().map(AtomicU16::into_inner).collect();
    debug_assert!(
        (0..n).all(|i| (values[i] == 0) == (depth[i] == NO_DEPTH)),
        "every decided position gets a depth"
    );
    Ok(depth)
}

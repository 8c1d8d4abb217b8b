//! Pass 2: values, by one retrograde analysis per threshold.
//!
//! For `t` from the largest possible value down to 1, `Win` holds the positions worth at least
//! `t` to the side to move and `Lose` those worth at most `-t`. A position joins `Win` when an
//! exit is worth `t` or more, or a move leads into `Lose`; it joins `Lose` when every exit is
//! worth `-t` or less and every move leads into `Win`. Both sets only grow as `t` falls, so the
//! counters of moves not yet known to lead into `Win` carry over from one threshold to the next,
//! and every edge is looked at a bounded number of times in all. A position in neither set at
//! `t = 1` is worth 0: no side can force play out of endless cycling (or it is worth 0 exactly).

use std::sync::atomic::{AtomicI8, AtomicU8, Ordering};

use rayon::prelude::*;

use super::graph::{Graph, NO_EXIT};
use super::Progress;

/// A value not yet decided.
const UNKNOWN: i8 = i8::MIN;

pub(super) fn retrograde(g: &Graph, progress: &dyn Progress) -> Vec<i8> {
    let n = g.len();
    let value: Vec<AtomicI8> = (0..n).map(|_| AtomicI8::new(UNKNOWN)).collect();
    let pending: Vec<AtomicU8> = g.nodes.iter().map(|x| AtomicU8::new(x.internal)).collect();
    // Only thresholds equal to some exit's size can add positions to the sets: at any other
    // `t`, nothing new is seeded, so nothing new propagates. And at threshold `t` only the
    // positions whose best exit is worth exactly `t` or `-t` can be new seeds: one with a larger
    // exit was seeded (or decided) at the threshold of its own size. So the positions are
    // sorted by the size of their best exit once (a counting sort), and each threshold looks at
    // its own bucket only, instead of scanning every position for every threshold.
    let mut bucket_start = [0usize; 130];
    for x in &g.nodes {
        if x.best_exit != NO_EXIT {
            bucket_start[x.best_exit.unsigned_abs() as usize + 1] += 1;
        }
    }
    for t in 1..130 {
        bucket_start[t] += bucket_start[t - 1];
    }
    let mut by_size = vec![0u32; bucket_start[129]];
    let mut fill = bucket_start;
    for (i, x) in g.nodes.iter().enumerate() {
        if x.best_exit != NO_EXIT {
            let t = x.best_exit.unsigned_abs() as usize;
            by_size[fill[t]] = i as u32;
            fill[t] += 1;
        }
    }
    progress.pass("values", n as u64);
    for t in (1..=127i8).rev() {
        let bucket = &by_size[bucket_start[t as usize]..bucket_start[t as usize + 1]];
        if bucket.is_empty() {
            continue;
        }
        // Seed both sets from the exits (and from counters that ran out at a higher threshold).
        let (mut wins, mut losses): (Vec<u32>, Vec<u32>) = bucket
            .par_iter()
            .fold(
                || (Vec::new(), Vec::new()),
                |(mut w, mut l), &i| {
                    let i = i as usize;
                    let node = &g.nodes[i];
                    if value[i].load(Ordering::Relaxed) == UNKNOWN {
                        if node.best_exit >= t {
                            value[i].store(t, Ordering::Relaxed);
                            w.push(i as u32);
                        } else if node.best_exit <= -t && pending[i].load(Ordering::Relaxed) == 0 {
                            value[i].store(-t, Ordering::Relaxed);
                            l.push(i as u32);
                        }
                    }
                    (w, l)
                },
            )
            .reduce(
                || (Vec::new(), Vec::new()),
                |(mut w1, mut l1), (w2, l2)| {
                    w1.extend(w2);
                    l1.extend(l2);
                    (w1, l1)
                },
            );
        while !wins.is_empty() || !losses.is_empty() {
            progress.advance((wins.len() + losses.len()) as u64);
            // A position losing for its mover makes every predecessor a win.
            let new_wins: Vec<u32> = losses
                .par_iter()
                .flat_map_iter(|&c| g.preds(c as usize).iter().copied())
                .filter(|&p| {
                    value[p as usize]
                        .compare_exchange(UNKNOWN, t, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                })
                .collect();
            // A winning position removes one escape from each predecessor.
            let new_losses: Vec<u32> = wins
                .par_iter()
                .flat_map_iter(|&c| g.preds(c as usize).iter().copied())
                .filter(|&p| {
                    let p = p as usize;
                    pending[p].fetch_sub(1, Ordering::Relaxed) == 1
                        && g.nodes[p].best_exit <= -t
                        && value[p]
                            .compare_exchange(UNKNOWN, -t, Ordering::Relaxed, Ordering::Relaxed)
                            .is_ok()
                })
                .collect();
            wins = new_wins;
            losses = new_losses;
        }
    }
    value
        .into_iter()
        .map(|v| match v.into_inner() {
            UNKNOWN => 0,
            v => v,
        })
        .collect()
}

//! Pass 2: values and depths together, by one retrograde analysis per threshold, level by level.
//!
//! For `t` from the largest possible value down to 1, `Win` holds the positions worth at least
//! `t` to the side to move and `Lose` those worth at most `-t`. A position joins `Win` when an
//! exit is worth `t` or more, or a move leads into `Lose`; it joins `Lose` when every exit is
//! worth `-t` or less and every move leads into `Win`. Both sets only grow as `t` falls, so the
//! counters of moves not yet known to lead into `Win` carry over from one threshold to the next,
//! and every predecessor list is read once in all. A position in neither set at `t = 1` is worth
//! 0: no side can force play out of endless cycling (or it is worth 0 exactly).
//!
//! The positions that join a set at threshold `t` are worth exactly `t` (or `-t`): they did not
//! join at `t + 1`. Taking them level by level gives their depth as they join: level 0 is the
//! finished games worth `±t`, level 1 the exits worth exactly `t` (or the last escape closed by
//! one, for `Lose`), and level `d + 1` what a position of level `d` decides through its
//! predecessors. A winner joins at the first level one of its value-keeping moves reaches, which
//! is the shortest; a loser at the level of its last value-keeping move, which is the longest:
//! the depth of docs/rules.md, found without a second pass over the moves.
//!
//! A level is a list of positions while it is small; a large one is found again by scanning for
//! the positions whose value is `±t` and whose depth is the level, so that no level costs more
//! than [`LIST_SHARE`] of the positions in memory.

use std::sync::atomic::{AtomicI8, AtomicU16, AtomicU8, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::moves::{NO_EXIT, TERMINAL};
use super::preds::PredTable;
use super::{Progress, SolveError, NO_DEPTH};
use crate::Slice;

/// A value not yet decided.
pub(super) const UNKNOWN: i8 = i8::MIN;

/// A level is kept as a list while it holds at most one position in this many.
const LIST_SHARE: usize = 128;

/// The most positions a level lists in a group of `n` (more are found by scanning).
pub(super) fn list_cap(n: usize) -> usize {
    (n / LIST_SHARE).max(1 << 16)
}

/// Positions scanned by one parallel task.
const SCAN_CHUNK: usize = 1 << 16;

/// Every position's working state: five bytes a position.
pub(super) struct Work {
    /// The best exit ([`NO_EXIT`] when none), from the moves pass.
    pub best_exit: Vec<i8>,
    /// Moves not yet known to lead into `Win`, or [`TERMINAL`].
    pub pending: Vec<AtomicU8>,
    /// The value, [`UNKNOWN`] until decided.
    pub value: Vec<AtomicI8>,
    /// The depth, [`NO_DEPTH`] until decided.
    pub depth: Vec<AtomicU16>,
}

impl Work {
    /// The state before the retrograde: nothing decided.
    pub fn new(best_exit: Vec<i8>, pending: Vec<u8>) -> Work {
        let n = best_exit.len();
        Work {
            best_exit,
            pending: pending.into_iter().map(AtomicU8::new).collect(),
            value: (0..n).map(|_| AtomicI8::new(UNKNOWN)).collect(),
            depth: (0..n).map(|_| AtomicU16::new(NO_DEPTH)).collect(),
        }
    }

    fn len(&self) -> usize {
        self.best_exit.len()
    }

    /// How many positions have a value already (after a resumed checkpoint).
    pub fn decided(&self) -> u64 {
        self.value
            .par_iter()
            .with_min_len(SCAN_CHUNK)
            .filter(|v| v.load(Ordering::Relaxed) != UNKNOWN)
            .count() as u64
    }

    /// The values and depths, the undecided positions worth 0 (without a depth); converted in
    /// place.
    pub fn into_results(self) -> (Vec<i8>, Vec<u16>) {
        drop(self.pending);
        drop(self.best_exit);
        let values = self
            .value
            .into_iter()
            .map(|v| match v.into_inner() {
                UNKNOWN => 0,
                v => v,
            })
            .collect();
        let depths = self.depth.into_iter().map(AtomicU16::into_inner).collect();
        (values, depths)
    }
}

/// The thresholds that can decide anything (a threshold with no exit of its size seeds
/// nothing, so nothing propagates), largest first.
pub(super) fn thresholds(work: &Work) -> Vec<i8> {
    let present = work
        .best_exit
        .par_chunks(SCAN_CHUNK)
        .fold(
            || [false; 128],
            |mut seen, chunk| {
                for &b in chunk.iter().filter(|&&b| b != NO_EXIT) {
                    seen[b.unsigned_abs() as usize] = true;
                }
                seen
            },
        )
        .reduce(
            || [false; 128],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x |= y;
                }
                a
            },
        );
    (1..=127i8).rev().filter(|&t| present[t as usize]).collect()
}

/// One level: the positions decided at it, as a list or to be found by a scan.
enum Level {
    List(Vec<u32>),
    Scan(usize),
}

impl Level {
    fn count(&self) -> usize {
        match self {
            Level::List(l) => l.len(),
            Level::Scan(n) => *n,
        }
    }
}

/// Runs the retrograde of threshold `t`.
pub(super) fn threshold(
    slice: Slice,
    work: &Work,
    preds: &PredTable,
    t: i8,
    cap: usize,
    progress: &dyn Progress,
) -> Result<(), SolveError> {
    // Level 0: finished games worth exactly ±t.
    let mut level = seeds(work, t, 0, cap);
    let mut depth: u16 = 0;
    loop {
        progress.advance(level.count() as u64);
        if depth == NO_DEPTH - 1 {
            return Err(SolveError::TooLarge {
                variant: slice.variant,
                slice: slice.id,
                what: format!("depths past {}", NO_DEPTH - 1),
            });
        }
        let next = depth + 1;
        let counted = AtomicUsize::new(0);
        let mut found: Vec<u32> = match &level {
            Level::List(list) => list
                .par_iter()
                .fold(Vec::new, |mut out, &c| {
                    propagate(work, preds, c, t, next, cap, &counted, &mut out);
                    out
                })
                .reduce(Vec::new, concat),
            Level::Scan(_) => (0..work.len().div_ceil(SCAN_CHUNK))
                .into_par_iter()
                .fold(Vec::new, |mut out, k| {
                    let end = ((k + 1) * SCAN_CHUNK).min(work.len());
                    for c in k * SCAN_CHUNK..end {
                        if work.depth[c].load(Ordering::Relaxed) == depth
                            && work.value[c].load(Ordering::Relaxed).unsigned_abs() == t as u8
                        {
                            propagate(work, preds, c as u32, t, next, cap, &counted, &mut out);
                        }
                    }
                    out
                })
                .reduce(Vec::new, concat),
        };
        let mut n = counted.into_inner();
        if depth == 0 {
            // Level 1 also takes the exits worth exactly ±t.
            let more = seeds(work, t, 1, cap);
            n += more.count();
            if let Level::List(more) = more {
                found.extend(more);
            }
        }
        if n == 0 {
            return Ok(());
        }
        level = if n > cap {
            Level::Scan(n)
        } else {
            // In index order, the level's predecessor lists are read forward through the table
            // (a file on disk for a large group) instead of all over it.
            found.par_sort_unstable();
            Level::List(found)
        };
        depth = next;
    }
}

fn concat(mut a: Vec<u32>, b: Vec<u32>) -> Vec<u32> {
    a.extend(b);
    a
}

/// Decides `p` at `value` and `depth` unless it is decided already; lists it in `out` while the
/// level holds at most `cap` positions.
#[inline]
fn decide(
    work: &Work,
    p: usize,
    value: i8,
    depth: u16,
    cap: usize,
    counted: &AtomicUsize,
    out: &mut Vec<u32>,
) {
    if work.value[p]
        .compare_exchange(UNKNOWN, value, Ordering::Relaxed, Ordering::Relaxed)
        .is_ok()
    {
        work.depth[p].store(depth, Ordering::Relaxed);
        if counted.fetch_add(1, Ordering::Relaxed) < cap {
            out.push(p as u32);
        }
    }
}

/// What position `c`, decided at threshold `t`, decides of its predecessors at `depth`: losing
/// for its mover, it makes every predecessor a win; winning, it closes one escape of each, which
/// loses once none is left and no exit is worth more than `-t`.
#[allow(clippy::too_many_arguments)]
#[inline]
fn propagate(
    work: &Work,
    preds: &PredTable,
    c: u32,
    t: i8,
    depth: u16,
    cap: usize,
    counted: &AtomicUsize,
    out: &mut Vec<u32>,
) {
    if work.value[c as usize].load(Ordering::Relaxed) < 0 {
        for p in preds.preds(c) {
            decide(work, p as usize, t, depth, cap, counted, out);
        }
    } else {
        for p in preds.preds(c) {
            let p = p as usize;
            if work.pending[p].fetch_sub(1, Ordering::Relaxed) == 1 && work.best_exit[p] <= -t {
                decide(work, p, -t, depth, cap, counted, out);
            }
        }
    }
}

/// The positions that join at threshold `t` from their own exits: at level 0 the finished games
/// worth `±t`, at level 1 the positions with an exit worth exactly `t`, or exactly `-t` and no
/// escape left.
fn seeds(work: &Work, t: i8, depth: u16, cap: usize) -> Level {
    let counted = AtomicUsize::new(0);
    let found = work
        .best_exit
        .par_chunks(SCAN_CHUNK)
        .enumerate()
        .fold(Vec::new, |mut out, (k, chunk)| {
            for (j, &b) in chunk.iter().enumerate() {
                if b.unsigned_abs() != t as u8 {
                    continue;
                }
                let i = k * SCAN_CHUNK + j;
                let pending = work.pending[i].load(Ordering::Relaxed);
                let value = match (depth, pending) {
                    (0, TERMINAL) => b,
                    (1, TERMINAL) => continue,
                    (1, _) if b > 0 => t,
                    (1, 0) => -t,
                    _ => continue,
                };
                decide(work, i, value, depth, cap, &counted, &mut out);
            }
            out
        })
        .reduce(Vec::new, concat);
    match counted.into_inner() {
        n if n > cap => Level::Scan(n),
        _ => Level::List(found),
    }
}

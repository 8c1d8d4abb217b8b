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

use std::sync::atomic::{AtomicUsize, Ordering};

use rayon::prelude::*;

use super::group_index::GroupIndex;
use super::moves::{NO_EXIT, TERMINAL};
use super::predecessors::Predecessors;
use super::ranks::{Partition, Ranks};
use super::state::{self, Work, ONE_PENDING};
use super::{Progress, SolveError, NO_DEPTH};
use crate::index::Cursor;
use crate::{cache, Slice};

/// A level is kept as a list while it holds at most one position in this many.
const LIST_SHARE: usize = 128;

/// The most positions a level lists in a group of `n` (more are found by scanning).
pub(super) fn list_cap(n: usize) -> usize {
    (n / LIST_SHARE).max(1 << 16)
}

/// The thresholds that can decide anything (a threshold with no exit of its size seeds
/// nothing, so nothing propagates), largest first, over every rank's share. Only undecided
/// positions count: after a resumed checkpoint, a decided position seeds nothing more.
pub(super) fn thresholds(work: &Work, ranks: &dyn Ranks) -> Vec<i8> {
    let present = work
        .par_chunks()
        .fold(
            || [false; 128],
            |mut seen, (_, chunk)| {
                for w in chunk.iter().map(|c| c.load(Ordering::Relaxed)) {
                    if !state::is_decided(w) && state::best_exit(w) != NO_EXIT {
                        seen[state::best_exit(w).unsigned_abs() as usize] = true;
                    }
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
    let mut present: Vec<u64> = present.iter().map(|&p| p as u64).collect();
    ranks.max(&mut present);
    (1..=127i8)
        .rev()
        .filter(|&t| present[t as usize] > 0)
        .collect()
}

/// One level: the positions decided at it, as a list or to be found by a scan.
enum Level<I> {
    List(Vec<I>),
    Scan(usize),
}

impl<I> Level<I> {
    fn count(&self) -> usize {
        match self {
            Level::List(l) => l.len(),
            Level::Scan(n) => *n,
        }
    }
}

/// Runs the retrograde of threshold `t` on this rank's share, with the other ranks.
#[allow(clippy::too_many_arguments)]
pub(super) fn threshold<I: GroupIndex>(
    slice: Slice,
    work: &Work,
    preds: &Predecessors<I>,
    t: i8,
    cap: usize,
    ranks: &dyn Ranks,
    partition: &Partition,
    progress: &dyn Progress,
) -> Result<(), SolveError> {
    // Level 0: finished games worth exactly ±t.
    let [mut level, exits] = seeds(work, t, cap);
    let mut exits = Some(exits);
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
        let step = Step {
            work,
            preds,
            partition,
            t,
            depth: depth + 1,
            cap,
            counted: AtomicUsize::new(0),
        };
        let mut found = step.level(&level, depth, ranks);
        let next = step.depth;
        let mut n = step.counted.into_inner();
        if let Some(more) = exits.take() {
            // Level 1 also takes the exits worth exactly ±t.
            n += more.count();
            if let Level::List(more) = more {
                found.extend(more);
            }
        }
        // The threshold ends when no rank decided anything at this level.
        let mut all = [n as u64];
        ranks.sum(&mut all);
        if all[0] == 0 {
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

fn concat<I>(mut a: Vec<I>, b: Vec<I>) -> Vec<I> {
    a.extend(b);
    a
}

/// Positions of a level whose predecessors are fetched together: their words are prefetched
/// before any is touched, so that their cache misses overlap instead of coming one by one.
const BATCH: usize = 32;

/// Positions of a listed level propagated between two exchanges with the other ranks: what a
/// rank holds for the others at once is bounded by this many positions' predecessors.
const LIST_ROUND: usize = 1 << 20;

/// Positions of the share scanned for a level between two exchanges.
const SCAN_ROUND: usize = 1 << 24;

/// One level's propagation at one threshold: what a position decided at it decides of its
/// predecessors.
struct Step<'a, I: GroupIndex> {
    work: &'a Work,
    preds: &'a Predecessors<I>,
    /// Which rank holds each position.
    partition: &'a Partition,
    /// The threshold.
    t: i8,
    /// The depth of the positions decided at this step (the next level).
    depth: u16,
    /// The most positions the next level lists.
    cap: usize,
    /// Positions decided at this step.
    counted: AtomicUsize,
}

/// What one task of a step gathers: the predecessors of a batch, and what it decided.
struct Batch<I> {
    /// Predecessors of positions that lose for their mover: they win.
    winners: Vec<I>,
    /// Predecessors of positions that win for their mover: one escape fewer.
    escapes: Vec<I>,
    /// The positions decided, while the level lists them.
    found: Vec<I>,
    /// Winners and escapes that other ranks hold, by rank (empty until there is one).
    away: [Vec<Vec<I>>; 2],
    /// Kept from one position's predecessors to the next ([`Predecessors::each`]).
    cursor: Option<Cursor>,
}

impl<I> Default for Batch<I> {
    fn default() -> Self {
        Batch {
            winners: Vec::new(),
            escapes: Vec::new(),
            found: Vec::new(),
            away: [Vec::new(), Vec::new()],
            cursor: None,
        }
    }
}

impl<I> Batch<I> {
    /// What two tasks gathered, together.
    fn merge(mut self, other: Batch<I>) -> Batch<I> {
        self.found = concat(self.found, other.found);
        for (mine, theirs) in self.away.iter_mut().zip(other.away) {
            if mine.is_empty() {
                *mine = theirs;
            } else {
                for (m, t) in mine.iter_mut().zip(theirs) {
                    m.extend(t);
                }
            }
        }
        self
    }
}

impl<I: GroupIndex> Step<'_, I> {
    /// Propagates a level of this rank's share, in rounds that end with an exchange of what
    /// the round decided of the positions other ranks hold (every rank takes part in as many
    /// rounds as the one with the most). Returns the positions decided here, as many as are
    /// listed.
    fn level(&self, level: &Level<I>, depth: u16, ranks: &dyn Ranks) -> Vec<I> {
        let exchanging = self.partition.ranks() > 1;
        let share = self.work.range();
        let mut rounds = [match level {
            Level::List(list) => list.len().div_ceil(LIST_ROUND),
            Level::Scan(_) => share.len().div_ceil(SCAN_ROUND),
        } as u64];
        if exchanging {
            ranks.max(&mut rounds);
        }
        let mut found = Vec::new();
        for round in 0..rounds[0] as usize {
            let batch = match level {
                Level::List(list) => {
                    let from = (round * LIST_ROUND).min(list.len());
                    let to = (from + LIST_ROUND).min(list.len());
                    list[from..to]
                        .par_chunks(BATCH)
                        .fold(Batch::default, |mut batch, cs| {
                            self.propagate(cs, &mut batch);
                            batch
                        })
                        .reduce(Batch::default, Batch::merge)
                }
                Level::Scan(_) => {
                    let from = (share.start + round * SCAN_ROUND).min(share.end);
                    let to = (from + SCAN_ROUND).min(share.end);
                    self.work
                        .par_chunks_in(from..to)
                        .fold(Batch::default, |mut batch, (first, chunk)| {
                            let mut cs = [I::default(); BATCH];
                            let mut k = 0;
                            for (c, cell) in (first..).zip(chunk) {
                                let w = cell.load(Ordering::Relaxed);
                                if state::is_decided(w)
                                    && state::depth(w) == depth
                                    && state::value(w).unsigned_abs() == self.t as u8
                                {
                                    cs[k] = I::new(c);
                                    k += 1;
                                    if k == BATCH {
                                        self.propagate(&cs, &mut batch);
                                        k = 0;
                                    }
                                }
                            }
                            self.propagate(&cs[..k], &mut batch);
                            batch
                        })
                        .reduce(Batch::default, Batch::merge)
                }
            };
            found = concat(found, batch.found);
            if exchanging {
                let none = || vec![Vec::new(); self.partition.ranks()];
                let [winners, escapes] = batch.away.map(|a| match a.is_empty() {
                    true => none(),
                    false => a,
                });
                let winners = I::exchange(ranks, winners);
                let escapes = I::exchange(ranks, escapes);
                found = concat(found, self.apply_received(&winners, &escapes));
            }
        }
        found
    }

    /// What the positions `cs`, decided at the level before, decide of their predecessors:
    /// losing for their mover, they make every predecessor a win; winning, they close one escape
    /// of each, which loses once none is left and no exit is worth more than `-t`. A
    /// predecessor another rank holds is set aside for it, in `batch.away`.
    fn propagate(&self, cs: &[I], batch: &mut Batch<I>) {
        batch.winners.clear();
        batch.escapes.clear();
        let ranks = self.partition.ranks();
        for &c in cs {
            let c = c.get();
            let losing = state::value(self.work.cell(c).load(Ordering::Relaxed)) < 0;
            let (to, away) = match losing {
                true => (&mut batch.winners, &mut batch.away[0]),
                false => (&mut batch.escapes, &mut batch.away[1]),
            };
            self.preds.each(c, &mut batch.cursor, |p| {
                if self.work.holds(p.get()) {
                    cache::prefetch(self.work.cell(p.get()));
                    to.push(p);
                } else {
                    if away.is_empty() {
                        away.resize(ranks, Vec::new());
                    }
                    away[self.partition.owner(p.get())].push(p);
                }
            });
        }
        self.apply(&batch.winners, &batch.escapes, &mut batch.found);
    }

    /// Applies what other ranks found of this rank's positions: `winners` win, `escapes` lose
    /// one escape each. Returns the positions decided, as many as are listed.
    fn apply_received(&self, winners: &[I], escapes: &[I]) -> Vec<I> {
        let apply = |ps: &[I], winning: bool| {
            ps.par_chunks(BATCH)
                .fold(Vec::new, |mut found, ps| {
                    ps.iter()
                        .for_each(|&p| cache::prefetch(self.work.cell(p.get())));
                    match winning {
                        true => self.apply(ps, &[], &mut found),
                        false => self.apply(&[], ps, &mut found),
                    }
                    found
                })
                .reduce(Vec::new, concat)
        };
        concat(apply(winners, true), apply(escapes, false))
    }

    /// Decides `winners` at `t`; closes one escape of each of `escapes`, deciding at `-t` those
    /// left with none and no exit worth more than `-t`. A decided position is left alone: its
    /// counter is no longer needed.
    fn apply(&self, winners: &[I], escapes: &[I], found: &mut Vec<I>) {
        for &p in winners {
            self.decide(p.get(), self.t, found);
        }
        for &p in escapes {
            let cell = self.work.cell(p.get());
            if state::is_decided(cell.load(Ordering::Relaxed)) {
                continue;
            }
            let old = cell.fetch_sub(ONE_PENDING, Ordering::Relaxed);
            if !state::is_decided(old)
                && state::pending(old) == 1
                && state::best_exit(old) <= -self.t
            {
                self.decide(p.get(), -self.t, found);
            }
        }
    }

    /// Decides `p` at `value` unless it is decided already; lists it in `found` while the level
    /// holds at most `cap` positions.
    #[inline]
    fn decide(&self, p: usize, value: i8, found: &mut Vec<I>) {
        decide(
            self.work,
            p,
            value,
            self.depth,
            self.cap,
            &self.counted,
            found,
        );
    }
}

/// Decides `p` at `value` and `depth` unless it is decided already; lists it in `out` while the
/// level holds at most `cap` positions.
#[inline]
fn decide<I: GroupIndex>(
    work: &Work,
    p: usize,
    value: i8,
    depth: u16,
    cap: usize,
    counted: &AtomicUsize,
    out: &mut Vec<I>,
) {
    let cell = work.cell(p);
    let mut old = cell.load(Ordering::Relaxed);
    // A count-down of another thread may change the word meanwhile: try again.
    while !state::is_decided(old) {
        match cell.compare_exchange_weak(
            old,
            state::decided(value, depth),
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => {
                if counted.fetch_add(1, Ordering::Relaxed) < cap {
                    out.push(I::new(p));
                }
                return;
            }
            Err(now) => old = now,
        }
    }
}

/// The positions that join at threshold `t` from their own exits, found in one scan: level 0,
/// the finished games worth `±t`, and the part of level 1 that exits decide, the positions with
/// an exit worth exactly `t`, or exactly `-t` and no escape left. The latter are decided before
/// level 0 propagates, at the value and depth it would give them, were it to reach them: a win
/// by an exit worth `t` is a win at depth 1 however it is found; a position with no escape left
/// has no move into level 0, so level 0 decides nothing of it.
fn seeds<I: GroupIndex>(work: &Work, t: i8, cap: usize) -> [Level<I>; 2] {
    let counted = [AtomicUsize::new(0), AtomicUsize::new(0)];
    let (level0, level1) = work
        .par_chunks()
        .fold(
            || (Vec::new(), Vec::new()),
            |(mut level0, mut level1), (first, chunk)| {
                for (i, cell) in (first..).zip(chunk) {
                    let w = cell.load(Ordering::Relaxed);
                    let b = state::best_exit(w);
                    if state::is_decided(w) || b.unsigned_abs() != t as u8 {
                        continue;
                    }
                    match state::pending(w) {
                        TERMINAL => decide(work, i, b, 0, cap, &counted[0], &mut level0),
                        _ if b > 0 => decide(work, i, t, 1, cap, &counted[1], &mut level1),
                        0 => decide(work, i, -t, 1, cap, &counted[1], &mut level1),
                        _ => {}
                    }
                }
                (level0, level1)
            },
        )
        .reduce(
            || (Vec::new(), Vec::new()),
            |(a0, a1), (b0, b1)| (concat(a0, b0), concat(a1, b1)),
        );
    let level = |counted: &AtomicUsize, found| match counted.load(Ordering::Relaxed) {
        n if n > cap => Level::Scan(n),
        _ => Level::List(found),
    };
    [level(&counted[0], level0), level(&counted[1], level1)]
}

//! The level-by-level propagation that both passes of the retrograde share, one threshold at a
//! time ([`super::values_pass`], then [`super::depths_pass`]).
//!
//! For `t` from the largest possible value down to 1, `Win` holds the positions worth at least
//! `t` to the side to move and `Lose` those worth at most `-t`. A position joins `Win` when an
//! exit is worth `t` or more, or a move leads into `Lose`; it joins `Lose` when every exit is
//! worth `-t` or less and every move leads into `Win`. Both sets only grow as `t` falls, so the
//! counters of moves not yet known to lead into `Win` carry over from one threshold to the next,
//! and every predecessor list is read once a pass. A position in neither set at `t = 1` is worth
//! 0: no side can force play out of endless cycling (or it is worth 0 exactly).
//!
//! A threshold starts from its seeds (a scan of the share: finished games, exits), then takes
//! the positions decided level by level: what a position of one level decides through its
//! predecessors is the next level. A [`Rule`] says what a pass's words mean: what it seeds, which
//! positions a level propagates, how a predecessor wins or loses an escape.
//!
//! A level is a list of positions while it is small; a large one is found again by scanning the
//! share for the positions the rule takes, so that no level costs more than [`LIST_SHARE`] of the
//! positions in memory.

use std::sync::atomic::{AtomicU16, AtomicUsize, Ordering};

use rayon::prelude::*;

use super::group_index::GroupIndex;
use super::predecessors::Predecessors;
use super::ranks::{Partition, Ranks};
use super::state::Work;
use super::{Progress, SolveError};
use crate::index::Cursor;
use crate::{cache, Slice};

/// A level is kept as a list while it holds at most one position in this many.
const LIST_SHARE: usize = 128;

/// The most positions a level lists in a group of `n` (more are found by scanning).
pub(super) fn list_cap(n: usize) -> usize {
    (n / LIST_SHARE).max(1 << 16)
}

/// What a pass's words mean at one threshold: what the propagation asks of a position.
pub(super) trait Rule: Sync {
    /// The deepest level a threshold may reach (the pass's words hold no more).
    const DEEPEST: u16;

    /// The words.
    fn work(&self) -> &Work;

    /// Seeds the threshold from the share's positions `first..first + cells.len()` (their words
    /// `cells`): calls `decided(i, level)` for each position `i` it decides, at level 0 or 1.
    fn seed(
        &self,
        first: usize,
        cells: &[AtomicU16],
        decided: &mut dyn FnMut(usize, usize),
    ) -> Result<(), SolveError>;

    /// Whether position `c`, of the level at `depth` (listed, or met in a scan), is to be
    /// propagated now, and then whether it loses for its mover.
    fn take(&self, c: usize, depth: u16) -> Option<bool>;

    /// `p` has a move into a position that loses for its mover: it wins, at `depth` (true when
    /// it was not decided already).
    fn win(&self, p: usize, depth: u16) -> bool;

    /// One move of `p` leads into a position that wins for its mover: one escape fewer, losing
    /// at `depth` when it was the last (true when it is decided now).
    fn escape(&self, p: usize, depth: u16) -> bool;
}

/// The thresholds a pass runs, largest first: those where `present` (by absolute value) is set
/// on any rank.
pub(super) fn thresholds_present(present: [bool; 128], ranks: &dyn Ranks) -> Vec<i8> {
    let mut present: Vec<u64> = present.iter().map(|&p| p as u64).collect();
    ranks.max(&mut present);
    (1..=127i8)
        .rev()
        .filter(|&t| present[t as usize] > 0)
        .collect()
}

/// The absolute values in 1..=127 that `of` gives for some word of the share: a parallel scan.
pub(super) fn present_in(
    work: &Work,
    of: impl Fn(usize, &[AtomicU16], &mut [bool; 128]) -> Result<(), SolveError> + Sync,
) -> Result<[bool; 128], SolveError> {
    work.par_chunks()
        .try_fold(
            || [false; 128],
            |mut seen, (first, chunk)| of(first, chunk, &mut seen).map(|()| seen),
        )
        .try_reduce(
            || [false; 128],
            |mut a, b| {
                a.iter_mut().zip(b).for_each(|(x, y)| *x |= y);
                Ok(a)
            },
        )
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

/// Runs threshold `t` of the pass that `rule` describes on this rank's share, with the other
/// ranks.
#[allow(clippy::too_many_arguments)]
pub(super) fn threshold<I: GroupIndex, R: Rule>(
    slice: Slice,
    rule: &R,
    preds: &Predecessors<I>,
    cap: usize,
    ranks: &dyn Ranks,
    partition: &Partition,
    progress: &dyn Progress,
) -> Result<(), SolveError> {
    // Level 0, and the part of level 1 that the seeds decide.
    let [mut level, seeded] = seeds(rule, cap)?;
    let mut seeded = Some(seeded);
    let mut depth: u16 = 0;
    loop {
        progress.advance(level.count() as u64);
        if depth == R::DEEPEST {
            return Err(SolveError::TooLarge {
                variant: slice.variant,
                slice: slice.id,
                what: format!("depths past {}", R::DEEPEST),
            });
        }
        let step = Step {
            rule,
            preds,
            partition,
            depth: depth + 1,
            cap,
            counted: AtomicUsize::new(0),
        };
        let mut found = step.level(&level, depth, ranks);
        let next = step.depth;
        let mut n = step.counted.into_inner();
        if let Some(more) = seeded.take() {
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
struct Step<'a, I: GroupIndex, R> {
    rule: &'a R,
    preds: &'a Predecessors<I>,
    /// Which rank holds each position.
    partition: &'a Partition,
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

impl<I: GroupIndex, R: Rule> Step<'_, I, R> {
    /// Propagates a level of this rank's share, in rounds that end with an exchange of what
    /// the round decided of the positions other ranks hold (every rank takes part in as many
    /// rounds as the one with the most). Returns the positions decided here, as many as are
    /// listed.
    fn level(&self, level: &Level<I>, depth: u16, ranks: &dyn Ranks) -> Vec<I> {
        let exchanging = self.partition.ranks() > 1;
        let work = self.rule.work();
        let share = work.range();
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
                            self.take(cs.iter().map(|c| c.get()), depth, &mut batch);
                            batch
                        })
                        .reduce(Batch::default, Batch::merge)
                }
                Level::Scan(_) => {
                    let from = (share.start + round * SCAN_ROUND).min(share.end);
                    let to = (from + SCAN_ROUND).min(share.end);
                    work.par_chunks_in(from..to)
                        .fold(Batch::default, |mut batch, (first, chunk)| {
                            self.take(first..first + chunk.len(), depth, &mut batch);
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

    /// Propagates those of `positions` that the rule takes of the level at `depth`, a batch at
    /// a time.
    fn take(&self, positions: impl Iterator<Item = usize>, depth: u16, batch: &mut Batch<I>) {
        let mut cs = [(0, false); BATCH];
        let mut k = 0;
        for c in positions {
            if let Some(losing) = self.rule.take(c, depth) {
                cs[k] = (c, losing);
                k += 1;
                if k == BATCH {
                    self.propagate(&cs, batch);
                    k = 0;
                }
            }
        }
        self.propagate(&cs[..k], batch);
    }

    /// What the positions `cs` (each with whether it loses for its mover) decide of their
    /// predecessors: losing, they make every predecessor a win; winning, they close one escape
    /// of each. A predecessor another rank holds is set aside for it, in `batch.away`.
    fn propagate(&self, cs: &[(usize, bool)], batch: &mut Batch<I>) {
        batch.winners.clear();
        batch.escapes.clear();
        let ranks = self.partition.ranks();
        let work = self.rule.work();
        for &(c, losing) in cs {
            let (to, away) = match losing {
                true => (&mut batch.winners, &mut batch.away[0]),
                false => (&mut batch.escapes, &mut batch.away[1]),
            };
            self.preds.each(c, &mut batch.cursor, |p| {
                if work.holds(p.get()) {
                    cache::prefetch(work.cell(p.get()));
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
        let work = self.rule.work();
        let apply = |ps: &[I], winning: bool| {
            ps.par_chunks(BATCH)
                .fold(Vec::new, |mut found, ps| {
                    ps.iter().for_each(|&p| cache::prefetch(work.cell(p.get())));
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

    /// Decides `winners`; closes one escape of each of `escapes`. Lists the positions decided
    /// in `found` while the level holds at most `cap` positions.
    fn apply(&self, winners: &[I], escapes: &[I], found: &mut Vec<I>) {
        for &p in winners {
            if self.rule.win(p.get(), self.depth) {
                note(p, &self.counted, self.cap, found);
            }
        }
        for &p in escapes {
            if self.rule.escape(p.get(), self.depth) {
                note(p, &self.counted, self.cap, found);
            }
        }
    }
}

/// Counts a position decided at a level, and lists it in `out` while the level holds at most
/// `cap` positions.
#[inline]
fn note<I>(p: I, counted: &AtomicUsize, cap: usize, out: &mut Vec<I>) {
    if counted.fetch_add(1, Ordering::Relaxed) < cap {
        out.push(p);
    }
}

/// The seeds of a threshold, found in one scan: level 0, and the part of level 1 that the
/// positions' own exits decide (before level 0 propagates, at the depth it would give them).
fn seeds<I: GroupIndex, R: Rule>(rule: &R, cap: usize) -> Result<[Level<I>; 2], SolveError> {
    let counted = [AtomicUsize::new(0), AtomicUsize::new(0)];
    let (level0, level1) = rule
        .work()
        .par_chunks()
        .try_fold(
            || (Vec::new(), Vec::new()),
            |(mut level0, mut level1), (first, chunk)| {
                rule.seed(first, chunk, &mut |i, level| match level {
                    0 => note(I::new(i), &counted[0], cap, &mut level0),
                    _ => note(I::new(i), &counted[1], cap, &mut level1),
                })?;
                Ok((level0, level1))
            },
        )
        .try_reduce(
            || (Vec::new(), Vec::new()),
            |(a0, a1), (b0, b1)| Ok((concat(a0, b0), concat(a1, b1))),
        )?;
    let level = |counted: &AtomicUsize, found| match counted.load(Ordering::Relaxed) {
        n if n > cap => Level::Scan(n),
        _ => Level::List(found),
    };
    Ok([level(&counted[0], level0), level(&counted[1], level1)])
}

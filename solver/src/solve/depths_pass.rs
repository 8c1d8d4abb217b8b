//! The retrograde's second pass: every position's depth, its value known, in two bytes a
//! position.
//!
//! The positions that join `Win` or `Lose` at threshold `t` ([`super::retrograde`]) are those
//! worth exactly `±t`; taking them level by level gives their depth as they join: level 0 is the
//! finished games worth `±t`, level 1 the positions with an exit worth exactly `t` (or losers
//! with no escape left at the threshold's start), and level `d + 1` what a position of level `d`
//! decides through its predecessors. A winner joins at the first level one of its value-keeping
//! moves reaches, which is the shortest; a loser at the level of its last value-keeping move,
//! which is the longest: the depth of docs/rules.md.
//!
//! A position's word ([`super::state`]) is, while its depth is unknown, a flag, its value (from
//! the values pass) and its in-group moves not yet known to lead into `Win` (7 bits: at most 127
//! moves); once known, its depth (15 bits). A predecessor that a losing position reaches and
//! whose depth is unknown is worth exactly `t` (it is worth at least `t`, and every position
//! worth more has its depth from a larger threshold), so it wins there; a predecessor whose last
//! move is counted down loses there when its value is `-t`. The values are not held: a
//! threshold starts by marking the positions worth `t` and those worth `-t` in two bitmaps (a
//! quarter of a byte a position) from their words, which still hold their values, so that a
//! position whose word holds its depth is still known to be of the threshold, and which side.

use std::sync::atomic::{AtomicU16, Ordering};

use rayon::prelude::*;

use super::bytes::as_i8;
use super::columns::{ExitsAt, ValuesAt};
use super::moves::TERMINAL;
use super::retrograde::{self, Rule};
use super::state::Work;
use super::state::SCAN_CHUNK;
use super::{Ranks, SolveError, NO_DEPTH};

/// The flag of a word whose depth is not known yet.
const UNKNOWN: u16 = 0x8000;

/// The bits of the move counter in a word whose depth is not known yet.
const COUNTER: u16 = 0x7f;

/// The deepest depth a word holds.
const DEEPEST: u16 = 0x7fff;

#[inline]
const fn undecided(value: i8, counter: u8) -> u16 {
    UNKNOWN | (value as u8 as u16) << 7 | counter as u16
}

#[inline]
const fn is_decided(word: u16) -> bool {
    word & UNKNOWN == 0
}

/// The value held in a word whose depth is not known yet.
#[inline]
const fn value(word: u16) -> i8 {
    (word >> 7) as u8 as i8
}

#[inline]
const fn counter(word: u16) -> u16 {
    word & COUNTER
}

/// The words of a share of `n` positions from group position `start`, no depth known, from the
/// values pass's `values` and the moves pass's in-group move counts.
pub(super) fn start(
    values: &ValuesAt,
    exits: &ExitsAt,
    start: usize,
    n: usize,
) -> Result<Work, SolveError> {
    Work::build(start, n, |range| {
        let values = values.read(range.clone(), |[values]| as_i8(values).to_vec())?;
        exits.read(range, |[_, pending]| {
            values
                .iter()
                .zip(pending)
                .map(|(&v, &p)| undecided(v, if p == TERMINAL { 0 } else { p }))
                .collect()
        })
    })
}

/// The thresholds of the depths pass, largest first: the value of every position of any rank's
/// share whose depth is not known, but 0.
pub(super) fn thresholds(work: &Work, ranks: &dyn Ranks) -> Result<Vec<i8>, SolveError> {
    let mut present = retrograde::present_in(work, |_, cells, seen| {
        for w in cells.iter().map(|c| c.load(Ordering::Relaxed)) {
            if !is_decided(w) {
                seen[value(w).unsigned_abs() as usize] = true;
            }
        }
        Ok(())
    })?;
    present[0] = false;
    Ok(retrograde::thresholds_present(present, ranks))
}

/// The depth of a word once the pass is done: [`NO_DEPTH`] where none is known (the position
/// is worth 0).
pub(super) fn final_depth(word: u16) -> u16 {
    match is_decided(word) {
        true => word,
        false => NO_DEPTH,
    }
}

/// Whether a word's depth is known.
pub(super) fn decided_word(word: u16) -> bool {
    is_decided(word)
}

/// The depths pass at threshold `t`.
pub(super) struct Depths<'a> {
    work: &'a Work,
    exits: &'a ExitsAt,
    t: i8,
    /// The share's positions worth `t` (bit `i % 64` of word `i / 64`, from the share's first),
    /// then those worth `-t`.
    worth: [Vec<u64>; 2],
}

impl<'a> Depths<'a> {
    /// Threshold `t` of the pass over `work`, its positions worth `±t` marked.
    pub fn new(work: &'a Work, exits: &'a ExitsAt, t: i8) -> Depths<'a> {
        let words = work.len().div_ceil(64);
        let mut worth = [vec![0u64; words], vec![0u64; words]];
        let [winners, losers] = &mut worth;
        work.par_chunks()
            .zip(winners.par_chunks_mut(SCAN_CHUNK / 64))
            .zip(losers.par_chunks_mut(SCAN_CHUNK / 64))
            .for_each(|(((_, cells), winners), losers)| {
                for (k, w) in cells.iter().map(|c| c.load(Ordering::Relaxed)).enumerate() {
                    if is_decided(w) || value(w).unsigned_abs() != t as u8 {
                        continue;
                    }
                    let bits = match value(w) > 0 {
                        true => &mut winners[k / 64],
                        false => &mut losers[k / 64],
                    };
                    *bits |= 1 << (k % 64);
                }
            });
        Depths {
            work,
            exits,
            t,
            worth,
        }
    }

    /// Whether share position `k` (from the share's first) is marked in `bits`.
    #[inline]
    fn marked(bits: &[u64], k: usize) -> bool {
        bits[k / 64] >> (k % 64) & 1 == 1
    }

    /// Sets `cell`'s depth unless it has one already; true when this call set it.
    #[inline]
    fn decide(cell: &AtomicU16, depth: u16) -> bool {
        let mut old = cell.load(Ordering::Relaxed);
        // A count-down of another thread may change the word meanwhile: try again.
        while !is_decided(old) {
            match cell.compare_exchange_weak(old, depth, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => old = now,
            }
        }
        false
    }
}

impl Rule for Depths<'_> {
    const DEEPEST: u16 = DEEPEST;

    fn work(&self) -> &Work {
        self.work
    }

    /// Level 0 the finished games worth `±t`; level 1 the winners by an exit worth `t` and the
    /// losers left without an escape by the larger thresholds (their exit is worth `-t`).
    fn seed(
        &self,
        first: usize,
        cells: &[AtomicU16],
        decided: &mut dyn FnMut(usize, usize),
    ) -> Result<(), SolveError> {
        let t = self.t;
        self.exits
            .read(self.work.local(first, cells.len()), |[best, pending]| {
                for (((i, cell), &b), &p) in (first..).zip(cells).zip(as_i8(best)).zip(pending) {
                    let w = cell.load(Ordering::Relaxed);
                    if is_decided(w) || value(w).unsigned_abs() != t as u8 {
                        continue;
                    }
                    let level = match p {
                        TERMINAL => 0,
                        _ if value(w) > 0 && b == t => 1,
                        _ if value(w) < 0 && counter(w) == 0 => 1,
                        _ => continue,
                    };
                    if Self::decide(cell, level as u16) {
                        decided(i, level);
                    }
                }
            })
    }

    /// A position whose depth is the level's and whose value is `±t`.
    #[inline]
    fn take(&self, c: usize, depth: u16) -> Option<bool> {
        if self.work.cell(c).load(Ordering::Relaxed) != depth {
            return None;
        }
        let k = c - self.work.range().start;
        match (
            Self::marked(&self.worth[0], k),
            Self::marked(&self.worth[1], k),
        ) {
            (true, _) => Some(false),
            (_, true) => Some(true),
            _ => None,
        }
    }

    #[inline]
    fn win(&self, p: usize, depth: u16) -> bool {
        let cell = self.work.cell(p);
        debug_assert!({
            let w = cell.load(Ordering::Relaxed);
            is_decided(w) || value(w) == self.t
        });
        Self::decide(cell, depth)
    }

    #[inline]
    fn escape(&self, p: usize, depth: u16) -> bool {
        let cell = self.work.cell(p);
        let mut old = cell.load(Ordering::Relaxed);
        while !is_decided(old) {
            debug_assert!(counter(old) > 0);
            let lost = counter(old) == 1 && value(old) == -self.t;
            let new = match lost {
                true => depth,
                false => old - 1,
            };
            match cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return lost,
                Err(now) => old = now,
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field reads back as packed, at the extremes of its range; no depth is taken for
    /// an unknown one.
    #[test]
    fn words_read_back_their_fields() {
        for v in [-127i8, -98, -1, 0, 1, 98, 127] {
            for c in [0u8, 1, 126, 127] {
                let w = undecided(v, c);
                assert!(!is_decided(w));
                assert_eq!(
                    (value(w), counter(w), final_depth(w)),
                    (v, c as u16, NO_DEPTH)
                );
                if c > 0 {
                    assert_eq!(w - 1, undecided(v, c - 1));
                }
            }
        }
        for d in [0u16, 1, 241, DEEPEST] {
            assert!(is_decided(d));
            assert_eq!(final_depth(d), d);
        }
    }
}

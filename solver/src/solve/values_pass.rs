//! The retrograde's first pass: every position's value, and its depth where that is shallow,
//! in two bytes a position.
//!
//! A position's word ([`super::state`]) is its value byte ([`UNKNOWN`] while undecided) and a
//! counter byte: while undecided, its escapes from `Lose` left at the threshold being solved
//! ([`super::retrograde`]): its in-group moves not yet known to lead into `Win`, plus one while its
//! best exit is worth more than `-t`. The best exit itself is not held: an exit worth `b < 0`
//! stops being an escape at threshold `t = -b`, so the threshold's seeding scan (which reads the
//! exits, from disk for a large group) takes that escape away then; an exit worth `b >= 0` is an
//! escape at every threshold. A position loses when its counter reaches 0, reading nothing
//! else, and wins when a move leads into `Lose` or, at the seeding scan, its best exit is worth
//! `t`.
//!
//! A decided word's counter byte is the level it was decided at, which is its depth
//! ([`super::depths_pass`] says why), up to [`SHALLOW`]; count-downs never touch a decided word
//! (they compare and swap), which keeps that byte intact. A threshold whose levels go deeper
//! goes on without them, since values need no levels (any order of propagation reaches the same
//! sets): its deeper positions are marked [`NEW`] until propagated, then [`TAKEN`], so that a
//! level scanned (instead of listed) takes each once. Only then does the solve need the depths
//! pass; every game measured here has its depths within [`SHALLOW`] (the deepest, 241), and
//! the values pass then gives the depths too, in the time of one pass.

use std::sync::atomic::{AtomicU16, Ordering};

use super::bytes::as_i8;
use super::columns::ExitsAt;
use super::moves::{NO_EXIT, TERMINAL};
use super::retrograde::{self, Rule};
use super::state::Work;
use super::{Ranks, SolveError, NO_DEPTH};

/// The value byte of a position not yet decided.
pub(super) const UNKNOWN: i8 = i8::MIN;

/// The counter byte of an undecided position whose game is over (its seeds decide it).
const OVER: u8 = 0xff;

/// The deepest level a decided word holds as its depth.
pub(super) const SHALLOW: u8 = 253;

/// The counter byte of a position decided deeper than [`SHALLOW`], not propagated yet.
const NEW: u8 = 254;

/// The counter byte of a position decided deeper than [`SHALLOW`], propagated.
const TAKEN: u8 = 255;

/// The counter byte of a position decided at level `depth`, where a word holds levels up to
/// `shallow` (at most [`SHALLOW`]).
#[inline]
const fn mark(depth: u16, shallow: u8) -> u8 {
    match depth <= shallow as u16 {
        true => depth as u8,
        false => NEW,
    }
}

/// What a count-down subtracts from a word.
const ONE: u16 = 1 << 8;

#[inline]
const fn undecided(counter: u8) -> u16 {
    UNKNOWN as u8 as u16 | (counter as u16) << 8
}

#[inline]
const fn decided(value: i8, mark: u8) -> u16 {
    value as u8 as u16 | (mark as u16) << 8
}

#[inline]
const fn is_decided(word: u16) -> bool {
    word as u8 != UNKNOWN as u8
}

/// The value of a decided position ([`UNKNOWN`] for an undecided one).
#[inline]
pub(super) const fn value(word: u16) -> i8 {
    word as u8 as i8
}

#[inline]
const fn counter(word: u16) -> u8 {
    (word >> 8) as u8
}

/// The words of a share of `n` positions from group position `start`, nothing decided, from the
/// moves pass's exits: a position's escapes are its in-group moves and its exit, if any.
pub(super) fn start(exits: &ExitsAt, start: usize, n: usize) -> Result<Work, SolveError> {
    Work::build(start, n, |range| {
        exits.read(range, |[best, pending]| {
            as_i8(best)
                .iter()
                .zip(pending)
                .map(|(&b, &p)| match p {
                    TERMINAL => undecided(OVER),
                    _ => undecided(p + (b != NO_EXIT) as u8),
                })
                .collect()
        })
    })
}

/// The thresholds that can decide anything (a threshold with no exit of its size seeds nothing,
/// so nothing propagates), largest first, over every rank's share. Only undecided positions
/// count: after a resumed checkpoint, a decided position seeds nothing more.
pub(super) fn thresholds(
    work: &Work,
    exits: &ExitsAt,
    ranks: &dyn Ranks,
) -> Result<Vec<i8>, SolveError> {
    let present = retrograde::present_in(work, |first, cells, seen| {
        exits.read(work.local(first, cells.len()), |[best, _]| {
            for (c, &b) in cells.iter().zip(as_i8(best)) {
                if !is_decided(c.load(Ordering::Relaxed)) && b != NO_EXIT {
                    seen[b.unsigned_abs() as usize] = true;
                }
            }
        })
    })?;
    Ok(retrograde::thresholds_present(present, ranks))
}

/// The values of the decided words; 0 for the others (endless play).
pub(super) fn final_value(word: u16) -> i8 {
    match is_decided(word) {
        true => value(word),
        false => 0,
    }
}

/// The depth of a decided word, when it holds one ([`NO_DEPTH`] for an undecided one).
pub(super) fn final_depth(word: u16) -> Option<u16> {
    match (is_decided(word), counter(word)) {
        (false, _) => Some(NO_DEPTH),
        (true, NEW | TAKEN) => None,
        (true, depth) => Some(depth as u16),
    }
}

/// Whether some decided word of the share is deeper than its word holds.
pub(super) fn deep(work: &Work) -> bool {
    work.count(|w| is_decided(w) && matches!(counter(w), NEW | TAKEN)) > 0
}

/// Whether a word is decided.
pub(super) fn decided_word(word: u16) -> bool {
    is_decided(word)
}

/// The values pass at threshold `t`.
pub(super) struct Values<'a> {
    pub work: &'a Work,
    pub exits: &'a ExitsAt,
    pub t: i8,
    /// The deepest level a word holds ([`SHALLOW`]; less in tests).
    pub shallow: u8,
}

impl Values<'_> {
    /// Decides `p` at `value` and level `depth` unless it is decided already; true when this
    /// call decided it.
    #[inline]
    fn decide(&self, p: usize, value: i8, depth: u16) -> bool {
        let cell = self.work.cell(p);
        let mut old = cell.load(Ordering::Relaxed);
        // A count-down of another thread may change the word meanwhile: try again.
        while !is_decided(old) {
            match cell.compare_exchange_weak(
                old,
                decided(value, mark(depth, self.shallow)),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return true,
                Err(now) => old = now,
            }
        }
        false
    }

    /// Takes one escape from `cell` unless it is decided; decides it at `-t` and level `depth`
    /// when that was the last. True when this call decided it.
    #[inline]
    fn count_down(&self, cell: &AtomicU16, depth: u16) -> bool {
        let mut old = cell.load(Ordering::Relaxed);
        while !is_decided(old) {
            debug_assert!(counter(old) > 0 && counter(old) != OVER);
            let last = counter(old) == 1;
            let new = match last {
                true => decided(-self.t, mark(depth, self.shallow)),
                false => old - ONE,
            };
            match cell.compare_exchange_weak(old, new, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return last,
                Err(now) => old = now,
            }
        }
        false
    }
}

impl Rule for Values<'_> {
    /// Levels past [`SHALLOW`] are not held: a threshold may run as long as its positions'
    /// longest chain.
    const DEEPEST: u16 = u16::MAX;

    fn work(&self) -> &Work {
        self.work
    }

    /// A finished game worth `±t` is decided at its value, a position with an exit worth `t`
    /// wins; one with an exit worth `-t` loses that escape, and loses if it was the last.
    fn seed(
        &self,
        first: usize,
        cells: &[AtomicU16],
        decided: &mut dyn FnMut(usize, usize),
    ) -> Result<(), SolveError> {
        let t = self.t;
        self.exits
            .read(self.work.local(first, cells.len()), |[best, _]| {
                for ((i, cell), &b) in (first..).zip(cells).zip(as_i8(best)) {
                    let w = cell.load(Ordering::Relaxed);
                    if is_decided(w) || b.unsigned_abs() != t as u8 {
                        continue;
                    }
                    let (now, level) = match counter(w) {
                        OVER => (self.decide(i, b, 0), 0),
                        _ if b > 0 => (self.decide(i, t, 1), 1),
                        _ => (self.count_down(cell, 1), 1),
                    };
                    if now {
                        decided(i, level);
                    }
                }
            })
    }

    /// A position of this threshold decided at level `depth`, or past [`SHALLOW`] and not
    /// propagated yet (then marked as propagated).
    #[inline]
    fn take(&self, c: usize, depth: u16) -> Option<bool> {
        let cell = self.work.cell(c);
        let w = cell.load(Ordering::Relaxed);
        if !is_decided(w) || value(w).unsigned_abs() != self.t as u8 {
            return None;
        }
        match mark(depth, self.shallow) {
            NEW if counter(w) == NEW => {
                // No other thread writes a decided word: a plain store suffices.
                cell.store(decided(value(w), TAKEN), Ordering::Relaxed);
            }
            level if counter(w) == level && level != NEW => {}
            _ => return None,
        }
        Some(value(w) < 0)
    }

    #[inline]
    fn win(&self, p: usize, depth: u16) -> bool {
        self.decide(p, self.t, depth)
    }

    #[inline]
    fn escape(&self, p: usize, depth: u16) -> bool {
        self.count_down(self.work.cell(p), depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every field reads back as packed, at the extremes of its range; a decided word is never
    /// taken for an undecided one.
    #[test]
    fn words_read_back_their_fields() {
        for c in [0u8, 1, 127, 128, OVER] {
            let w = undecided(c);
            assert!(!is_decided(w));
            assert_eq!((counter(w), value(w), final_value(w)), (c, UNKNOWN, 0));
            assert_eq!(w - ONE * (c.min(128) as u16), undecided(c - c.min(128)));
        }
        for v in [-127i8, -1, 1, 127] {
            for depth in [0u16, 1, 241, SHALLOW as u16] {
                let w = decided(v, mark(depth, SHALLOW));
                assert!(is_decided(w));
                assert_eq!(
                    (value(w), final_value(w), final_depth(w)),
                    (v, v, Some(depth))
                );
            }
            for depth in [SHALLOW as u16 + 1, 1000, u16::MAX - 1] {
                let w = decided(v, mark(depth, SHALLOW));
                assert_eq!((value(w), counter(w), final_depth(w)), (v, NEW, None));
                let w = decided(v, TAKEN);
                assert_eq!((value(w), final_depth(w)), (v, None));
            }
        }
        assert_eq!(final_depth(undecided(5)), Some(NO_DEPTH));
    }
}

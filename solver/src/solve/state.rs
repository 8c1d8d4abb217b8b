//! Every position's working state during the retrograde, packed in one 32-bit word.
//!
//! The retrograde spends its time touching predecessors scattered over the whole group: deciding
//! one, or counting down its moves not yet known to lead into `Win`. With the value, the depth,
//! that counter and the best exit in four arrays, one touch missed the cache up to four times;
//! in one word it misses once. The word holds only what a position needs at its stage, which is
//! why four bytes suffice where the four arrays took five:
//!
//! * undecided: the value byte [`UNKNOWN`], the counter (or [`TERMINAL`]) and the best exit
//!   ([`NO_EXIT`] when none), which decide when it joins;
//! * decided: its value and its depth, which never change again. The counter byte is then
//!   [`SPENT`]: a count-down that raced with the decision may still subtract from it, at most
//!   once per move of the position (fewer than 128), so it never borrows from the depth.
//!
//! Bits 0 to 7 are the value byte, 8 to 15 the counter, 16 to 23 the best exit of an undecided
//! position, 16 to 31 the depth of a decided one.

use std::io::{self, Read, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicU32, Ordering};

use rayon::prelude::*;

use super::moves::Exits;
use super::NO_DEPTH;
use crate::cache;

/// The value byte of a position not yet decided.
pub(super) const UNKNOWN: i8 = i8::MIN;

/// The counter byte of a decided position.
const SPENT: u32 = 0xff;

/// Positions converted at a time from or to other arrays, whose memory is given back as they go.
const CONVERT_CHUNK: usize = 1 << 24;

/// Positions handed to one parallel task of a scan.
const SCAN_CHUNK: usize = 1 << 16;

/// Bytes of a checkpoint written or read at a time.
const IO_BUFFER: usize = 1 << 20;

/// The word of an undecided position.
#[inline]
pub(super) const fn undecided(best_exit: i8, pending: u8) -> u32 {
    (UNKNOWN as u8 as u32) | (pending as u32) << 8 | (best_exit as u8 as u32) << 16
}

/// The word of a position decided at `value` and `depth`.
#[inline]
pub(super) const fn decided(value: i8, depth: u16) -> u32 {
    (value as u8 as u32) | SPENT << 8 | (depth as u32) << 16
}

/// Whether the word is that of a decided position.
#[inline]
pub(super) const fn is_decided(word: u32) -> bool {
    word as u8 != UNKNOWN as u8
}

/// The value of a decided position ([`UNKNOWN`] for an undecided one).
#[inline]
pub(super) const fn value(word: u32) -> i8 {
    word as u8 as i8
}

/// The depth of a decided position.
#[inline]
pub(super) const fn depth(word: u32) -> u16 {
    (word >> 16) as u16
}

/// The counter of an undecided position.
#[inline]
pub(super) const fn pending(word: u32) -> u8 {
    (word >> 8) as u8
}

/// The best exit of an undecided position.
#[inline]
pub(super) const fn best_exit(word: u32) -> i8 {
    (word >> 16) as u8 as i8
}

/// What a count-down subtracts from a word.
pub(super) const ONE_PENDING: u32 = 1 << 8;

/// The state of every position of a group's share ([`super::ranks`]): the whole group in a
/// single-process solve.
pub(super) struct Work {
    /// The group index of the share's first position.
    start: usize,
    cells: Vec<AtomicU32>,
}

impl Work {
    /// The state before the retrograde, nothing decided, from the moves pass's exits of the
    /// share that starts at `start`. The exits' memory is given back as they are converted, so
    /// that the two together never take more than the state alone.
    pub fn new(exits: Exits, start: usize) -> Work {
        let Exits {
            mut best_exit,
            mut pending,
        } = exits;
        let n = best_exit.len();
        let mut cells = cache::huge_pages_for(n);
        for start in (0..n).step_by(CONVERT_CHUNK) {
            let end = (start + CONVERT_CHUNK).min(n);
            cells.par_extend(
                best_exit[start..end]
                    .par_iter()
                    .zip(&pending[start..end])
                    .map(|(&b, &p)| AtomicU32::new(undecided(b, p))),
            );
            cache::release(&mut best_exit[start..end]);
            cache::release(&mut pending[start..end]);
        }
        Work { start, cells }
    }

    /// Positions in the share.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether group position `i` is in the share.
    #[inline]
    pub fn holds(&self, i: usize) -> bool {
        i.wrapping_sub(self.start) < self.cells.len()
    }

    /// Group position `i`'s word (`i` in the share).
    #[inline]
    pub fn cell(&self, i: usize) -> &AtomicU32 {
        &self.cells[i - self.start]
    }

    /// The share's words from group position `from` on, in chunks of one parallel task each,
    /// with the group position of each chunk's first.
    pub fn par_chunks_in(
        &self,
        from: Range<usize>,
    ) -> impl IndexedParallelIterator<Item = (usize, &[AtomicU32])> {
        let first = from.start;
        self.cells[from.start - self.start..from.end - self.start]
            .par_chunks(SCAN_CHUNK)
            .enumerate()
            .map(move |(k, chunk)| (first + k * SCAN_CHUNK, chunk))
    }

    /// Every word of the share, as [`Work::par_chunks_in`].
    pub fn par_chunks(&self) -> impl IndexedParallelIterator<Item = (usize, &[AtomicU32])> {
        self.par_chunks_in(self.range())
    }

    /// The group positions of the share.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.cells.len()
    }

    /// How many positions have a value already (after a resumed checkpoint).
    pub fn decided(&self) -> u64 {
        self.cells
            .par_iter()
            .with_min_len(SCAN_CHUNK)
            .filter(|c| is_decided(c.load(Ordering::Relaxed)))
            .count() as u64
    }

    /// The values and depths of consecutive runs of `lens` positions (the share's slices), the
    /// undecided positions worth 0 without a depth. The state's memory is given back as it is
    /// converted, so that the results and the state together never take more than the state.
    pub fn into_results(mut self, lens: &[usize]) -> Vec<(Vec<i8>, Vec<u16>)> {
        debug_assert_eq!(lens.iter().sum::<usize>(), self.len());
        let mut start = 0;
        let mut out = Vec::with_capacity(lens.len());
        for &len in lens {
            let (mut values, mut depths) = (Vec::with_capacity(len), Vec::with_capacity(len));
            for from in (start..start + len).step_by(CONVERT_CHUNK) {
                let to = (from + CONVERT_CHUNK).min(start + len);
                let words = &mut self.cells[from..to];
                values.par_extend(words.par_iter().map(|c| match c.load(Ordering::Relaxed) {
                    w if is_decided(w) => value(w),
                    _ => 0,
                }));
                depths.par_extend(words.par_iter().map(|c| match c.load(Ordering::Relaxed) {
                    w if is_decided(w) => depth(w),
                    _ => NO_DEPTH,
                }));
                cache::release(words);
            }
            out.push((values, depths));
            start += len;
        }
        out
    }

    /// Writes every word, little-endian.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut buffer = Vec::with_capacity(IO_BUFFER);
        for chunk in self.cells.chunks(IO_BUFFER / 4) {
            buffer.clear();
            buffer.extend(
                chunk
                    .iter()
                    .flat_map(|c| c.load(Ordering::Relaxed).to_le_bytes()),
            );
            out.write_all(&buffer)?;
        }
        Ok(())
    }

    /// Reads back the `n` words that [`Work::write`] wrote, of the share that starts at group
    /// position `start`.
    pub fn read(input: &mut impl Read, n: usize, start: usize) -> io::Result<Work> {
        let mut cells = cache::huge_pages_for(n);
        let mut buffer = vec![0u8; IO_BUFFER];
        while cells.len() < n {
            let want = (4 * (n - cells.len())).min(IO_BUFFER);
            input.read_exact(&mut buffer[..want])?;
            cells.extend(
                buffer[..want]
                    .chunks_exact(4)
                    .map(|b| AtomicU32::new(u32::from_le_bytes(b.try_into().expect("4 bytes")))),
            );
        }
        Ok(Work { start, cells })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::moves::{NO_EXIT, TERMINAL};

    /// Every field reads back as packed, at the extremes of its range.
    #[test]
    fn words_read_back_their_fields() {
        for b in [NO_EXIT, -127, -1, 0, 1, 48, 127] {
            for p in [0u8, 1, 6, 127, TERMINAL] {
                let w = undecided(b, p);
                assert!(!is_decided(w));
                assert_eq!((best_exit(w), pending(w), value(w)), (b, p, UNKNOWN));
            }
        }
        for v in [-127i8, -1, 1, 127] {
            for d in [0u16, 1, 255, 256, NO_DEPTH - 1] {
                let w = decided(v, d);
                assert!(is_decided(w));
                assert_eq!((value(w), depth(w)), (v, d));
            }
        }
    }

    /// A decided word survives the count-downs that may race with its decision: one for each
    /// move of the position, at most 127.
    #[test]
    fn late_count_downs_leave_a_decision_intact() {
        for (v, d) in [(-5i8, 0u16), (3, 1), (127, NO_DEPTH - 1)] {
            let w = decided(v, d) - 127 * ONE_PENDING;
            assert!(is_decided(w));
            assert_eq!((value(w), depth(w)), (v, d));
        }
    }

    /// From exits to words, through a checkpoint's bytes, to results: nothing is lost.
    #[test]
    fn state_converts_and_round_trips() {
        let n = 2 * CONVERT_CHUNK + 12_345;
        let exits = Exits {
            best_exit: (0..n).map(|i| (i % 255) as u8 as i8).collect(),
            pending: (0..n).map(|i| (i % 7) as u8).collect(),
        };
        let work = Work::new(exits, 0);
        for i in [0, 1, CONVERT_CHUNK, n - 1] {
            let w = work.cell(i).load(Ordering::Relaxed);
            assert_eq!(
                (best_exit(w), pending(w)),
                ((i % 255) as u8 as i8, (i % 7) as u8)
            );
        }
        // Decide every third position.
        for i in (0..n).step_by(3) {
            work.cell(i).store(
                decided((i % 100) as i8 + 1, (i % 1000) as u16),
                Ordering::Relaxed,
            );
        }
        assert_eq!(work.decided(), n.div_ceil(3) as u64);
        let mut bytes = Vec::new();
        work.write(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 4 * n);
        let back = Work::read(&mut bytes.as_slice(), n, 0).unwrap();
        let lens = [CONVERT_CHUNK + 7, n - CONVERT_CHUNK - 7];
        let results = back.into_results(&lens);
        let mut i = 0;
        for ((values, depths), len) in results.iter().zip(lens) {
            assert_eq!((values.len(), depths.len()), (len, len));
            for (&v, &d) in values.iter().zip(depths) {
                let want = match i % 3 {
                    0 => ((i % 100) as i8 + 1, (i % 1000) as u16),
                    _ => (0, NO_DEPTH),
                };
                assert_eq!((v, d), want, "position {i}");
                i += 1;
            }
        }
    }
}

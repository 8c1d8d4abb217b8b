//! Every position's working state during one pass of the retrograde: one 16-bit word.
//!
//! The retrograde spends its time touching predecessors scattered over the whole group. Each of
//! its two passes ([`super::values_pass`], then [`super::depths_pass`]) packs what a touch reads
//! and writes into one word, so that a touch misses the cache once, and two bytes a position is
//! the pass's whole state: what the words mean is each pass's own. This module holds the words
//! of a share and moves them in bulk (built, scanned, saved, read back, turned into results).

use std::io::{self, Read, Write};
use std::ops::Range;
use std::sync::atomic::{AtomicU16, Ordering};

use rayon::prelude::*;

use crate::cache::{self, ZeroIsValid};

/// Positions converted at a time from or to other arrays, whose memory is given back as they go.
pub(super) const CONVERT_CHUNK: usize = 1 << 24;

/// Positions handed to one parallel task of a scan.
pub(super) const SCAN_CHUNK: usize = 1 << 16;

/// Bytes of a checkpoint written or read at a time.
const IO_BUFFER: usize = 1 << 20;

/// The words of every position of a group's share ([`super::ranks`]): the whole group in a
/// single-process solve.
pub(super) struct Work {
    /// The group index of the share's first position.
    start: usize,
    cells: Vec<AtomicU16>,
}

impl Work {
    /// The words of the share of `n` positions from group position `start`, made
    /// [`CONVERT_CHUNK`] positions at a time by `words` (given the share's positions, from 0),
    /// so that what they are made from can be read or given back a chunk at a time.
    pub fn build<E>(
        start: usize,
        n: usize,
        mut words: impl FnMut(Range<usize>) -> Result<Vec<u16>, E>,
    ) -> Result<Work, E> {
        let mut cells = cache::huge_pages_for(n);
        for from in (0..n).step_by(CONVERT_CHUNK) {
            let chunk = words(from..(from + CONVERT_CHUNK).min(n))?;
            debug_assert_eq!(chunk.len(), (n - from).min(CONVERT_CHUNK));
            cells.par_extend(chunk.into_par_iter().map(AtomicU16::new));
        }
        Ok(Work { start, cells })
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
    pub fn cell(&self, i: usize) -> &AtomicU16 {
        &self.cells[i - self.start]
    }

    /// The share's words from group position `from` on, in chunks of one parallel task each,
    /// with the group position of each chunk's first.
    pub fn par_chunks_in(
        &self,
        from: Range<usize>,
    ) -> impl IndexedParallelIterator<Item = (usize, &[AtomicU16])> {
        let first = from.start;
        self.cells[from.start - self.start..from.end - self.start]
            .par_chunks(SCAN_CHUNK)
            .enumerate()
            .map(move |(k, chunk)| (first + k * SCAN_CHUNK, chunk))
    }

    /// Every word of the share, as [`Work::par_chunks_in`].
    pub fn par_chunks(&self) -> impl IndexedParallelIterator<Item = (usize, &[AtomicU16])> {
        self.par_chunks_in(self.range())
    }

    /// The group positions of the share.
    pub fn range(&self) -> Range<usize> {
        self.start..self.start + self.cells.len()
    }

    /// How many words `counts` says to count.
    pub fn count(&self, counts: impl Fn(u16) -> bool + Sync) -> u64 {
        self.cells
            .par_iter()
            .with_min_len(SCAN_CHUNK)
            .filter(|c| counts(c.load(Ordering::Relaxed)))
            .count() as u64
    }

    /// What `f` makes of each word, in order. The words' memory is given back as they are
    /// converted, so that the two together take little more than the larger.
    pub fn into_map<T: Send>(mut self, f: impl Fn(u16) -> T + Sync) -> Vec<T> {
        let mut out = cache::huge_pages_for(self.len());
        for words in self.cells.chunks_mut(CONVERT_CHUNK) {
            out.par_extend(words.par_iter().map(|c| f(c.load(Ordering::Relaxed))));
            cache::release(words);
        }
        out
    }

    /// The share's positions `first..first + len` (group positions) counted from its first.
    pub fn local(&self, first: usize, len: usize) -> Range<usize> {
        first - self.start..first - self.start + len
    }

    /// What `f` makes of each word, in order.
    pub fn map<T: Send>(&self, f: impl Fn(u16) -> T + Sync) -> Vec<T> {
        let mut out = cache::huge_pages_for(self.len());
        out.par_extend(self.cells.par_iter().map(|c| f(c.load(Ordering::Relaxed))));
        out
    }

    /// Writes what `f` makes of each word, a byte each.
    pub fn write_bytes(
        &self,
        out: &mut impl Write,
        f: impl Fn(u16) -> u8 + Sync,
    ) -> io::Result<()> {
        let mut buffer = Vec::with_capacity(IO_BUFFER);
        for chunk in self.cells.chunks(IO_BUFFER) {
            buffer.clear();
            buffer.par_extend(chunk.par_iter().map(|c| f(c.load(Ordering::Relaxed))));
            out.write_all(&buffer)?;
        }
        Ok(())
    }

    /// What `f` makes of each word, in the words' own memory.
    pub fn into_words(self, f: impl Fn(u16) -> u16 + Sync) -> Vec<u16> {
        let mut cells = std::mem::ManuallyDrop::new(self.cells);
        let (ptr, len, capacity) = (cells.as_mut_ptr(), cells.len(), cells.capacity());
        // SAFETY: `AtomicU16` has the same size, alignment and bit validity as `u16`; the
        // vector is owned here and its allocation handed over whole.
        let mut words = unsafe { Vec::from_raw_parts(ptr.cast::<u16>(), len, capacity) };
        words.par_iter_mut().for_each(|w| *w = f(*w));
        words
    }

    /// Writes every word, little-endian.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let mut buffer = Vec::with_capacity(IO_BUFFER);
        for chunk in self.cells.chunks(IO_BUFFER / 2) {
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
            let want = (2 * (n - cells.len())).min(IO_BUFFER);
            input.read_exact(&mut buffer[..want])?;
            cells.extend(
                buffer[..want]
                    .chunks_exact(2)
                    .map(|b| AtomicU16::new(u16::from_le_bytes([b[0], b[1]]))),
            );
        }
        Ok(Work { start, cells })
    }
}

/// `all` cut into consecutive runs of `lens` items, given back a chunk at a time as they are
/// copied (one run needs no copy).
pub(super) fn split_runs<T: Copy + Send + Sync + ZeroIsValid>(
    mut all: Vec<T>,
    lens: &[usize],
) -> Vec<Vec<T>> {
    debug_assert_eq!(lens.iter().sum::<usize>(), all.len());
    if lens.len() == 1 {
        return vec![all];
    }
    let mut start = 0;
    let mut out = Vec::with_capacity(lens.len());
    for &len in lens {
        let mut run = Vec::with_capacity(len);
        for from in (start..start + len).step_by(CONVERT_CHUNK) {
            let to = (from + CONVERT_CHUNK).min(start + len);
            run.extend_from_slice(&all[from..to]);
            cache::release(&mut all[from..to]);
        }
        out.push(run);
        start += len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From words made a chunk at a time, through a checkpoint's bytes, mapped, written a byte
    /// each and turned into plain numbers: nothing is lost; and runs are cut where asked.
    #[test]
    fn words_build_round_trip_and_split() {
        let n = 2 * CONVERT_CHUNK + 12_345;
        let word = |i: usize| (i * 7919 % 65_536) as u16;
        let work = Work::build::<()>(5, n, |r| Ok(r.map(word).collect::<Vec<u16>>())).unwrap();
        assert_eq!((work.len(), work.range()), (n, 5..n + 5));
        for i in [0, 1, CONVERT_CHUNK, n - 1] {
            assert!(work.holds(i + 5));
            assert_eq!(work.cell(i + 5).load(Ordering::Relaxed), word(i));
        }
        assert!(!work.holds(4) && !work.holds(n + 5));
        assert_eq!(
            work.count(|w| w % 2 == 1),
            (0..n).filter(|&i| word(i) % 2 == 1).count() as u64
        );
        let mut bytes = Vec::new();
        work.write(&mut bytes).unwrap();
        assert_eq!(bytes.len(), 2 * n);
        let back = Work::read(&mut bytes.as_slice(), n, 5).unwrap();
        assert_eq!(
            back.local(CONVERT_CHUNK + 5, 3),
            CONVERT_CHUNK..CONVERT_CHUNK + 3
        );
        let all = back.into_map(|w| w as u32 + 1);
        assert_eq!(all.len(), n);
        assert!(all
            .iter()
            .enumerate()
            .all(|(i, &w)| w == word(i) as u32 + 1));
        let lens = [CONVERT_CHUNK + 7, n - CONVERT_CHUNK - 7];

        let work = Work::build::<()>(0, n, |r| Ok(r.map(word).collect::<Vec<u16>>())).unwrap();
        assert_eq!(
            work.map(|w| w / 2),
            (0..n).map(|i| word(i) / 2).collect::<Vec<_>>()
        );
        let mut bytes = Vec::new();
        work.write_bytes(&mut bytes, |w| w as u8).unwrap();
        assert_eq!(bytes, (0..n).map(|i| word(i) as u8).collect::<Vec<_>>());
        let words = work.into_words(|w| w ^ 1);
        assert!(words.iter().enumerate().all(|(i, &w)| w == word(i) ^ 1));
        let runs = split_runs(bytes.clone(), &lens);
        assert_eq!((runs[0].len(), runs.concat()), (lens[0], bytes.clone()));
        assert_eq!(split_runs(bytes.clone(), &[n]), [bytes]);
    }
}

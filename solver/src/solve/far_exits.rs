//! Exits into slices whose values are in files ([`super::known`]), read a segment at a time.
//!
//! A capture lands anywhere in a smaller slice, so reading its child's value where the moves
//! pass finds it would read the files all over. Instead the pass keeps each such exit as a record
//! (8 bytes), bucketed by the segment of [`SEGMENT`] positions its child is in; when the records
//! reach their budget, every bucket is read with its segment, each segment read once, in order,
//! and the exits' scores folded into the positions' best exits. The pass then holds the records'
//! budget instead of the smaller slices' values (which grow with the slices below a group: twice
//! the group's positions for Oware 24, more beyond), and reads the files again once a budget.

use std::sync::atomic::{AtomicI8, AtomicUsize, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::known::{slot, KnownValues, Values, ValuesFile};
use super::SolveError;
use crate::rules::Next;
use crate::slice::{Slice, SliceId};
use crate::value;

/// Positions of a slice's values read at once, at most: a bucket's segment (16 MiB), within
/// the records' 24 bits.
const SEGMENT_BITS: u32 = 24;

/// Records read ahead of the one whose child is read, their children fetched meanwhile.
const AHEAD: usize = 16;

/// The most positions whose exits a budget's records hold: the records' 31 bits.
pub(super) const MOST_POSITIONS: usize = 1 << 31;

/// How the moves pass goes in rounds, and how many records it holds and how large a segment
/// it reads.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    /// Positions of a share whose moves are generated between two exchanges of the edges that
    /// other ranks hold (what a rank holds of their edges at once is bounded by this many
    /// positions' moves, 8 bytes a move), and between two looks at the records' budget.
    pub round: usize,
    /// The bytes of records held before they are read (looked at after each round).
    pub budget: usize,
    /// A segment's positions, as a power of 2 (at most [`SEGMENT_BITS`]).
    pub segment_bits: u32,
}

impl Bounds {
    /// The bounds of a share of `n` positions: rounds of 2^20 positions (the same on every
    /// rank: each takes part in every exchange), records of a quarter of a byte a position, at
    /// least 32 MiB (each budget reads every file once), and segments of 16 MiB.
    pub const fn of(n: usize) -> Bounds {
        const LEAST: usize = 32 << 20;
        Bounds {
            round: 1 << 20,
            budget: if n / 4 > LEAST { n / 4 } else { LEAST },
            segment_bits: SEGMENT_BITS,
        }
    }
}

/// The exits into slices in files that the moves pass has found and not yet read.
pub(super) struct FarExits<'a> {
    /// The file of each bucket's slice, and the bucket's segment of it.
    buckets: Vec<(&'a ValuesFile, u64)>,
    /// A segment's positions, as a power of 2.
    segment_bits: u32,
    /// By [`slot`] of a slice in a file, its first bucket, plus one (0: not in a file).
    first_bucket: Vec<u32>,
    /// The records of each task, as it found them.
    found: Mutex<Vec<Packed>>,
    /// How many records they hold.
    held: AtomicUsize,
    /// How many records they may hold before they are read.
    budget: usize,
    /// Lists a bucket for the tasks under way, kept from one task to the next: lists made
    /// afresh for every task were pages the kernel faulted in and zeroed, for every record.
    lists: Mutex<Vec<Vec<Vec<u64>>>>,
    /// Segments' buffers, on huge pages (a segment is read all over), kept from one reading
    /// to the next.
    segments: Mutex<Vec<Vec<u8>>>,
}

/// The records one task of the moves pass finds, a list a bucket.
pub(super) struct Found {
    by_bucket: Vec<Vec<u64>>,
    /// The task's first position, counted from the first position whose exits are pending.
    base: usize,
}

/// A task's records, bucket after bucket.
struct Packed {
    records: Vec<u64>,
    /// Where each bucket's records start, and where the last ends.
    starts: Vec<u32>,
}

impl<'a> FarExits<'a> {
    /// The exits into those of `exit_slices` that `known` holds in files, within `bounds`;
    /// `None` when `known` holds them all in memory.
    pub fn new(
        exit_slices: &[Slice],
        known: &'a KnownValues,
        bounds: Bounds,
    ) -> Option<FarExits<'a>> {
        let segment_bits = bounds.segment_bits.min(SEGMENT_BITS);
        let mut buckets = Vec::new();
        let mut first_bucket = Vec::new();
        for slice in exit_slices {
            let Some(Values::File(file)) = known.values(slice.id) else {
                continue;
            };
            let k = slot(slice.id);
            if first_bucket.len() <= k {
                first_bucket.resize(k + 1, 0);
            }
            first_bucket[k] = buckets.len() as u32 + 1;
            buckets.extend((0..file.len().div_ceil(1 << segment_bits)).map(|s| (file, s)));
        }
        if buckets.is_empty() {
            return None;
        }
        Some(FarExits {
            buckets,
            segment_bits,
            first_bucket,
            found: Mutex::new(Vec::new()),
            held: AtomicUsize::new(0),
            budget: (bounds.budget / 8).max(1),
            lists: Mutex::new(Vec::new()),
            segments: Mutex::new(Vec::new()),
        })
    }

    /// An empty set of records for a task whose first position is `base` positions after the
    /// first whose exits are pending.
    pub fn found(&self, base: usize) -> Found {
        let by_bucket = lock(&self.lists)
            .pop()
            .unwrap_or_else(|| vec![Vec::new(); self.buckets.len()]);
        Found { by_bucket, base }
    }

    /// Records the exit of position `k` of a task into the position `index` of slice `id`,
    /// worth `gain` to the mover, `next` moving there, when that slice is in a file; `false`
    /// (nothing recorded) when it is held in memory.
    #[inline]
    pub fn record(
        &self,
        found: &mut Found,
        k: usize,
        id: SliceId,
        index: u64,
        gain: i8,
        next: Next,
    ) -> bool {
        let first = match self.first_bucket.get(slot(id)) {
            Some(&b) if b > 0 => b as usize - 1,
            _ => return false,
        };
        let bucket = first + (index >> self.segment_bits) as usize;
        let offset = index & ((1 << self.segment_bits) - 1);
        found.by_bucket[bucket].push(record(found.base + k, next, offset, gain));
        true
    }

    /// Adds a task's records to those pending, packed in one list of their size.
    pub fn add(&self, mut found: Found) {
        let mut records = Vec::with_capacity(found.by_bucket.iter().map(Vec::len).sum());
        let mut starts = Vec::with_capacity(found.by_bucket.len() + 1);
        for list in &mut found.by_bucket {
            starts.push(records.len() as u32);
            records.extend_from_slice(list);
            list.clear();
        }
        starts.push(records.len() as u32);
        lock(&self.lists).push(found.by_bucket);
        self.held.fetch_add(records.len(), Ordering::Relaxed);
        lock(&self.found).push(Packed { records, starts });
    }

    /// Whether the pending records have reached their budget.
    pub fn full(&self) -> bool {
        self.held.load(Ordering::Relaxed) >= self.budget
    }

    /// Reads every pending exit's child, a segment at a time on every core, and folds its score
    /// into `best_exit` (from the first position whose exits are pending), leaving none pending.
    pub fn read(&self, best_exit: &mut [i8]) -> Result<(), SolveError> {
        // SAFETY: AtomicI8 has the same size, alignment and bit validity as i8, and the
        // exclusive borrow keeps every other access out while this view lives.
        let best: &[AtomicI8] =
            unsafe { std::slice::from_raw_parts(best_exit.as_ptr().cast(), best_exit.len()) };
        let found = std::mem::take(&mut *lock(&self.found));
        (0..self.buckets.len()).into_par_iter().try_for_each(|b| {
            let lists = || {
                found
                    .iter()
                    .map(move |p| &p.records[p.starts[b] as usize..p.starts[b + 1] as usize])
            };
            if lists().all(|records| records.is_empty()) {
                return Ok(());
            }
            let (file, s) = self.buckets[b];
            let from = s << self.segment_bits;
            let len = ((file.len() - from) as usize).min(1 << self.segment_bits);
            let mut segment = lock(&self.segments)
                .pop()
                .unwrap_or_else(|| crate::cache::huge_pages_for(1 << self.segment_bits));
            segment.resize(len, 0);
            file.read(from, &mut segment)?;
            for records in lists() {
                for (i, &r) in records.iter().enumerate() {
                    // The children are all over the segment: fetch a few records ahead.
                    if let Some(&ahead) = records.get(i + AHEAD) {
                        crate::cache::prefetch(&segment[unpack(ahead).2]);
                    }
                    let (k, next, offset, gain) = unpack(r);
                    let score = value::score_after(gain, next, segment[offset] as i8);
                    // Most exits are not the best: a plain read spares them the locked update.
                    if score > best[k].load(Ordering::Relaxed) {
                        best[k].fetch_max(score, Ordering::Relaxed);
                    }
                }
            }
            lock(&self.segments).push(segment);
            Ok::<(), SolveError>(())
        })?;
        self.held.store(0, Ordering::Relaxed);
        Ok(())
    }
}

/// The data behind `mutex`, even if a thread panicked holding it (records and buffers stay
/// whole).
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A record: the position (31 bits, from the first pending), whether the mover moves again
/// (else the opponent: no other move has a child), the child's place in its segment (24 bits)
/// and what the move's gains are worth.
fn record(k: usize, next: Next, offset: u64, gain: i8) -> u64 {
    debug_assert!(k < MOST_POSITIONS && offset < 1 << SEGMENT_BITS);
    debug_assert!(matches!(next, Next::Mover | Next::Opponent));
    (k as u64) << 33 | ((next == Next::Mover) as u64) << 32 | offset << 8 | gain as u8 as u64
}

/// A record's position, next mover, place in its segment and gains' worth.
fn unpack(r: u64) -> (usize, Next, usize, i8) {
    let next = match r >> 32 & 1 {
        1 => Next::Mover,
        _ => Next::Opponent,
    };
    (
        (r >> 33) as usize,
        next,
        (r >> 8 & ((1 << SEGMENT_BITS) - 1)) as usize,
        r as u8 as i8,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_unpacks_to_what_was_packed() {
        for (k, next, offset, gain) in [
            (0, Next::Opponent, 0, 0i8),
            (
                MOST_POSITIONS - 1,
                Next::Mover,
                (1 << SEGMENT_BITS) - 1,
                -128,
            ),
            (12345, Next::Opponent, 777, 127),
            (1 << 30, Next::Mover, 1, -1),
        ] {
            assert_eq!(
                unpack(record(k, next, offset as u64, gain)),
                (k, next, offset, gain)
            );
        }
    }
}

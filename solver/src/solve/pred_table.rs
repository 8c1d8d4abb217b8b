//! The predecessors of every position of a group, in a compact table that lives in memory or,
//! for groups too large for that, in a file that is mapped and read as the retrograde needs it.
//!
//! Positions come in blocks of [`BLOCK`]. A block is its positions' in-degrees, one byte each,
//! followed by their predecessor lists one after the other (each predecessor a little-endian
//! group position of [`GroupIndex::TABLE_BITS`] bits: four bytes, or five in a group numbered past
//! 2^32). An in-degree of 255 or more is written as the byte 255 followed, at the start of that
//! position's list, by the real count as a `u32`. The byte offset of every block is kept in
//! memory (8 bytes per 64 positions). So a table costs `1 + 4 E / N` bytes a position plus an
//! eighth (`1 + 5 E / N` numbered past 2^32), where today's in-memory inverted edges cost `4 + 4
//! E / N`.

use std::fs::File;
use std::io;
use std::marker::PhantomData;

use memmap2::{Advice, Mmap, UncheckedAdvice};

use super::group_index::{self, GroupIndex};

/// Positions per block.
pub(super) const BLOCK: usize = 64;
/// The in-degree byte that says "the count follows as a `u32`".
pub(super) const WIDE: u8 = 255;

/// In a table in memory, a block's offset is its segment's number shifted by this, plus its
/// offset in the segment.
pub(super) const SEGMENT_SHIFT: u32 = 40;

/// Where a table's bytes are.
enum Bytes {
    /// Segments (one a bucket of [`super::edges`]), so that the table is never copied whole.
    Memory(Vec<Vec<u8>>),
    Mapped(Mmap),
}

/// Every position's predecessors within its group, numbered as `I`.
pub(super) struct PredTable<I: GroupIndex> {
    /// Positions in the group.
    positions: usize,
    /// Byte offset of each block, and the end of the last one.
    index: Vec<u64>,
    bytes: Bytes,
    numbers: PhantomData<I>,
}

impl<I: GroupIndex> PredTable<I> {
    /// A table whose bytes are in memory.
    pub fn in_memory(positions: usize, index: Vec<u64>, segments: Vec<Vec<u8>>) -> PredTable<I> {
        PredTable {
            positions,
            index,
            bytes: Bytes::Memory(segments),
            numbers: PhantomData,
        }
    }

    /// A table whose bytes are in `file`, mapped read-only. Reading it faults its pages in from
    /// the page cache; [`PredTable::release`] gives them back.
    pub fn mapped(positions: usize, index: Vec<u64>, file: &File) -> io::Result<PredTable<I>> {
        let len = *index.last().unwrap_or(&0);
        if file.metadata()?.len() != len {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!(
                    "the predecessor file holds {} bytes, its index says {len}",
                    file.metadata()?.len()
                ),
            ));
        }
        if len == 0 {
            return Ok(PredTable::in_memory(positions, index, vec![Vec::new()]));
        }
        // SAFETY: the file is ours (in the solve's work directory), written completely before
        // it is mapped and never written again while mapped.
        let map = unsafe { Mmap::map(file)? };
        // Waves read scattered lists: read-ahead would only evict pages that are still needed.
        map.advise(Advice::Random)?;
        Ok(PredTable {
            positions,
            index,
            bytes: Bytes::Mapped(map),
            numbers: PhantomData,
        })
    }

    /// The bytes holding the block at `offset` (from the index), and the block's start in them.
    #[inline]
    fn block(&self, offset: u64) -> (&[u8], usize) {
        match &self.bytes {
            Bytes::Memory(segments) => (
                &segments[(offset >> SEGMENT_SHIFT) as usize],
                (offset & ((1 << SEGMENT_SHIFT) - 1)) as usize,
            ),
            Bytes::Mapped(m) => (m, offset as usize),
        }
    }

    /// Drops the pages of a mapped table from this process's resident memory (they stay in the
    /// page cache, and fault back in when read again) once more than its budget of bytes of
    /// files are resident ([`mapped_budget`]), so that the table counts toward the solve's peak memory only for the
    /// pages read since.
    fn trim(&self) {
        if matches!(self.bytes, Bytes::Mapped(_))
            && resident_file_bytes() > mapped_budget(self.positions)
        {
            self.release();
        }
    }

    /// Counts a read of the bytes `start..end` of a mapped table, trimming the table once this
    /// thread has entered [`REGIONS_BETWEEN_CHECKS`] regions since its last check: what it
    /// mapped since is at most that many folios.
    #[inline]
    fn note_read(&self, start: u64, end: u64) {
        let (first, last) = (start >> FOLIO_SHIFT, end.saturating_sub(1) >> FOLIO_SHIFT);
        REGIONS.with(|regions| {
            let (seen, mut entered) = regions.get();
            entered += u32::from(first != seen) + (last.saturating_sub(first)) as u32;
            if entered >= REGIONS_BETWEEN_CHECKS {
                self.trim();
                entered = 0;
            }
            regions.set((last, entered));
        });
    }

    /// Drops the pages of a mapped table from this process's resident memory.
    pub fn release(&self) {
        if let Bytes::Mapped(m) = &self.bytes {
            // SAFETY: the mapping is read-only and backed by a file that does not change, so
            // pages dropped now read back the same bytes; no reference into it outlives a wave.
            let _ = unsafe { m.unchecked_advise(UncheckedAdvice::DontNeed) };
        }
    }

    /// The predecessors of position `c` (of the table). From a mapped table, the reads are
    /// counted so that the table is trimmed back to its budget in time
    /// ([`PredTable::note_read`]).
    #[inline]
    pub fn preds(&self, c: usize) -> impl Iterator<Item = I> + '_ {
        let width = group_index::bytes::<I>();
        let (block, k) = (c / BLOCK, c % BLOCK);
        if matches!(self.bytes, Bytes::Mapped(_)) {
            self.note_read(self.index[block], self.index[block + 1]);
        }
        let (bytes, start) = self.block(self.index[block]);
        let degrees = &bytes[start..start + BLOCK.min(self.positions - block * BLOCK)];
        let mut at = start + degrees.len();
        let list = if degrees[..k].contains(&WIDE) || degrees[k] == WIDE {
            // The slow path: walk the lists before this one.
            for &d in &degrees[..k] {
                at += width * list_len(bytes, at, d) + if d == WIDE { 4 } else { 0 };
            }
            let n = list_len(bytes, at, degrees[k]);
            if degrees[k] == WIDE {
                at += 4;
            }
            &bytes[at..at + width * n]
        } else {
            at += width * byte_sum(&degrees[..k]);
            &bytes[at..at + width * degrees[k] as usize]
        };
        list.chunks_exact(width).map(I::read)
    }

    /// The byte offset of every block, and the end of the last one.
    pub fn index(&self) -> &[u64] {
        &self.index
    }
}

/// A read of a mapped table faults in the folio holding its bytes, and the page cache of ext4
/// and XFS holds large folios, up to 2 MiB (`1 << FOLIO_SHIFT`), all of which a fault maps.
const FOLIO_SHIFT: u32 = 21;

/// How many 2 MiB regions of a mapped table a thread may enter between two checks of the
/// resident pages: at most 32 MiB a thread above the budget. A level's lists are read in index
/// order, so consecutive reads mostly stay in one region and checks are rare. (Counting lists
/// instead, 1,024 between checks, let Bao la Kiarabu's 4-6 group overshoot by 1.5 GB within a
/// tenth of a second.)
const REGIONS_BETWEEN_CHECKS: u32 = 16;

thread_local! {
    /// The region this thread read last from a mapped table, and the regions it entered since
    /// its last check.
    static REGIONS: std::cell::Cell<(u64, u32)> = const { std::cell::Cell::new((u64::MAX, 0)) };
}

/// The resident bytes of mapped files this process may hold before a mapped table of
/// `positions` positions is trimmed: what the table may add to the solve's peak, a quarter of a
/// byte a position between 32 and 128 MiB, a small share of the 3 bytes a position the solve is
/// held to (docs/lean-solver.md), paid for in faults of pages still in the page cache. (A
/// fixed 128 MiB weighed 0.6 bytes a position on each rank's share of 209 million positions.)
pub(super) fn mapped_budget(positions: usize) -> u64 {
    (positions as u64 / 4).clamp(32 << 20, 128 << 20)
}

/// This process's resident bytes of mapped files (Linux: `/proc/self/statm`, the shared pages,
/// read through a descriptor each thread keeps open); elsewhere `u64::MAX`, which trims every
/// time.
fn resident_file_bytes() -> u64 {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::FileExt;
        thread_local! {
            static STATM: Option<File> = File::open("/proc/self/statm").ok();
        }
        let pages = STATM.with(|statm| {
            let mut buf = [0u8; 128];
            let n = statm.as_ref()?.read_at(&mut buf, 0).ok()?;
            std::str::from_utf8(&buf[..n])
                .ok()?
                .split_whitespace()
                .nth(2)?
                .parse::<u64>()
                .ok()
        });
        pages.map_or(u64::MAX, |pages| pages * 4096)
    }
    #[cfg(not(target_os = "linux"))]
    {
        u64::MAX
    }
}

/// The sum of some bytes, eight at a time.
#[inline]
fn byte_sum(bytes: &[u8]) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut sum = 0usize;
    for c in &mut chunks {
        let x = u64::from_le_bytes(c.try_into().expect("8 bytes"));
        // Pairs, then fours, then all eight, each partial sum within its lane.
        let x = (x & 0x00ff_00ff_00ff_00ff) + ((x >> 8) & 0x00ff_00ff_00ff_00ff);
        let x = (x & 0x0000_ffff_0000_ffff) + ((x >> 16) & 0x0000_ffff_0000_ffff);
        sum += ((x & 0xffff_ffff) + (x >> 32)) as usize;
    }
    sum + chunks
        .remainder()
        .iter()
        .map(|&b| b as usize)
        .sum::<usize>()
}

/// The length of a list whose in-degree byte is `d` and which starts at `at`.
fn list_len(bytes: &[u8], at: usize, d: u8) -> usize {
    if d == WIDE {
        u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]) as usize
    } else {
        d as usize
    }
}

/// Appends the block of positions whose predecessor lists are `lists` (at most [`BLOCK`]) to
/// `out`.
pub(super) fn encode_block<'a, I: GroupIndex>(
    lists: impl Iterator<Item = &'a [I]> + Clone,
    out: &mut Vec<u8>,
) {
    for l in lists.clone() {
        out.push(if l.len() >= WIDE as usize {
            WIDE
        } else {
            l.len() as u8
        });
    }
    for l in lists {
        if l.len() >= WIDE as usize {
            out.extend_from_slice(&(l.len() as u32).to_le_bytes());
        }
        for &p in l {
            p.write(out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_sum_eight_at_a_time() {
        let bytes: Vec<u8> = (0..63u32).map(|i| (i * 37 % 251) as u8).collect();
        for k in 0..=bytes.len() {
            let want: usize = bytes[..k].iter().map(|&b| b as usize).sum();
            assert_eq!(byte_sum(&bytes[..k]), want);
        }
        assert_eq!(byte_sum(&[254; 64]), 254 * 64);
    }

    /// Lists written block by block read back the same, including lists of 255 and more, in
    /// either width: a wide table's numbers past 2^32 keep their high bits.
    #[test]
    fn lists_read_back_as_written() {
        fn check<I: GroupIndex>(high: usize) {
            let lists: Vec<Vec<I>> = (0..200usize)
                .map(|i| match i {
                    3 => (0..300).map(|p| I::new(high + p)).collect(),
                    70 => (0..255).map(|p| I::new(high + p * 7)).collect(),
                    71 => vec![],
                    _ => (0..i % 5).map(|p| I::new(high + p * 1000 + i)).collect(),
                })
                .collect();
            let mut bytes = Vec::new();
            let mut index = vec![0u64];
            for block in lists.chunks(BLOCK) {
                encode_block(block.iter().map(Vec::as_slice), &mut bytes);
                index.push(bytes.len() as u64);
            }
            let table = PredTable::<I>::in_memory(lists.len(), index.clone(), vec![bytes.clone()]);
            for (c, l) in lists.iter().enumerate() {
                assert_eq!(&table.preds(c).collect::<Vec<_>>(), l, "position {c}");
            }
            // The same from a mapped file.
            let mut file = tempfile::tempfile().unwrap();
            std::io::Write::write_all(&mut file, &bytes).unwrap();
            let table = PredTable::<I>::mapped(lists.len(), index, &file).unwrap();
            for (c, l) in lists.iter().enumerate() {
                assert_eq!(&table.preds(c).collect::<Vec<_>>(), l, "position {c}");
                table.release();
            }
        }
        check::<u32>(0);
        check::<u32>(u32::MAX as usize - 300_000);
        check::<u64>((1 << 32) - 100);
        check::<u64>((1 << 40) - 300_000);
    }

    /// Reading a mapped table larger than its budget ([`mapped_budget`]) from end to end keeps this
    /// process's resident file pages within the budget plus what one thread maps between two
    /// checks (16 regions of 2 MiB), where without the trim every page read would stay: the
    /// reason the table costs page cache, not the solve's memory.
    #[cfg(target_os = "linux")]
    #[test]
    fn reading_a_mapped_table_keeps_its_pages_within_the_budget() {
        // 4 Mi positions with 24 predecessors each: 4 Mi * (1 + 96) bytes, 388 MiB, three times
        // the budget.
        let positions = 4 << 20;
        let list: Vec<u32> = (0..24u32).collect();
        let mut file = tempfile::tempfile().unwrap();
        let mut index = vec![0u64];
        let mut bytes = Vec::new();
        for _ in 0..positions / BLOCK {
            bytes.clear();
            encode_block(std::iter::repeat_n(list.as_slice(), BLOCK), &mut bytes);
            std::io::Write::write_all(&mut file, &bytes).unwrap();
            index.push(index.last().unwrap() + bytes.len() as u64);
        }
        let len = *index.last().unwrap();
        let budget = mapped_budget(positions);
        assert!(len > 3 * budget, "{len} bytes");
        let table = PredTable::<u32>::mapped(positions, index, &file).unwrap();
        let before = resident_file_bytes();
        let mut most = 0;
        for c in 0..positions {
            assert_eq!(table.preds(c).count(), 24);
            if c % (1 << 16) == 0 {
                most = most.max(resident_file_bytes());
            }
        }
        // The budget, one thread's regions between two checks, and the pages this process had
        // already (its program's code and the other tests' files).
        let bound = budget + (16 << 21) + before;
        assert!(
            most <= bound,
            "{most} bytes of file pages resident, at most {bound} expected"
        );
    }
}

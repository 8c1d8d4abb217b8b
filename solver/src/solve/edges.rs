//! Inverting a group's moves into its [`PredTable`] without holding all the moves at once.
//!
//! The moves pass hands over each position's in-group moves as `(child, parent)` records,
//! which go to buckets by the child's range of [`BUCKET`] positions: in memory for a group that
//! fits, else each bucket appended to its own file. Once every move is in, the buckets are
//! inverted one at a time (a counting sort by child of a bucket's records) and appended, block by
//! block, to the table: in memory, or `preds.bin` in the work directory, then mapped. At no time
//! are all the moves in memory in two forms, as the solver of the first milestone had them.

use std::fs::{self, File};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use rayon::prelude::*;

use super::group_index::GroupIndex;
use super::pred_table::{encode_block, PredTable, BLOCK, SEGMENT_SHIFT};

/// Positions per bucket (a multiple of [`BLOCK`]): 2 Mi children, whose records a bucket
/// inversion holds at once. (4 Mi made two inversions at once the peak of a rank's share of
/// 209 million positions.)
pub(super) const BUCKET_BITS: u32 = 21;
const BUCKET: usize = 1 << BUCKET_BITS;
/// Bytes a bucket buffers before it is appended to its file.
pub(super) const FILE_BUFFER: usize = 256 << 10;

/// Bytes a record takes in a bucket's file: the child's bits above [`BUCKET_BITS`] are the
/// bucket's number, so a record is the child's offset in its bucket and the parent: 54 bits, 7
/// bytes, in a group numbered in 32 bits, 62 bits, 8 bytes, in one numbered in 40.
/// (Eight bytes for every group, the first version, made Oware to 28 seeds need 48 GB of disk
/// for its moves.)
pub(super) const fn file_record<I: GroupIndex>() -> usize {
    (BUCKET_BITS + I::TABLE_BITS).div_ceil(8) as usize
}

/// Where the moves and the table go.
pub(super) enum Place<'a> {
    /// In memory.
    Memory,
    /// In files in this directory.
    Dir(&'a Path),
}

enum Bucket<I: GroupIndex> {
    /// Runs of records, each allocated at its exact size (a growing vector would hold up to
    /// twice the records).
    Memory(Vec<Vec<I::Record>>),
    File {
        out: BufWriter<File>,
        path: PathBuf,
    },
}

/// The buckets of a group's moves, filled by the moves pass, numbered as `I`.
pub(super) struct EdgeSpill<'a, I: GroupIndex> {
    positions: usize,
    place: Place<'a>,
    buckets: Vec<Mutex<Bucket<I>>>,
    moves: AtomicU64,
}

impl<'a, I: GroupIndex> EdgeSpill<'a, I> {
    /// Empty buckets for a group of `positions` positions.
    pub fn new(positions: usize, place: Place<'a>) -> io::Result<EdgeSpill<'a, I>> {
        let count = positions.div_ceil(BUCKET).max(1);
        let buckets = (0..count)
            .map(|b| {
                Ok(Mutex::new(match place {
                    Place::Memory => Bucket::Memory(Vec::new()),
                    Place::Dir(dir) => {
                        let path = dir.join(format!("moves-{b}.bin"));
                        let file = File::create(&path)?;
                        Bucket::File {
                            out: BufWriter::with_capacity(FILE_BUFFER, file),
                            path,
                        }
                    }
                }))
            })
            .collect::<io::Result<_>>()?;
        Ok(EdgeSpill {
            positions,
            place,
            buckets,
            moves: AtomicU64::new(0),
        })
    }

    /// The directory of the bucket files (empty for buckets in memory), for error messages.
    pub fn dir(&self) -> &Path {
        match self.place {
            Place::Memory => Path::new(""),
            Place::Dir(d) => d,
        }
    }

    /// Adds moves, in any order.
    pub fn add(&self, records: &[I::Record]) -> io::Result<()> {
        self.moves
            .fetch_add(records.len() as u64, Ordering::Relaxed);
        // Grouped by bucket with a counting sort: a bucket's inversion sorts its records by
        // child, so the order within a bucket does not matter.
        let bucket = |r: I::Record| I::child(r) >> BUCKET_BITS;
        let mut starts = vec![0usize; self.buckets.len() + 1];
        for &r in records {
            starts[bucket(r) + 1] += 1;
        }
        for b in 1..starts.len() {
            starts[b] += starts[b - 1];
        }
        let mut at = starts.clone();
        let mut grouped = vec![I::Record::default(); records.len()];
        for &r in records {
            grouped[at[bucket(r)]] = r;
            at[bucket(r)] += 1;
        }
        let mut bytes = Vec::new();
        for (b, ends) in starts.windows(2).enumerate() {
            let run = &grouped[ends[0]..ends[1]];
            if run.is_empty() {
                continue;
            }
            if let Place::Dir(_) = self.place {
                bytes.clear();
                for &r in run {
                    let offset = (I::child(r) & (BUCKET - 1)) as u64;
                    let packed = offset << I::TABLE_BITS | I::parent(r).get() as u64;
                    bytes.extend_from_slice(&packed.to_le_bytes()[..file_record::<I>()]);
                }
            }
            match &mut *self.buckets[b].lock().unwrap_or_else(|e| e.into_inner()) {
                Bucket::Memory(runs) => runs.push(run.to_vec()),
                Bucket::File { out, .. } => out.write_all(&bytes)?,
            }
        }
        Ok(())
    }

    /// How many moves were added.
    #[cfg(test)]
    pub fn moves(&self) -> u64 {
        self.moves.load(Ordering::Relaxed)
    }

    /// Inverts every bucket into the table, two buckets at a time (one per core), deleting each
    /// bucket's file once it is inverted. `advance` is told the positions of each bucket done.
    pub fn finish(self, advance: impl Fn(u64) + Sync) -> io::Result<PredTable<I>> {
        let EdgeSpill {
            positions,
            place,
            buckets,
            ..
        } = self;
        let mut index = Vec::with_capacity(positions.div_ceil(BLOCK) + 1);
        index.push(0u64);
        let mut segments = Vec::new();
        let (mut file, path) = match place {
            Place::Memory => (None, None),
            Place::Dir(dir) => {
                let path = dir.join("preds.bin");
                let f = File::create(&path)?;
                (Some(BufWriter::with_capacity(FILE_BUFFER, f)), Some(path))
            }
        };
        let buckets: Vec<Bucket<I>> = buckets
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect();
        let mut buckets = buckets.into_iter().enumerate();
        let mut inversions: Vec<Inversion<I>> = (0..rayon::current_num_threads())
            .map(|_| Inversion::default())
            .collect();
        let mut written = 0u64;
        loop {
            let batch: Vec<(usize, Bucket<I>)> = buckets.by_ref().take(inversions.len()).collect();
            if batch.is_empty() {
                break;
            }
            let done = batch.len();
            batch
                .into_par_iter()
                .zip(inversions.par_iter_mut())
                .try_for_each(|((b, bucket), inversion)| {
                    let first = b * BUCKET;
                    let len = BUCKET.min(positions - first);
                    inversion.invert(bucket, b, first, len)?;
                    advance(len as u64);
                    io::Result::Ok(())
                })?;
            for inversion in &mut inversions[..done] {
                // A table in memory is one segment a bucket; blocks never straddle two.
                let base = match &file {
                    Some(_) => written,
                    None => (segments.len() as u64) << SEGMENT_SHIFT,
                };
                index.pop();
                index.push(base);
                index.extend(inversion.offsets.iter().map(|o| base + o));
                written += inversion.bytes.len() as u64;
                match &mut file {
                    Some(f) => f.write_all(&inversion.bytes)?,
                    None => segments.push(std::mem::take(&mut inversion.bytes)),
                }
            }
        }
        match (file, path) {
            (Some(f), Some(path)) => {
                let f = f.into_inner().map_err(io::IntoInnerError::into_error)?;
                f.sync_all()?;
                drop(f);
                PredTable::mapped(positions, index, &File::open(path)?)
            }
            _ => Ok(PredTable::in_memory(positions, index, segments)),
        }
    }
}

/// The buffers of one bucket's inversion, kept from one bucket to the next: fresh buffers would
/// be fresh pages, which the kernel clears before handing them over (a third of the
/// predecessors pass's time on Oware's slice 24 when every bucket had its own).
struct Inversion<I: GroupIndex> {
    /// The records of a bucket read back from its file.
    records: Vec<I::Record>,
    /// Where each child's parents end in `parents`.
    ends: Vec<u32>,
    /// Every child's parents, child after child.
    parents: Vec<I>,
    /// The table's bytes for the bucket's positions.
    bytes: Vec<u8>,
    /// The offset of each block's end from the start of `bytes`.
    offsets: Vec<u64>,
}

impl<I: GroupIndex> Default for Inversion<I> {
    fn default() -> Self {
        Inversion {
            records: Vec::new(),
            ends: Vec::new(),
            parents: Vec::new(),
            bytes: Vec::new(),
            offsets: Vec::new(),
        }
    }
}

impl<I: GroupIndex> Inversion<I> {
    /// Makes the table's bytes for positions `first..first + len`, bucket number `b`, from its
    /// records (from a file: read back, and the file deleted).
    fn invert(&mut self, bucket: Bucket<I>, b: usize, first: usize, len: usize) -> io::Result<()> {
        self.records.clear();
        let runs = match bucket {
            Bucket::Memory(runs) => runs,
            Bucket::File { out, path } => {
                self.read_back(out, &path, b)?;
                fs::remove_file(&path)?;
                Vec::new()
            }
        };
        let runs: Vec<&[I::Record]> = if runs.is_empty() {
            vec![&self.records]
        } else {
            runs.iter().map(Vec::as_slice).collect()
        };
        // A counting sort by child: `ends[c]` counts the parents of the children before c,
        // then, as each of c's parents is put in place, moves on to where they end.
        let mut ends = std::mem::take(&mut self.ends);
        ends.clear();
        ends.resize(len + 1, 0);
        for run in &runs {
            for &r in *run {
                ends[I::child(r) - first + 1] += 1;
            }
        }
        for i in 1..=len {
            ends[i] += ends[i - 1];
        }
        self.parents.clear();
        self.parents.resize(ends[len] as usize, I::default());
        for run in &runs {
            for &r in *run {
                let at = &mut ends[I::child(r) - first];
                self.parents[*at as usize] = I::parent(r);
                *at += 1;
            }
        }
        let list = |c: usize| {
            let start = if c == 0 { 0 } else { ends[c - 1] };
            &self.parents[start as usize..ends[c] as usize]
        };
        self.bytes.clear();
        // Exact for a table in memory, whose segment takes these bytes away (lists of 255
        // parents or more take 4 bytes more, and are rare).
        self.bytes
            .reserve(len + super::group_index::bytes::<I>() * self.parents.len());
        self.offsets.clear();
        for block in (0..len).step_by(BLOCK) {
            let end = (block + BLOCK).min(len);
            encode_block((block..end).map(list), &mut self.bytes);
            self.offsets.push(self.bytes.len() as u64);
        }
        self.ends = ends;
        Ok(())
    }

    /// Reads the records of bucket number `b` back from its file into `records`.
    fn read_back(&mut self, out: BufWriter<File>, path: &Path, b: usize) -> io::Result<()> {
        let record = file_record::<I>();
        let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
        let len = file.metadata()?.len() as usize / record;
        drop(file);
        self.records.reserve(len);
        let mut input = File::open(path)?;
        // A whole number of records.
        let mut buffer = vec![0u8; FILE_BUFFER / record * record];
        let first = b << BUCKET_BITS;
        let parent_mask = (1u64 << I::TABLE_BITS) - 1;
        while self.records.len() < len {
            let want = (record * (len - self.records.len())).min(buffer.len());
            input.read_exact(&mut buffer[..want])?;
            self.records
                .extend(buffer[..want].chunks_exact(record).map(|r| {
                    let mut bytes = [0u8; 8];
                    bytes[..record].copy_from_slice(r);
                    let packed = u64::from_le_bytes(bytes);
                    let child = first + (packed >> I::TABLE_BITS) as usize;
                    I::record(child, (packed & parent_mask) as usize)
                }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves into three buckets, added in several batches, read back from the table as they
    /// went in, whether the buckets are in memory or in files (whose records keep the child's
    /// offset in its bucket only, so the bucket's number must be put back), in either width: in
    /// 64 bits, parents numbered from past 2^32 (a share's children are numbered from its
    /// start, its parents anywhere in the group).
    #[test]
    fn every_bucket_inverts_to_the_moves_that_went_in() {
        fn check<I: GroupIndex>(first_parent: usize) {
            let positions = 2 * BUCKET + 1000;
            // Children spread over the three buckets, each with up to four parents anywhere.
            let mut expected: Vec<(usize, Vec<usize>)> = (0..positions)
                .step_by(9973)
                .map(|c| {
                    let parents = (0..c % 5)
                        .map(|k| first_parent + (c * 2_654_435_761 + k * 7919) % positions)
                        .collect();
                    (c, parents)
                })
                .collect();
            let mut records: Vec<I::Record> = expected
                .iter()
                .flat_map(|(c, ps)| ps.iter().map(move |&p| I::record(*c, p)))
                .collect();
            records.reverse();
            let dir = std::env::temp_dir().join(format!(
                "mancala-edges-{}-{}",
                std::process::id(),
                I::TABLE_BITS
            ));
            fs::create_dir_all(&dir).unwrap();
            for place in [Place::Memory, Place::Dir(&dir)] {
                let spill = EdgeSpill::<I>::new(positions, place).unwrap();
                for batch in records.chunks(1000) {
                    spill.add(batch).unwrap();
                }
                assert_eq!(spill.moves(), records.len() as u64);
                let table = spill.finish(|_| {}).unwrap();
                for (c, parents) in &mut expected {
                    let mut got: Vec<usize> = table.preds(*c).map(I::get).collect();
                    got.sort_unstable();
                    parents.sort_unstable();
                    assert_eq!(&got, parents, "child {c}");
                }
                // A child with no moves in has no predecessors.
                assert_eq!(table.preds(1).count(), 0);
                assert_eq!(table.preds(positions - 1).count(), 0);
            }
            fs::remove_dir_all(&dir).unwrap();
        }
        check::<u32>(0);
        check::<u32>(u32::MAX as usize + 1 - 2 * BUCKET - 1000);
        check::<u64>((1 << 32) - BUCKET);
        check::<u64>((1 << 40) - 2 * BUCKET - 1000);
    }
}

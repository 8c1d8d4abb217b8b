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

use super::preds::{encode_block, PredTable, BLOCK, SEGMENT_SHIFT};

/// Positions per bucket (a multiple of [`BLOCK`]): 4 Mi children, whose records a bucket
/// inversion holds at once.
pub(super) const BUCKET_BITS: u32 = 22;
const BUCKET: usize = 1 << BUCKET_BITS;
/// Bytes a bucket buffers before it is appended to its file.
pub(super) const FILE_BUFFER: usize = 256 << 10;

/// Bytes a record takes in a bucket's file: the child's bits above [`BUCKET_BITS`] are the
/// bucket's number, so a record is the child's offset in its bucket and the parent, 54 bits.
/// (Eight bytes, the first version, made Oware to 28 seeds need 48 GB of disk for its moves.)
pub(super) const FILE_RECORD: usize = 7;

/// The bits of a record that its file keeps.
const FILE_RECORD_MASK: u64 = (1 << (32 + BUCKET_BITS)) - 1;

/// Where the moves and the table go.
pub(super) enum Place<'a> {
    /// In memory.
    Memory,
    /// In files in this directory.
    Dir(&'a Path),
}

enum Bucket {
    /// Runs of records, each allocated at its exact size (a growing vector would hold up to
    /// twice the records).
    Memory(Vec<Vec<u64>>),
    File {
        out: BufWriter<File>,
        path: PathBuf,
    },
}

/// The buckets of a group's moves, filled by the moves pass.
pub(super) struct EdgeSpill<'a> {
    positions: usize,
    place: Place<'a>,
    buckets: Vec<Mutex<Bucket>>,
    moves: AtomicU64,
}

impl<'a> EdgeSpill<'a> {
    /// Empty buckets for a group of `positions` positions.
    pub fn new(positions: usize, place: Place<'a>) -> io::Result<EdgeSpill<'a>> {
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

    /// Adds moves, as `child << 32 | parent` records, in any order (`records` is sorted here).
    pub fn add(&self, records: &mut [u64]) -> io::Result<()> {
        self.moves
            .fetch_add(records.len() as u64, Ordering::Relaxed);
        records.sort_unstable();
        let mut rest = &records[..];
        while let Some(&first) = rest.first() {
            let b = (first >> (32 + BUCKET_BITS)) as usize;
            let n = match self.buckets.len() {
                1 => rest.len(),
                _ => rest.partition_point(|&r| (r >> (32 + BUCKET_BITS)) as usize == b),
            };
            let (run, tail) = rest.split_at(n);
            match &mut *self.buckets[b].lock().unwrap_or_else(|e| e.into_inner()) {
                Bucket::Memory(runs) => runs.push(run.to_vec()),
                Bucket::File { out, .. } => {
                    for r in run {
                        out.write_all(&(r & FILE_RECORD_MASK).to_le_bytes()[..FILE_RECORD])?;
                    }
                }
            }
            rest = tail;
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
    pub fn finish(self, advance: impl Fn(u64) + Sync) -> io::Result<PredTable> {
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
        let buckets: Vec<Bucket> = buckets
            .into_iter()
            .map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner()))
            .collect();
        let mut buckets = buckets.into_iter().enumerate();
        let mut written = 0u64;
        loop {
            let batch: Vec<(usize, Bucket)> = buckets
                .by_ref()
                .take(rayon::current_num_threads())
                .collect();
            if batch.is_empty() {
                break;
            }
            let inverted: Vec<(Vec<u8>, Vec<u64>)> = batch
                .into_par_iter()
                .map(|(b, bucket)| {
                    let records = bucket.into_records(b)?;
                    let first = b * BUCKET;
                    let len = BUCKET.min(positions - first);
                    let out = invert(&records, first, len);
                    advance(len as u64);
                    Ok(out)
                })
                .collect::<io::Result<_>>()?;
            for (bytes, offsets) in inverted {
                // A table in memory is one segment a bucket; blocks never straddle two.
                let base = match &file {
                    Some(_) => written,
                    None => (segments.len() as u64) << SEGMENT_SHIFT,
                };
                index.pop();
                index.push(base);
                index.extend(offsets.iter().map(|o| base + o));
                written += bytes.len() as u64;
                match &mut file {
                    Some(f) => f.write_all(&bytes)?,
                    None => segments.push(bytes),
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

impl Bucket {
    /// The records of bucket number `b` in runs, its file read back (as one run) and deleted.
    fn into_records(self, b: usize) -> io::Result<Vec<Vec<u64>>> {
        match self {
            Bucket::Memory(runs) => Ok(runs),
            Bucket::File { out, path } => {
                let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
                let len = file.metadata()?.len() as usize / FILE_RECORD;
                drop(file);
                let mut records = Vec::with_capacity(len);
                let mut input = File::open(&path)?;
                // A whole number of records.
                let mut buffer = vec![0u8; FILE_BUFFER / FILE_RECORD * FILE_RECORD];
                let high = (b as u64) << (32 + BUCKET_BITS);
                while records.len() < len {
                    let want = (FILE_RECORD * (len - records.len())).min(buffer.len());
                    input.read_exact(&mut buffer[..want])?;
                    records.extend(buffer[..want].chunks_exact(FILE_RECORD).map(|r| {
                        let mut bytes = [0u8; 8];
                        bytes[..FILE_RECORD].copy_from_slice(r);
                        high | u64::from_le_bytes(bytes)
                    }));
                }
                fs::remove_file(&path)?;
                Ok(vec![records])
            }
        }
    }
}

/// The table's bytes for positions `first..first + len` from their `child << 32 | parent`
/// records, with each block's offset from the start of these bytes.
fn invert(runs: &[Vec<u64>], first: usize, len: usize) -> (Vec<u8>, Vec<u64>) {
    let records = || runs.iter().flatten();
    let mut start = vec![0u32; len + 1];
    for &r in records() {
        start[(r >> 32) as usize - first + 1] += 1;
    }
    for i in 1..=len {
        start[i] += start[i - 1];
    }
    let mut fill = start.clone();
    let mut parents = vec![0u32; start[len] as usize];
    for &r in records() {
        let c = (r >> 32) as usize - first;
        parents[fill[c] as usize] = r as u32;
        fill[c] += 1;
    }
    drop(fill);
    let mut bytes = Vec::with_capacity(len + 4 * parents.len());
    let mut offsets = Vec::with_capacity(len.div_ceil(BLOCK));
    for block in (0..len).step_by(BLOCK) {
        let end = (block + BLOCK).min(len);
        let lists = (block..end).map(|c| &parents[start[c] as usize..start[c + 1] as usize]);
        encode_block(lists, &mut bytes);
        offsets.push(bytes.len() as u64);
    }
    (bytes, offsets)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Moves into three buckets, added in several batches, read back from the table as they
    /// went in, whether the buckets are in memory or in files (whose records keep the child's
    /// offset in its bucket only, so the bucket's number must be put back).
    #[test]
    fn every_bucket_inverts_to_the_moves_that_went_in() {
        let positions = 2 * BUCKET + 1000;
        // Children spread over the three buckets, each with up to four parents anywhere.
        let mut expected: Vec<(u32, Vec<u32>)> = (0..positions as u32)
            .step_by(9973)
            .map(|c| {
                let parents = (0..c % 5)
                    .map(|k| {
                        (c.wrapping_mul(2_654_435_761).wrapping_add(k * 7919)) % positions as u32
                    })
                    .collect();
                (c, parents)
            })
            .collect();
        let mut records: Vec<u64> = expected
            .iter()
            .flat_map(|(c, ps)| ps.iter().map(move |&p| (*c as u64) << 32 | p as u64))
            .collect();
        records.reverse();
        let dir = std::env::temp_dir().join(format!("mancala-edges-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        for place in [Place::Memory, Place::Dir(&dir)] {
            let spill = EdgeSpill::new(positions, place).unwrap();
            for batch in records.clone().chunks_mut(1000) {
                spill.add(batch).unwrap();
            }
            assert_eq!(spill.moves(), records.len() as u64);
            let table = spill.finish(|_| {}).unwrap();
            for (c, parents) in &mut expected {
                let mut got: Vec<u32> = table.preds(*c).collect();
                got.sort_unstable();
                parents.sort_unstable();
                assert_eq!(&got, parents, "child {c}");
            }
            // A child with no moves in has no predecessors.
            assert_eq!(table.preds(1).count(), 0);
            assert_eq!(table.preds(positions as u32 - 1).count(), 0);
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}

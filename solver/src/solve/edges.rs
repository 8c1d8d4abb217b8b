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
                        out.write_all(&r.to_le_bytes())?;
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
                    let records = bucket.into_records()?;
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
    /// The bucket's records in runs, its file read back (as one run) and deleted.
    fn into_records(self) -> io::Result<Vec<Vec<u64>>> {
        match self {
            Bucket::Memory(runs) => Ok(runs),
            Bucket::File { out, path } => {
                let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
                let len = file.metadata()?.len() as usize / 8;
                drop(file);
                let mut records = Vec::with_capacity(len);
                let mut input = File::open(&path)?;
                let mut buffer = vec![0u8; FILE_BUFFER];
                while records.len() < len {
                    let want = (8 * (len - records.len())).min(FILE_BUFFER);
                    input.read_exact(&mut buffer[..want])?;
                    records.extend(
                        buffer[..want]
                            .chunks_exact(8)
                            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes"))),
                    );
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

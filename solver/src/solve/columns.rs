//! Where the retrograde reads what a pass before it left of each position, a byte or two a
//! position: in memory, or from a file of the work directory ([`super::checkpoint`]) for a group
//! solved with its moves on disk, so that it costs no memory. The passes read them in scans, a
//! chunk of consecutive positions at a time: the moves pass's exits (`exits.bin`: each position's
//! best exit, then each one's in-group move count), which the values pass reads at every
//! threshold and the depths pass at its start and at every threshold, and the values pass's
//! values (`values.bin`), from which the depths pass starts and the results are made.

use std::fs::File;
use std::ops::Range;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::bytes::as_i8;
use super::moves::Exits;
use super::state::{split_runs, CONVERT_CHUNK};
use super::SolveError;

/// `K` columns of a byte a position of a share, where they are.
pub(super) enum Columns<const K: usize> {
    /// Held in memory.
    Memory([Vec<u8>; K]),
    /// In a file of the `K` columns of `n` bytes, one after the other.
    File { file: File, path: PathBuf, n: usize },
}

/// The exits: each position's best exit (an `i8`, [`as_i8`]) and in-group move count.
pub(super) type ExitsAt = Columns<2>;

/// The values of the share's positions (`i8`s, [`as_i8`]).
pub(super) type ValuesAt = Columns<1>;

impl<const K: usize> Columns<K> {
    /// The columns of a share of `n` positions in the file at `path`.
    pub fn file(path: &Path, n: usize) -> Result<Columns<K>, SolveError> {
        let file = File::open(path).map_err(|source| error(path, source))?;
        Ok(Columns::File {
            file,
            path: path.to_path_buf(),
            n,
        })
    }

    /// Calls `f` with each column's bytes of the share's positions `range` (counted from the
    /// share's first).
    pub fn read<R>(
        &self,
        range: Range<usize>,
        f: impl FnOnce([&[u8]; K]) -> R,
    ) -> Result<R, SolveError> {
        match self {
            Columns::Memory(columns) => Ok(f(std::array::from_fn(|k| &columns[k][range.clone()]))),
            Columns::File { file, path, n } => {
                let mut bytes = vec![0u8; K * range.len()];
                for (k, column) in bytes.chunks_mut(range.len().max(1)).enumerate() {
                    file.read_exact_at(column, (k * n + range.start) as u64)
                        .map_err(|source| error(path, source))?;
                }
                Ok(f(std::array::from_fn(|k| {
                    &bytes[k * range.len()..(k + 1) * range.len()]
                })))
            }
        }
    }
}

impl ExitsAt {
    /// The exits of the moves pass, held in memory.
    pub fn memory(exits: Exits) -> ExitsAt {
        Columns::Memory([bytes_of(exits.best_exit), exits.pending])
    }
}

impl ValuesAt {
    /// Values held in memory.
    pub fn memory(values: Vec<i8>) -> ValuesAt {
        Columns::Memory([bytes_of(values)])
    }

    /// The values, in consecutive runs of `lens` positions (the share's slices).
    pub fn into_runs(self, lens: &[usize]) -> Result<Vec<Vec<i8>>, SolveError> {
        match self {
            Columns::Memory([values]) => Ok(split_runs(values, lens)
                .into_iter()
                .map(|run| run.into_iter().map(|v| v as i8).collect())
                .collect()),
            Columns::File { .. } => {
                let mut start = 0;
                let mut runs = Vec::with_capacity(lens.len());
                for &len in lens {
                    let mut run = crate::cache::huge_pages_for(len);
                    for from in (start..start + len).step_by(CONVERT_CHUNK) {
                        let to = (from + CONVERT_CHUNK).min(start + len);
                        self.read(from..to, |[values]| run.extend_from_slice(as_i8(values)))?;
                    }
                    runs.push(run);
                    start += len;
                }
                Ok(runs)
            }
        }
    }
}

/// `i8`s as the bytes that hold them, in the same memory.
fn bytes_of(values: Vec<i8>) -> Vec<u8> {
    values.into_iter().map(|v| v as u8).collect()
}

/// The error of a file of the work directory that holds `path`.
fn error(path: &Path, source: std::io::Error) -> SolveError {
    SolveError::Work {
        dir: path.parent().unwrap_or(path).to_path_buf(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A range reads the same from memory and from a file laid out as `exits.bin`.
    #[test]
    fn columns_read_the_same_from_memory_and_file() {
        let n = 1000;
        let exits = Exits {
            best_exit: (0..n).map(|i| (i % 251) as u8 as i8).collect(),
            pending: (0..n).map(|i| (i % 13) as u8).collect(),
        };
        let path = std::env::temp_dir().join(format!("mancala-exits-{}", std::process::id()));
        let mut bytes: Vec<u8> = exits.best_exit.iter().map(|&b| b as u8).collect();
        bytes.extend(&exits.pending);
        std::fs::write(&path, bytes).unwrap();
        let from_file = ExitsAt::file(&path, n).unwrap();
        let in_memory = ExitsAt::memory(exits);
        for range in [0..1, 17..400, 999..1000, 0..1000, 5..5] {
            let copy = |[b, p]: [&[u8]; 2]| (as_i8(b).to_vec(), p.to_vec());
            let (b, p) = from_file.read(range.clone(), copy).unwrap();
            assert_eq!((b.len(), p.len()), (range.len(), range.len()));
            if !range.is_empty() {
                assert_eq!(b[0], (range.start % 251) as u8 as i8);
                assert_eq!(p[range.len() - 1], ((range.end - 1) % 13) as u8);
            }
            assert_eq!(in_memory.read(range, copy).unwrap(), (b, p));
        }
        // Past the end of the file: the error names the work directory.
        match from_file.read(999..1001, |_| ()) {
            Err(SolveError::Work { dir, .. }) => assert_eq!(dir, std::env::temp_dir()),
            other => panic!("{:?}", other.err()),
        }
        std::fs::remove_file(&path).unwrap();
    }
}

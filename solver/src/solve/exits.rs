//! Where the retrograde reads the moves pass's exits: in memory, or from the work directory's
//! `exits.bin` ([`super::checkpoint`]) for a group solved with its moves on disk, so that they
//! cost it no memory. Both passes read them in scans, a chunk of consecutive positions at a time:
//! the values pass the best exits at every threshold, the depths pass the best exits and the
//! in-group move counts.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::moves::Exits;
use super::SolveError;

/// The exits of a share, where they are.
pub(super) enum ExitsAt {
    /// Held in memory.
    Memory(Exits),
    /// In a file of `n` best exits then `n` move counts ([`super::checkpoint`]'s `exits.bin`).
    File { file: File, path: PathBuf, n: usize },
}

impl ExitsAt {
    /// The exits of a share of `n` positions in the file at `path`.
    pub fn file(path: &Path, n: usize) -> Result<ExitsAt, SolveError> {
        let file = File::open(path).map_err(|source| error(path, source))?;
        Ok(ExitsAt::File {
            file,
            path: path.to_path_buf(),
            n,
        })
    }

    /// Calls `f` with the best exits and the in-group move counts of the share's positions
    /// `range` (counted from the share's first).
    pub fn read<R>(
        &self,
        range: std::ops::Range<usize>,
        f: impl FnOnce(&[i8], &[u8]) -> R,
    ) -> Result<R, SolveError> {
        match self {
            ExitsAt::Memory(exits) => Ok(f(&exits.best_exit[range.clone()], &exits.pending[range])),
            ExitsAt::File { file, path, n } => {
                let mut bytes = vec![0u8; 2 * range.len()];
                let (best, pending) = bytes.split_at_mut(range.len());
                file.read_exact_at(best, range.start as u64)
                    .and_then(|()| file.read_exact_at(pending, (n + range.start) as u64))
                    .map_err(|source| error(path, source))?;
                // SAFETY: i8 and u8 have the same size, alignment and no invalid values.
                let best: &[i8] =
                    unsafe { std::slice::from_raw_parts(best.as_ptr().cast(), best.len()) };
                Ok(f(best, pending))
            }
        }
    }
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
    fn exits_read_the_same_from_memory_and_file() {
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
        let in_memory = ExitsAt::Memory(exits);
        for range in [0..1, 17..400, 999..1000, 0..1000] {
            let copy = |b: &[i8], p: &[u8]| (b.to_vec(), p.to_vec());
            let (b, p) = from_file.read(range.clone(), copy).unwrap();
            assert_eq!((b.len(), p.len()), (range.len(), range.len()));
            assert_eq!(b[0], (range.start % 251) as u8 as i8);
            assert_eq!(p[range.len() - 1], ((range.end - 1) % 13) as u8);
            assert_eq!(in_memory.read(range, copy).unwrap(), (b, p));
        }
        assert!(from_file.read(999..1001, |_, _| ()).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}

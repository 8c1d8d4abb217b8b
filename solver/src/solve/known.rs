//! The values of slices solved already, which the exits of a group look up: held in memory, or,
//! for a group solved with its moves on disk, each in a file of its own, which the moves pass
//! reads a segment at a time ([`super::far_exits`]) so that a group's memory does not grow with
//! the slices below it.

use std::borrow::Cow;
use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use super::bytes::as_u8;
use super::SolveError;
use crate::slice::{Slice, SliceId};
use crate::Variant;

/// The values of slices solved already, which the exits of a group look up.
#[derive(Default)]
pub struct KnownValues {
    /// Indexed by [`slot`]: every exit of a solve looks a slice up here, and hashing the slice
    /// id (SipHash, then foldhash) was a tenth of the Kalah solve's time.
    slices: Vec<Option<(SliceId, Values)>>,
}

/// Where a known slice's values are.
pub(super) enum Values {
    /// In memory.
    Held(Vec<i8>),
    /// In a file.
    File(ValuesFile),
}

/// A slice's values in a file of their own, a byte a position; the file is removed when this
/// is dropped (the solver made it, and nothing else reads it).
pub(super) struct ValuesFile {
    file: File,
    path: PathBuf,
    len: u64,
}

/// Writes a slice's values to a file, to be known from there ([`KnownValues::insert_file`]).
pub struct ValuesWriter {
    slice: Slice,
    out: BufWriter<File>,
    path: PathBuf,
    written: u64,
}

/// Where a slice's values are in [`KnownValues`]: two-row slices by their seeds, then four-row
/// slices by their two sides' seeds, then shape tables' by their open pits and seeds.
pub(super) fn slot(id: SliceId) -> usize {
    match id {
        SliceId::Seeds(n) => n as usize,
        SliceId::Sides(m, o) => 256 + ((m as usize) << 8 | o as usize),
        SliceId::Shaped {
            mover,
            opponent,
            seeds,
        } => 256 + (1 << 16) + ((mover as usize) << 12 | (opponent as usize) << 8 | seeds as usize),
    }
}

impl KnownValues {
    /// Nothing known yet.
    pub fn new() -> KnownValues {
        KnownValues::default()
    }

    /// Records a solved slice's values (kept as they are: no copy, and a vector made on huge
    /// pages stays on them).
    pub fn insert(&mut self, id: SliceId, values: Vec<i8>) {
        self.put(id, Values::Held(values));
    }

    /// A writer of `slice`'s values to a file of its own in `dir` (made if missing), to be
    /// known from there once it has written every position's ([`KnownValues::insert_file`]).
    pub fn file_writer(dir: &Path, slice: Slice) -> io::Result<ValuesWriter> {
        fs::create_dir_all(dir)?;
        let path = dir.join(format!("slice-{}.values", slice.id));
        // Read back from the same handle once written.
        let file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)
            .map_err(|e| in_file(&path, e))?;
        Ok(ValuesWriter {
            slice,
            out: BufWriter::with_capacity(1 << 20, file),
            path,
            written: 0,
        })
    }

    /// Records the slice that `writer` wrote, its values read from its file from now on. Fails
    /// unless it wrote exactly the slice's positions.
    pub fn insert_file(&mut self, writer: ValuesWriter) -> io::Result<()> {
        let ValuesWriter {
            slice,
            out,
            path,
            written,
        } = writer;
        let file = out
            .into_inner()
            .map_err(|e| in_file(&path, e.into_error()))?;
        let values = ValuesFile {
            file,
            path,
            len: written,
        };
        if written != slice.len() {
            return Err(in_file(
                &values.path,
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{written} values written of slice {}, which has {} positions",
                        slice.id,
                        slice.len()
                    ),
                ),
            ));
        }
        self.put(slice.id, Values::File(values));
        Ok(())
    }

    /// Moves every slice held in memory to a file of its own in `dir`, giving its memory back.
    pub fn move_to_files(&mut self, variant: Variant, dir: &Path) -> io::Result<()> {
        for k in 0..self.slices.len() {
            let Some((id, Values::Held(values))) = &self.slices[k] else {
                continue;
            };
            let slice = Slice { variant, id: *id };
            let mut writer = KnownValues::file_writer(dir, slice)?;
            writer.write(values)?;
            self.insert_file(writer)?;
        }
        Ok(())
    }

    fn put(&mut self, id: SliceId, values: Values) {
        let k = slot(id);
        if self.slices.len() <= k {
            self.slices.resize_with(k + 1, || None);
        }
        self.slices[k] = Some((id, values));
    }

    /// Whether a slice's values are known.
    pub fn contains(&self, id: SliceId) -> bool {
        self.values(id).is_some()
    }

    /// Forgets every slice but those `keep` says to keep, freeing their memory (or removing
    /// their file).
    pub fn retain(&mut self, mut keep: impl FnMut(SliceId) -> bool) {
        for entry in &mut self.slices {
            if entry.as_ref().is_some_and(|(id, _)| !keep(*id)) {
                *entry = None;
            }
        }
    }

    /// Where a slice's values are, when it is known.
    #[inline]
    pub(super) fn values(&self, id: SliceId) -> Option<&Values> {
        match self.slices.get(slot(id)) {
            Some(Some((_, v))) => Some(v),
            _ => None,
        }
    }

    /// A slice's values, when they are held in memory.
    #[inline]
    pub(super) fn get(&self, id: SliceId) -> Option<&[i8]> {
        match self.values(id) {
            Some(Values::Held(v)) => Some(v),
            _ => None,
        }
    }

    /// A slice's values wherever they are, read whole from their file if they are in one
    /// (for [`super::acyclic`], which looks them up as it goes).
    pub(super) fn read_whole(&self, id: SliceId) -> Result<Option<Cow<'_, [i8]>>, SolveError> {
        match self.values(id) {
            None => Ok(None),
            Some(Values::Held(v)) => Ok(Some(Cow::Borrowed(v))),
            Some(Values::File(f)) => {
                let mut v = vec![0; f.len as usize];
                f.read(0, &mut v)?;
                Ok(Some(Cow::Owned(v.into_iter().map(|b| b as i8).collect())))
            }
        }
    }

    /// The value of `board` (seen from the side to move) when its slice is held in memory: the
    /// leaf callback of [`crate::search`] over an in-memory tablebase.
    #[inline]
    pub fn value(&self, variant: Variant, board: &crate::Board) -> Option<i8> {
        self.entry(variant, board).copied()
    }

    /// Where the value of `board` is, when its slice is held in memory.
    #[inline]
    fn entry(&self, variant: Variant, board: &crate::Board) -> Option<&i8> {
        let slice = Slice::of(variant, board);
        self.get(slice.id).map(|v| &v[slice.index(board) as usize])
    }

    /// These values as the leaves of a [`crate::kalah_mtdf::KalahSearch`] of `variant`.
    pub fn leaves(&self, variant: Variant) -> KnownLeaves<'_> {
        KnownLeaves {
            known: self,
            variant,
        }
    }
}

impl ValuesFile {
    /// How many positions.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Reads the values of positions `from..from + out.len()`, as bytes.
    pub fn read(&self, from: u64, out: &mut [u8]) -> Result<(), SolveError> {
        self.file
            .read_exact_at(out, from)
            .map_err(|e| SolveError::Work {
                dir: self.path.parent().unwrap_or(&self.path).to_path_buf(),
                source: in_file(&self.path, e),
            })
    }
}

impl Drop for ValuesFile {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

impl ValuesWriter {
    /// Writes the values of the next positions of the slice.
    pub fn write(&mut self, values: &[i8]) -> io::Result<()> {
        self.out
            .write_all(as_u8(values))
            .map_err(|e| in_file(&self.path, e))?;
        self.written += values.len() as u64;
        Ok(())
    }
}

/// An error of the file at `path`, naming it.
fn in_file(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// [`KnownValues`] of one variant as the leaves of a search, fetching ahead when asked.
pub struct KnownLeaves<'a> {
    known: &'a KnownValues,
    variant: Variant,
}

impl crate::kalah_mtdf::Leaves for KnownLeaves<'_> {
    #[inline]
    fn value(&self, board: &crate::Board) -> Option<i8> {
        self.known.value(self.variant, board)
    }

    #[inline]
    fn prefetch(&self, board: &crate::Board) {
        if let Some(v) = self.known.entry(self.variant, board) {
            crate::cache::prefetch(v);
        }
    }
}

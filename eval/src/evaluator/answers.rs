//! The searched answers kept, so that a question asked again is answered at once instead of
//! searched again (a start position costs seconds to search, its answer a lookup): in memory
//! (bounded, S3-FIFO eviction by `quick_cache`), and in the file's `answers` table where the
//! evaluator may write (rows made by `encoding`), which also holds the opening book.
//!
//! An answer is the engine's [`Analysis`] of a board as the side to move sees it, so that it
//! serves every position with that board whatever the seeds captured so far. A board with pits
//! closed with sand (a later round of a Rio Kadalis match) is kept in memory only, under its
//! shape: the file's table files answers by board alone, every pit open. It is kept under
//! the contents of the tablebase it was searched over (the slices of its variant held then):
//! once more slices are solved, the old estimates are not used (a proven answer always is). A
//! kept answer serves a question whose budget it covers: it is exact (or its search ended
//! without a limit), or it was searched with a budget at least as large. A search with a larger
//! budget replaces a shallower answer, never the other way round.

use std::sync::Arc;

use mancala_solver::engine::Budget;
use mancala_solver::{Board, Shape, SliceId, Variant};

use super::answer_writer::AnswerWriter;
use super::kept::Kept;
use mancala_db::{Database, DbError, Tablebase};

/// Answers kept in memory at most: one with every move is about 1 KB, so some 8 MB.
const KEPT: usize = 8192;

/// What an answer is kept under in memory.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Key {
    variant: Variant,
    board: Board,
    /// The pits closed, as the side to move sees them ([`Shape::OPEN`] for most).
    shape: Shape,
    contents: u64,
}

/// The kept answers (see the module documentation).
pub(crate) struct Answers {
    memory: quick_cache::sync::Cache<Key, Kept>,
    /// Where answers are written to the file, where the evaluator may write.
    file: Option<AnswerWriter>,
}

impl Answers {
    /// Answers kept in memory only; those the file holds already are read all the same.
    pub(crate) fn new() -> Answers {
        Answers {
            memory: quick_cache::sync::Cache::new(KEPT),
            file: None,
        }
    }

    /// Answers kept in memory and written to the file through `db` (by a thread of their own:
    /// [`AnswerWriter`]).
    pub(crate) fn writing_to(mut self, db: Arc<Database>) -> Answers {
        self.file = Some(AnswerWriter::start(db));
        self
    }

    /// The kept answer for `board` of `variant` with the pits `shape` closed (both seen by the
    /// side to move) over the tablebase `contents`, if one covers `budget`: from memory, else,
    /// for a board with every pit open, from the file read through `tb`.
    pub(crate) fn get(
        &self,
        tb: &Tablebase,
        variant: Variant,
        (board, shape): (&Board, Shape),
        contents: u64,
        budget: Budget,
    ) -> Result<Option<Kept>, DbError> {
        let key = Key {
            variant,
            board: *board,
            shape,
            contents,
        };
        if let Some(kept) = self.memory.get(&key).filter(|k| k.covers(budget)) {
            return Ok(Some(kept));
        }
        if shape != Shape::OPEN {
            return Ok(None);
        }
        let Some(row) = tb.database().answer_row(variant, board)? else {
            return Ok(None);
        };
        let Some(stored) = Kept::from_row(variant, board, &row) else {
            return Ok(None);
        };
        if row.contents != contents && !stored.complete() {
            return Ok(None);
        }
        self.keep_in_memory(key, &stored);
        Ok(Some(stored).filter(|k| k.covers(budget)))
    }

    /// Keeps `new` for `board` of `variant` with the pits `shape` closed over the tablebase
    /// `contents`, unless what is kept already covers at least as much; for a board with every
    /// pit open also in the file, where the evaluator writes (soon after, off this thread). A
    /// failure to write is logged, not returned: the answer stands without it.
    pub(crate) fn keep(
        &self,
        variant: Variant,
        (board, shape): (&Board, Shape),
        contents: u64,
        new: Kept,
    ) {
        let key = Key {
            variant,
            board: *board,
            shape,
            contents,
        };
        if self.keep_in_memory(key, &new) && shape == Shape::OPEN {
            if let Some(file) = &self.file {
                file.write(variant, board, contents, new);
            }
        }
    }

    /// Keeps `book`, searched for the opening book, for `board` of `variant` over the tablebase
    /// `contents`, in place of what was kept: in memory, and in the file, where the evaluator
    /// writes (a failure to write is then the error).
    pub(crate) fn keep_book(
        &self,
        variant: Variant,
        board: &Board,
        contents: u64,
        book: Kept,
    ) -> Result<(), DbError> {
        if let Some(file) = &self.file {
            file.write_now(variant, board, contents, &book)?;
        }
        let key = Key {
            variant,
            board: *board,
            shape: Shape::OPEN,
            contents,
        };
        self.memory.insert(key, book);
        Ok(())
    }

    /// Keeps `new` in memory if it is better than what is kept; whether it was.
    fn keep_in_memory(&self, key: Key, new: &Kept) -> bool {
        let better = match self.memory.get(&key) {
            None => true,
            Some(old) => new.better_than(&old),
        };
        if better {
            self.memory.insert(key, new.clone());
        }
        better
    }
}

/// The contents of a tablebase for one variant, as a number: the same set of slices gives the
/// same number, in any order, in every process and version (it is stored in the file).
pub(crate) fn contents<'a>(slices: impl IntoIterator<Item = &'a SliceId>) -> u64 {
    let mut count = 0u64;
    let mut mixed = 0u64;
    for id in slices {
        mixed ^= fnv1a(id.to_string().as_bytes());
        count += 1;
    }
    mixed ^ count.rotate_left(32)
}

/// The 64-bit FNV-1a hash: small, and the same everywhere (unlike the standard library's).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contents_do_not_depend_on_the_order_of_the_slices_and_tell_sets_apart() {
        let ids = [SliceId::Seeds(1), SliceId::Seeds(2), SliceId::Seeds(3)];
        let reversed: Vec<SliceId> = ids.iter().rev().copied().collect();
        assert_eq!(contents(&ids), contents(&reversed));
        assert_ne!(contents(&ids), contents(&ids[..2]));
        assert_ne!(contents(&ids[..1]), contents(&[SliceId::Sides(1, 0)]));
        // FNV-1a of "a", as its authors list it.
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}

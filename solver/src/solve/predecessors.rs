//! Where the retrograde finds a position's predecessors: in the table built from every move
//! ([`super::pred_table`]), or, where the rules can un-make a move ([`rules::can_unmake`]: Oware,
//! Rio Kadalis), by un-making the moves into the position, which stores nothing.
//!
//! The table costs its building (a pass writing every move, a pass inverting them) and `1 + 4 E /
//! N` bytes a position; for a group too large for memory those are files, which a disk that
//! cannot hold them in its page cache reads back one page at a time. Un-making a move costs a
//! little computation each time a position is decided, and nothing else.

use super::group_index::GroupIndex;
use super::pred_table::PredTable;
use crate::index::Cursor;
use crate::position::Board;
use crate::rules;
use crate::slice::{Slice, SliceId};

/// A group's predecessors, numbered as `I`.
pub(super) enum Predecessors<I: GroupIndex> {
    /// Read from a table of the positions of a share, the first of which is the second field.
    Table(PredTable<I>, usize),
    /// Found by un-making moves, in a group of this one slice, whose first position is numbered
    /// as the second field (0 but in the tests of wide numbering, [`super::Partition`]).
    Unmade(Slice, usize),
}

/// Whether `group`'s predecessors are found by un-making moves: a group of one slice (moves that
/// capture nothing stay in it) numbered by its seeds over both rows (what [`Predecessors::each`]
/// unranks), of a variant whose moves can be un-made.
pub(super) fn unmade(group: &[Slice]) -> bool {
    matches!(group, [one] if matches!(one.id, SliceId::Seeds(_)))
        && rules::can_unmake(group[0].variant)
}

impl<I: GroupIndex> Predecessors<I> {
    /// Calls `f` with every predecessor of position `c` (of the share; the predecessors
    /// anywhere in the group), once per move from it into `c`.
    /// `cursor` is kept by the caller from one position to the next: un-making moves starts
    /// from the position's board, found faster from the last one's ([`Cursor`]).
    #[inline]
    pub fn each(&self, c: usize, cursor: &mut Option<Cursor>, mut f: impl FnMut(I)) {
        match self {
            Predecessors::Table(table, start) => table.preds(c - *start).for_each(f),
            Predecessors::Unmade(slice, first) => {
                let pits = 2 * slice.variant.pits_per_side();
                let cursor = cursor.get_or_insert_with(|| Cursor::new(pits, slice.id.total()));
                let mut board = Board::EMPTY;
                board.cells[..pits].copy_from_slice(cursor.unrank((c - first) as u64));
                rules::unmake(slice.variant, &board, |p| {
                    f(I::new(first + slice.index(p) as usize))
                })
            }
        }
    }
}

//! Boards and positions: small `Copy` values with no heap, because the solver makes hundreds of
//! millions of them.

use std::fmt;

use crate::register;
use crate::{BySide, Shape, Side, Variant};

/// Most pits one side can own (Bao la Kiarabu: two rows of 8).
pub const MAX_PITS_PER_SIDE: usize = 16;

/// The pits of both sides seen from one of them: `cells[0..L]` are that side's pits 1..L and
/// `cells[L..2L]` the other side's pits 1..L, where `L` is [`Variant::pits_per_side`]. On a
/// two-row board this is exactly the counter-clockwise sowing ring; on a four-row board it is the
/// two sides' loops one after the other. Which side comes first is up to the holder: the rules
/// engine and the solver always put the side to move first.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Seed counts; cells past `2L` are zero.
    pub cells: [u8; 2 * MAX_PITS_PER_SIDE],
}

impl Board {
    /// The empty board.
    pub const EMPTY: Board = Board {
        cells: [0; 2 * MAX_PITS_PER_SIDE],
    };

    /// Cells `0..16` as one register ([`crate::register`]), cell `i` in byte `i`.
    #[inline(always)]
    pub(crate) fn register(&self) -> u128 {
        let mut low = [0u8; register::CELLS];
        low.copy_from_slice(&self.cells[..register::CELLS]);
        u128::from_le_bytes(low)
    }

    /// The board whose cells `0..16` are the register `x`, the others empty.
    #[inline(always)]
    pub(crate) fn from_register(x: u128) -> Board {
        let mut b = Board::EMPTY;
        b.cells[..register::CELLS].copy_from_slice(&x.to_le_bytes());
        b
    }

    /// The same board seen from the other side.
    #[inline]
    pub fn flipped(&self, pits_per_side: usize) -> Board {
        let l = pits_per_side;
        if 2 * l <= register::CELLS {
            return Board::from_register(register::flipped(self.register(), l));
        }
        let mut cells = [0u8; 2 * MAX_PITS_PER_SIDE];
        cells[..l].copy_from_slice(&self.cells[l..2 * l]);
        cells[l..2 * l].copy_from_slice(&self.cells[..l]);
        Board { cells }
    }

    /// The board seen in a mirror: each side's pits `1..L` read from the other end (pit `k`
    /// holds what pit `L + 1 - k` held). A clockwise sowing on a two-row board is the
    /// counter-clockwise one on the mirrored board ([`Variant::mirror_image_of`]).
    #[inline]
    pub fn mirrored(&self, pits_per_side: usize) -> Board {
        let l = pits_per_side;
        let mut out = *self;
        for side in 0..2 {
            out.cells[side * l..(side + 1) * l].reverse();
        }
        out
    }

    /// Seeds of the first side (`first == true`) or of the second.
    #[inline]
    pub fn side_total(&self, pits_per_side: usize, first: bool) -> u32 {
        let range = if first {
            0..pits_per_side
        } else {
            pits_per_side..2 * pits_per_side
        };
        self.cells[range].iter().map(|&c| c as u32).sum()
    }

    /// This board of `shape` (both seen from one side) with each side's open pits moved, in
    /// their order, to its right-hand end: the board of [`Shape::canonical`] with the same open
    /// pits a side, which plays exactly like it, move for move (the relay rules have no
    /// opposite pit). Returns that board and shape: what a shape table holds.
    pub fn compact(&self, pits_per_side: usize, shape: Shape) -> (Board, Shape) {
        let l = pits_per_side;
        let mut out = Board::EMPTY;
        let mut open = [0usize; 2];
        for (side, count) in open.iter_mut().enumerate() {
            // Right to left, so that each open pit's seeds land at the next free cell from
            // the side's right-hand end.
            let mut to = (side + 1) * l;
            for cell in (side * l..(side + 1) * l).rev() {
                if !shape.is_closed(cell) {
                    to -= 1;
                    out.cells[to] = self.cells[cell];
                }
            }
            *count = (side + 1) * l - to;
        }
        (out, Shape::canonical(l, open[0], open[1]))
    }

    /// Seeds on the whole board. Summed a word at a time, the even and the odd cells in 16-bit
    /// lanes (no lane can overflow: 32 cells of at most 255), the lanes then added by one
    /// multiplication: the moves pass counts the seeds of every position, and `Slice::of` those
    /// of every child looked up from its board; cell by cell this was a twelfth of Rio Kadalis's
    /// moves pass before its captures' children were counted by `Slice::of_child`
    /// (docs/lean-solver.md).
    #[inline]
    pub fn total(&self) -> u32 {
        const EVEN: u64 = 0x00ff_00ff_00ff_00ff;
        const LANES: u64 = 0x0001_0001_0001_0001;
        let lanes = self
            .cells
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 cells")))
            .fold(0u64, |acc, w| acc + (w & EVEN) + ((w >> 8) & EVEN));
        (lanes.wrapping_mul(LANES) >> 48) as u32
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self
            .cells
            .iter()
            .rposition(|&c| c != 0)
            .map_or(0, |i| i + 1);
        write!(f, "Board{:?}", &self.cells[..last])
    }
}

/// A complete game state: board, closed pits, side to move and seeds captured so far.
///
/// Built only by [`crate::Setup::validate`] or by playing moves, so it always satisfies the
/// variant's limits. The board and its shape are stored with South's pits first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: Board,
    /// The closed pits (Rio Kadalis after its first round), seen from South; a closed pit's
    /// cell of `board` is 0.
    pub(crate) shape: Shape,
    pub(crate) side: Side,
    pub(crate) captured: BySide<u32>,
}

impl Position {
    /// The start position of a variant: every pit full, South to move, nothing captured.
    pub fn start(variant: Variant) -> Position {
        let mut board = Board::EMPTY;
        for c in &mut board.cells[..2 * variant.pits_per_side()] {
            *c = variant.seeds_per_pit();
        }
        Position {
            variant,
            board,
            shape: Shape::OPEN,
            side: Side::South,
            captured: BySide::default(),
        }
    }

    /// The variant whose rules apply.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The side to move.
    pub fn side(&self) -> Side {
        self.side
    }

    /// Seeds captured so far by each side.
    pub fn captured(&self) -> BySide<u32> {
        self.captured
    }

    /// Seeds in pit `pit` (1-based, the owner's numbering) of `side`; 0 for a closed pit.
    pub fn pit(&self, side: Side, pit: usize) -> u8 {
        self.board.cells[self.cell(side, pit)]
    }

    /// Whether pit `pit` (1-based, the owner's numbering) of `side` is closed with sand
    /// (docs/rules.md#rio-kadalis-matches).
    pub fn is_closed(&self, side: Side, pit: usize) -> bool {
        self.shape.is_closed(self.cell(side, pit))
    }

    /// Whether any pit is closed: a position of a later round of a Rio Kadalis match, which
    /// the full board's slices do not hold (its shape table's do, [`crate::SliceId::Shaped`]).
    pub fn has_closed_pits(&self) -> bool {
        !self.shape.is_open()
    }

    /// The cell of pit `pit` of `side` on the absolute board.
    fn cell(&self, side: Side, pit: usize) -> usize {
        let l = self.variant.pits_per_side();
        assert!((1..=l).contains(&pit), "pit {pit} out of 1..={l}");
        side.index() * l + pit - 1
    }

    /// The board with South's pits first.
    pub fn absolute_board(&self) -> &Board {
        &self.board
    }

    /// The board seen from the side to move (its pits first), as the rules engine and the
    /// solver use it.
    #[inline]
    pub fn relative_board(&self) -> Board {
        match self.side {
            Side::South => self.board,
            Side::North => self.board.flipped(self.variant.pits_per_side()),
        }
    }

    /// The closed pits seen from the side to move, like [`Position::relative_board`]: what the
    /// rules engine ([`crate::rules::expand_shaped`]) and the search take with the board.
    #[inline]
    pub fn relative_shape(&self) -> Shape {
        match self.side {
            Side::South => self.shape,
            Side::North => self.shape.flipped(self.variant.pits_per_side()),
        }
    }

    /// Seeds on the board.
    pub fn seeds_on_board(&self) -> u32 {
        self.board.total()
    }

    /// The same position with the pits `shape` closed, seen from its side to move (as
    /// [`Position::relative_shape`] gives it): a position of a shape table
    /// ([`crate::SliceId::Shaped`]) built from its board. The board holds nothing in them.
    pub fn with_relative_shape(mut self, shape: Shape) -> Position {
        let l = self.variant.pits_per_side();
        self.shape = match self.side {
            Side::South => shape,
            Side::North => shape.flipped(l),
        };
        debug_assert!((0..2 * l).all(|c| !self.shape.is_closed(c) || self.board.cells[c] == 0));
        self
    }

    /// Builds a position from a board seen from `side` (its pits first), as the solver stores
    /// it, every pit open. The board must belong to the variant (at most its pits, its seed
    /// limits): boards taken from a [`crate::Slice`] of the variant always do.
    pub fn from_relative(
        variant: Variant,
        relative: &Board,
        side: Side,
        captured: BySide<u32>,
    ) -> Position {
        Position::from_relative_shaped(variant, relative, Shape::OPEN, side, captured)
    }

    /// [`Position::from_relative`] of a board whose closed pits are `shape`, seen like the
    /// board from the side to move (a shape table's boards, [`crate::Slice::shape`]). The
    /// closed pits must be empty, and only a variant with closed pits may have any.
    pub fn from_relative_shaped(
        variant: Variant,
        relative: &Board,
        shape: Shape,
        side: Side,
        captured: BySide<u32>,
    ) -> Position {
        let l = variant.pits_per_side();
        debug_assert!(shape.is_open() || variant.closes_pits());
        debug_assert!((0..2 * l).all(|c| !shape.is_closed(c) || relative.cells[c] == 0));
        let (board, shape) = match side {
            Side::South => (*relative, shape),
            Side::North => (relative.flipped(l), shape.flipped(l)),
        };
        Position {
            variant,
            board,
            shape,
            side,
            captured,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_compacts_to_its_open_pits_at_the_right_hand_end() {
        // Six a side, the mover's pits 1 and 3 closed, the other's pit 6: cells 0, 2 and 11.
        let s = Shape::from_bits(0b1000_0000_0101);
        let mut b = Board::EMPTY;
        // Mover's open pits 2, 4, 5, 6 hold 1, 2, 3, 4; the other's 1..5 hold 5..9.
        b.cells[..12].copy_from_slice(&[0, 1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
        let (c, shape) = b.compact(6, s);
        // Four open on the mover's side at its pits 3..6 (cells 2..5), five on the other's at
        // its pits 2..6 (cells 7..11); the seeds in the same order round the ring.
        assert_eq!(&c.cells[..12], &[0, 0, 1, 2, 3, 4, 0, 5, 6, 7, 8, 9]);
        assert_eq!(shape.bits(), 0b0000_0100_0011);
        assert_eq!(shape, Shape::canonical(6, 4, 5));
        assert_eq!(
            (shape.open_pits(6, true), shape.open_pits(6, false)),
            (4, 5)
        );
        // Already compact: unchanged. Flipped: the canonical shape of the other order.
        assert_eq!(c.compact(6, shape), (c, shape));
        assert_eq!(shape.flipped(6), Shape::canonical(6, 5, 4));
        assert_eq!(Shape::canonical(5, 5, 5), Shape::OPEN);
    }

    proptest::proptest! {
        /// The word-wise total against the cells added one by one, up to full cells of 255.
        #[test]
        fn the_total_is_the_sum_of_the_cells(cells in proptest::array::uniform32(0u8..=255)) {
            let by_hand: u32 = cells.iter().map(|&c| u32::from(c)).sum();
            proptest::prop_assert_eq!(Board { cells }.total(), by_hand);
        }
    }

    #[test]
    fn a_full_board_of_255s_totals_8160() {
        // 32 cells of 255: 32 * 255 = 8160, past every 8-bit lane.
        assert_eq!(Board { cells: [255; 32] }.total(), 8160);
        assert_eq!(Board::EMPTY.total(), 0);
    }
}

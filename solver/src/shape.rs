//! Which pits of a board are open: Rio Kadalis from its second round on is played on a board
//! with some pits closed with sand (docs/rules.md#rio-kadalis-matches). A closed pit holds
//! nothing, is never played and is never sown into, so a board's seeds say nothing about it:
//! the shape travels beside the [`crate::Board`], seen from the same side, and the boards of
//! the tablebase's full boards keep their layout and their speed. The shape tables
//! ([`crate::SliceId::Shaped`]) hold each count of open pits a side once, in the layout of
//! [`Shape::canonical`].

use crate::Board;

/// The closed pits of a board seen from one side (the side to move, for the rules engine and
/// the search): bit `i` is set when cell `i` of the board seen from that side is closed (cells
/// `0..L` that side's pits 1..L, `L..2L` the other side's). Every pit open is [`Shape::OPEN`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Shape {
    closed: u32,
}

impl Shape {
    /// Every pit open: the board of a first round, and of every tablebase slice.
    pub const OPEN: Shape = Shape { closed: 0 };

    /// The shape whose closed cells are the set bits of `closed`.
    pub const fn from_bits(closed: u32) -> Shape {
        Shape { closed }
    }

    /// The closed cells as bits.
    pub const fn bits(self) -> u32 {
        self.closed
    }

    /// Whether every pit is open.
    #[inline(always)]
    pub const fn is_open(self) -> bool {
        self.closed == 0
    }

    /// Whether cell `cell` is closed.
    #[inline(always)]
    pub const fn is_closed(self, cell: usize) -> bool {
        (self.closed >> cell) & 1 == 1
    }

    /// The same shape seen from the other side of a board of `pits_per_side` pits a side.
    #[inline]
    pub const fn flipped(self, pits_per_side: usize) -> Shape {
        let l = pits_per_side;
        let half = (1u32 << l) - 1;
        Shape {
            closed: ((self.closed & half) << l) | ((self.closed >> l) & half),
        }
    }

    /// The shape of a shape table ([`crate::SliceId::Shaped`]): `first_open` pits open on the
    /// first side and `second_open` on the second, each side's open pits at its right-hand
    /// end (pits `L - k + 1..L`, as a match opens them). Every closed-pit position is played
    /// like the one with its open pits moved there, in their order ([`Shape::compact`]): the
    /// relay rules have no opposite pit, only the ring of open pits and who owns each.
    pub const fn canonical(pits_per_side: usize, first_open: usize, second_open: usize) -> Shape {
        let l = pits_per_side;
        let closed_first = (1u32 << (l - first_open)) - 1;
        let closed_second = ((1u32 << (l - second_open)) - 1) << l;
        Shape {
            closed: closed_first | closed_second,
        }
    }

    /// `board` of this shape (both seen from one side) with each side's open pits moved, in
    /// their order, to its right-hand end: the board of [`Shape::canonical`] with the same open
    /// pits a side, which plays exactly like it, move for move. Returns that board and shape.
    pub fn compact(self, pits_per_side: usize, board: &Board) -> (Board, Shape) {
        let l = pits_per_side;
        let mut out = Board::EMPTY;
        let mut open = [0usize; 2];
        for (side, count) in open.iter_mut().enumerate() {
            let cells = side * l..(side + 1) * l;
            let kept: Vec<u8> = cells
                .filter(|&c| !self.is_closed(c))
                .map(|c| board.cells[c])
                .collect();
            *count = kept.len();
            let end = (side + 1) * l;
            out.cells[end - kept.len()..end].copy_from_slice(&kept);
        }
        (out, Shape::canonical(l, open[0], open[1]))
    }

    /// How many pits are open on the first side (`first == true`) or on the second.
    pub const fn open_pits(self, pits_per_side: usize, first: bool) -> usize {
        let l = pits_per_side;
        let half = (1u32 << l) - 1;
        let closed = if first {
            self.closed & half
        } else {
            (self.closed >> l) & half
        };
        l - closed.count_ones() as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flipping_swaps_the_halves() {
        // Six pits a side: the mover's pits 1 and 2 closed (bits 0, 1), the other's pit 6 (bit 11).
        let s = Shape::from_bits(0b1000_0000_0011);
        let f = s.flipped(6);
        // Seen from the other side: its own pit 6 is bit 5, the first side's pits 1, 2 bits 6, 7.
        assert_eq!(f.bits(), 0b0000_1110_0000);
        assert_eq!(f.flipped(6), s);
        assert_eq!((s.open_pits(6, true), s.open_pits(6, false)), (4, 5));
        assert_eq!((f.open_pits(6, true), f.open_pits(6, false)), (5, 4));
        assert!(s.is_closed(11) && !s.is_closed(10) && f.is_closed(5));
        assert!(Shape::OPEN.is_open() && !s.is_open());
    }

    #[test]
    fn a_shape_compacts_to_its_open_pits_at_the_right_hand_end() {
        // Six a side, the mover's pits 1 and 3 closed, the other's pit 6: cells 0, 2 and 11.
        let s = Shape::from_bits(0b1000_0000_0101);
        let mut b = Board::EMPTY;
        // Mover's open pits 2, 4, 5, 6 hold 1, 2, 3, 4; the other's 1..5 hold 5..9.
        b.cells[..12].copy_from_slice(&[0, 1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 0]);
        let (c, shape) = s.compact(6, &b);
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
        assert_eq!(shape.compact(6, &c), (c, shape));
        assert_eq!(shape.flipped(6), Shape::canonical(6, 5, 4));
        assert_eq!(Shape::canonical(5, 5, 5), Shape::OPEN);
    }
}

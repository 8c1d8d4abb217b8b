//! Which pits of a board are open: Rio Kadalis from its second round on is played on a board
//! with some pits closed with sand (docs/rules.md#rio-kadalis-matches). A closed pit holds
//! nothing, is never played and is never sown into, so a board's seeds say nothing about it:
//! the shape travels beside the [`crate::Board`], seen from the same side, and the boards of
//! the tablebase, which all have every pit open, keep their layout and their speed.

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
}

//! Which pits of a board are open: Rio Kadalis from its second round on is played on a board
//! with some pits closed with sand (docs/rules.md#rio-kadalis-matches). A closed pit holds
//! nothing, is never played and is never sown into, so a board's seeds say nothing about it:
//! the shape travels beside the [`crate::Board`], seen from the same side, and the boards of
//! the tablebase's full boards keep their layout and their speed. The shape tables
//! ([`crate::SliceId::Shaped`]) hold each count of open pits a side once, in the layout of
//! [`Shape::canonical`].

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
    /// like the one with its open pits moved there, in their order ([`crate::Board::compact`]): the
    /// relay rules have no opposite pit, only the ring of open pits and who owns each.
    pub const fn canonical(pits_per_side: usize, first_open: usize, second_open: usize) -> Shape {
        let l = pits_per_side;
        let closed_first = (1u32 << (l - first_open)) - 1;
        let closed_second = ((1u32 << (l - second_open)) - 1) << l;
        Shape {
            closed: closed_first | closed_second,
        }
    }

    /// The same shape seen in a mirror, as [`crate::Board::mirrored`] sees its board: each
    /// side's pit `k` is its pit `L + 1 - k`.
    #[inline]
    pub const fn mirrored(self, pits_per_side: usize) -> Shape {
        let l = pits_per_side;
        let mut closed = 0;
        let mut cell = 0;
        while cell < 2 * l {
            if self.is_closed(cell) {
                let side = cell / l;
                closed |= 1 << (side * l + (l - 1 - cell % l));
            }
            cell += 1;
        }
        Shape { closed }
    }

    /// The shape table that holds the boards of this shape: `None` for every pit open (the
    /// full board's table).
    pub fn table(self, pits_per_side: usize) -> Option<TableShape> {
        (!self.is_open()).then(|| {
            TableShape::new(
                self.open_pits(pits_per_side, true) as u8,
                self.open_pits(pits_per_side, false) as u8,
            )
        })
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

/// A shape table: how many pits each side has open, whichever side is to move (the table
/// holds both orders, [`crate::Slice::up_to_shaped`]). Written `5+6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableShape {
    /// The fewer open pits of the two sides.
    pub fewer: u8,
    /// The more open pits of the two sides.
    pub more: u8,
}

impl TableShape {
    /// The table of `a` open pits on one side and `b` on the other.
    pub fn new(a: u8, b: u8) -> TableShape {
        TableShape {
            fewer: a.min(b),
            more: a.max(b),
        }
    }

    /// Every shape table of `variant`, fewest open pits first: each side with 1 to all of its
    /// pits open, but not both all (the full board); none for a variant without closed pits.
    pub fn all(variant: crate::Variant) -> Vec<TableShape> {
        if !variant.closes_pits() {
            return Vec::new();
        }
        let l = variant.pits_per_side() as u8;
        let mut out: Vec<TableShape> = (1..=l)
            .flat_map(|more| (1..=more).map(move |fewer| TableShape { fewer, more }))
            .filter(|s| (s.fewer, s.more) != (l, l))
            .collect();
        out.sort_by_key(|s| (s.fewer + s.more, s.more));
        out
    }
}

impl std::fmt::Display for TableShape {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}+{}", self.fewer, self.more)
    }
}

impl std::str::FromStr for TableShape {
    type Err = String;
    /// `5+6` (or `6+5`): the open pits of the two sides.
    fn from_str(s: &str) -> Result<TableShape, String> {
        let bad = || format!("shape `{s}`: expected the open pits of the two sides, like `5+6`");
        let (a, b) = s.trim().split_once('+').ok_or_else(bad)?;
        let a: u8 = a.trim().parse().map_err(|_| bad())?;
        let b: u8 = b.trim().parse().map_err(|_| bad())?;
        Ok(TableShape::new(a, b))
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
    fn six_holes_have_twenty_shape_tables_and_five_holes_fourteen() {
        use crate::Variant;
        // Unordered pairs of 1..=P open pits: P (P + 1) / 2, less the full board.
        assert_eq!(TableShape::all(Variant::RioKadalis).len(), 21 - 1);
        assert_eq!(TableShape::all(Variant::RioKadalis5).len(), 15 - 1);
        assert!(TableShape::all(Variant::Anywoli).is_empty());
        let six = TableShape::all(Variant::RioKadalis);
        assert_eq!(six[0], TableShape::new(1, 1));
        assert_eq!(six.last(), Some(&TableShape::new(5, 6)));
        assert_eq!("6+5".parse::<TableShape>(), Ok(TableShape::new(5, 6)));
        assert_eq!(TableShape::new(6, 5).to_string(), "5+6");
        assert!("5-6".parse::<TableShape>().is_err());
    }
}

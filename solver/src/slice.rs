//! Slices: the positions with a given amount of seeds left, each a dense array indexed by rank.
//!
//! Seeds never come back onto the board, so a capture always leads to a smaller slice. Two-row
//! slices are keyed by the seeds on the board; four-row slices by the seeds of the side to move and
//! of the opponent, because seeds never cross sides there. Positions are always seen from the side
//! to move, so a position and its mirror with the other side to move are one entry.
//!
//! The shape tables of Rio Kadalis hold its boards with closed pits (a later round of a match):
//! slices keyed by the open pits of the side to move and of the opponent, and the seeds on the
//! board, the board in the layout of [`Shape::canonical`] and indexed over its open pits alone.

use std::fmt;
use std::str::FromStr;

use crate::index;
use crate::position::{Board, MAX_PITS_PER_SIDE};
use crate::rules::{MoveEffect, Next};
use crate::{Shape, TableShape, Variant};

/// Which slice of a variant: the seeds left, as the side to move sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SliceId {
    /// Two-row variants: seeds on the board.
    Seeds(u8),
    /// Four-row variants: seeds of the side to move and of the opponent.
    Sides(u8, u8),
    /// A board with closed pits (Rio Kadalis in a match): `mover` and `opponent` pits open
    /// (not both all of them: that is the full board, [`SliceId::Seeds`]), `seeds` on them.
    Shaped {
        /// Open pits of the side to move.
        mover: u8,
        /// Open pits of the opponent.
        opponent: u8,
        /// Seeds on the board.
        seeds: u8,
    },
}

impl SliceId {
    /// Seeds on the board.
    pub fn total(self) -> u32 {
        match self {
            SliceId::Seeds(n) => n as u32,
            SliceId::Sides(m, o) => m as u32 + o as u32,
            SliceId::Shaped { seeds, .. } => seeds as u32,
        }
    }

    /// Whether the slice is of a full board, every pit open (not a shape table's).
    pub fn is_full_board(self) -> bool {
        !matches!(self, SliceId::Shaped { .. })
    }

    /// The slice reached by a move that captures nothing: the same seeds, seen from the other
    /// side.
    pub fn mirrored(self) -> SliceId {
        match self {
            SliceId::Seeds(n) => SliceId::Seeds(n),
            SliceId::Sides(m, o) => SliceId::Sides(o, m),
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => SliceId::Shaped {
                mover: opponent,
                opponent: mover,
                seeds,
            },
        }
    }
}

impl fmt::Display for SliceId {
    /// `12` for two-row slices, `5-3` (mover-opponent) for four-row ones, `44@5+6` for a
    /// shape table's (44 seeds on 5 open pits of the mover and 6 of the opponent).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SliceId::Seeds(n) => write!(f, "{n}"),
            SliceId::Sides(m, o) => write!(f, "{m}-{o}"),
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => write!(f, "{seeds}@{mover}+{opponent}"),
        }
    }
}

impl FromStr for SliceId {
    type Err = String;
    fn from_str(s: &str) -> Result<SliceId, String> {
        let bad = || format!("slice `{s}`: expected a seed count like `12`, `5-3` or `44@5+6`");
        if let Some((seeds, open)) = s.split_once('@') {
            let (mover, opponent) = open.split_once('+').ok_or_else(bad)?;
            return Ok(SliceId::Shaped {
                mover: mover.parse().map_err(|_| bad())?,
                opponent: opponent.parse().map_err(|_| bad())?,
                seeds: seeds.parse().map_err(|_| bad())?,
            });
        }
        match s.split_once('-') {
            Some((m, o)) => Ok(SliceId::Sides(
                m.parse().map_err(|_| bad())?,
                o.parse().map_err(|_| bad())?,
            )),
            None => Ok(SliceId::Seeds(s.parse().map_err(|_| bad())?)),
        }
    }
}

/// A slice of one variant: knows its size and maps boards (seen from the side to move) to dense
/// indices and back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slice {
    /// The variant.
    pub variant: Variant,
    /// Which slice.
    pub id: SliceId,
}

impl Slice {
    /// The slice holding `board` (seen from the side to move).
    #[inline]
    pub fn of(variant: Variant, board: &Board) -> Slice {
        let l = variant.pits_per_side();
        let id = if variant.seeds_stay_on_their_side() {
            SliceId::Sides(
                board.side_total(l, true) as u8,
                board.side_total(l, false) as u8,
            )
        } else {
            SliceId::Seeds(board.total() as u8)
        };
        Slice { variant, id }
    }

    /// The slice and index of the position a move on a board without closed pits leads to
    /// (`None` when the game is over), read off the mover's board in the order the side to move
    /// there sees it rather than from a board turned round: [`Slice::of`] and [`Slice::index`]
    /// of [`MoveEffect::child_board`]. The moves pass asks this of every capture, just after
    /// the sowing wrote the board a seed at a time, where a board copied or summed whole waited
    /// for every one of those writes (docs/lean-solver.md).
    #[inline]
    pub fn of_child(variant: Variant, effect: &MoveEffect) -> Option<(Slice, u64)> {
        let l = variant.pits_per_side();
        let turned = match effect.next {
            Next::Opponent => true,
            Next::Mover => false,
            Next::Over | Next::Endless => return None,
        };
        let cells = &effect.board.cells;
        let (id, index) = if variant.seeds_stay_on_their_side() {
            // Each side ranked on its own: the child's mover's side is the `turned` half.
            let (first, second) = if turned { (l, 0) } else { (0, l) };
            let (mover, m) = index::rank_with(l, |i| cells[first + i]);
            let (opponent, o) = index::rank_with(l, |i| cells[second + i]);
            let index = mover * index::count(l, o) + opponent;
            (SliceId::Sides(m as u8, o as u8), index)
        } else {
            // Each two-row board's length a constant, so that every cell read is at a fixed
            // place.
            let (index, seeds) = match l {
                4 => rank_seen(4, cells, turned),
                5 => rank_seen(5, cells, turned),
                6 => rank_seen(6, cells, turned),
                7 => rank_seen(7, cells, turned),
                12 => rank_seen(12, cells, turned),
                l => rank_seen(l, cells, turned),
            };
            (SliceId::Seeds(seeds as u8), index)
        };
        Some((Slice { variant, id }, index))
    }

    /// The slice holding `board` of `shape`, both seen from the side to move, the board laid
    /// out as its shape's [`Shape::canonical`] (a shape table's; [`Board::compact`] makes any
    /// closed-pit board so): [`Slice::of`] when every pit is open.
    #[inline]
    pub fn of_shaped(variant: Variant, shape: Shape, board: &Board) -> Slice {
        if shape.is_open() {
            return Slice::of(variant, board);
        }
        let l = variant.pits_per_side();
        debug_assert_eq!(
            board.compact(l, shape),
            (*board, shape),
            "a canonical board"
        );
        Slice {
            variant,
            id: SliceId::Shaped {
                mover: shape.open_pits(l, true) as u8,
                opponent: shape.open_pits(l, false) as u8,
                seeds: board.total() as u8,
            },
        }
    }

    /// The slice holding `board` with the closed pits `shape` (both seen from the side to move,
    /// the pits closed anywhere), and the board as that slice lays it out ([`Board::compact`]):
    /// what a probe looks up. Whether the slice is one a table can have is
    /// [`Slice::is_reachable`]'s to say (a closed board with more seeds than its round started
    /// with is in none). A variant seen in a mirror ([`Variant::mirror_image_of`]) is looked up
    /// in the other's slice, at the mirrored board: the one place where a clockwise Rio Kadalis
    /// position becomes a stored one.
    #[inline]
    pub fn of_board(variant: Variant, shape: Shape, board: &Board) -> (Slice, Board) {
        if let Some(stored) = variant.mirror_image_of() {
            let l = variant.pits_per_side();
            return Slice::of_board(stored, shape.mirrored(l), &board.mirrored(l));
        }
        if shape.is_open() {
            return (Slice::of(variant, board), *board);
        }
        let (board, shape) = board.compact(variant.pits_per_side(), shape);
        (Slice::of_shaped(variant, shape, &board), board)
    }

    /// The closed pits of the slice's boards, seen from the side to move: none but in a shape
    /// table, whose boards have those of [`Shape::canonical`].
    #[inline]
    pub fn shape(&self) -> Shape {
        match self.id {
            SliceId::Shaped {
                mover, opponent, ..
            } => Shape::canonical(
                self.variant.pits_per_side(),
                mover as usize,
                opponent as usize,
            ),
            _ => Shape::OPEN,
        }
    }

    /// Whether the rules can produce positions in this slice (totals, per-side limits; a shape
    /// table's seeds are at most four a pit open, what its round starts with).
    pub fn is_reachable(&self) -> bool {
        let v = self.variant;
        match self.id {
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => {
                let l = v.pits_per_side() as u8;
                let open = mover as u32 + opponent as u32;
                v.closes_pits()
                    && (1..=l).contains(&mover)
                    && (1..=l).contains(&opponent)
                    && (mover, opponent) != (l, l)
                    && seeds as u32 <= v.seeds_per_pit() as u32 * open
                    && (seeds as u32).is_multiple_of(v.total_step())
            }
            SliceId::Seeds(n) => {
                !v.seeds_stay_on_their_side()
                    && n as u32 <= v.max_seeds()
                    && (n as u32).is_multiple_of(v.total_step())
            }
            SliceId::Sides(m, o) => {
                v.seeds_stay_on_their_side()
                    && m as u32 <= v.max_seeds_per_side()
                    && o as u32 <= v.max_seeds_per_side()
            }
        }
    }

    /// Number of positions.
    pub fn len(&self) -> u64 {
        let l = self.variant.pits_per_side();
        match self.id {
            SliceId::Seeds(n) => index::count(2 * l, n as u32),
            SliceId::Sides(m, o) => index::count(l, m as u32) * index::count(l, o as u32),
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => index::count(mover as usize + opponent as usize, seeds as u32),
        }
    }

    /// Number of positions, or `None` when it does not fit in a `u64`: the largest four-row
    /// slices (Hawalis with 28 seeds a side), which no tablebase can hold, and whose positions
    /// therefore have no index either.
    pub fn checked_len(&self) -> Option<u64> {
        let l = self.variant.pits_per_side();
        match self.id {
            SliceId::Sides(m, o) => {
                index::count(l, m as u32).checked_mul(index::count(l, o as u32))
            }
            SliceId::Seeds(_) | SliceId::Shaped { .. } => Some(self.len()),
        }
    }

    /// Whether the slice is empty (never: every slice holds at least one position).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The index of `board` (seen from the side to move, and in this slice).
    #[inline]
    pub fn index(&self, board: &Board) -> u64 {
        let l = self.variant.pits_per_side();
        match self.id {
            SliceId::Seeds(_) => index::rank(&board.cells[..2 * l]),
            SliceId::Sides(_, o) => {
                index::rank(&board.cells[..l]) * index::count(l, o as u32)
                    + index::rank(&board.cells[l..2 * l])
            }
            SliceId::Shaped {
                mover, opponent, ..
            } => {
                let (open, n) = OpenCells::of(l, mover, opponent).gather(board);
                index::rank(&open[..n])
            }
        }
    }

    /// The board with index `i`.
    pub fn board(&self, i: u64) -> Board {
        let l = self.variant.pits_per_side();
        let mut b = Board::EMPTY;
        match self.id {
            SliceId::Seeds(n) => index::unrank(i, n as u32, &mut b.cells[..2 * l]),
            SliceId::Sides(m, o) => {
                let per = index::count(l, o as u32);
                index::unrank(i / per, m as u32, &mut b.cells[..l]);
                index::unrank(i % per, o as u32, &mut b.cells[l..2 * l]);
            }
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => {
                let cells = OpenCells::of(l, mover, opponent);
                let mut open = [0u8; 2 * MAX_PITS_PER_SIDE];
                index::unrank(i, seeds as u32, &mut open[..cells.len()]);
                cells.scatter(&open, &mut b);
            }
        }
        b
    }

    /// Steps `board` to the board of the next index; `false` after the last.
    #[inline]
    pub fn advance(&self, board: &mut Board) -> bool {
        let l = self.variant.pits_per_side();
        match self.id {
            SliceId::Seeds(_) => index::advance(&mut board.cells[..2 * l]),
            SliceId::Sides(_, o) => {
                if index::advance(&mut board.cells[l..2 * l]) {
                    return true;
                }
                // The opponent's half wrapped: back to its first distribution, next mover half.
                index::unrank(0, o as u32, &mut board.cells[l..2 * l]);
                index::advance(&mut board.cells[..l])
            }
            SliceId::Shaped {
                mover, opponent, ..
            } => {
                let cells = OpenCells::of(l, mover, opponent);
                let (mut open, n) = cells.gather(board);
                let more = index::advance(&mut open[..n]);
                cells.scatter(&open, board);
                more
            }
        }
    }

    /// The slices solved together with this one: moves that capture nothing go from one to the
    /// other (a four-row slice and its mirror, a shape table's slice and the one with the other
    /// side's open pits first), so their values depend on each other.
    pub fn group(&self) -> Vec<Slice> {
        let mirror = self.id.mirrored();
        let mut ids = vec![self.id.min(mirror)];
        if mirror != self.id {
            ids.push(self.id.max(mirror));
        }
        ids.into_iter()
            .map(|id| Slice {
                variant: self.variant,
                id,
            })
            .collect()
    }

    /// Every reachable slice with at most `max_seeds` on the board, groups together and smallest
    /// first: the order in which they must be solved.
    pub fn up_to(variant: Variant, max_seeds: u32) -> Vec<Slice> {
        let mut ids = Vec::new();
        for total in 0..=max_seeds.min(variant.max_seeds()) {
            if variant.seeds_stay_on_their_side() {
                for m in 0..=total {
                    ids.push(SliceId::Sides(m as u8, (total - m) as u8));
                }
            } else {
                ids.push(SliceId::Seeds(total as u8));
            }
        }
        ids.into_iter()
            .map(|id| Slice { variant, id })
            .filter(Slice::is_reachable)
            .collect()
    }

    /// Every slice with at most `max_seeds` on the board of the full board and of the shape
    /// tables `shapes`, in the order they can be solved: the full board's, then each table's.
    pub fn up_to_with_shapes(
        variant: Variant,
        max_seeds: u32,
        shapes: &[TableShape],
    ) -> Vec<Slice> {
        let mut all = Slice::up_to(variant, max_seeds);
        for &shape in shapes {
            all.extend(Slice::up_to_shaped(variant, shape, max_seeds));
        }
        all
    }

    /// The slices of a shape table (the side to move having either side's open pits) with at
    /// most `max_seeds` on the board, groups together and smallest first; none for the full
    /// board or a shape the variant cannot have.
    pub fn up_to_shaped(variant: Variant, shape: TableShape, max_seeds: u32) -> Vec<Slice> {
        let (a, b) = (shape.fewer, shape.more);
        let mut out = Vec::new();
        for seeds in 0..=max_seeds.min(u8::MAX as u32) as u8 {
            for (mover, opponent) in [(a, b), (b, a)] {
                let id = SliceId::Shaped {
                    mover,
                    opponent,
                    seeds,
                };
                let slice = Slice { variant, id };
                if slice.is_reachable() && !out.contains(&slice) {
                    out.push(slice);
                }
            }
        }
        out
    }
}

/// Where a shape table's open pits are on a board ([`Shape::canonical`]): the last `mover`
/// cells of the mover's side and the last `opponent` of the other's. Its boards are numbered
/// over these cells alone, gathered in ring order.
#[derive(Clone, Copy)]
struct OpenCells {
    l: usize,
    mover: usize,
    opponent: usize,
}

impl OpenCells {
    #[inline]
    fn of(l: usize, mover: u8, opponent: u8) -> OpenCells {
        OpenCells {
            l,
            mover: mover as usize,
            opponent: opponent as usize,
        }
    }

    #[inline]
    fn len(self) -> usize {
        self.mover + self.opponent
    }

    /// The open cells' seeds in ring order, and how many there are.
    #[inline]
    fn gather(self, board: &Board) -> ([u8; 2 * MAX_PITS_PER_SIDE], usize) {
        let (l, m) = (self.l, self.mover);
        let mut open = [0u8; 2 * MAX_PITS_PER_SIDE];
        open[..m].copy_from_slice(&board.cells[l - m..l]);
        open[m..self.len()].copy_from_slice(&board.cells[2 * l - self.opponent..2 * l]);
        (open, self.len())
    }

    /// Puts gathered seeds back in their cells (the closed cells stay empty).
    #[inline]
    fn scatter(self, open: &[u8], board: &mut Board) {
        let (l, m) = (self.l, self.mover);
        board.cells[l - m..l].copy_from_slice(&open[..m]);
        board.cells[2 * l - self.opponent..2 * l].copy_from_slice(&open[m..self.len()]);
    }
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} slice {}", self.variant, self.id)
    }
}

/// The rank and seeds of the two-row board of `l` pits a side whose cells are `cells`, seen
/// from the other side when `turned` (its halves read the other way round).
#[inline(always)]
fn rank_seen(l: usize, cells: &[u8], turned: bool) -> (u64, u32) {
    match turned {
        false => index::rank_with(2 * l, |i| cells[i]),
        true => index::rank_with(2 * l, |i| cells[if i < l { i + l } else { i - l }]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Slice::of_child`] against the child's board turned round by [`MoveEffect::child_board`]
    /// and looked up by [`Slice::of`] and [`Slice::index`]: every move of every position of
    /// a few small slices of every variant (both layouts, a child of either side to move).
    #[test]
    fn a_childs_slice_and_index_read_off_the_movers_board_are_its_own() {
        let mut moves = 0;
        for variant in Variant::ALL {
            for slice in Slice::up_to(variant, 6)
                .into_iter()
                .filter(|s| s.len() < 20_000)
            {
                let mut board = slice.board(0);
                loop {
                    crate::rules::expand(variant, &board, |_, effect| {
                        let expected = effect.child_board(variant.pits_per_side()).map(|seen| {
                            let s = Slice::of(variant, &seen);
                            (s, s.index(&seen))
                        });
                        assert_eq!(Slice::of_child(variant, effect), expected, "{board:?}");
                        moves += 1;
                    });
                    if !slice.advance(&mut board) {
                        break;
                    }
                }
            }
        }
        assert!(moves > 100_000, "{moves} moves");
    }

    #[test]
    fn four_row_enumeration_matches_index() {
        let s = Slice {
            variant: Variant::Hawalis,
            id: SliceId::Sides(2, 1),
        };
        // 14 pits: C(15,13) = 105 ways for 2 seeds, 14 for 1: 1470 positions.
        assert_eq!(s.len(), 105 * 14);
        let mut b = s.board(0);
        for i in 0..s.len() {
            assert_eq!(s.index(&b), i);
            assert_eq!(s.board(i), b);
            assert_eq!(s.advance(&mut b), i + 1 < s.len());
        }
    }

    #[test]
    fn a_shape_tables_enumeration_matches_its_index_and_keeps_closed_pits_empty() {
        // Rio Kadalis, the mover with 2 open pits (its pits 5, 6: cells 4, 5), the opponent 3
        // (its pits 4..6: cells 9..11): 8 seeds on 5 pits, C(12, 4) = 495 boards.
        let s = Slice {
            variant: Variant::RioKadalis,
            id: SliceId::Shaped {
                mover: 2,
                opponent: 3,
                seeds: 8,
            },
        };
        assert_eq!(s.len(), 495);
        assert!(s.is_reachable());
        assert_eq!(s.shape(), Shape::canonical(6, 2, 3));
        let mut b = s.board(0);
        let mut seen = std::collections::HashSet::new();
        for i in 0..s.len() {
            assert_eq!(s.index(&b), i);
            assert_eq!(s.board(i), b);
            assert_eq!(Slice::of_shaped(s.variant, s.shape(), &b), s);
            assert_eq!(b.total(), 8);
            for closed in [0, 1, 2, 3, 6, 7, 8] {
                assert_eq!(b.cells[closed], 0, "cell {closed} of {b:?}");
            }
            assert!(seen.insert(b));
            assert_eq!(s.advance(&mut b), i + 1 < s.len());
        }
        assert_eq!(s.group().len(), 2);
        assert_eq!(s.group()[1].shape(), s.shape().flipped(6));
    }

    #[test]
    fn shape_tables_list_both_orders_within_their_limits() {
        let ids: Vec<String> =
            Slice::up_to_shaped(Variant::RioKadalis5, TableShape::new(2, 1), 100)
                .iter()
                .map(|s| s.id.to_string())
                .collect();
        // Three open pits hold at most 12 seeds; each total in both orders.
        assert_eq!(
            ids,
            ["0@1+2", "0@2+1", "4@1+2", "4@2+1", "8@1+2", "8@2+1", "12@1+2", "12@2+1"]
        );
        assert_eq!(
            Slice::up_to_shaped(Variant::RioKadalis5, TableShape::new(3, 3), 4).len(),
            2
        );
        // The full board is not a shape table; nor is a variant without closed pits.
        assert!(Slice::up_to_shaped(Variant::RioKadalis5, TableShape::new(5, 5), 40).is_empty());
        assert!(Slice::up_to_shaped(Variant::Anywoli, TableShape::new(2, 3), 40).is_empty());
        for id in ["44@5+6", "0@1+1"] {
            assert_eq!(id.parse::<SliceId>().unwrap().to_string(), id);
        }
        assert!("44@5".parse::<SliceId>().is_err());
    }

    #[test]
    fn up_to_lists_groups_smallest_first_and_skips_unreachable_totals() {
        let ids: Vec<String> = Slice::up_to(Variant::RioKadalis, 9)
            .iter()
            .map(|s| s.id.to_string())
            .collect();
        assert_eq!(ids, ["0", "4", "8"]);
        let ids: Vec<String> = Slice::up_to(Variant::Hawalis, 2)
            .iter()
            .map(|s| s.id.to_string())
            .collect();
        assert_eq!(ids, ["0-0", "0-1", "1-0", "0-2", "1-1", "2-0"]);
    }
}

//! Slices: the positions with a given amount of seeds left, each a dense array indexed by rank.
//!
//! Seeds never come back onto the board, so a capture always leads to a smaller slice. Two-row
//! slices are keyed by the seeds on the board; four-row slices by the seeds of the side to move and
//! of the opponent, because seeds never cross sides there. Positions are always seen from the side
//! to move, so a position and its mirror with the other side to move are one entry.

use std::fmt;
use std::str::FromStr;

use crate::index;
use crate::position::Board;
use crate::Variant;

/// Which slice of a variant: the seeds left, as the side to move sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SliceId {
    /// Two-row variants: seeds on the board.
    Seeds(u8),
    /// Four-row variants: seeds of the side to move and of the opponent.
    Sides(u8, u8),
}

impl SliceId {
    /// Seeds on the board.
    pub fn total(self) -> u32 {
        match self {
            SliceId::Seeds(n) => n as u32,
            SliceId::Sides(m, o) => m as u32 + o as u32,
        }
    }

    /// The slice reached by a move that captures nothing: the same seeds, seen from the other
    /// side.
    pub fn mirrored(self) -> SliceId {
        match self {
            SliceId::Seeds(n) => SliceId::Seeds(n),
            SliceId::Sides(m, o) => SliceId::Sides(o, m),
        }
    }
}

impl fmt::Display for SliceId {
    /// `12` for two-row slices, `5-3` (mover-opponent) for four-row ones.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SliceId::Seeds(n) => write!(f, "{n}"),
            SliceId::Sides(m, o) => write!(f, "{m}-{o}"),
        }
    }
}

impl FromStr for SliceId {
    type Err = String;
    fn from_str(s: &str) -> Result<SliceId, String> {
        let bad = || format!("slice `{s}`: expected a seed count like `12` or `5-3`");
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

    /// Whether the rules can produce positions in this slice (totals, per-side limits).
    pub fn is_reachable(&self) -> bool {
        let v = self.variant;
        match self.id {
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
        }
    }

    /// Number of positions, or `None` when it does not fit in a `u64`: the largest four-row
    /// slices (Hawalis with 28 seeds a side), which no tablebase can hold, and whose positions
    /// therefore have no index either.
    pub fn checked_len(&self) -> Option<u64> {
        let l = self.variant.pits_per_side();
        match self.id {
            SliceId::Seeds(n) => Some(index::count(2 * l, n as u32)),
            SliceId::Sides(m, o) => {
                index::count(l, m as u32).checked_mul(index::count(l, o as u32))
            }
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
        }
    }

    /// The slices solved together with this one: moves that capture nothing go from one to the
    /// other (a four-row slice and its mirror), so their values depend on each other.
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
}

impl fmt::Display for Slice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} slice {}", self.variant, self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

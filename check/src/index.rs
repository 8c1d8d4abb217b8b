//! Where a position is in a tablebase, written from the file format (docs/tablebase-format.md):
//! its slice, and its index in the slice.
//!
//! * A position is stored as its board seen from the side to move: the mover's pits `1..L`,
//!   then the opponent's `1..L` (`CAPTURED` plays no part).
//! * Two-row variants: slice `n` holds the boards with `n` seeds; a board's index is the rank of
//!   its `2L` counts among all distributions of `n` seeds over `2L` pits.
//! * Four-row variants: slice `m-o` holds the boards whose mover has `m` seeds and whose
//!   opponent has `o`; the index is `rank(mover's L counts) * ways(L, o) + rank(opponent's L
//!   counts)`.
//! * Rio Kadalis's boards with closed pits (a match's later rounds) are in shape tables: slice
//!   `n@m+o` holds the boards with `n` seeds whose mover has `m` open pits and whose opponent
//!   `o` (not both all: that is the full board), whichever pits are closed; the index is the
//!   rank of the counts of the open pits alone, the mover's in pit order, then the opponent's.
//! * The rank of a distribution is its place, from 0, among all distributions of the same
//!   number of seeds over the same pits in lexicographic order, the first pit most significant:
//!   for 3 pits and 2 seeds, `002 011 020 101 110 200`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::rules::{Pos, MAX_PITS};
use crate::variant::Spec;

/// The largest number of pits a distribution spans (two Bao la Kiarabu sides: 32) and of seeds
/// (Al-manqala: 98), with room.
const PITS: usize = 33;
const SEEDS: usize = 99;

/// `WAYS[k][s]`: the distributions of `s` seeds over `k` pits, `C(s + k - 1, k - 1)`, saturating
/// at `u64::MAX`; built by adding up the first pit's share: `ways(k, s) = sum over a in 0..=s of
/// ways(k - 1, s - a)`.
static WAYS: std::sync::LazyLock<Vec<[u64; SEEDS]>> = std::sync::LazyLock::new(|| {
    let mut t = vec![[0u64; SEEDS]; PITS];
    t[0][0] = 1; // no pits: only "no seeds" fits
    for k in 1..PITS {
        for s in 0..SEEDS {
            t[k][s] = (0..=s).fold(0u64, |sum, a| sum.saturating_add(t[k - 1][s - a]));
        }
    }
    t
});

/// The number of ways to put `seeds` seeds into `pits` pits (saturating at `u64::MAX`).
///
/// # Panics
/// Beyond 32 pits or 98 seeds, which no variant has.
pub fn ways(pits: usize, seeds: u32) -> u64 {
    WAYS[pits][seeds as usize]
}

/// The rank of `cells` among the distributions of its total over `cells.len()` pits: for each
/// pit, every distribution that agrees on the pits before it and has fewer seeds in it comes
/// first.
///
/// Those are, for pit `i` holding `c` of the `left` seeds not in the pits before it, the sum
/// over `fewer` in `0..c` of `ways(k - i - 1, left - fewer)` (pit `i` holds `fewer`, the pits
/// after it the rest), which by the way [`WAYS`] is built is `ways(k - i, left) - ways(k - i,
/// left - c)`: the distributions of `left` over pits `i..k` less those whose pit `i` holds `c`
/// or more. Neither term saturates: both count at most the slice's positions.
pub fn rank(cells: &[u8]) -> u64 {
    let k = cells.len();
    let mut left: u32 = cells.iter().map(|&c| u32::from(c)).sum();
    let mut r = 0;
    for (i, &c) in cells.iter().enumerate().take(k.saturating_sub(1)) {
        let c = u32::from(c);
        r += ways(k - i, left) - ways(k - i, left - c);
        left -= c;
    }
    r
}

/// The distribution of `seeds` over `cells.len()` pits with rank `index` (written into `cells`);
/// `index` must be below `ways(cells.len(), seeds)`.
pub fn unrank(mut index: u64, seeds: u32, cells: &mut [u8]) {
    let k = cells.len();
    let mut left = seeds;
    for (i, cell) in cells.iter_mut().enumerate().take(k.saturating_sub(1)) {
        let mut c = 0;
        // Skip the distributions with `c` seeds in pit i while the index is past them.
        while index >= ways(k - i - 1, left - c) {
            index -= ways(k - i - 1, left - c);
            c += 1;
        }
        *cell = c as u8;
        left -= c;
    }
    if k > 0 {
        cells[k - 1] = left as u8;
    }
}

/// Steps `cells` to the next distribution of the same total in rank order; `false` after the
/// last (every seed in the first pit). The next one in lexicographic order raises the last pit
/// that can be raised (the one before the last non-empty pit after the first) by one seed taken
/// from after it, and puts the rest of those seeds in the last pit, the smallest way to end.
pub fn advance(cells: &mut [u8]) -> bool {
    let k = cells.len();
    let Some(q) = (1..k).rev().find(|&q| cells[q] > 0) else {
        return false;
    };
    let rest = cells[q] - 1;
    cells[q] = 0;
    cells[q - 1] += 1;
    cells[k - 1] = rest;
    true
}

/// A slice: `12` (two-row: seeds on the board), `5-3` (four-row: the mover's seeds and the
/// opponent's) or `44@5+6` (a shape table's: seeds on the board, the mover's open pits and the
/// opponent's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SliceId {
    /// Two-row: seeds on the board.
    Seeds(u8),
    /// Four-row: seeds of the side to move and of the opponent.
    Sides(u8, u8),
    /// A board with closed pits: `mover` and `opponent` open pits, `seeds` on them.
    Shaped {
        /// Open pits of the side to move.
        mover: u8,
        /// Open pits of the opponent.
        opponent: u8,
        /// Seeds on the board.
        seeds: u8,
    },
}

/// The pits of a shape table's boards that are numbered: how many, the open ones.
fn open(mover: u8, opponent: u8) -> usize {
    usize::from(mover) + usize::from(opponent)
}

impl SliceId {
    /// Seeds on the board.
    pub fn total(self) -> u32 {
        match self {
            SliceId::Seeds(n) => u32::from(n),
            SliceId::Sides(m, o) => u32::from(m) + u32::from(o),
            SliceId::Shaped { seeds, .. } => u32::from(seeds),
        }
    }

    /// The slice of `pos` and the cells its index is taken over: the board seen from the side to
    /// move, or, with closed pits, the counts of the open pits alone (the mover's in pit order,
    /// then the opponent's).
    pub fn of_pos(spec: &Spec, pos: &Pos) -> (SliceId, [u8; 2 * MAX_PITS]) {
        let l = spec.pits_per_side();
        if pos.closed == [0, 0] {
            let cells = pos.mover_view(l);
            return (SliceId::of(spec, &cells), cells);
        }
        let mut cells = [0u8; 2 * MAX_PITS];
        let mut n = 0;
        let mut open_of = [0u8; 2];
        for (i, side) in [pos.side, 1 - pos.side].into_iter().enumerate() {
            for k in 1..=l {
                if !pos.is_closed(side, k) {
                    cells[n] = pos.pits[side][k - 1];
                    n += 1;
                    open_of[i] += 1;
                }
            }
        }
        let seeds = cells[..n].iter().map(|&c| u32::from(c)).sum::<u32>() as u8;
        let id = SliceId::Shaped {
            mover: open_of[0],
            opponent: open_of[1],
            seeds,
        };
        (id, cells)
    }

    /// The position of `side` to move whose board is `cells` of this slice (as
    /// [`SliceId::board`] writes them), nothing captured. A shape table's: the open pits are
    /// each side's first, pits `1..m` (any layout of the same open pits plays alike; this one
    /// is the checker's own, not the solver's).
    pub fn position(self, spec: &Spec, cells: &[u8; 2 * MAX_PITS], side: usize) -> Pos {
        let l = spec.pits_per_side();
        let SliceId::Shaped {
            mover, opponent, ..
        } = self
        else {
            return Pos::from_mover_view(cells, l, side);
        };
        let (m, o) = (usize::from(mover), usize::from(opponent));
        let mut pos = Pos { side, ..Pos::EMPTY };
        pos.pits[side][..m].copy_from_slice(&cells[..m]);
        pos.pits[1 - side][..o].copy_from_slice(&cells[m..m + o]);
        let closed_after = |open: usize| (((1u32 << l) - 1) & !((1u32 << open) - 1)) as u16;
        pos.closed[side] = closed_after(m);
        pos.closed[1 - side] = closed_after(o);
        pos
    }

    /// The slice of a board seen from the side to move (`cells`: the mover's `L` pits, then the
    /// opponent's).
    pub fn of(spec: &Spec, cells: &[u8]) -> SliceId {
        let l = spec.pits_per_side();
        let sum = |c: &[u8]| c.iter().map(|&x| u32::from(x)).sum::<u32>();
        if spec.four_rows() {
            SliceId::Sides(sum(&cells[..l]) as u8, sum(&cells[l..2 * l]) as u8)
        } else {
            SliceId::Seeds(sum(&cells[..2 * l]) as u8)
        }
    }

    /// Whether this is a slice of `spec`'s kind that the rules can reach (two-row: a total that
    /// is a multiple of the variant's step; four-row: each side within its limit).
    pub fn belongs_to(self, spec: &Spec) -> bool {
        match self {
            SliceId::Seeds(n) => {
                !spec.four_rows()
                    && u32::from(n) <= spec.total()
                    && u32::from(n) % spec.total_step() == 0
            }
            SliceId::Sides(m, o) => {
                spec.four_rows()
                    && u32::from(m) <= spec.max_per_side()
                    && u32::from(o) <= spec.max_per_side()
            }
            // A round starts with four seeds in every open pit.
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => {
                let l = spec.pits_per_side() as u8;
                spec.closes_pits()
                    && (1..=l).contains(&mover)
                    && (1..=l).contains(&opponent)
                    && (mover, opponent) != (l, l)
                    && u32::from(seeds) <= spec.seeds_per_pit * open(mover, opponent) as u32
                    && u32::from(seeds) % spec.total_step() == 0
            }
        }
    }

    /// The number of positions in the slice, `None` when it does not fit 64 bits.
    pub fn len(self, spec: &Spec) -> Option<u64> {
        let l = spec.pits_per_side();
        match self {
            SliceId::Seeds(n) => Some(ways(2 * l, u32::from(n))),
            SliceId::Sides(m, o) => ways(l, u32::from(m)).checked_mul(ways(l, u32::from(o))),
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => Some(ways(open(mover, opponent), u32::from(seeds))),
        }
    }

    /// The index in this slice of a board seen from the side to move.
    pub fn index(self, spec: &Spec, cells: &[u8]) -> u64 {
        let l = spec.pits_per_side();
        match self {
            SliceId::Seeds(_) => rank(&cells[..2 * l]),
            SliceId::Sides(_, o) => {
                rank(&cells[..l]) * ways(l, u32::from(o)) + rank(&cells[l..2 * l])
            }
            SliceId::Shaped {
                mover, opponent, ..
            } => rank(&cells[..open(mover, opponent)]),
        }
    }

    /// The board (seen from the side to move) with index `index` in this slice, into
    /// `cells[..2L]`.
    pub fn board(self, spec: &Spec, index: u64, cells: &mut [u8]) {
        let l = spec.pits_per_side();
        match self {
            SliceId::Seeds(n) => unrank(index, u32::from(n), &mut cells[..2 * l]),
            SliceId::Sides(m, o) => {
                let per = ways(l, u32::from(o));
                unrank(index / per, u32::from(m), &mut cells[..l]);
                unrank(index % per, u32::from(o), &mut cells[l..2 * l]);
            }
            SliceId::Shaped {
                mover,
                opponent,
                seeds,
            } => unrank(index, u32::from(seeds), &mut cells[..open(mover, opponent)]),
        }
    }

    /// Steps a board of this slice to the board of the next index; `false` after the last.
    pub fn advance(self, spec: &Spec, cells: &mut [u8]) -> bool {
        let l = spec.pits_per_side();
        match self {
            SliceId::Seeds(_) => advance(&mut cells[..2 * l]),
            SliceId::Sides(_, o) => {
                if advance(&mut cells[l..2 * l]) {
                    return true;
                }
                // The opponent's half went past its last: back to its first, next mover half.
                unrank(0, u32::from(o), &mut cells[l..2 * l]);
                advance(&mut cells[..l])
            }
            SliceId::Shaped {
                mover, opponent, ..
            } => advance(&mut cells[..open(mover, opponent)]),
        }
    }
}

impl fmt::Display for SliceId {
    /// `12`, `5-3` or `44@5+6`.
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

/// A slice name that is neither `N`, `M-O` nor `N@M+O`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("slice `{0}`: expected a seed count like `12`, on four-row boards `5-3` (the mover's seeds, then the opponent's), or for a board with closed pits `44@5+6` (the seeds, the mover's open pits, the opponent's)")]
pub struct BadSlice(pub String);

impl FromStr for SliceId {
    type Err = BadSlice;

    /// Reads `12`, `5-3` or `44@5+6` (decimal numbers up to 255).
    fn from_str(s: &str) -> Result<SliceId, BadSlice> {
        let bad = || BadSlice(s.to_owned());
        let number = |t: &str| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse::<u8>().map_err(|_| bad())
        };
        if let Some((seeds, pits)) = s.split_once('@') {
            let (m, o) = pits.split_once('+').ok_or_else(bad)?;
            return Ok(SliceId::Shaped {
                mover: number(m)?,
                opponent: number(o)?,
                seeds: number(seeds)?,
            });
        }
        match s.split_once('-') {
            Some((m, o)) => Ok(SliceId::Sides(number(m)?, number(o)?)),
            None => Ok(SliceId::Seeds(number(s)?)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn ways_are_binomials() {
        // C(15, 11) = 1365; C(31, 23) = 7,888,725.
        assert_eq!(ways(12, 4), 1365);
        assert_eq!(ways(24, 8), 7_888_725);
        assert_eq!(ways(1, 5), 1);
        assert_eq!(ways(3, 0), 1);
        assert_eq!(ways(0, 0), 1);
        assert_eq!(ways(0, 2), 0);
    }

    #[test]
    fn rank_order_is_lexicographic() {
        let all = [
            [0, 0, 2],
            [0, 1, 1],
            [0, 2, 0],
            [1, 0, 1],
            [1, 1, 0],
            [2, 0, 0],
        ];
        for (i, cells) in all.iter().enumerate() {
            assert_eq!(rank(cells), i as u64);
            let mut back = [9; 3];
            unrank(i as u64, 2, &mut back);
            assert_eq!(&back, cells);
        }
    }

    #[test]
    fn advance_walks_every_distribution_in_rank_order() {
        for (k, s) in [(1, 3), (3, 4), (5, 2), (4, 0), (12, 3)] {
            let mut cells = vec![0u8; k];
            unrank(0, s, &mut cells);
            let mut n = 0;
            loop {
                assert_eq!(rank(&cells), n, "{cells:?}");
                n += 1;
                if !advance(&mut cells) {
                    break;
                }
            }
            assert_eq!(n, ways(k, s));
        }
    }

    #[test]
    fn a_four_row_slice_is_walked_in_index_order() {
        let spec = Variant::Hawalis.spec();
        let id = SliceId::Sides(2, 1);
        // 14 pits: 105 ways for 2 seeds, 14 for 1.
        assert_eq!(id.len(&spec), Some(105 * 14));
        let mut cells = [0u8; 28];
        id.board(&spec, 0, &mut cells);
        for i in 0..105 * 14 {
            assert_eq!(id.index(&spec, &cells), i);
            let mut again = [0u8; 28];
            id.board(&spec, i, &mut again);
            assert_eq!(again, cells);
            assert_eq!(SliceId::of(&spec, &cells), id);
            assert_eq!(id.advance(&spec, &mut cells), i + 1 < 105 * 14);
        }
    }

    #[test]
    fn slice_names_read_back() {
        for id in [SliceId::Seeds(12), SliceId::Sides(5, 3)] {
            assert_eq!(id.to_string().parse::<SliceId>(), Ok(id));
        }
        assert!("5-".parse::<SliceId>().is_err());
        assert!("-3".parse::<SliceId>().is_err());
        assert!("300".parse::<SliceId>().is_err());
        assert!(SliceId::Seeds(12).belongs_to(&Variant::RioKadalis.spec()));
        assert!(!SliceId::Seeds(10).belongs_to(&Variant::RioKadalis.spec()));
        assert!(!SliceId::Seeds(10).belongs_to(&Variant::Hawalis.spec()));
    }
}

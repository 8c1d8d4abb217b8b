//! Dense indexing of seed distributions by combinatorial ranking (stars and bars).
//!
//! The distributions of `s` seeds over `k` pits, in lexicographic order with the first pit most
//! significant, are numbered `0..count(k, s)`. A slice of positions is then a dense array: no hash
//! table, and a position's place in it is computed in `O(k)` from its counts.

/// Most pits a distribution spans (two Anywoli rows: 24) and most seeds (Al-manqala: 98).
const MAX_K: usize = 33;
const MAX_S: usize = 99;

/// `WAYS[k][s]`: distributions of `s` seeds over `k` pits, `C(s + k - 1, k - 1)`, saturating at
/// `u64::MAX` (slices that large can never be solved anyway).
static WAYS: [[u64; MAX_S]; MAX_K] = ways_table();

const fn ways_table() -> [[u64; MAX_S]; MAX_K] {
    let mut t = [[0u64; MAX_S]; MAX_K];
    t[0][0] = 1;
    let mut k = 1;
    while k < MAX_K {
        // Distributions over k pits = sum over the first pit's share of distributions over k - 1.
        // Equivalently t[k][s] = t[k][s-1] + t[k-1][s].
        let mut s = 0;
        while s < MAX_S {
            let above = if s > 0 { t[k][s - 1] } else { 0 };
            t[k][s] = above.saturating_add(t[k - 1][s]);
            s += 1;
        }
        k += 1;
    }
    t
}

/// Number of ways to put `seeds` seeds in `pits` pits.
#[inline]
pub fn count(pits: usize, seeds: u32) -> u64 {
    WAYS[pits][seeds as usize]
}

/// The rank of `cells` among all distributions of its total over `cells.len()` pits.
#[inline]
pub fn rank(cells: &[u8]) -> u64 {
    rank_with(cells.len(), |i| cells[i]).0
}

/// [`rank`] of the `k` pits whose pit `i` holds `cell(i)`, and their seeds: a board read in
/// another order (a child seen from the other side, [`crate::Slice::of_child`]) ranked without
/// being rebuilt, and its seeds counted on the way.
#[inline(always)]
pub(crate) fn rank_with(k: usize, cell: impl Fn(usize) -> u8) -> (u64, u32) {
    // The lengths of the variants' slices, each with its length known to the compiler, which
    // then unrolls the loop (a sixth of the Kalah solve's time was spent here).
    match k {
        8 => rank_by(8, cell),
        10 => rank_by(10, cell),
        12 => rank_by(12, cell),
        16 => rank_by(16, cell),
        24 => rank_by(24, cell),
        k => rank_by(k, cell),
    }
}

/// [`rank`] of the first `k` cells (`k <= 16`) of a board held in a register
/// ([`crate::register`]): the Kalah solve ranks its children there, never storing their boards.
/// Always inlined, so that a caller with `k` fixed gets the unrolled loop of that length alone.
#[inline(always)]
pub(crate) fn rank_register(x: u128, k: usize) -> u64 {
    use crate::register::cell;
    match k {
        8 => rank_by(8, |i| cell(x, i)).0,
        10 => rank_by(10, |i| cell(x, i)).0,
        12 => rank_by(12, |i| cell(x, i)).0,
        16 => rank_by(16, |i| cell(x, i)).0,
        k => rank_by(k, |i| cell(x, i)).0,
    }
}

/// The rank of the distribution over `k` pits whose pit `i` holds `cell(i)`, and its seeds.
#[inline(always)]
fn rank_by(k: usize, cell: impl Fn(usize) -> u8) -> (u64, u32) {
    // Pit i holding a, with `below` seeds in the pits after it: every distribution with fewer
    // seeds in pit i comes first. Summed over the smaller shares x < a, that is
    // ways(k-i, below+a) - ways(k-i, below) (hockey-stick identity). Taken from the last pit
    // back, the seeds after each pit are a running sum: one pass, no total needed first.
    let mut below = cell(k - 1) as usize;
    let mut r = 0u64;
    for i in (0..k - 1).rev() {
        let with = below + cell(i) as usize;
        let row = &WAYS[k - i];
        r += row[with] - row[below];
        below = with;
    }
    (r, below as u32)
}

/// The distribution of `seeds` over `cells.len()` pits with rank `index` (written into `cells`).
pub fn unrank(mut index: u64, seeds: u32, cells: &mut [u8]) {
    let k = cells.len();
    let mut left = seeds as usize;
    for (i, cell) in cells[..k - 1].iter_mut().enumerate() {
        let rest = k - i - 1;
        let mut a = 0;
        while index >= WAYS[rest][left - a] {
            index -= WAYS[rest][left - a];
            a += 1;
        }
        *cell = a as u8;
        left -= a;
    }
    cells[k - 1] = left as u8;
}

/// Unranks one index after another, reusing what a new index shares with the last. The
/// distributions that agree on their first `i` pits hold consecutive ranks, so an index inside
/// the last one's block of `i` pits has those pits already and needs only the others worked
/// out. The retrograde unranks the positions of a level in index order, where neighbours share
/// most of their pits: [`unrank`] spent most of its time on the first ones, where a pit's count
/// is found by trying each in turn.
#[derive(Clone, Debug)]
pub struct Cursor {
    pits: usize,
    /// The last distribution.
    cells: [u8; MAX_K],
    /// For each pit `i` up to `known`, the block of the distributions whose first `i` pits are
    /// those of `cells`: its first rank, the rank after its last, and the seeds of its pits
    /// from `i` on.
    start: [u64; MAX_K],
    end: [u64; MAX_K],
    left: [u8; MAX_K],
    known: usize,
}

impl Cursor {
    /// A cursor over the distributions of `seeds` over `pits` pits (`1 <= pits <= 32`).
    pub fn new(pits: usize, seeds: u32) -> Cursor {
        let mut c = Cursor {
            pits,
            cells: [0; MAX_K],
            start: [0; MAX_K],
            end: [0; MAX_K],
            left: [0; MAX_K],
            known: 0,
        };
        c.end[0] = count(pits, seeds);
        c.left[0] = seeds as u8;
        c
    }

    /// The distribution with rank `index` ([`unrank`]); `index` must be below
    /// [`count`]`(pits, seeds)`.
    #[inline]
    pub fn unrank(&mut self, index: u64) -> &[u8] {
        let k = self.pits;
        debug_assert!(
            index < self.end[0],
            "rank {index} of {} distributions",
            self.end[0]
        );
        // The deepest known block that holds the index (the whole range always does).
        let mut i = self.known;
        while i > 0 && !(self.start[i] <= index && index < self.end[i]) {
            i -= 1;
        }
        let mut within = index - self.start[i];
        let mut left = self.left[i] as usize;
        for j in i..k - 1 {
            if j > i {
                self.start[j] = index - within;
                self.end[j] = self.start[j] + WAYS[k - j][left];
                self.left[j] = left as u8;
            }
            let rest = k - j - 1;
            let mut a = 0;
            while within >= WAYS[rest][left - a] {
                within -= WAYS[rest][left - a];
                a += 1;
            }
            self.cells[j] = a as u8;
            left -= a;
        }
        self.cells[k - 1] = left as u8;
        self.known = k.saturating_sub(2);
        &self.cells[..k]
    }
}

/// Steps `cells` to the next distribution of the same total in rank order; `false` after the
/// last one (all seeds in the first pit).
#[inline]
pub fn advance(cells: &mut [u8]) -> bool {
    let k = cells.len();
    // The last non-empty pit after the first moves one seed one pit to the left, and the rest of
    // its seeds go to the last pit.
    let Some(q) = (1..k).rev().find(|&q| cells[q] > 0) else {
        return false;
    };
    let rest = cells[q] - 1;
    cells[q] = 0;
    cells[q - 1] += 1;
    cells[k - 1] = rest;
    true
}

/// [`advance`] on the first `k` cells (`k <= 16`) of a board held in a register: the Kalah
/// solve walks its slice there, where stepping a board in memory and then loading it whole
/// stalled on every position.
#[inline(always)]
pub(crate) fn advance_register(x: &mut u128, k: usize) -> bool {
    use crate::register::{below, cell, emptied};
    let after_first = *x & below(k) & !below(1);
    if after_first == 0 {
        return false;
    }
    let q = (127 - after_first.leading_zeros() as usize) / 8;
    let rest = cell(*x, q) - 1;
    // Pit q was the last non-empty one: emptied, every pit after it is empty.
    *x = emptied(*x, q) + (1 << (8 * (q - 1))) + ((rest as u128) << (8 * (k - 1)));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn counts_are_binomials() {
        // C(s+k-1, k-1): 12 pits, 4 seeds: C(15, 11) = 1365; 24 pits, 8 seeds: C(31, 23) = 7888725.
        assert_eq!(count(12, 4), 1365);
        assert_eq!(count(24, 8), 7_888_725);
        assert_eq!(count(1, 5), 1);
        assert_eq!(count(3, 0), 1);
    }

    #[test]
    fn advance_walks_every_distribution_in_rank_order() {
        for (k, s) in [(1, 3), (3, 4), (5, 2), (4, 0)] {
            let mut cells = vec![0u8; k];
            unrank(0, s, &mut cells);
            let mut n = 0;
            loop {
                assert_eq!(rank(&cells), n, "{cells:?}");
                assert_eq!(cells.iter().map(|&c| c as u32).sum::<u32>(), s);
                n += 1;
                if !advance(&mut cells) {
                    break;
                }
            }
            assert_eq!(n, count(k, s));
        }
    }

    #[test]
    fn advance_in_a_register_is_advance() {
        use crate::position::Board;
        for (k, s) in [(1, 3), (2, 5), (5, 4), (12, 3), (16, 2), (4, 0)] {
            let mut board = Board::EMPTY;
            unrank(0, s, &mut board.cells[..k]);
            let mut x = board.register();
            loop {
                let more = advance(&mut board.cells[..k]);
                assert_eq!(advance_register(&mut x, k), more, "{k} pits, {s} seeds");
                if !more {
                    break;
                }
                assert_eq!(Board::from_register(x), board, "{k} pits, {s} seeds");
            }
        }
    }

    #[test]
    fn rank_order_is_lexicographic() {
        // 3 pits, 2 seeds: 002 011 020 101 110 200.
        let all: Vec<[u8; 3]> = vec![
            [0, 0, 2],
            [0, 1, 1],
            [0, 2, 0],
            [1, 0, 1],
            [1, 1, 0],
            [2, 0, 0],
        ];
        for (i, cells) in all.iter().enumerate() {
            assert_eq!(rank(cells), i as u64);
        }
    }

    proptest! {
        /// A cursor unranks any sequence of indices as [`unrank`] does, whether the indices rise,
        /// fall or jump.
        #[test]
        fn a_cursor_unranks_as_unrank_does(
            k in 1usize..=24,
            s in 0u32..=20,
            fracs in proptest::collection::vec(0.0f64..1.0, 1..40),
            near in proptest::collection::vec(0u64..50, 1..40),
        ) {
            let n = count(k, s);
            let mut cursor = Cursor::new(k, s);
            let mut want = vec![0u8; k];
            for (f, d) in fracs.iter().zip(near.iter().cycle()) {
                // A jump, then a neighbour a little further on.
                for i in [((n as f64) * f) as u64 % n, ((((n as f64) * f) as u64) + d) % n] {
                    unrank(i, s, &mut want);
                    prop_assert_eq!(cursor.unrank(i), &want[..], "rank {}", i);
                }
            }
        }

        #[test]
        fn rank_unrank_round_trip(k in 1usize..=24, s in 0u32..=20, frac in 0.0f64..1.0) {
            let n = count(k, s);
            let i = ((n as f64) * frac) as u64 % n;
            let mut cells = vec![0u8; k];
            unrank(i, s, &mut cells);
            prop_assert_eq!(rank(&cells), i);
            if k <= crate::register::CELLS {
                let mut board = crate::position::Board::EMPTY;
                board.cells[..k].copy_from_slice(&cells);
                prop_assert_eq!(rank_register(board.register(), k), i);
            }
        }
    }
}

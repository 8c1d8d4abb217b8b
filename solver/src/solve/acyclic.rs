//! The solve of a slice whose moves cannot cycle: Kalah.
//!
//! In Kalah a move that stays in the slice (no seed in the store, no capture) only carries seeds
//! along the mover's row toward the mover's store, so the sum over all seeds of their distance to
//! their owner's store falls with every such move: no position of a slice can come back, and the
//! moves within a slice form a DAG. A position's value and depth then follow from its moves'
//! directly, children first, as Irving's Kalah generator found values (a memoised depth-first
//! recursion), with no predecessors and no retrograde: one move generation a position and 2 bytes
//! of state (value and depth in one word, so that a child's lookup is one load). The value is
//! the best move's, the depth that of docs/rules.md (the winner's shortest value-keeping move,
//! the loser's longest), none for a value of 0, which is what the retrograde gives these slices
//! (solver/tests/solved_digests.rs checks it does).
//!
//! The depth fits a byte: each move within the slice sows `k` seeds along the mover's row from a
//! pit `d` from the store (`k < d`, or a seed would reach it), which lowers the sum of the seeds'
//! distances to their stores by `k(k+1)/2 >= 1`; that sum lies between `n` and `n * L` for `n`
//! seeds on rows of `L` pits, so at most `n(L - 1)` such moves follow each other before one
//! leaves the slice or the game ends: a depth of at most `n(L - 1) + 1`, 241 for all 48 seeds of
//! Kalah(6, 4). Two bytes a position instead of four keep the slice of 16 seeds and the one below
//! it (34 MB) about within a 32 MiB cache, where four bytes did not fit.

use std::sync::atomic::{AtomicU16, Ordering};

use rayon::prelude::*;

use super::values_pass::UNKNOWN;
use super::{KnownValues, Progress, SolveError, NO_DEPTH};
use crate::cache::{huge_pages_for, on_huge_pages, prefetch};
use crate::position::{Board, MAX_PITS_PER_SIDE};
use crate::rules::{kalah, Next};
use crate::slice::{Slice, SliceId};
use crate::value;
use crate::variant::Family;
use crate::{index, register};

/// Positions handed to one parallel task.
const CHUNK: usize = 1 << 14;

/// Whether the slices of `group` are solved here: a single Kalah slice whose boards fit a
/// register (rows of 4 to 8 pits: see `solve`) and whose depths fit the byte of [`pack`]
/// (always, below 51 seeds on rows of 6; a larger slice goes to the retrograde).
pub(super) fn applies(group: &[Slice]) -> bool {
    let [slice] = group else { return false };
    let (n, l) = (slice.id.total() as usize, slice.variant.pits_per_side());
    slice.variant.family() == Family::Kalah
        && (4..=8).contains(&l)
        && n * (l - 1) + 1 < NO_DEPTH_BYTE as usize
}

/// Every position's value and depth, each computed once, children first, on rows of `L` pits
/// (a constant: the sowing's masks and the ranking's loop are then fixed at compile time).
struct Memo<'a, const L: usize> {
    slice: Slice,
    /// Seeds on the board in the slice.
    seeds: u8,
    /// The values of the smaller slices, by their seeds (found once, not at every exit).
    known: Vec<Option<&'a [i8]>>,
    /// Each position's value (low byte) and depth (high byte), or [`UNSOLVED`]: one word, so a
    /// child costs one cache miss, and a thread that sees a value sees its depth.
    state: Vec<AtomicU16>,
}

/// [`NO_DEPTH`] in the byte of a packed depth.
const NO_DEPTH_BYTE: u8 = u8::MAX;

/// The state of a position not computed yet.
const UNSOLVED: u16 = pack(UNKNOWN, NO_DEPTH);

/// A value and a depth (below [`NO_DEPTH_BYTE`], or [`NO_DEPTH`]) as one word.
const fn pack(value: i8, depth: u16) -> u16 {
    let depth = if depth == NO_DEPTH {
        NO_DEPTH_BYTE
    } else {
        depth as u8
    };
    (depth as u16) << 8 | value as u8 as u16
}

/// The value and the depth of a word.
const fn unpack(word: u16) -> (i8, u16) {
    let depth = match (word >> 8) as u8 {
        NO_DEPTH_BYTE => NO_DEPTH,
        d => d as u16,
    };
    (word as u8 as i8, depth)
}

/// Solves a single Kalah slice; `known` holds the smaller slices.
pub(super) fn solve(
    slice: Slice,
    known: &KnownValues,
    progress: &dyn Progress,
) -> Result<(Vec<i8>, Vec<u16>), SolveError> {
    let n = super::moves::group_len(&[slice])?;
    super::moves::check_known(&[slice], known)?;
    // The smaller slices, by their seeds, in memory: their values are looked up as the
    // recursion goes.
    let below = (0..slice.id.total() as u8)
        .map(|s| known.read_whole(SliceId::Seeds(s)))
        .collect::<Result<Vec<_>, _>>()?;
    let below: Vec<Option<&[i8]>> = below.iter().map(|v| v.as_deref()).collect();
    progress.pass("values", n as u64);
    let state = match slice.variant.pits_per_side() {
        4 => solve_rows::<4>(slice, n, below, progress),
        5 => solve_rows::<5>(slice, n, below, progress),
        6 => solve_rows::<6>(slice, n, below, progress),
        7 => solve_rows::<7>(slice, n, below, progress),
        8 => solve_rows::<8>(slice, n, below, progress),
        l => unreachable!("rows of {l} pits are not solved here"),
    };
    // The values go on huge pages too: the next slices' exits look them up all over. Unpacked
    // on every core (on one, a tenth of the largest slice's time).
    let (mut values, mut depths) = (huge_pages_for(n), Vec::with_capacity(n));
    state
        .par_iter()
        .map(|word| unpack(word.load(Ordering::Relaxed)))
        .unzip_into_vecs(&mut values, &mut depths);
    Ok((values, depths))
}

/// The state of every position of `slice` (`n` of them), on rows of `L` pits, the values of
/// the smaller slices by their seeds in `below`.
fn solve_rows<const L: usize>(
    slice: Slice,
    n: usize,
    below: Vec<Option<&[i8]>>,
    progress: &dyn Progress,
) -> Vec<AtomicU16> {
    let memo = Memo::<L> {
        slice,
        seeds: slice.id.total() as u8,
        known: below,
        // Children are looked up all over the array: huge pages spare the TLB misses.
        state: on_huge_pages(n, || AtomicU16::new(UNSOLVED)),
    };
    (0..n.div_ceil(CHUNK)).into_par_iter().for_each(|c| {
        let end = ((c + 1) * CHUNK).min(n);
        let mut board = slice.board((c * CHUNK) as u64).register();
        for i in c * CHUNK..end {
            memo.get(i, board);
            if i + 1 < end {
                index::advance_register(&mut board, 2 * L);
            }
        }
        progress.advance((end - c * CHUNK) as u64);
    });
    memo.state
}

impl<const L: usize> Memo<'_, L> {
    /// The value and depth of position `i` (whose board is `board`, in a register), computed if
    /// need be. Two threads may compute the same position at once: both find the same figures.
    fn get(&self, i: usize, board: u128) -> (i8, u16) {
        let word = self.state[i].load(Ordering::Relaxed);
        if word != UNSOLVED {
            return unpack(word);
        }
        let (v, d) = self.compute(board);
        self.state[i].store(pack(v, d), Ordering::Relaxed);
        (v, d)
    }

    fn compute(&self, board: u128) -> (i8, u16) {
        let (variant, l) = (self.slice.variant, L);
        debug_assert_eq!(l, variant.pits_per_side());
        // First every move and where its child's value is, each fetched from memory as soon as
        // it is known: the children are scattered over tables larger than the caches, and a
        // position's five or six misses then overlap instead of coming one after the other.
        let mut moves = [Child::Over(0); MAX_PITS_PER_SIDE];
        let mut count = 0;
        let terminal = kalah::expand_in_register(l, board, |e| {
            // A move that passes the turn and gains nothing stays in the slice; any other
            // leaves it or ends the game (`value::is_exit`).
            moves[count] = match e.next {
                Next::Opponent if e.gain == [0, 0] => {
                    let seen = register::flipped(e.board, l);
                    let i = index::rank_register(seen, 2 * l) as usize;
                    debug_assert_eq!(i as u64, self.slice.index(&Board::from_register(seen)));
                    prefetch(&self.state[i]);
                    Child::Here(i, seen)
                }
                Next::Opponent | Next::Mover => {
                    let seen = match e.next {
                        Next::Opponent => register::flipped(e.board, l),
                        _ => e.board,
                    };
                    // The seeds the move gained left the board: that is the child's slice
                    // (cheaper than summing the child's pits).
                    let seeds = self.seeds - e.gain[0] - e.gain[1];
                    debug_assert_eq!(
                        SliceId::Seeds(seeds),
                        Slice::of(variant, &Board::from_register(seen)).id
                    );
                    let values = self.known[seeds as usize].expect("checked by check_known");
                    let value = &values[index::rank_register(seen, 2 * l) as usize];
                    prefetch(value);
                    Child::Known {
                        value,
                        gain: e.gain,
                        next: e.next,
                    }
                }
                Next::Over | Next::Endless => {
                    Child::Over(value::move_score(variant, e.gain, e.next, 0))
                }
            };
            count += 1;
        });
        if let Some(t) = terminal {
            let v = value::terminal_score(variant.scoring(), &t);
            return (v, if v == 0 { NO_DEPTH } else { 0 });
        }
        // The best value, and the depths of the moves that reach it: (shortest, longest).
        let mut best = i8::MIN;
        let (mut shortest, mut longest) = (u16::MAX, 0u16);
        for child in &moves[..count] {
            let (v, d) = match *child {
                Child::Here(i, seen) => {
                    let (v, d) = self.get(i, seen);
                    (-v, d.saturating_add(1))
                }
                Child::Known { value, gain, next } => {
                    (value::move_score(variant, gain, next, *value), 1)
                }
                Child::Over(v) => (v, 1),
            };
            if v > best {
                (best, shortest, longest) = (v, d, d);
            } else if v == best {
                (shortest, longest) = (shortest.min(d), longest.max(d));
            }
        }
        let depth = match best {
            0 => NO_DEPTH,
            1.. => shortest,
            _ => longest,
        };
        debug_assert!(depth == NO_DEPTH || depth < NO_DEPTH_BYTE as u16, "{depth}");
        (best, depth)
    }
}

/// Where the value of a move's child is: in the slice being solved (its index and board), in a
/// smaller slice (where its value is, and what the move gained and who moves next), or nowhere
/// because the move ends the game (the move's value).
#[derive(Clone, Copy)]
enum Child<'a> {
    Here(usize, u128),
    Known {
        value: &'a i8,
        gain: [u8; 2],
        next: Next,
    },
    Over(i8),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    #[test]
    fn a_value_and_a_depth_come_back_from_their_word() {
        for value in -48..=48i8 {
            for depth in (0..NO_DEPTH_BYTE as u16).chain([NO_DEPTH]) {
                assert_eq!(unpack(pack(value, depth)), (value, depth));
            }
        }
        assert_eq!(unpack(UNSOLVED), (UNKNOWN, NO_DEPTH));
    }

    #[test]
    fn slices_whose_depths_fit_a_byte_are_solved_here() {
        let slice = |variant, seeds| Slice {
            variant,
            id: SliceId::Seeds(seeds),
        };
        // Rows of 6: depth at most 5n + 1, below 255 up to n = 50 (251), not at 51 (256).
        assert!(applies(&[slice(Variant::Kalah, 48)]));
        assert!(applies(&[slice(Variant::Kalah, 50)]));
        assert!(!applies(&[slice(Variant::Kalah, 51)]));
        // Rows of 4: 3n + 1 < 255 up to n = 84.
        assert!(applies(&[slice(Variant::Kalah4, 84)]));
        assert!(!applies(&[slice(Variant::Kalah4, 85)]));
        assert!(!applies(&[slice(Variant::Oware, 4)]));
    }
}
